#!/usr/bin/env bash
# PE Lab — tests/cli/relpos.sh
# Black-box checks of the issue-3 quantities in pelab-cli: sinusoidal_pe, t5_bucket, shaw_index,
# attention_rule_1d, attention_rule_2d and sincos_2d — `list` entries, JSON/CSV shapes and values (golden
# values as in tests/core, from the reference code: HF T5 buckets, tensor2tensor, MAE) and the error contract
# (exit 2, one stderr line naming the key and its valid range, nothing on stdout). Builds nothing.
# Usage: tests/cli/relpos.sh [path/to/pelab-cli] (default: build/native/pelab-cli under the repository root).
# Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] list
expect_ok "list" list
for q in sinusoidal_pe t5_bucket shaw_index attention_rule_1d attention_rule_2d sincos_2d; do
  contains "list $q" "$OUT" "  $q  "
done
contains "list sinusoidal d" "$OUT" "d  int in 2..1024, multiple of 2, default 64"
contains "list sinusoidal variant" "$OUT" "variant  one of vaswani|tensor2tensor, default vaswani"
contains "list t5 num_buckets" "$OUT" "num_buckets  int in 4..64, default 32"
contains "list t5 max_distance" "$OUT" "max_distance  int in 2..4096, default 128"
contains "list t5 bidirectional" "$OUT" "bidirectional  flag: 0 or 1, default 1"
contains "list sincos D" "$OUT" "D  int in 4..1024, multiple of 4, default 16"

# [SECTION] sinusoidal_pe
expect_ok "sinusoidal defaults" get sinusoidal_pe
contains "sinusoidal defaults head" "$OUT" '{"quantity":"sinusoidal_pe","params":{"L":128,"d":64,"base":10000,"variant":"vaswani"},"shape":[128,64],"data":[['
# The course notes' worked example: pos = 2, d = 4 → (sin 2, cos 2, sin 0.02, cos 0.02); row 0 is (0, 1, 0, 1).
expect_ok "sinusoidal L=3 d=4" get sinusoidal_pe L=3 d=4 --format csv
numbers_near "sinusoidal row pos 0" "$(csv_line "$OUT" 1)" "0 1 0 1" 0
numbers_near "sinusoidal row pos 2" "$(csv_line "$OUT" 3)" "0.9092974268256817 -0.4161468365471424 0.01999866669333308 0.9998000066665778" 1e-12
# tensor2tensor: [sin | cos] halves, frequencies 1 and 1e-4 (get_timing_signal_1d).
expect_ok "sinusoidal t2t" get sinusoidal_pe L=3 d=4 variant=tensor2tensor --format csv
numbers_near "sinusoidal t2t pos 0" "$(csv_line "$OUT" 1)" "0 0 1 1" 0
numbers_near "sinusoidal t2t pos 2" "$(csv_line "$OUT" 3)" "0.9092974268256817 0.0001999999986666665 -0.4161468365471424 0.9999999800000001" 1e-12
expect_ok "sinusoidal base 100 d 8" get sinusoidal_pe L=8 d=8 base=100 --format csv
numbers_near "sinusoidal base 100 pos 7" "$(csv_line "$OUT" 8)" \
  "0.6569865987187891 0.7539022543433046 0.8004216463225218 -0.5994373929764008 0.644217687237691 0.7648421872844885 0.2195560913524192 0.9755998784081762" 1e-12
expect_ok "sinusoidal t2t d 6" get sinusoidal_pe L=6 d=6 variant=tensor2tensor --format csv
numbers_near "sinusoidal t2t pos 5" "$(csv_line "$OUT" 6)" \
  "-0.9589242746631385 0.0499791692706783 0.0004999999791666665 0.28366218546322625 0.9987502603949663 0.9999998750000026" 1e-12
expect_ok "sinusoidal L=1 d=2" get sinusoidal_pe L=1 d=2
contains "sinusoidal L=1 d=2" "$OUT" '"shape":[1,2],"data":[[0,1]]}'
expect_ok "sinusoidal large" get sinusoidal_pe L=4096 d=1024 --format csv
equals "sinusoidal large rows" "$(awk 'END { print NR }' <<<"$OUT")" "4096"

