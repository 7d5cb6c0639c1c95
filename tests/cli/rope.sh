#!/usr/bin/env bash
# PE Lab — tests/cli/rope.sh
# Black-box checks of the issue-4 quantities of pelab-cli: rope_inv_freq (every scaling, against golden
# values from a double-precision transcription of HF modeling_rope_utils.py), rope_matrix (both layouts),
# rope_scores, alibi_slopes, alibi_bias (causal with null above the diagonal, symmetric), axial_rope_scores;
# JSON shapes and values, and the error contract for bad inputs (exit 2, one stderr line naming the key and
# its range, nothing on stdout). Builds nothing. Usage: tests/cli/rope.sh [path/to/pelab-cli]
# (default: build/native/pelab-cli under the repository root). Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] list
expect_ok "list" list
for q in rope_inv_freq rope_matrix rope_scores alibi_slopes alibi_bias axial_rope_scores; do
  contains "list $q" "$OUT" "  $q  "
done
contains "list d of rope_inv_freq" "$OUT" "d  int in 4..1024, multiple of 2, default 128"
contains "list scaling" "$OUT" "scaling  one of none|linear|ntk|dynamic|yarn|llama3|longrope, default none"
contains "list q linked to d" "$OUT" "q  list of d numbers in -100..100, default 1,0,1,0"
contains "list q linked to dim" "$OUT" "q  list of dim numbers in -100..100, default 1,0,1,0,1,0,1,0"
contains "list dim" "$OUT" "dim  int in 4..64, multiple of 4, default 8"
contains "list mode" "$OUT" "mode  one of causal|symmetric, default causal"

# [SECTION] rope_inv_freq (goldens: double-precision transcription of HF modeling_rope_utils.py)
expect_ok "inv_freq defaults" get rope_inv_freq
contains "inv_freq params" "$OUT" '"params":{"d":128,"base":10000,"scaling":"none","factor":8,"original_max":8192,"seq_len":16384,"beta_fast":32,"beta_slow":1,"low_freq_factor":1,"high_freq_factor":4,"max_position":131072,"preset":"none","short_factor":[1],"long_factor":[1]}'
contains "inv_freq shape" "$OUT" '"shape":[64]'
D="$(json_data_numbers "$OUT")"
equals "inv_freq count" "$(count_numbers "$D")" "64"
numbers_near "inv_freq default" "$(pick "$D" 0 1 31 63)" "1 0.8659643233600653 0.011547819846894583 0.00011547819846894582" 1e-12

expect_ok "inv_freq linear" get rope_inv_freq scaling=linear factor=8
numbers_near "linear = default / 8" "$(pick "$(json_data_numbers "$OUT")" 0 1 63)" "0.125 0.10824554042000817 1.4434774808618228e-05" 1e-12

expect_ok "inv_freq ntk" get rope_inv_freq scaling=ntk factor=8
numbers_near "ntk: pair 0 kept, last pair / 8" "$(pick "$(json_data_numbers "$OUT")" 0 1 63)" "1 0.8378480019188024 1.4434774808618228e-05" 1e-12

expect_ok "inv_freq dynamic" get rope_inv_freq scaling=dynamic factor=8 original_max=4096 seq_len=16384
numbers_near "dynamic beyond original" "$(pick "$(json_data_numbers "$OUT")" 0 1 63)" "1 0.8228306793527143 4.619127938757834e-06" 1e-12
expect_ok "inv_freq dynamic short" get rope_inv_freq scaling=dynamic factor=8 original_max=4096 seq_len=2000
numbers_near "dynamic unchanged up to original" "$(pick "$(json_data_numbers "$OUT")" 1 63)" "0.8659643233600653 0.00011547819846894582" 1e-12

expect_ok "inv_freq yarn" get rope_inv_freq scaling=yarn factor=4 original_max=4096
numbers_near "yarn blend" "$(pick "$(json_data_numbers "$OUT")" 0 16 20 30 40 63)" \
  "1 0.1 0.056234132519034905 0.009488517882700576 0.0013378867023789293 2.8869549617236455e-05" 1e-12

expect_ok "inv_freq llama3" get rope_inv_freq scaling=llama3 base=500000 factor=8 original_max=8192 low_freq_factor=1 high_freq_factor=4
numbers_near "llama3 bands" "$(pick "$(json_data_numbers "$OUT")" 0 20 41 45 48 63)" \
  "1 0.016560440080994446 2.7925911282444464e-05 1.2297638677963614e-05 6.647869871181236e-06 3.068925988914511e-07" 1e-12

expect_ok "inv_freq csv" get rope_inv_freq d=4 base=100 --format csv
equals "inv_freq csv text" "$OUT" "1,0.10000000000000001"

