#!/usr/bin/env python3
# PE Lab — scripts/lab_reference.py
# The PyTorch reference of the length-generalisation lab (issue 25; docs/lab.md). It builds the lab's model
# as a torch.nn.Module with the same state_dict names, and
#   grad  (default): for each scheme, writes a `pelab-lab-weights/1` file and a token file, runs
#         `pelab-cli lab grad` on them and compares its loss, logits and every gradient (double) with torch
#         in float64; prints the largest absolute difference per scheme and exits 1 when one exceeds --tol
#         (default 1e-9). --weights FILE checks a file the CLI wrote (`lab train --save`) instead.
#   train: trains the same set-up in torch (float32, AdamW, OneCycleLR, the copy/reverse task with its own
#         random numbers) and prints exact-match and token accuracy per length, for comparison with
#         `pelab-cli lab train` (the figures agree in trend, not digit for digit: the data differ).
# Local only, not part of CI. Needs Debian's python3-torch: run it with /usr/bin/python3, e.g.
#   /usr/bin/python3 scripts/lab_reference.py --cli build/native/pelab-cli
#   /usr/bin/python3 scripts/lab_reference.py train --pe alibi --steps 1500
#
# [SECTION] the model
# [SECTION] files
# [SECTION] grad: compare with pelab-cli lab grad
# [SECTION] train: the same run in torch
# [SECTION] main
import argparse
import json
import math
import os
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
    """The ALiBi paper's slopes for a power-of-2 head count: start = 2^(-8/heads), slope_h = start^(h+1)."""
    start = 2 ** (-(2 ** -(math.log2(heads) - 3)))
    return [start * start ** i for i in range(heads)]


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


def weights_text(model):
    config = {"pe": model.pe, "d": model.d, "heads": model.heads, "layers": len(model.blocks),
              "max_positions": model.max_positions, "vocab": VOCAB, "mlp": 4 * model.d, "norm_eps": model.ln.eps,
              "rope_base": model.rope_base, "t5_buckets": model.t5_buckets, "t5_max_distance": model.t5_max_distance}
    tensors = {name: {"shape": list(t.shape), "data": [float(x) for x in t.detach().double().reshape(-1).tolist()]}
               for name, t in model.state_dict().items()}
    return json.dumps({"format": "pelab-lab-weights/1", "config": config, "tensors": tensors})


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


# [SECTION] train: the same run in torch
def cmd_train(args):
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(args.seed)
    model = LabModel(args.pe, args.d, args.heads, args.layers)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps, pct_start=0.1,
                                                anneal_strategy="cos", cycle_momentum=False, div_factor=25.0,
                                                final_div_factor=1e4, three_phase=False)
    start = time.time()
    for step in range(args.steps):
        lengths = torch.randint(1, args.train_max + 1, (args.batch,), generator=gen).tolist()
        samples = [torch.randint(0, 10, (n,), generator=gen).tolist() for n in lengths]
        tokens, targets = task_rows(samples, args.task)
        logits = model(torch.tensor(tokens))
        loss = F.cross_entropy(logits.reshape(-1, VOCAB), torch.tensor(targets).reshape(-1), ignore_index=IGNORE)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if (step + 1) % 250 == 0:
            print("step %d loss %.4f" % (step + 1, loss.item()), file=sys.stderr)
    exact, token = {}, {}
    with torch.no_grad():
        egen = torch.Generator().manual_seed(12345)
        for n in args.test:
            samples = [torch.randint(0, 10, (n,), generator=egen).tolist() for _ in range(256)]
            tokens, targets = task_rows(samples, args.task)
            guess = model(torch.tensor(tokens)).argmax(-1)
            tgt = torch.tensor(targets)
            counted = tgt != IGNORE
            right = (guess == tgt) & counted
            token[str(n)] = right.sum().item() / counted.sum().item()
            exact[str(n)] = (right.sum(-1) == n).float().mean().item()
    print(json.dumps({"pe": args.pe, "task": args.task, "exact": exact, "token": token,
                      "seconds": time.time() - start}))
    return 0


# [SECTION] main
def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", nargs="?", default="grad", choices=["grad", "train"])
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(__file__), "..", "build", "native", "pelab-cli"))
    ap.add_argument("--schemes", nargs="+", default=SCHEMES, choices=SCHEMES)
    ap.add_argument("--weights", help="check this pelab-lab-weights/1 file instead of fresh models")
    ap.add_argument("--tol", type=float, default=1e-9)
    ap.add_argument("--d", type=int, help="width (default 16 for grad, 48 for train)")
    ap.add_argument("--heads", type=int, help="heads (default 2 for grad, 4 for train)")
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--max-positions", type=int, default=128)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pe", default="alibi", choices=SCHEMES)
    ap.add_argument("--task", default="copy", choices=["copy", "reverse"])
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--train-max", type=int, default=16)
    ap.add_argument("--test", type=int, nargs="+", default=[4, 8, 12, 16, 20, 24, 28, 32, 40, 48])
    args = ap.parse_args()
    if args.mode == "train":
        args.d, args.heads = args.d or 48, args.heads or 4
        return cmd_train(args)
    args.d, args.heads = args.d or 16, args.heads or 2
    return cmd_grad(args)


if __name__ == "__main__":
    sys.exit(main())
