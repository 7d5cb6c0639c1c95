#!/usr/bin/env bash
# PE Lab — tests/cli/run.sh
# Black-box checks of pelab-cli: `list`, JSON/CSV/LaTeX output of f_matrix and r_delta (values, 17
# significant digits, shapes) and the error contract (exit 2, one stderr line naming the argument and its
# valid range, nothing on stdout). Builds nothing. Usage: tests/cli/run.sh [path/to/pelab-cli]
# (default: build/native/pelab-cli under the repository root). Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] help and list
expect_ok "--help" --help
contains "--help usage" "$OUT" "pelab-cli get <quantity>"
expect_ok "list" list
contains "list lesson" "$OUT" "f-delta  11 steps  F(q,k) and R_(q−k)"
contains "list f_matrix" "$OUT" "f_matrix"
contains "list r_delta" "$OUT" "r_delta"
contains "list L" "$OUT" "L  int in 1..64, default 4"
contains "list omega" "$OUT" "omega  list of 1..8 numbers in -100..100, default 1.5707963267948966,1.0471975511965976"
contains "list v" "$OUT" "v  list of 2*len(omega) numbers in -100..100, default 1,0,1,0"

# [SECTION] f_matrix JSON at the course notes' defaults
expect_ok "json defaults" get f_matrix
contains "json head" "$OUT" '{"quantity":"f_matrix","params":{"L":4,"omega":[1.5707963267948966,1.0471975511965976],"v":[1,0,1,0]},"shape":[4,4],"data":[['
numbers_near "json course-notes matrix" "$(json_data_numbers "$OUT")" \
  "2 0.5 -1.5 -1 0.5 2 0.5 -1.5 -1.5 0.5 2 0.5 -1 -1.5 0.5 2" 1e-12
expect_ok "json explicit format" get f_matrix --format json
contains "json explicit format same" "$OUT" '"shape":[4,4]'
expect_ok "json L=1" get f_matrix L=1
contains "json L=1" "$OUT" '"shape":[1,1],"data":[[2]]}'
expect_ok "json params defaults filled" get f_matrix L=3
contains "json params defaults filled" "$OUT" '"params":{"L":3,"omega":[1.5707963267948966,1.0471975511965976],"v":[1,0,1,0]}'
expect_ok "json omega grows, v follows" get f_matrix omega=1,2,3 L=2
contains "json v follows" "$OUT" '"v":[1,0,1,0,1,0]'
contains "json v follows shape" "$OUT" '"shape":[2,2]'
expect_ok "json int given as 4.0" get f_matrix L=4.0
contains "json int given as 4.0" "$OUT" '"L":4,'

# 17 significant digits: cos(1) = 0.54030230586813977 (the shortest form has 16).
expect_ok "json 17 digits" get f_matrix L=2 omega=1 v=1,0
contains "json 17 digits" "$OUT" '"data":[[1,0.54030230586813977],[0.54030230586813977,1]]}'

# [SECTION] CSV and LaTeX
expect_ok "csv" get f_matrix L=2 omega=1 v=1,0 --format csv
equals "csv text" "$OUT" $'1,0.54030230586813977\n0.54030230586813977,1'
expect_ok "csv =form" get f_matrix L=2 omega=1 v=1,0 --format=csv
equals "csv =form text" "$OUT" $'1,0.54030230586813977\n0.54030230586813977,1'
expect_ok "latex" get f_matrix --format latex
equals "latex text" "$OUT" $'\\begin{bmatrix}\n2 & 0.5 & -1.5 & -1 \\\\\n0.5 & 2 & 0.5 & -1.5 \\\\\n-1.5 & 0.5 & 2 & 0.5 \\\\\n-1 & -1.5 & 0.5 & 2\n\\end{bmatrix}'
expect_ok "csv readout with sin weight" get f_matrix L=2 omega=1 v=0,1 --format csv
# F[0][1] reads R_(0-1): sin(-1).
numbers_near "csv sin readout" "$(tr ',\n' '  ' <<<"$OUT")" "0 -0.8414709848078965 0.8414709848078965 0" 1e-15

# [SECTION] r_delta
expect_ok "r_delta defaults" get r_delta
contains "r_delta shape" "$OUT" '"shape":[7,4]'
contains "r_delta params" "$OUT" '"params":{"L":4,"omega":[1.5707963267948966,1.0471975511965976]}'
numbers_near "r_delta rows" "$(json_data_numbers "$OUT")" \
  "0 1 -1 0  -1 0 -0.5 -0.8660254037844386  0 -1 0.5 -0.8660254037844386  1 0 1 0  0 1 0.5 0.8660254037844386  -1 0 -0.5 0.8660254037844386  0 -1 -1 0" 1e-12
