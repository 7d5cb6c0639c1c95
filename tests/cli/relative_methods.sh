#!/usr/bin/env bash
# PE Lab — tests/cli/relative_methods.sh
# Black-box checks of the issue-13 relative methods in pelab-cli: deberta_relative_position (HF
# build_relative_position / make_log_bucket_position), xpos_scores (torchscale XPOS) and transformer_xl_terms —
# `list` entries, JSON/CSV shapes and values (golden values as in tests/core/relative_methods_test.cpp, from the
# reference formulas: DeBERTa in float32, xPos by hand) and the error contract (exit 2, one stderr line naming
# the key and its valid range, nothing on stdout). Builds nothing.
# Usage: tests/cli/relative_methods.sh [path/to/pelab-cli]. Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] list
expect_ok "list" list
for q in deberta_relative_position xpos_scores transformer_xl_terms; do
  contains "list $q" "$OUT" "  $q  "
done
contains "list bucket_size" "$OUT" "bucket_size  int in 0..4096, default 256"
contains "list max_position" "$OUT" "max_position  int in 2..65536, default 512"
contains "list gamma" "$OUT" "gamma  number in 1..1000000000000, default 512"
contains "list term" "$OUT" "term  one of a|b|c|d|sum, default sum"

# [SECTION] deberta_relative_position
expect_ok "deberta defaults" get deberta_relative_position
contains "deberta defaults head" "$OUT" '{"quantity":"deberta_relative_position","params":{"L":8,"bucket_size":256,"max_position":512},"shape":[8,8],"data":[[0,-1,-2,-3,-4,-5,-6,-7],'
# DeBERTa-v3 (256 buckets, 512): the last row of L = 1024 runs δ = 1023 … 0; float32 buckets 319 at 1023,
# 256 at 512, 255 at 511, 207 at 300, 129 at 129, then δ itself.
expect_ok "deberta L=1024" get deberta_relative_position L=1024 --format csv
equals "deberta rows" "$(awk 'END { print NR }' <<<"$OUT")" "1024"
LAST="$(csv_line "$OUT" 1024)"
equals "deberta δ=1023" "$(awk '{ print $1 }' <<<"$LAST")" "319"
equals "deberta δ=512" "$(awk '{ print $512 }' <<<"$LAST")" "256"
equals "deberta δ=511" "$(awk '{ print $513 }' <<<"$LAST")" "255"
equals "deberta δ=300" "$(awk '{ print $724 }' <<<"$LAST")" "207"
equals "deberta δ=129" "$(awk '{ print $895 }' <<<"$LAST")" "129"
equals "deberta δ=0" "$(awk '{ print $1024 }' <<<"$LAST")" "0"
equals "deberta δ=-300" "$(csv_line "$OUT" 1 | awk '{ print $301 }')" "-207"
# Small buckets: bucket_size 8 (mid 4), max_position 20, L = 12, last row.
expect_ok "deberta small" get deberta_relative_position L=12 bucket_size=8 max_position=20 --format csv
numbers_near "deberta small last row" "$(csv_line "$OUT" 12)" "6 6 6 6 6 5 5 4 3 2 1 0" 0
# The float32 ceil: bucket_size 256, max_position 967, δ = 227 gives 164 (a double computation gives 165).
expect_ok "deberta float32" get deberta_relative_position L=228 max_position=967 --format csv
equals "deberta float32 δ=227" "$(csv_line "$OUT" 228 | awk '{ print $1 }')" "164"
# HF's config name position_buckets; bucket_size 0 gives query − key.
expect_ok "deberta alias" get deberta_relative_position L=3 position_buckets=0
contains "deberta no buckets" "$OUT" '"params":{"L":3,"bucket_size":0,"max_position":512},"shape":[3,3],"data":[[0,-1,-2],[1,0,-1],[2,1,0]]}'

# [SECTION] xpos_scores
# q = k = (1, 0, 1, 0), d = 4: S[m][n] = Σ ζᵢ^((m−n)/512) cos((m−n)θᵢ), ζ = (1.6/5.6, 3.6/5.6), θ = (1, 0.01).
expect_ok "xpos L=3" get xpos_scores L=3 --format csv
numbers_near "xpos row 1" "$(csv_line "$OUT" 1)" "2 1.5424392219642402 0.5833387747444759" 1e-12
numbers_near "xpos row 3" "$(csv_line "$OUT" 3)" "0.5839605780184073 1.538069369965678 2" 1e-12
expect_ok "xpos scale_base alias" get xpos_scores L=2 scale_base=512
contains "xpos alias params" "$OUT" '"params":{"L":2,"d":4,"base":10000,"gamma":512,'
# γ huge: plain interleaved RoPE, cos(m − n) + cos(0.01(m − n)).
expect_ok "xpos gamma huge" get xpos_scores L=2 gamma=1e12 --format csv
numbers_near "xpos gamma huge row 2" "$(csv_line "$OUT" 2)" "1.540252306284805 2" 1e-9

# [SECTION] transformer_xl_terms
expect_ok "txl d term" get transformer_xl_terms L=4 term=d --format csv
# d depends on i − j only: the diagonals are constant.
R1="$(csv_line "$OUT" 1)"; R2="$(csv_line "$OUT" 2)"
equals "txl d Toeplitz" "$(awk '{ print $1, $2, $3 }' <<<"$R1")" "$(awk '{ print $2, $3, $4 }' <<<"$R2")"
expect_ok "txl c term" get transformer_xl_terms L=4 term=c --format csv
equals "txl c rows equal" "$(csv_line "$OUT" 1)" "$(csv_line "$OUT" 4)"

# [SECTION] errors
expect_error "deberta L too big" "L: 1025 is out of range 1..1024" -- get deberta_relative_position L=1025
expect_error "deberta bucket 1" "bucket_size: 1 is out of range 2..4096" -- get deberta_relative_position bucket_size=1
expect_error "deberta max_position small" "max_position: 100 is out of range 130..65536: with bucket_size=256" -- get deberta_relative_position max_position=100
expect_error "deberta max_position text" 'max_position: "big" is not a number (2..65536)' -- get deberta_relative_position max_position=big
expect_error "xpos gamma small" "gamma: 0.5 is out of range 1..1000000000000" -- get xpos_scores gamma=0.5
expect_error "xpos q length" "q: has 2 numbers, but d is 4, so q needs 4" -- get xpos_scores q=1,0
expect_error "xpos d odd" 'd: "5" is not a multiple of 2' -- get xpos_scores d=5
expect_error "txl term" 'term: "e" is not a valid choice (one of a|b|c|d|sum)' -- get transformer_xl_terms term=e
expect_error "txl L" "L: 257 is out of range 1..256" -- get transformer_xl_terms L=257

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