# [SECTION] t5_bucket (HF convention: relative_position = key − query)
expect_ok "t5 defaults" get t5_bucket
contains "t5 defaults head" "$OUT" '{"quantity":"t5_bucket","params":{"L":20,"num_buckets":32,"max_distance":128,"bidirectional":1},"shape":[20,20],"data":[[0,17,18,19,20,21,22,23,24,24,24,24,25,25,25,25,26,26,26,26],[1,0,17,'
expect_ok "t5 defaults csv" get t5_bucket --format csv
numbers_near "t5 last row" "$(csv_line "$OUT" 20)" "10 10 10 10 9 9 9 9 8 8 8 8 7 6 5 4 3 2 1 0" 0
# bidirectional is a flag: 1/0 or true/false, printed in JSON as the number 1 or 0.
expect_ok "t5 bidirectional=true" get t5_bucket bidirectional=true
contains "t5 bidirectional=true prints 1" "$OUT" '"params":{"L":20,"num_buckets":32,"max_distance":128,"bidirectional":1}'
expect_ok "t5 bidirectional=false" get t5_bucket bidirectional=false
contains "t5 bidirectional=false prints 0" "$OUT" '"bidirectional":0}'
expect_ok "t5 causal" get t5_bucket bidirectional=0 --format csv
numbers_near "t5 causal first row" "$(csv_line "$OUT" 1)" "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0" 0
numbers_near "t5 causal last row" "$(csv_line "$OUT" 20)" "17 16 16 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0" 0
# Distances up to 200: saturation at 15 (keys before) and 31 (keys after).
expect_ok "t5 L=201" get t5_bucket L=201 --format csv
equals "t5 j-i=+200" "$(csv_line "$OUT" 1 | awk '{ print $201 }')" "31"
equals "t5 j-i=+90" "$(csv_line "$OUT" 1 | awk '{ print $91 }')" "30"
equals "t5 j-i=+91" "$(csv_line "$OUT" 1 | awk '{ print $92 }')" "31"
equals "t5 j-i=-200" "$(csv_line "$OUT" 201 | awk '{ print $1 }')" "15"
equals "t5 j-i=-64" "$(csv_line "$OUT" 65 | awk '{ print $1 }')" "14"
expect_ok "t5 four buckets" get t5_bucket L=4 num_buckets=4
contains "t5 four buckets" "$OUT" '"shape":[4,4],"data":[[0,3,3,3],[1,0,3,3],[1,1,0,3],[1,1,1,0]]}'
expect_ok "t5 small" get t5_bucket L=12 num_buckets=8 max_distance=33 --format csv
numbers_near "t5 small last row" "$(csv_line "$OUT" 12)" "3 3 3 2 2 2 2 2 2 2 1 0" 0
# num_buckets=8 max_distance=16 (refused before the range depended on num_buckets): HF's buckets, from its
# float32 formula evaluated independently (Python, float32 by struct rounding).
expect_ok "t5 eight buckets max_distance 16" get t5_bucket L=12 num_buckets=8 max_distance=16 --format csv
numbers_near "t5 8/16 first row" "$(csv_line "$OUT" 1)" "0 5 6 6 6 6 7 7 7 7 7 7" 0
numbers_near "t5 8/16 last row" "$(csv_line "$OUT" 12)" "3 3 3 3 3 3 2 2 2 2 1 0" 0
expect_ok "t5 eight buckets max_distance 16 causal" get t5_bucket L=12 num_buckets=8 max_distance=16 bidirectional=0 --format csv
numbers_near "t5 8/16 causal last row" "$(csv_line "$OUT" 12)" "6 6 6 6 5 5 4 4 3 2 1 0" 0
expect_ok "t5 max_distance just above max_exact" get t5_bucket L=4 num_buckets=4 max_distance=2
contains "t5 4/2" "$OUT" '"shape":[4,4],"data":[[0,3,3,3],[1,0,3,3],[1,1,0,3],[1,1,1,0]]}'
# float32 boundary (num_buckets 18, max_distance 128, distance 8): PyTorch's float32 steps give 9 + 5.
expect_ok "t5 float32 boundary" get t5_bucket L=9 num_buckets=18 --format csv
equals "t5 float32 boundary" "$(csv_line "$OUT" 1 | awk '{ print $9 }')" "14"