# [SECTION] rope_matrix
expect_ok "rope_matrix interleaved" get rope_matrix d=4 base=100 m=1
contains "rope_matrix shape" "$OUT" '"shape":[4,4]'
numbers_near "rope_matrix interleaved values" "$(json_data_numbers "$OUT")" \
  "0.5403023058681398 -0.8414709848078965 0 0  0.8414709848078965 0.5403023058681398 0 0  0 0 0.9950041652780258 -0.09983341664682815  0 0 0.09983341664682815 0.9950041652780258" 1e-15
expect_ok "rope_matrix half" get rope_matrix d=4 base=100 m=1 layout=half
numbers_near "rope_matrix half values" "$(json_data_numbers "$OUT")" \
  "0.5403023058681398 0 -0.8414709848078965 0  0 0.9950041652780258 0 -0.09983341664682815  0.8414709848078965 0 0.5403023058681398 0  0 0.09983341664682815 0 0.9950041652780258" 1e-15
expect_ok "rope_matrix m=0" get rope_matrix d=2 m=0
contains "rope_matrix identity" "$OUT" '"data":[[1,0],[0,1]]}'

# [SECTION] rope_scores
expect_ok "rope_scores" get rope_scores L=3
contains "rope_scores params" "$OUT" '"params":{"L":3,"d":4,"base":10000,"layout":"interleaved","q":[1,0,1,0],"k":[1,0,1,0],"rotary_dim":0,"partial_rotary_factor":1}'
numbers_near "rope_scores Toeplitz values" "$(json_data_numbers "$OUT")" \
  "2 1.5402523062848051 0.5836531701194354  1.5402523062848051 2 1.5402523062848051  0.5836531701194354 1.5402523062848051 2" 1e-12
# S[m][n] = qᵀR_(n−m)k: for q = (1,0), k = (0,1), θ = 1: −sin(n − m).
expect_ok "rope_scores sign" get rope_scores L=2 d=2 q=1,0 k=0,1
numbers_near "rope_scores n−m sign" "$(json_data_numbers "$OUT")" "0 -0.8414709848078965 0.8414709848078965 0" 1e-15
expect_ok "rope_scores d follows" get rope_scores d=6 L=2
contains "q and k follow d" "$OUT" '"q":[1,0,1,0,1,0],"k":[1,0,1,0,1,0]'
expect_ok "rope_scores half layout equals interleaved for unit pairs" get rope_scores L=3 layout=half q=1,1,0,0 k=1,1,0,0
numbers_near "half layout" "$(json_data_numbers "$OUT")" \
  "2 1.5402523062848051 0.5836531701194354  1.5402523062848051 2 1.5402523062848051  0.5836531701194354 1.5402523062848051 2" 1e-12

# [SECTION] ALiBi (goldens: the reference get_slopes of ofirpress/attention_with_linear_biases)
expect_ok "alibi_slopes 8" get alibi_slopes
numbers_near "slopes 8" "$(json_data_numbers "$OUT")" "0.5 0.25 0.125 0.0625 0.03125 0.015625 0.0078125 0.00390625" 0
expect_ok "alibi_slopes 12" get alibi_slopes heads=12
contains "slopes 12 shape" "$OUT" '"shape":[12]'
numbers_near "slopes 12 (not sorted)" "$(json_data_numbers "$OUT")" \
  "0.5 0.25 0.125 0.0625 0.03125 0.015625 0.0078125 0.00390625 0.7071067811865476 0.35355339059327384 0.17677669529663692 0.08838834764831849" 1e-15
expect_ok "alibi_slopes 16" get alibi_slopes heads=16
numbers_near "slopes 16 first and last" "$(pick "$(json_data_numbers "$OUT")" 0 1 15)" "0.7071067811865476 0.5000000000000001 0.003906250000000004" 1e-15

expect_ok "alibi_bias causal" get alibi_bias L=3 heads=2
contains "alibi causal json" "$OUT" '"shape":[2,3,3],"data":[[[0,null,null],[-0.0625,0,null],[-0.125,-0.0625,0]],[[0,null,null],[-0.00390625,0,null],[-0.0078125,-0.00390625,0]]]}'
expect_ok "alibi_bias symmetric" get alibi_bias L=2 heads=1 mode=symmetric
contains "alibi symmetric json" "$OUT" '"shape":[1,2,2],"data":[[[0,-0.00390625],[-0.00390625,0]]]}'
expect_ok "alibi_bias csv" get alibi_bias L=2 heads=1 --format csv
equals "alibi csv -inf" "$OUT" $'0,-inf\n-0.00390625,0'

