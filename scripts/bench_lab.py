#!/usr/bin/env python3
# PE Lab — scripts/bench_lab.py
# One training step of the lab's model (docs/lab.md, "Speed"), native against PyTorch CPU, both
# single-threaded, on the same model and the same batches: forward, loss, backward and the AdamW update.
#
# Each round runs `pelab-cli lab bench … --out DIR` (native float: `warmup` untimed steps, then `steps`
# timed ones, each padded step followed by the same step with the padding skipped, on a second copy of the
# model), then trains a torch copy of the model it wrote (DIR/weights.json) on the batches it wrote
# (DIR/batches.json), timing the same steps (float32, torch.set_num_threads(1), torch.optim.AdamW). Rounds
# alternate native and torch, so both sides meet the same load on a shared machine; the figures are the
# medians over every timed step of every round. GFLOP/s counts the matrix products only (the formula is in
# docs/lab.md and beside step_flops in src/cli/lab.cpp), the same count for both sides.
# Figures only: nothing is asserted, the exit status is 0 whatever the ratio.
#
# Usage: /usr/bin/python3 scripts/bench_lab.py [--cli build/native/pelab-cli] [--rounds 6] [--steps 10]
#        [--warmup 3] [--json-out FILE] [key=value … for lab bench: pe, d, heads, layers, batch, tokens, …]
# Defaults: pe=alibi d=64 heads=4 layers=2 batch=32 tokens=32 (copy task, samples of 1–16 digits).
# Needs Debian's python3-torch (1.13); run it with /usr/bin/python3.
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_reference import IGNORE, VOCAB, model_from_weights  # noqa: E402  (the same model as torch.nn.Module)


# [SECTION] the two sides
def run_native(cli, keys, steps, warmup, out_dir):
    command = [cli, "lab", "bench", "steps=%d" % steps, "warmup=%d" % warmup, *keys, "--out", out_dir]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("bench_lab.py: %s failed: %s" % (" ".join(command), run.stderr.strip()))
    return json.loads(run.stdout)


def run_torch(out_dir):
    """Trains the model of out_dir/weights.json on the batches of out_dir/batches.json; returns the timed
    steps' milliseconds and every step's loss."""
    with open(os.path.join(out_dir, "weights.json"), encoding="utf-8") as f:
        model = model_from_weights(f.read(), torch.float32)
    with open(os.path.join(out_dir, "batches.json"), encoding="utf-8") as f:
        doc = json.load(f)
    batches = [(torch.tensor(b["tokens"]), torch.tensor(b["targets"])) for b in doc["batches"]]
    opt = torch.optim.AdamW(model.parameters(), lr=doc["lr"], betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)
    times, losses = [], []
    for i, (tokens, targets) in enumerate(batches):
        start = time.perf_counter()
        logits = model(tokens)
        loss = F.cross_entropy(logits.reshape(-1, VOCAB), targets.reshape(-1), ignore_index=IGNORE)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        elapsed = (time.perf_counter() - start) * 1e3
        losses.append(loss.item())
        if i >= doc["warmup"]:
            times.append(elapsed)
    return times, losses


# [SECTION] report
def machine_line():
    cpu = "?"
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/loadavg", encoding="utf-8") as f:
        load = " ".join(f.read().split()[:3])
    return cpu, os.cpu_count(), load


def loaded_blas():
    """The BLAS library torch's matrix products went through in this process (Debian's python3-torch calls
    the system libblas.so.3: the reference BLAS unless OpenBLAS or another is installed or put first on
    LD_LIBRARY_PATH, which changes the torch figures a lot)."""
    with open("/proc/self/maps", encoding="utf-8") as f:
        paths = {line.split()[-1] for line in f if "blas" in line.split()[-1]}
    return ",".join(sorted(os.path.realpath(p) for p in paths)) or "none loaded"


