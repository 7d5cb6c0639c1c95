#!/usr/bin/env python3
# PE Lab — scripts/lab_reference.py
# The PyTorch reference of the length-generalisation lab (docs/lab.md). It builds the lab's model as a
# torch.nn.Module with the same state_dict names, and
#   grad  (default): for each scheme, writes a `pelab-lab-weights/1` file and a token file, runs
#         `pelab-cli lab grad` on them and compares its loss, logits and every gradient (double) with torch
#         in float64; prints the largest absolute difference per scheme and exits 1 when one exceeds --tol
#         (default 1e-9). --weights FILE checks a file the CLI or `train --save` wrote instead.
#   train: trains the lab's run in torch (float32, AdamW, the lab's one-cycle schedule, the copy/reverse task
#         with torch's random numbers), on the CPU or a GPU (--device), scores it per length on the lab's own
#         evaluation set and prints one JSON object; --save FILE writes the model as `pelab-lab-weights/1`,
#         the file `pelab-cli lab eval|grad`, the page's Load and the desktop open. Its flags are `pelab-cli lab
#         train`'s keys written --key value; the model may be larger than the lab trains, up to the budget of a
#         model the lab opens (read from src/core/lab/lab_model.h, the one place it is stated). Under torchrun
#         (`torchrun --nproc_per_node=N scripts/lab_reference.py train …`) it trains data-parallel with
#         DistributedDataParallel (NCCL on GPUs, gloo on the CPU): every process draws its share of every batch
#         from its own seeded stream, the loss is the mean over the whole batch's counted targets, and process 0
#         scores and saves. One process or N: the same model, batch, schedule and step count.
# Bad input (a key out of range, keys that do not fit together, a model beyond the budget) prints one line and
# exits 2 before training; --save writes a temporary file and renames it, so a failed run leaves no file.
# Local only, not part of CI. Needs Debian's python3-torch: run it with /usr/bin/python3, e.g.
#   /usr/bin/python3 scripts/lab_reference.py --cli build/native/pelab-cli
#   /usr/bin/python3 scripts/lab_reference.py train --pe alibi --train_steps 1500 --save alibi.json
#   torchrun --nproc_per_node=2 scripts/lab_reference.py train --device cuda --d 256 --layers 6 --save big.json
#
# [SECTION] the model
# [SECTION] files
# [SECTION] grad: compare with pelab-cli lab grad
# [SECTION] train: the run's keys and the budget
# [SECTION] train: data, schedule, evaluation
# [SECTION] train: one process or many
# [SECTION] main
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, SEP, PAD, IGNORE = 12, 10, 11, -100
SCHEMES = ["nope", "learned", "sinusoidal", "rope", "alibi", "t5"]


# [SECTION] the model
def alibi_slopes(heads):
    """The ALiBi paper's slopes (core's alibi_slopes): for a power-of-2 count start = 2^(-8/heads),
    slope_h = start^(h+1); otherwise those of the power of 2 below, then every other slope of twice that."""
    def power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(heads).is_integer():
        return power_of_2(heads)
    p = 2 ** math.floor(math.log2(heads))
    return power_of_2(p) + alibi_slopes(2 * p)[0::2][:heads - p]


def t5_causal_buckets(length, num_buckets, max_distance):
    """HF T5's bucket of every (query, key) with bidirectional=False: n = max(query - key, 0); n below
    num_buckets/2 is its own bucket, larger n falls in logarithmic buckets (computed in float32 as HF does),
    capped at num_buckets - 1."""
    q = torch.arange(length)[:, None]
    k = torch.arange(length)[None, :]
    n = torch.clamp(q - k, min=0)
    exact = num_buckets // 2
    log_part = torch.log(n.float() / exact) / math.log(max_distance / exact) * (num_buckets - exact)
    large = torch.clamp(exact + log_part.to(torch.long), max=num_buckets - 1)
    return torch.where(n < exact, n, large)


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln1 = nn.LayerNorm(d, eps=1e-5)
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d, eps=1e-5)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))


