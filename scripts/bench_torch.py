#!/usr/bin/env python3
# PE Lab — scripts/bench_torch.py
# PyTorch CPU counterpart of pelab-bench-core: times the same four quantities, compares values, prints the table.
#
# Input: the JSON lines of `pelab-bench-core --out-dir DIR` (sizes, core timings, files of core values).
# For each quantity this script takes the sizes from those lines, builds the quantity the way the reference
# code does in torch ops (written here from the algorithms, not copied), times it (one warm-up run, then the
# median of --repeats runs) with torch.set_num_threads(1) and, when more CPUs are available, with all of
# them, and reports max |core − torch| over every entry (entries that are −inf on both sides are equal).
# Per row it also prints the core's bytes written per second (the result's size over the core's median time)
# and that rate as a share of the memcpy bandwidth pelab-bench-core measured on this machine.
# Figures only: nothing is asserted, the exit status is 0 whatever the differences are.
# --json-out FILE also writes the rows as a JSON list [{name, core_ms, torch_ms, max_abs_diff}] (torch_ms:
# single-threaded; a non-finite difference is null) for `scripts/bench --json`.
# Needs Debian's python3-torch (1.13) and python3-numpy; run it with /usr/bin/python3.
import argparse
import json
import math
import os
import statistics
import sys
import time

import numpy as np
import torch


# [SECTION] timing
def median_ms(build, repeats):
    """One untimed warm-up call, then `repeats` timed calls; returns the median wall time in ms.

    The previous result is dropped before the clock starts, so a run pays for allocating its result but not
    for freeing the last one (pelab-bench-core does the same)."""
    result = build()
    times = []
    for _ in range(repeats):
        result = None
        start = time.perf_counter()
        result = build()
        times.append((time.perf_counter() - start) * 1e3)
    del result
    return statistics.median(times)


def time_with_threads(build, repeats, threads):
    previous = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        return median_ms(build, repeats)
    finally:
        torch.set_num_threads(previous)


# [SECTION] the four quantities in torch
def t5_relative_position_buckets(length, num_buckets, max_distance, bidirectional):
    """HF T5Attention._relative_position_bucket applied to relative_position = key j − query i."""
    positions = torch.arange(length, dtype=torch.long)
    relative_position = positions[None, :] - positions[:, None]
    buckets = torch.zeros_like(relative_position)
    if bidirectional:
        half = num_buckets // 2
        buckets += (relative_position > 0).to(torch.long) * half  # keys after the query: upper half
        distance = relative_position.abs()
    else:
        half = num_buckets
        distance = -torch.clamp(relative_position, max=0)  # keys after the query: distance 0
    max_exact = half // 2
    is_exact = distance < max_exact
    # Logarithmic buckets in float32, as HF (relative_position.float()); the Python float divisor is
    # applied in float32 too. Distance 0 gives log 0 = −inf there, but is_exact discards it.
    log_position = torch.log(distance.float() / max_exact) / math.log(max_distance / max_exact) * (half - max_exact)
    logarithmic = torch.clamp(max_exact + log_position.to(torch.long), max=half - 1)
    buckets += torch.where(is_exact, distance, logarithmic)
    return buckets


def rotate_half(x):
    """HF Llama's rotate_half: [x1, x2] → [−x2, x1] on the last dimension."""
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rope_scores_llama(length, dim, base, q, k, dtype):
    """S[m][n] = <R_m q, R_n k> the HF Llama way: cos/sin tables, x·cos + rotate_half(x)·sin, Q_rot K_rotᵀ."""
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(dtype) / dim))
    positions = torch.arange(length, dtype=dtype)
    angles = torch.outer(positions, inv_freq)
    angles = torch.cat((angles, angles), dim=-1)  # the same angle for coordinates i and i + d/2
    cos, sin = angles.cos(), angles.sin()
    queries = q.to(dtype).expand(length, dim)  # the same q at every position
    keys = k.to(dtype).expand(length, dim)
    queries_rotated = queries * cos + rotate_half(queries) * sin
    keys_rotated = keys * cos + rotate_half(keys) * sin
    return queries_rotated @ keys_rotated.T