def main():
    parser = argparse.ArgumentParser(description="PE Lab: one training step, native vs PyTorch CPU")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--cli", default=os.path.join(root, "build", "native", "pelab-cli"))
    parser.add_argument("--rounds", type=int, default=6, help="native, then torch, this many times (default 6)")
    parser.add_argument("--steps", type=int, default=10, help="timed steps per side and round (default 10)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps before them (default 3)")
    parser.add_argument("--json-out", help="also write the figures as JSON to this file (scripts/bench --json)")
    parser.add_argument("keys", nargs="*", help="key=value for pelab-cli lab bench (pe, d, heads, layers, …)")
    args = parser.parse_args()

    torch.set_num_threads(1)
    cpu, cores, load_before = machine_line()
    native_ms, skipping_ms, torch_ms, rounds = [], [], [], []
    first = None
    with tempfile.TemporaryDirectory(prefix="pelab-bench-lab.") as out_dir:
        for _ in range(args.rounds):
            native = run_native(args.cli, args.keys, args.steps, args.warmup, out_dir)
            torch_times, torch_losses = run_torch(out_dir)
            native_ms += native["ms_padded"]
            skipping_ms += native["ms_skipping"]
            torch_ms += torch_times
            rounds.append((statistics.median(native["ms_padded"]), statistics.median(native["ms_skipping"]),
                           statistics.median(torch_times)))
            first = first or (native, torch_losses)
    native, torch_losses = first
    _, _, load_after = machine_line()

    flops, flops_skipping = native["flops_padded"], native["flops_skipping"]
    med_native, med_skipping, med_torch = (statistics.median(v) for v in (native_ms, skipping_ms, torch_ms))
    c = native["config"]
    n = len(native_ms)
    print("one training step (forward, loss, backward, AdamW), %s task, pe=%s d=%d heads=%d layers=%d, batch %d "
          "padded to %d tokens (samples of 1–%d digits; %.0f of %d positions kept when padding is skipped)"
          % (c["task"], c["pe"], c["d"], c["heads"], c["layers"], c["batch"], c["tokens"], c["train_max"],
             native["rows_skipping"], native["rows_padded"]))
    print("%-44s%12s%12s%14s" % ("", "ms / step", "GFLOP/s", "torch / this"))
    print("%-44s%12.2f%12.2f%14.2f" % ("native, padded (float, 1 thread)", med_native, flops / med_native / 1e6,
                                       med_torch / med_native))
    print("%-44s%12.2f%12.2f%14.2f" % ("PyTorch, padded (float32, 1 thread)", med_torch, flops / med_torch / 1e6, 1.0))
    print("%-44s%12.2f%12.2f%14.2f" % ("native, padding skipped", med_skipping,
                                       flops_skipping / med_skipping / 1e6, med_torch / med_skipping))
    print("medians of %d steps per side (%d rounds of %d, each after %d warm-up steps, native then torch); "
          "per round (native, skipped, torch ms): %s"
          % (n, args.rounds, args.steps, args.warmup,
             "; ".join("%.1f, %.1f, %.1f" % r for r in rounds)))
    print("FLOPs per step (matrix products, 2 per multiply-add, backward = 2x forward): %.3f G padded, "
          "%.3f G skipped (mean)" % (flops / 1e9, flops_skipping / 1e9))
    print("same work: first-step loss native %.7f, torch %.7f, native with padding skipped %.7f"
          % (native["loss_padded"][0], torch_losses[0], native["loss_skipping"][0]))
    blas = loaded_blas()
    print("machine: cpu=\"%s\" cores=%d native=\"%s, Eigen %s\" torch=%s blas=%s load_before=\"%s\" load_after=\"%s\""
          % (cpu, cores, native["build"]["compiler"], native["build"]["eigen"], torch.__version__, blas,
             load_before, load_after))
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump({"native_ms": round(med_native, 3), "torch_ms": round(med_torch, 3),
                       "ratio": round(med_torch / med_native, 3), "native_skipping_ms": round(med_skipping, 3),
                       "native_gflops": round(flops / med_native / 1e6, 3),
                       "torch_gflops": round(flops / med_torch / 1e6, 3),
                       "native_skipping_gflops": round(flops_skipping / med_skipping / 1e6, 3),
                       "flops": flops, "flops_skipping": flops_skipping, "steps": n}, f)
            f.write("\n")


if __name__ == "__main__":
    main()