class LabModel(nn.Module):
    def __init__(self, pe, d, heads, layers, max_positions=128, norm_eps=1e-5, rope_base=10000.0,
                 t5_buckets=32, t5_max_distance=64):
        super().__init__()
        self.pe, self.d, self.heads, self.dh = pe, d, heads, d // heads
        self.rope_base, self.t5_buckets, self.t5_max_distance = rope_base, t5_buckets, t5_max_distance
        self.max_positions = max_positions
        self.emb = nn.Embedding(VOCAB, d)
        if pe == "learned":
            self.pos = nn.Embedding(max_positions, d)
        if pe == "t5":
            self.rel = nn.Embedding(t5_buckets, heads)
        self.blocks = nn.ModuleList(Block(d) for _ in range(layers))
        for b in self.blocks:
            b.ln1.eps = b.ln2.eps = norm_eps
        self.ln = nn.LayerNorm(d, eps=norm_eps)
        self.out = nn.Linear(d, VOCAB)

    def sinusoids(self, length, dtype):
        freq = torch.tensor([10000.0 ** (-(2.0 * j) / self.d) for j in range(self.d // 2)], dtype=torch.float64)
        angle = torch.arange(length, dtype=torch.float64)[:, None] * freq[None, :]
        table = torch.zeros(length, self.d, dtype=torch.float64)
        table[:, 0::2] = torch.sin(angle)
        table[:, 1::2] = torch.cos(angle)
        return table.to(dtype)

    def rope(self, x, divisor):
        """Half layout: pairs (j, j + dh/2) turned by (p / divisor)·θ_j, θ_j = base^(-2j/dh)."""
        length, half = x.shape[-2], self.dh // 2
        theta = torch.tensor([self.rope_base ** (-(2.0 * j) / self.dh) for j in range(half)], dtype=torch.float64)
        angle = (torch.arange(length, dtype=torch.float64) / divisor)[:, None] * theta[None, :]
        cos, sin = torch.cos(angle).to(x.dtype), torch.sin(angle).to(x.dtype)
        a, b = x[..., :half], x[..., half:]
        return torch.cat([a * cos - b * sin, a * sin + b * cos], dim=-1)

    def forward(self, tokens, divisor=1.0):
        B, T = tokens.shape
        x = self.emb(tokens)
        if self.pe == "learned":
            if T > self.max_positions:
                raise ValueError("sequence longer than the learned table")
            x = x + self.pos(torch.arange(T))[None]
        if self.pe == "sinusoidal":
            x = x + self.sinusoids(T, x.dtype)[None]
        causal = torch.ones(T, T, dtype=torch.bool).tril()
        bias = None
        if self.pe == "alibi":
            offset = (torch.arange(T)[None, :] - torch.arange(T)[:, None]).to(torch.float64)  # k - q
            bias = (torch.tensor(alibi_slopes(self.heads), dtype=torch.float64)[:, None, None] * offset).to(x.dtype)
        for blk in self.blocks:
            h = blk.ln1(x)
            q, k, v = blk.qkv(h).split(self.d, dim=-1)
            q, k, v = (t.view(B, T, self.heads, self.dh).transpose(1, 2) for t in (q, k, v))
            if self.pe == "rope":
                q, k = self.rope(q, divisor), self.rope(k, divisor)
            scores = q @ k.transpose(-2, -1) / math.sqrt(self.dh)
            if self.pe == "t5":
                buckets = t5_causal_buckets(T, self.t5_buckets, self.t5_max_distance)
                scores = scores + self.rel(buckets).permute(2, 0, 1)[None]
            if bias is not None:
                scores = scores + bias[None]
            scores = scores.masked_fill(~causal, float("-inf"))
            att = torch.softmax(scores, dim=-1) @ v
            x = x + blk.o(att.transpose(1, 2).reshape(B, T, self.d))
            x = x + blk.mlp(blk.ln2(x))
        return self.out(self.ln(x))


# [SECTION] files
def model_from_weights(text, dtype):
    doc = json.loads(text)
    if doc.get("format") != "pelab-lab-weights/1":
        raise ValueError("not a pelab-lab-weights/1 file")
    c = doc["config"]
    m = LabModel(c["pe"], c["d"], c["heads"], c["layers"], c["max_positions"], c["norm_eps"], c["rope_base"],
                 c["t5_buckets"], c["t5_max_distance"]).to(dtype)
    state = {name: torch.tensor(t["data"], dtype=dtype).reshape(t["shape"]) for name, t in doc["tensors"].items()}
    m.load_state_dict(state, strict=True)
    return m


def float32_texts(values):
    """The shortest decimal of each float32 that reads back as the same float32 through a double, as the
    lab's reader reads it (strtod, then a cast to float): what core's float_text writes, so a float model
    saved here and by the CLI looks alike and loads bit for bit."""
    import numpy as np
    values = np.asarray(values, dtype=np.float32)
    out = np.empty(values.shape, dtype=object)
    todo = np.arange(values.size)
    for digits in range(6, 10):
        texts = np.char.mod("%%.%dg" % digits, values[todo].astype(np.float64))
        back = texts.astype(np.float64).astype(np.float32)
        done = back == values[todo]
        out[todo[done]] = texts[done]
        todo = todo[~done]
    out[todo] = np.char.mod("%.9g", values[todo].astype(np.float64))  # 9 digits always read back
    return out.tolist()


def weights_text(model):
    """The model as `pelab-lab-weights/1`: float32 parameters as their shortest float32 decimals, float64 ones
    as the shortest doubles (Python's repr); one tensor a line, as the CLI writes it."""
    config = {"pe": model.pe, "d": model.d, "heads": model.heads, "layers": len(model.blocks),
              "max_positions": model.max_positions, "vocab": VOCAB, "mlp": 4 * model.d, "norm_eps": model.ln.eps,
              "rope_base": model.rope_base, "t5_buckets": model.t5_buckets, "t5_max_distance": model.t5_max_distance}
    lines = []
    for name, t in model.state_dict().items():
        flat = t.detach().cpu().reshape(-1)
        if flat.dtype == torch.float32:
            data = float32_texts(flat.numpy())
        else:
            data = [repr(float(x)) for x in flat.double().tolist()]
        lines.append(json.dumps(name) + ':{"shape":' + json.dumps(list(t.shape)) + ',"data":[' + ",".join(data) + "]}")
    return ('{"format":"pelab-lab-weights/1",\n"config":' + json.dumps(config) + ',\n"tensors":{\n' +
            ",\n".join(lines) + "}}\n")


def task_rows(samples, task):
    """Each sample x becomes x SEP y (y = x or reversed) without its last token; targets are the next tokens
    at the answer positions, IGNORE elsewhere; rows padded on the right to the longest."""
    T = max(2 * len(x) for x in samples)
    tokens, targets = [], []
    for x in samples:
        y = list(x) if task == "copy" else list(reversed(x))
        seq = list(x) + [SEP] + y
        n = len(x)
        tokens.append(seq[:2 * n] + [PAD] * (T - 2 * n))
        targets.append([seq[t + 1] if t >= n else IGNORE for t in range(2 * n)] + [IGNORE] * (T - 2 * n))
    return tokens, targets


# [SECTION] grad: compare with pelab-cli lab grad
def compare(cli, weights_file, tokens, targets, tol):
    with tempfile.TemporaryDirectory() as tmp:
        tokens_file = os.path.join(tmp, "tokens.json")
        with open(tokens_file, "w") as f:
            json.dump({"tokens": tokens, "targets": targets}, f)
        run = subprocess.run([cli, "lab", "grad", "weights=" + weights_file, "tokens=" + tokens_file],
                             capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError("pelab-cli lab grad failed: " + run.stderr.strip())
    got = json.loads(run.stdout)
    with open(weights_file) as f:
        model = model_from_weights(f.read(), torch.float64)
    logits = model(torch.tensor(tokens))
    loss = F.cross_entropy(logits.reshape(-1, VOCAB), torch.tensor(targets).reshape(-1), ignore_index=IGNORE)
    model.zero_grad()
    loss.backward()
    diffs = {"loss": abs(loss.item() - got["loss"])}
    cli_logits = torch.tensor(got["logits"]["data"], dtype=torch.float64).reshape(got["logits"]["shape"])
    diffs["logits"] = (cli_logits - logits.detach()).abs().max().item()
    names = dict(model.named_parameters())
    if set(names) != set(got["grads"]):
        raise RuntimeError("tensor names differ: %s" % sorted(set(names) ^ set(got["grads"])))
    worst_grad, worst_name, worst_rel = 0.0, "", 0.0
    for name, p in names.items():
        g = got["grads"][name]
        if list(p.shape) != g["shape"]:
            raise RuntimeError("%s: shape %s vs %s" % (name, g["shape"], list(p.shape)))
        mine = torch.tensor(g["data"], dtype=torch.float64).reshape(g["shape"])
        d = (mine - p.grad).abs().max().item()
        scale = p.grad.abs().max().item()
        if d > worst_grad:
            worst_grad, worst_name = d, name
        worst_rel = max(worst_rel, d / scale if scale > 0 else 0.0)
    diffs["grads"] = worst_grad
    ok = all(v <= tol for v in diffs.values())
    return ok, diffs, worst_name, worst_rel


def cmd_grad(args):
    torch.manual_seed(args.seed)
    all_ok = True
    gen = torch.Generator().manual_seed(args.seed + 1)
    samples = [torch.randint(0, 10, (int(n),), generator=gen).tolist() for n in (5, 3, 20, 1)]
    tokens, targets = task_rows(samples, "copy")
    rtokens, rtargets = task_rows(samples[:2], "reverse")
    cases = []
    if args.weights:
        cases.append(("file " + os.path.basename(args.weights), args.weights, tokens, targets))
        tmp = None
    else:
        tmp = tempfile.TemporaryDirectory()
        for pe in args.schemes:
            m = LabModel(pe, args.d, args.heads, args.layers, max_positions=args.max_positions).double()
            with torch.no_grad():  # move LayerNorm gains and biases off 1 and 0 so their gradients are exercised
                for name, p in m.named_parameters():
                    if "ln" in name:
                        p.add_(0.1 * torch.randn_like(p))
            path = os.path.join(tmp.name, pe + ".json")
            with open(path, "w") as f:
                f.write(weights_text(m))
            cases.append((pe, path, tokens, targets))
            cases.append((pe + " reverse", path, rtokens, rtargets))
    print("%-22s %12s %12s %12s  %s" % ("case", "loss", "logits", "grads", "worst tensor (max rel)"))
    for label, path, tok, tgt in cases:
        ok, diffs, worst, rel = compare(args.cli, path, tok, tgt, args.tol)
        all_ok = all_ok and ok
        print("%-22s %12.3e %12.3e %12.3e  %s (%.1e)%s" % (label, diffs["loss"], diffs["logits"], diffs["grads"], worst,
                                                        rel, "" if ok else "  OVER TOLERANCE"))
    if tmp:
        tmp.cleanup()
    print("all within %g" % args.tol if all_ok else "some differences exceed %g" % args.tol)
    return 0 if all_ok else 1


# [SECTION] train: the run's keys and the budget
class BadRun(Exception):
    """A run that cannot be trained or saved: its message is the one line printed before exit 2."""


def open_budget(header=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "core", "lab", "lab_model.h")):
    """The budget of a model the lab opens, read from core (src/core/lab/lab_model.h), the one place it is stated:
    {"kMinOpenD": 2, "kMaxOpenD": 512, …, "kMaxWeightsBytes": 67108864}."""
    try:
        with open(header) as f:
            text = f.read()
    except OSError as e:
        raise BadRun("the budget of a model the lab opens is read from %s: %s (run the script from its checkout)"
                     % (os.path.normpath(header), e.strerror))
    budget = {}
    for line in text.splitlines():
        if "kMaxOpenD" in line and line.startswith("constexpr int"):
            budget.update((k, int(v)) for k, v in re.findall(r"(k\w+) = (\d+)", line))
        m = re.match(r"constexpr std::size_t kMaxWeightsBytes = std::size_t\((\d+)\) << (\d+);", line)
        if m:
            budget["kMaxWeightsBytes"] = int(m.group(1)) << int(m.group(2))
    wanted = ["kMinOpenD", "kMaxOpenD", "kMaxOpenLayers", "kMaxOpenHeads", "kMaxOpenPositions", "kMaxWeightsBytes"]
    if any(k not in budget for k in wanted):
        raise BadRun("%s does not state the budget of a model the lab opens (%s)" % (os.path.normpath(header),
                                                                                     ", ".join(wanted)))
    return budget


def parameter_count(d, layers, pe, heads, max_positions, t5_buckets=32):
    """The model's parameters (core/lab/lab_model.h's layout): emb, pos (learned), rel (t5), per block
    ln1 + qkv + o + ln2 + mlp = 12·d² + 13·d, then ln and out."""
    count = VOCAB * d + layers * (12 * d * d + 13 * d) + 2 * d + VOCAB * d + VOCAB
    count += max_positions * d if pe == "learned" else 0
    count += t5_buckets * heads if pe == "t5" else 0
    return count


# Bytes a parameter takes in pelab-lab-weights/1 text, rounded up (8–9 significant digits, a sign, a point, a
# comma: 12.4 measured on d = 256 with 6 layers). Used to refuse, before training, a run whose file could not
# be opened; the written text is checked exactly after.
TEXT_BYTES_PER_PARAMETER = 13


def check_run(a, budget, processes):
    """The rules of `pelab-cli lab train`'s keys, with the model's shape held to the budget of a model the lab
    opens instead of the training ranges. Raises BadRun with one line naming the key."""
    def within(key, value, lo, hi, whose=""):
        if not lo <= value <= hi:
            raise BadRun("%s: %s is out of range %s..%s%s" % (key, value, lo, hi, whose))
    whose = ", the budget of a model the lab opens"
    within("heads", a.heads, 1, budget["kMaxOpenHeads"], whose)
    within("d", a.d, budget["kMinOpenD"], budget["kMaxOpenD"], whose)
    if a.d % a.heads or (a.d // a.heads) % 2:
        raise BadRun("d: %d must be a multiple of 2·heads (heads=%d, each head's width d/heads must be even)"
                     % (a.d, a.heads))
    within("layers", a.layers, 1, budget["kMaxOpenLayers"], whose)
    within("max_positions", a.max_positions, 1, budget["kMaxOpenPositions"], whose)
    within("train_steps", a.train_steps, 1, 10 ** 9)
    within("batch", a.batch, 1, 10 ** 6)
    if not 1e-5 <= a.lr <= 0.1:
        raise BadRun("lr: %g is out of range 1e-05..0.1" % a.lr)
    within("seed", a.seed, 0, 2 ** 31 - 1)
    within("train_max", a.train_max, 1, budget["kMaxOpenPositions"] // 2)
    if not a.test:
        raise BadRun("test: give at least one length")
    for n in a.test:
        within("test", n, 1, MAX_EVAL_LENGTH)
    if not 1 <= a.pi <= 16:
        raise BadRun("pi: %g is out of range 1..16" % a.pi)
    within("finetune_steps", a.finetune_steps, 0, 10 ** 9)
    within("finetune_max", a.finetune_max, 1, budget["kMaxOpenPositions"] // 2)
    if a.pe != "rope" and a.pi != 1:
        raise BadRun("pi: position interpolation applies to pe=rope only (pe=%s)" % a.pe)
    if a.pe != "rope" and a.finetune_steps > 0:
        raise BadRun("finetune_steps: the interpolation fine-tune applies to pe=rope only (pe=%s)" % a.pe)
    if a.pe == "learned":
        key, longest = max([("train_max", a.train_max)] + [("test", n) for n in a.test], key=lambda kv: kv[1])
        if 2 * longest > a.max_positions:
            raise BadRun("%s: a sample of %d digits is %d tokens, longer than the learned position table "
                         "(max_positions=%d); pe=learned cannot place it" % (key, longest, 2 * longest, a.max_positions))
    if a.batch < processes:
        raise BadRun("batch: %d samples cannot be shared by %d processes (each needs at least one)" % (a.batch, processes))
    if a.save:
        count = parameter_count(a.d, a.layers, a.pe, a.heads, a.max_positions)
        if count * TEXT_BYTES_PER_PARAMETER > budget["kMaxWeightsBytes"]:
            raise BadRun("--save: %s parameters make a weights file of about %d MiB, over the %d MiB a weights file "
                         "may have" % (format(count, ","), count * TEXT_BYTES_PER_PARAMETER >> 20,
                                       budget["kMaxWeightsBytes"] >> 20))
        folder = os.path.dirname(os.path.abspath(a.save))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise BadRun("--save: cannot write %s: its folder is missing or not writable" % a.save)


def run_config(a):
    """The run's keys in the order `pelab-cli lab train` echoes them."""
    return {"task": a.task, "pe": a.pe, "d": a.d, "heads": a.heads, "layers": a.layers,
            "train_steps": a.train_steps, "batch": a.batch, "lr": a.lr, "seed": a.seed, "train_max": a.train_max,
            "test": a.test, "max_positions": a.max_positions, "pi": a.pi, "finetune_steps": a.finetune_steps,
            "finetune_max": a.finetune_max}


# [SECTION] train: data, schedule, evaluation
class SplitMix64:
    """core's SplitMix64 (core/random.h), for the lab's fixed evaluation set."""
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, bound):
        """Uniform in 0..bound-1 by rejection, as core's uniform_below."""
        limit = 0xFFFFFFFFFFFFFFFF - (0xFFFFFFFFFFFFFFFF % bound)
        r = self.next_u64()
        while r >= limit:
            r = self.next_u64()
        return r % bound


# core/lab/lab_train.h's evaluation: kEvalSamples samples per length, the set of length n seeded by
# kEvalSeedBase + n alone, lengths up to kMaxEvalLength, 32 samples per forward pass.
EVAL_SAMPLES = 256
EVAL_SEED_BASE = 0x1ab5eed5 << 16
MAX_EVAL_LENGTH = 512
EVAL_CHUNK = 32


def eval_samples(n):
    """core's eval_samples(n): the lab's fixed evaluation set, so the scores here and `pelab-cli lab eval` of
    the saved file count the same sequences."""
    rng = SplitMix64(EVAL_SEED_BASE + n)
    return [[rng.below(10) for _ in range(n)] for _ in range(EVAL_SAMPLES)]


def one_cycle_lr(step, max_lr, total_steps, pct_start=0.1, div_factor=25.0, final_div_factor=1e4):
    """core's OneCycle::lr: torch's OneCycleLR (two phases, cosine), with a phase that spans no step taken as
    ended (torch divides by zero there, at train_steps = 10)."""
    initial = max_lr / div_factor
    phases = [(pct_start * total_steps - 1.0, initial, max_lr), (total_steps - 1.0, max_lr, initial / final_div_factor)]
    start = 0.0
    for i, (end, lr_start, lr_end) in enumerate(phases):
        if step <= end or i == 1:
            pct = (step - start) / (end - start) if end != start else 1.0
            return lr_end + (lr_start - lr_end) / 2.0 * (math.cos(math.pi * pct) + 1.0)
        start = end
    return initial / final_div_factor


def evaluate(model, task, lengths, device, divisor=1.0):
    """exact and token accuracy per length on the lab's evaluation set, teacher-forced, greedy (the first
    maximum), as core scores them; a length a learned table cannot hold scores null."""
    exact, token = {}, {}
    with torch.no_grad():
        for n in lengths:
            if model.pe == "learned" and 2 * n > model.max_positions:
                exact[str(n)] = token[str(n)] = None
                continue
            samples = eval_samples(n)
            right_rows = right_tokens = 0
            for first in range(0, len(samples), EVAL_CHUNK):
                tokens, targets = task_rows(samples[first:first + EVAL_CHUNK], task)
                guess = model(torch.tensor(tokens, device=device), divisor).argmax(-1)
                tgt = torch.tensor(targets, device=device)
                right = (guess == tgt) & (tgt != IGNORE)
                right_tokens += right.sum().item()
                right_rows += (right.sum(-1) == n).sum().item()
            exact[str(n)] = right_rows / len(samples)
            token[str(n)] = right_tokens / (len(samples) * n)
    return {"exact": exact, "token": token}


# [SECTION] train: one process or many
def share(batch, processes, rank):
    """This process's samples of every batch: batch/processes, the first batch % processes one more."""
    return batch // processes + (1 if rank < batch % processes else 0)


LOSS_EVERY = 50  # the loss curve's points: step 1, every 50 steps and the last, as lab train records them


def cmd_train(a):
    processes = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    check_run(a, open_budget(), processes)
    if a.device == "cuda" and not torch.cuda.is_available():
        raise BadRun("--device cuda: torch sees no GPU here (torch.cuda.is_available() is False); use --device cpu")
    if a.device == "cuda" and torch.cuda.device_count() <= local_rank:
        raise BadRun("--device cuda: process %d needs GPU %d, torch sees %d" % (rank, local_rank, torch.cuda.device_count()))
    device = torch.device("cuda", local_rank) if a.device == "cuda" else torch.device("cpu")
    distributed = processes > 1
    if distributed:
        import torch.distributed as dist
        from torch.nn.parallel import DistributedDataParallel
        if a.device == "cuda":
            torch.cuda.set_device(device)
        dist.init_process_group(backend="nccl" if a.device == "cuda" else "gloo")
    if a.device == "cpu":
        torch.set_num_threads(max(1, (os.cpu_count() or 1) // processes))

    # The same initial model in every process (the same seed; DDP also broadcasts process 0's).
    torch.manual_seed(a.seed)
    module = LabModel(a.pe, a.d, a.heads, a.layers, a.max_positions).to(device)
    model = module
    if distributed:
        model = DistributedDataParallel(module, device_ids=[local_rank] if a.device == "cuda" else None)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)
    # Each process's own stream of samples, seeded by the run's seed and the process's rank.
    gen = torch.Generator().manual_seed(a.seed * 1000003 + 7919 * (rank + 1))
    mine = share(a.batch, processes, rank)
    fine_steps = a.finetune_steps if a.pe == "rope" else 0

    def step(longest, lr, divisor):
        lengths = torch.randint(1, longest + 1, (mine,), generator=gen).tolist()
        samples = [torch.randint(0, 10, (n,), generator=gen).tolist() for n in lengths]
        tokens, targets = task_rows(samples, a.task)
        # The loss is the mean over the whole batch's counted targets (n per sample): this process's sum,
        # divided by the batch's count, times the processes, because DDP averages the gradients over them.
        counted = torch.tensor([float(sum(lengths))], device=device)
        if distributed:
            dist.all_reduce(counted)
        logits = model(torch.tensor(tokens, device=device), divisor)
        total = F.cross_entropy(logits.reshape(-1, VOCAB), torch.tensor(targets, device=device).reshape(-1),
                                ignore_index=IGNORE, reduction="sum")
        for group in opt.param_groups:
            group["lr"] = lr
        opt.zero_grad()
        (total * processes / counted[0]).backward()
        opt.step()
        batch_loss = total.detach() / counted[0]
        if distributed:
            dist.all_reduce(batch_loss)
        return batch_loss.item()

    def train(steps, longest, rate, divisor):
        curve, window = [], []
        for i in range(steps):
            window.append(step(longest, rate(i), divisor))
            if i == 0 or (i + 1) % LOSS_EVERY == 0 or i + 1 == steps:
                curve.append([i + 1, sum(window) / len(window)])
                window.clear()
            if rank == 0 and (i + 1) % 250 == 0:
                print("step %d loss %.4f" % (i + 1, curve[-1][1]), file=sys.stderr)
        return curve

    start = time.time()
    result = {"config": run_config(a), "processes": processes,
              "per_process_batch": [share(a.batch, processes, r) for r in range(processes)],
              "device": a.device if a.device == "cpu" else "cuda (%s)" % torch.cuda.get_device_name(device),
              "steps": a.train_steps + fine_steps}
    result["loss"] = train(a.train_steps, a.train_max, lambda i: one_cycle_lr(i, a.lr, a.train_steps), 1.0)
    if rank == 0:
        module.eval()
        result.update(evaluate(module, a.task, a.test, device))
        if a.pi != 1:
            result["pi"] = evaluate(module, a.task, a.test, device, a.pi)
        module.train()
    if fine_steps:
        fine_curve = train(fine_steps, a.finetune_max, lambda i: a.lr / 5.0, a.pi)
        if rank == 0:
            module.eval()
            result["finetune"] = dict(loss=fine_curve, **evaluate(module, a.task, a.test, device, a.pi))
    failure = None
    if rank == 0:
        result["seconds"] = time.time() - start
        try:
            if a.save:
                save(module, a.save, open_budget()["kMaxWeightsBytes"])
            print(json.dumps(result))
        except BadRun as e:
            failure = e
    if distributed:
        dist.barrier()
        dist.destroy_process_group()
    if failure:
        raise failure
    return 0


def save(module, path, limit):
    """Writes the model as pelab-lab-weights/1 through a temporary file renamed into place, so a failure
    leaves no partial file; a text over the file budget is refused, nothing written."""
    text = weights_text(module).encode()
    if len(text) > limit:
        raise BadRun("--save: the weights file would be %s bytes, over the budget of %s bytes (%d MiB); nothing "
                     "written" % (format(len(text), ","), format(limit, ","), limit >> 20))
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".pelab-lab-weights-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text)
        mask = os.umask(0)  # mkstemp makes the file private; give it the mode a plain open would
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise BadRun("--save: cannot write %s: %s" % (path, e.strerror))


# [SECTION] main
def lengths(text):
    """--test 4,8,12 (the CLI's form) or --test 4 8 12."""
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise argparse.ArgumentTypeError("expected whole numbers of digits, e.g. 4,8,12")


class OneLineParser(argparse.ArgumentParser):
    """Bad flags give one line and exit 2, as the CLI's bad keys do."""
    def error(self, message):
        self.exit(2, "lab_reference.py: %s\n" % message)


def main():
    ap = OneLineParser(description="The PyTorch reference of PE Lab's length-generalisation lab (docs/lab.md).")
    ap.add_argument("mode", nargs="?", default="grad", choices=["grad", "train"])
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(__file__), "..", "build", "native", "pelab-cli"))
    ap.add_argument("--schemes", nargs="+", default=SCHEMES, choices=SCHEMES)
    ap.add_argument("--weights", help="grad: check this pelab-lab-weights/1 file instead of fresh models")
    ap.add_argument("--tol", type=float, default=1e-9)
    # The run's keys, as pelab-cli lab train names them (the hyphenated forms and --steps are older aliases).
    ap.add_argument("--task", default="copy", choices=["copy", "reverse"])
    ap.add_argument("--pe", default="alibi", choices=SCHEMES)
    ap.add_argument("--d", type=int, help="width (default 16 for grad, 48 for train)")
    ap.add_argument("--heads", type=int, help="heads (default 2 for grad, 4 for train)")
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--train_steps", "--steps", dest="train_steps", type=int, default=1500)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--train_max", "--train-max", dest="train_max", type=int, default=16)
    ap.add_argument("--max_positions", "--max-positions", dest="max_positions", type=int, default=128)
    ap.add_argument("--test", type=lengths, nargs="+", default=[[4, 8, 12, 16, 20, 24, 28, 32, 40, 48]])
    ap.add_argument("--pi", type=float, default=1.0, help="rope: positions divided by pi at evaluation")
    ap.add_argument("--finetune_steps", type=int, default=0, help="rope: fine-tune steps after the run")
    ap.add_argument("--finetune_max", type=int, default=32, help="rope: longest fine-tune sample (digits)")
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--save", metavar="FILE", help="train: write the model as pelab-lab-weights/1")
    args = ap.parse_args()
    args.test = [n for group in args.test for n in group]
    if args.mode == "train":
        args.d, args.heads = args.d or 48, args.heads or 4
        try:
            return cmd_train(args)
        except BadRun as e:
            if int(os.environ.get("RANK", "0")) == 0:
                print("lab_reference.py: train: %s" % e, file=sys.stderr)
            return 2
    if args.save:
        ap.error("--save: only with train")
    args.d, args.heads = args.d or 16, args.heads or 2
    return cmd_grad(args)


if __name__ == "__main__":
    sys.exit(main())
