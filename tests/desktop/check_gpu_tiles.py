#!/usr/bin/env python3
# PE Lab — tests/desktop/check_gpu_tiles.py: grades the output of `pelab --gpu-check` itself instead of
# trusting its verdict. Reads the report (a JSON array of tiles, then a summary line) from the file named
# on the command line, prints one line per tile (worst error against tolerance), and exits 1 unless:
#   * the tiles are exactly the expected ones: every map case below × every view, each once (48 today, and
#     36 box-filtered images;
#     a new map case or view must be added here, so the count can never silently shrink);
#   * every pixel of every tile was compared (pixels = side², the side fixed per view) with no mask mismatch;
#   * max_abs_error <= tolerance for each tile, recomputed here, and the integer maps' tolerance is 0;
#   * the tool's own per-tile "ok" agrees.
import json
import sys

MAP_CASES = ["sinusoidal", "rope", "alibi", "t5", "shaw", "rope-yarn", "rope-llama3", "rope-dynamic",
             "sinusoidal-d512", "t5-causal", "rope-yarn-softmax", "alibi-softmax"]
VIEWS = {  # view name -> pixels per side of its square tile
    "whole L=65536": 63,
    "corner 40 cells": 80,
    "offset 30000.25,12345.5 span 7.5": 60,
    "whole L=4097": 64,
}
INTEGER_MAPS = {"t5", "shaw", "t5-causal"}
# Box-filtered images (core map_pixels, uploaded and read back): every map case × these views,
# each pixel within float32 rounding of the double (pixels_over_bound = 0); their means are not integers.
FILTERED_VIEWS = {
    "filter=box whole L=65536": 64,
    "filter=box window 12345.5,30000.25 span 700.5": 64,
    "filter=box whole L=4097": 64,
}


def main(path):
    text = open(path, encoding="utf-8").read()
    start, end = text.find("["), text.rfind("]")
    if start < 0 or end < start:
        print("gpu-check: no JSON array in the output")
        return 1
    tiles = json.loads(text[start:end + 1])
    expected = {f"{m} {v}": (m, v) for m in MAP_CASES for v in list(VIEWS) + list(FILTERED_VIEWS)}
    problems = []
    seen = set()
    print(f"{'tile':<52} {'pixels':>7} {'max |error|':>12} {'tolerance':>12}")
    for t in tiles:
        name = t.get("case", "?")
        print(f"{name:<52} {t.get('pixels', '?'):>7} {t.get('max_abs_error', float('nan')):>12.3e} "
              f"{t.get('tolerance', float('nan')):>12.3e} {'ok' if t.get('ok') else 'FAILED'}")
        if name in seen:
            problems.append(f"{name}: reported twice")
        seen.add(name)
        if name not in expected:
            problems.append(f"{name}: not an expected tile")
            continue
        m, v = expected[name]
        filtered = v in FILTERED_VIEWS
        side = FILTERED_VIEWS[v] if filtered else VIEWS[v]
        if t.get("side") != side or t.get("pixels") != side * side:
            problems.append(f"{name}: {t.get('pixels')} pixels compared, expected {side}x{side}")
        if t.get("mask_mismatches") != 0:
            problems.append(f"{name}: {t.get('mask_mismatches')} masked/unmasked mismatches")
        err, tol = t.get("max_abs_error"), t.get("tolerance")
        if not isinstance(err, (int, float)) or not isinstance(tol, (int, float)) or not err <= tol:
            problems.append(f"{name}: max error {err} exceeds tolerance {tol}")
        if filtered and t.get("pixels_over_bound") != 0:
            problems.append(f"{name}: {t.get('pixels_over_bound')} pixels beyond float32 rounding of the core")
        if not filtered and (m in INTEGER_MAPS) != (tol == 0):
            problems.append(f"{name}: tolerance {tol}, but integer maps need 0 and the others a bound > 0")
        if t.get("ok") is not True:
            problems.append(f"{name}: the tool reports it failed")
    for name in sorted(set(expected) - seen):
        problems.append(f"{name}: missing")
    print(f"gpu-check: {len(tiles)} tiles, {len(expected)} expected")
    for p in problems:
        print("gpu-check: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