# [SECTION] axial_rope_scores (golden: rope-vit compute_axial_cis / apply_rotary_emb transcription)
expect_ok "axial defaults" get axial_rope_scores
contains "axial shape" "$OUT" '"shape":[6,6]'
expect_ok "axial 1x2" get axial_rope_scores H=1 W=2 dim=4
numbers_near "axial 1x2" "$(json_data_numbers "$OUT")" "2 1.5403023058681398 1.5403023058681398 2" 1e-15
expect_ok "axial golden" get axial_rope_scores H=2 W=3 dim=8 q=0.5,-1,2,0.25,-0.75,1.5,1,-0.5 k=1,0.5,-0.5,2,0.25,-1,1.5,0.75
numbers_near "axial golden row 0 and diagonal" "$(pick "$(json_data_numbers "$OUT")" 0 1 2 3 4 5 7 35)" \
  "-1.0625 -2.5236536573170496 -3.0086660619823506 -0.7576821994879099 -2.2188358568049598 -2.703848261470261 -1.0625 -1.0625" 1e-12

# [SECTION] errors: exit 2, one stderr line naming the key and its range, empty stdout
expect_error "d odd" 'd: "7" is not a multiple of 2 (4..1024, multiple of 2)' -- get rope_inv_freq d=7
expect_error "d too small" "d: 2 is out of range 4..1024, multiple of 2" -- get rope_inv_freq d=2
expect_error "d fractional" 'd: "8.5" is not a whole number' -- get rope_inv_freq d=8.5
expect_error "scaling unknown" 'scaling: "su" is not a valid choice (one of none|linear|ntk|dynamic|yarn|llama3|longrope)' -- get rope_inv_freq scaling=su
expect_error "factor below 1" "factor: 0.5 is out of range 1..1024" -- get rope_inv_freq factor=0.5
expect_error "base too small" "base: 1 is out of range 2..1000000000" -- get rope_inv_freq base=1
expect_error "base nan" "base:" "2..1000000000" -- get rope_inv_freq base=nan
expect_error "beta_fast zero" "beta_fast: 0 is out of range 0.01..1000" -- get rope_inv_freq beta_fast=0
expect_error "seq_len text" 'seq_len: "long" is not a number' -- get rope_inv_freq seq_len=long
expect_error "original_max zero" "original_max: 0 is out of range 1..10000000" -- get rope_inv_freq original_max=0
expect_error "unknown key" "rope_theta: unknown key (nearest valid key: preset)" -- get rope_inv_freq rope_theta=10000
expect_error "layout unknown" 'layout: "rotate_half" is not a valid choice (one of interleaved|half)' -- get rope_matrix layout=rotate_half
expect_error "matrix d odd" 'd: "3" is not a multiple of 2 (2..128, multiple of 2)' -- get rope_matrix d=3
expect_error "matrix m huge" "m:" "-1000000..1000000" -- get rope_matrix m=1e7
expect_error "q too short" "q: has 2 numbers, but d is 4, so q needs 4 (list of d numbers in -100..100)" -- get rope_scores q=1,2
expect_error "k too long for d" "k: has 4 numbers, but d is 2, so k needs 2" -- get rope_scores d=2 k=1,0,1,0
expect_error "q value out of range" "q: 500 (number 1) is out of range -100..100" -- get rope_scores q=500,0,0,0
expect_error "q not a list" 'q: "a,b,c,d" is not a number list' -- get rope_scores q=a,b,c,d
expect_error "scores L zero" "L: 0 is out of range 1..256" -- get rope_scores L=0
expect_error "scores d too big" "d: 258 is out of range 2..256, multiple of 2" -- get rope_scores d=258
expect_error "heads zero" "heads: 0 is out of range 1..256" -- get alibi_slopes heads=0
expect_error "bias L too big" "L: 129 is out of range 1..128" -- get alibi_bias L=129
expect_error "bias heads too big" "heads: 65 is out of range 1..64" -- get alibi_bias heads=65
expect_error "bias mode" 'mode: "both" is not a valid choice (one of causal|symmetric)' -- get alibi_bias mode=both
expect_error "axial dim not multiple of 4" 'dim: "6" is not a multiple of 4 (4..64, multiple of 4)' -- get axial_rope_scores dim=6
expect_error "axial q length" "q: has 4 numbers, but dim is 8, so q needs 8 (list of dim numbers in -100..100)" -- get axial_rope_scores q=1,0,1,0
expect_error "axial H too big" "H: 17 is out of range 1..16" -- get axial_rope_scores H=17
expect_error "axial theta" "theta: 0.5 is out of range 1..1000000" -- get axial_rope_scores theta=0.5
expect_error "axial theta inf" "theta:" "1..1000000" -- get axial_rope_scores theta=inf

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