expect_ok "r_delta csv" get r_delta L=2 omega=1 --format csv
equals "r_delta csv text" "$OUT" $'0.54030230586813977,-0.8414709848078965\n1,0\n0.54030230586813977,0.8414709848078965'
expect_ok "r_delta three frequencies" get r_delta L=3 omega=1,2,3
contains "r_delta 5x6" "$OUT" '"shape":[5,6]'

# [SECTION] errors: exit 2, one stderr line naming the argument and its range, empty stdout
expect_error "no command" "command" "list|get|text|--help" --
expect_error "unknown command" '"frobnicate"' "list|get|text|--help" -- frobnicate
expect_error "list with argument" "list" -- list extra
expect_error "get without quantity" "quantity" "f_matrix|r_delta" -- get
expect_error "unknown quantity" '"nope"' "f_matrix|r_delta" -- get nope
expect_error "L too large" "L: 500 is out of range 1..64" -- get f_matrix L=500
expect_error "L zero" "L: 0 is out of range 1..64" -- get f_matrix L=0
expect_error "L negative" "L:" "1..64" -- get f_matrix L=-1
expect_error "L fractional" 'L: "4.5" is not a whole number (1..64)' -- get f_matrix L=4.5
expect_error "L text" 'L: "abc" is not a number (1..64)' -- get f_matrix L=abc
expect_error "L empty" "L:" "1..64" -- get f_matrix L=
expect_error "L overflow" 'L: "1e999" is not a finite number (1..64)' -- get f_matrix L=1e999
expect_error "L nan" "L:" "1..64" -- get f_matrix L=nan
expect_error "L inf" "L:" "1..64" -- get f_matrix L=inf
expect_error "L hex" "L:" "1..64" -- get f_matrix L=0x10
expect_error "omega text" 'omega: "abc" is not a number list (list of 1..8 numbers in -100..100)' -- get f_matrix omega=abc
expect_error "omega empty" "omega:" "list of 1..8 numbers in -100..100" -- get f_matrix omega=
expect_error "omega hole" "omega:" "list of 1..8 numbers in -100..100" -- get f_matrix omega=1,,2
expect_error "omega too long" "omega:" "has 9 numbers" "list of 1..8 numbers in -100..100" -- get f_matrix omega=1,2,3,4,5,6,7,8,9
expect_error "omega out of range" "omega: 200 (number 1) is out of range -100..100" -- get f_matrix omega=200
expect_error "omega nan" "omega:" "finite" "list of 1..8 numbers in -100..100" -- get r_delta omega=1,nan
expect_error "v wrong length" "v: has 2 numbers, but omega has 2, so v needs 4" "list of 2*len(omega) numbers in -100..100" -- get f_matrix v=1,2
expect_error "v wrong length after omega" "v:" "needs 2" -- get f_matrix omega=1 v=1,0,1,0
expect_error "v out of range" "v:" "-100..100" -- get f_matrix v=1,0,1,1000
expect_error "unknown key" "foo: unknown key (nearest valid key: L)" -- get f_matrix foo=1
expect_error "v is not a key of r_delta" "v: unknown key (nearest valid key: L)" -- get r_delta v=1,0,1,0
expect_error "empty key" "unknown key" "nearest valid key: L" -- get f_matrix =4
expect_error "missing =" '"L": expected key=value' "L, omega, v" -- get f_matrix L
expect_error "duplicate key" "L: given twice" -- get f_matrix L=3 L=4
expect_error "bad format" '--format: "xml" is not a valid format (one of json|csv|latex)' -- get f_matrix --format xml
expect_error "format missing value" "--format" "json|csv|latex" -- get f_matrix --format
expect_error "format given twice" "--format" "json|csv|latex" -- get f_matrix --format csv --format json
expect_error "unknown option" "--frob" "--format" -- get f_matrix --frob
expect_error "newline in value" "L:" "1..64" -- get f_matrix $'L=4\n5'
expect_error "huge value" "input too long (100,002 bytes, limit 65,536)" -- get f_matrix "L=$(head -c 100000 /dev/zero | tr '\0' 9)"
expect_error "10000-element list" "omega:" "has 10000 numbers" "list of 1..8" -- get f_matrix "omega=$(yes 1 | head -n 10000 | paste -sd, -)"

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