def alibi_reference_slopes(heads):
    """The ALiBi paper's get_slopes: for a power of 2, n slopes start^1..start^n with start = 2^(−8/n);
    otherwise those of the nearest smaller power p, then every other slope of 2p until there are n."""
    def geometric(n):
        start = 2.0 ** (-(2.0 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]

    if math.log2(heads).is_integer():
        return geometric(heads)
    power = 2 ** math.floor(math.log2(heads))
    return geometric(power) + alibi_reference_slopes(2 * power)[0::2][: heads - power]


def alibi_causal_bias(length, heads, dtype):
    """(heads, L, L): −m·(i − j) for keys j ≤ query i, −inf for future keys."""
    slopes = torch.tensor(alibi_reference_slopes(heads), dtype=dtype)
    positions = torch.arange(length)
    distance = (positions[:, None] - positions[None, :]).to(dtype)  # i − j
    bias = -slopes[:, None, None] * distance
    future = positions[None, :] > positions[:, None]
    return bias.masked_fill_(future, float("-inf"))


def sinusoidal_table(length, dim, base):
    """Vaswani layout: column j uses sin (even j) or cos (odd j) of pos / base^(2⌊j/2⌋/d)."""
    positions = torch.arange(length, dtype=torch.float64)[:, None]
    exponent = (2 * (torch.arange(dim) // 2)).to(torch.float64) / dim
    angle = positions / torch.pow(base, exponent)
    table = torch.empty(length, dim, dtype=torch.float64)
    table[:, 0::2] = torch.sin(angle[:, 0::2])
    table[:, 1::2] = torch.cos(angle[:, 1::2])
    return table


# [SECTION] comparison
def max_abs_difference(core, reference):
    """max |core − reference|; entries −inf on both sides count as equal, any other non-finite mismatch is inf."""
    core = np.asarray(core, dtype=np.float64)
    reference = np.asarray(reference, dtype=np.float64)
    both_neg_inf = np.isneginf(core) & np.isneginf(reference)
    with np.errstate(invalid="ignore"):
        difference = np.abs(core - reference)
    difference[both_neg_inf] = 0.0
    difference[np.isnan(difference)] = np.inf
    return float(difference.max()) if difference.size else 0.0


def load_core_values(entry):
    if not entry.get("file"):
        sys.exit("bench_torch.py: the core results hold no value files (run pelab-bench-core with --out-dir)")
    return np.fromfile(entry["file"], dtype=np.dtype(entry["dtype"])).reshape(entry["shape"])


# [SECTION] one row per quantity
def measure(entry, repeats, thread_counts):
    """Rows (label, core ms, {threads: torch ms}, max |diff|, note, bytes written) for one pelab-bench-core line."""
    rows = measure_without_bytes(entry, repeats, thread_counts)
    return [row + (entry.get("bytes_written"),) for row in rows]


def measure_without_bytes(entry, repeats, thread_counts):
    name, params = entry["quantity"], entry["params"]
    core_ms = entry["median_ms"]

    def timings(build):
        return {threads: time_with_threads(build, repeats, threads) for threads in thread_counts}

    if name == "t5":
        def build():
            return t5_relative_position_buckets(params["L"], params["num_buckets"], params["max_distance"],
                                                params["bidirectional"])
        difference = max_abs_difference(load_core_values(entry), build().numpy())
        return [(entry["label"], core_ms, timings(build), difference, "int64, buckets")]

    if name == "rope":
        qk = np.fromfile(entry["qk_file"], dtype=np.float64).reshape(entry["qk_shape"])
        q, k = torch.from_numpy(qk[0].copy()), torch.from_numpy(qk[1].copy())
        core_values = load_core_values(entry)
        rows = []
        for dtype, suffix in ((torch.float64, ""), (torch.float32, " (torch f32)")):
            def build(dtype=dtype):
                return rope_scores_llama(params["L"], params["d"], params["base"], q, k, dtype)
            difference = max_abs_difference(core_values, build().to(torch.float64).numpy())
            rows.append((entry["label"] + suffix, core_ms, timings(build), difference,
                         "float64" if dtype == torch.float64 else "float32 vs core float64"))
        return rows

    if name == "alibi":
        def build():
            return alibi_causal_bias(params["L"], params["heads"], torch.float64)
        core_heads = load_core_values(entry)
        bias = build()
        difference = max(max_abs_difference(core_heads[slot], bias[head].numpy())
                         for slot, head in enumerate(entry["heads_written"]))
        del bias
        heads = ",".join(str(h) for h in entry["heads_written"])
        return [(entry["label"], core_ms, timings(build), difference, f"float64, diff over heads {heads}")]

    if name == "sinusoidal":
        def build():
            return sinusoidal_table(params["L"], params["d"], params["base"])
        difference = max_abs_difference(load_core_values(entry), build().numpy())
        return [(entry["label"], core_ms, timings(build), difference, "float64")]

    return []


def format_table(rows, thread_counts, memcpy_bytes_per_s):
    multi = [t for t in thread_counts if t != 1]
    header = f"{'quantity':<36}{'core (ms)':>11}{'torch (ms)':>12}{'torch/core':>12}"
    header += "".join(f"{f'torch {t}t (ms)':>15}" for t in multi)
    header += f"{'core GB/s':>11}{'of memcpy':>11}{'max |diff|':>13}  note"
    lines = [header, "-" * len(header)]
    for label, core_ms, torch_ms, difference, note, bytes_written in rows:
        line = f"{label:<36}{core_ms:>11.1f}{torch_ms[1]:>12.1f}{torch_ms[1] / core_ms:>12.2f}"
        line += "".join(f"{torch_ms[t]:>15.1f}" for t in multi)
        if bytes_written:
            rate = bytes_written / (core_ms * 1e-3)
            share = f"{rate / memcpy_bytes_per_s:.0%}" if memcpy_bytes_per_s else "?"
            line += f"{rate / 1e9:>11.2f}{share:>11}"
        else:
            line += f"{'?':>11}{'?':>11}"
        line += f"{difference:>13.3g}  {note}"
        lines.append(line)
    return "\n".join(lines)


def write_json_rows(path, rows):
    """The table's rows for scripts/bench --json: name, core and single-threaded torch ms, max |core − torch|."""
    out = [{"name": label, "core_ms": round(core_ms, 3), "torch_ms": round(torch_ms[1], 3),
            "max_abs_diff": difference if math.isfinite(difference) else None}
           for label, core_ms, torch_ms, difference, *_ in rows]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description="PyTorch CPU side of scripts/bench_core.sh")
    parser.add_argument("--core-results", required=True, help="JSON lines written by pelab-bench-core --out-dir")
    parser.add_argument("--repeats", type=int, default=0,
                        help="timed runs per quantity (default: the core's count)")
    parser.add_argument("--multi-threads", type=int, default=len(os.sched_getaffinity(0)),
                        help="also time torch with this many threads (default: the CPUs available; 1: skip)")
    parser.add_argument("--json-out", help="also write the rows as JSON to this file (scripts/bench --json)")
    args = parser.parse_args()

    with open(args.core_results, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    entries = [line for line in lines if "quantity" in line]
    repeats = args.repeats or max(line["repeats"] for line in entries)
    thread_counts = [1] + ([args.multi_threads] if args.multi_threads > 1 else [])
    default_threads = torch.get_num_threads()

    rows = []
    for entry in entries:
        rows.extend(measure(entry, repeats, thread_counts))
    memcpy_bytes_per_s = lines[0].get("memcpy_bytes_per_s")
    print(format_table(rows, thread_counts, memcpy_bytes_per_s))
    if args.json_out:
        write_json_rows(args.json_out, rows)
    print(f"times: median of {repeats} runs after 1 warm-up; core single-threaded (Eigen threads "
          f"{lines[0].get('eigen_threads', '?')}); torch (ms) with torch.set_num_threads(1); torch's default "
          f"here is {default_threads} thread(s); torch/core > 1 means the core is faster")
    if memcpy_bytes_per_s:
        print(f"memory: memcpy of 256 MiB on one core writes {memcpy_bytes_per_s / 1e9:.2f} GB/s here (median of "
              f"{repeats}); core GB/s = bytes of the result / core time (page faults of the fresh result included)")


if __name__ == "__main__":
    main()