# [SECTION] shaw_index (tensor2tensor: clip(j − i, −k, k) + k)
expect_ok "shaw L=5 k=2" get shaw_index L=5 k=2 --format csv
equals "shaw L=5 k=2" "$OUT" $'2,3,4,4,4\n1,2,3,4,4\n0,1,2,3,4\n0,0,1,2,3\n0,0,0,1,2'
expect_ok "shaw L=4 k=3" get shaw_index L=4 k=3
contains "shaw L=4 k=3" "$OUT" '"params":{"L":4,"k":3},"shape":[4,4],"data":[[3,4,5,6],[2,3,4,5],[1,2,3,4],[0,1,2,3]]}'
expect_ok "shaw k=0" get shaw_index L=3 k=0
contains "shaw k=0" "$OUT" '"data":[[0,0,0],[0,0,0],[0,0,0]]}'
expect_ok "shaw defaults" get shaw_index
contains "shaw defaults" "$OUT" '"params":{"L":6,"k":2},"shape":[6,6]'

# [SECTION] attention_rule_1d / attention_rule_2d
expect_ok "rule 1d defaults" get attention_rule_1d
contains "rule 1d defaults" "$OUT" '"params":{"N":6,"delta":-2},"shape":[6,6],"data":[[0,0,1,0,0,0],[0,0,0,1,0,0],[0,0,0,0,1,0],[0,0,0,0,0,1],[0,0,0,0,0,0],[0,0,0,0,0,0]]}'
expect_ok "rule 1d delta beyond N" get attention_rule_1d N=3 delta=5
contains "rule 1d empty" "$OUT" '"data":[[0,0,0],[0,0,0],[0,0,0]]}'
expect_ok "rule 1d delta 1" get attention_rule_1d N=3 delta=1 --format csv
equals "rule 1d delta 1" "$OUT" $'0,0,0\n1,0,0\n0,1,0'
# The course notes' 2×3 grid, δ = (0, −1): 1-based A[1,2], A[2,3], A[4,5], A[5,6]; no link 3 → 4 across the row break.
expect_ok "rule 2d defaults" get attention_rule_2d --format csv
equals "rule 2d defaults" "$OUT" $'0,1,0,0,0,0\n0,0,1,0,0,0\n0,0,0,0,0,0\n0,0,0,0,1,0\n0,0,0,0,0,1\n0,0,0,0,0,0'
expect_ok "rule 2d defaults json" get attention_rule_2d
contains "rule 2d params" "$OUT" '"params":{"H":2,"W":3,"drow":0,"dcol":-1},"shape":[6,6]'
expect_ok "rule 2d down" get attention_rule_2d H=3 W=2 drow=-1 dcol=0 --format csv
equals "rule 2d down" "$OUT" $'0,0,1,0,0,0\n0,0,0,1,0,0\n0,0,0,0,1,0\n0,0,0,0,0,1\n0,0,0,0,0,0\n0,0,0,0,0,0'
expect_ok "rule 2d largest" get attention_rule_2d H=32 W=32
contains "rule 2d largest" "$OUT" '"shape":[1024,1024]'

# [SECTION] sincos_2d (MAE: first half encodes the column, second half the row)
expect_ok "sincos grid=2 D=8" get sincos_2d grid=2 D=8
contains "sincos head" "$OUT" '{"quantity":"sincos_2d","params":{"grid":2,"D":8},"shape":[4,8],"data":[['
numbers_near "sincos values" "$(json_data_numbers "$OUT")" \
  "0 0 1 1 0 0 1 1  0.8414709848078965 0.009999833334166664 0.5403023058681398 0.9999500004166653 0 0 1 1  0 0 1 1 0.8414709848078965 0.009999833334166664 0.5403023058681398 0.9999500004166653  0.8414709848078965 0.009999833334166664 0.5403023058681398 0.9999500004166653 0.8414709848078965 0.009999833334166664 0.5403023058681398 0.9999500004166653" 1e-12
expect_ok "sincos grid=3 D=8" get sincos_2d grid=3 D=8 --format csv
# Patch 5 = (row 1, col 2): first half encodes column 2, second half row 1.
numbers_near "sincos patch 5" "$(csv_line "$OUT" 6)" \
  "0.9092974268256817 0.01999866669333308 -0.4161468365471424 0.9998000066665778 0.8414709848078965 0.009999833334166664 0.5403023058681398 0.9999500004166653" 1e-12
expect_ok "sincos defaults" get sincos_2d
contains "sincos defaults" "$OUT" '"params":{"grid":4,"D":16},"shape":[16,16]'

# [SECTION] errors: exit 2, one stderr line naming the key and its range, empty stdout
expect_error "sinusoidal L 0" "L: 0 is out of range 1..4096" -- get sinusoidal_pe L=0
expect_error "sinusoidal L big" "L: 4097 is out of range 1..4096" -- get sinusoidal_pe L=4097
expect_error "sinusoidal d odd" "d:" "not a multiple of 2" "2..1024" -- get sinusoidal_pe d=5
expect_error "sinusoidal d small" "d: 0 is out of range 2..1024" -- get sinusoidal_pe d=0
expect_error "sinusoidal d one" "d:" "not a multiple of 2" -- get sinusoidal_pe d=1
expect_error "sinusoidal d fractional" "d:" "not a whole number" -- get sinusoidal_pe d=4.5
expect_error "sinusoidal base" "base: 1 is out of range 2..100000000" -- get sinusoidal_pe base=1
expect_error "sinusoidal base nan" "base:" "2..100000000" -- get sinusoidal_pe base=nan
expect_error "sinusoidal variant" 'variant: "paper" is not a valid choice (one of vaswani|tensor2tensor)' -- get sinusoidal_pe variant=paper
expect_error "sinusoidal unknown key" "k: unknown key (nearest valid key: L)" -- get sinusoidal_pe k=1
expect_error "t5 L" "L: 1025 is out of range 1..1024" -- get t5_bucket L=1025
expect_error "t5 num_buckets low" "num_buckets: 3 is out of range 4..64" -- get t5_bucket num_buckets=3
expect_error "t5 num_buckets high" "num_buckets: 65 is out of range 4..64" -- get t5_bucket num_buckets=65
# max_distance must exceed max_exact = num_buckets/4 (bidirectional) or num_buckets/2 (causal), as HF needs.
expect_error "t5 max_distance at max_exact" \
  "max_distance: 8 is out of range 9..4096: with num_buckets=32 and bidirectional=1 it must exceed the 8 exact buckets (max_exact = num_buckets/4)" \
  -- get t5_bucket max_distance=8
expect_error "t5 max_distance causal" "max_distance: 32 is out of range 33..4096" "bidirectional=0" "num_buckets/2" \
  -- get t5_bucket num_buckets=64 bidirectional=0 max_distance=32
expect_error "t5 max_distance below all" "max_distance: 1 is out of range 2..4096" -- get t5_bucket max_distance=1
expect_error "t5 bidirectional" 'bidirectional: "2" is not a flag (0 or 1)' -- get t5_bucket bidirectional=2
expect_error "t5 bidirectional text" 'bidirectional: "yes" is not a flag (0 or 1)' -- get t5_bucket bidirectional=yes
expect_error "shaw k negative" "k: -1 is out of range 0..1023" -- get shaw_index k=-1
expect_error "shaw L" "L: 0 is out of range 1..1024" -- get shaw_index L=0
expect_error "rule 1d N" "N: 1025 is out of range 1..1024" -- get attention_rule_1d N=1025
expect_error "rule 1d delta" "delta: 1024 is out of range -1023..1023" -- get attention_rule_1d delta=1024
expect_error "rule 2d H" "H: 33 is out of range 1..32" -- get attention_rule_2d H=33
expect_error "rule 2d W" "W: 0 is out of range 1..32" -- get attention_rule_2d W=0
expect_error "rule 2d drow" "drow: 32 is out of range -31..31" -- get attention_rule_2d drow=32
expect_error "rule 2d dcol" "dcol: -32 is out of range -31..31" -- get attention_rule_2d dcol=-32
expect_error "rule 2d unknown key" "delta: unknown key (nearest valid key: drow)" -- get attention_rule_2d delta=1
expect_error "sincos grid" "grid: 65 is out of range 1..64" -- get sincos_2d grid=65
expect_error "sincos D not multiple of 4" "D:" "not a multiple of 4" "4..1024" -- get sincos_2d D=6
expect_error "sincos D small" "D: 0 is out of range 4..1024" -- get sincos_2d D=0
expect_error "sincos D large" "D: 1028 is out of range 4..1024" -- get sincos_2d D=1028

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
