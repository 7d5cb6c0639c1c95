#!/usr/bin/env bash
# PE Lab — tests/cli/map_pixels.sh
# Black-box checks of pelab-cli's map_pixels: box-filtered images of position maps against
# goldens from an independent brute-force summation (Python, every cell weighted by its overlap with the
# pixel, masked cells left out), filter=point, null for wholly masked pixels, CSV output, and the error
# contract for bad windows and sizes (exit 2, one stderr line naming the key, nothing on stdout).
# Builds nothing. Usage: tests/cli/map_pixels.sh [path/to/pelab-cli]. Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] list
expect_ok "list" list
contains "list map_pixels" "$OUT" "  map_pixels  "
contains "list pixels" "$OUT" "pixels  int in 1..1024, default 64"
contains "list filter" "$OUT" "filter  one of box|point, default box"

# [SECTION] values (goldens: brute-force double summation over cells, written independently in Python)
expect_ok "shaw whole" get map_pixels map=shaw L=37 clip=16 pixels=4
contains "shaw shape" "$OUT" '"shape":[4,4]'
numbers_near "shaw whole, 9.25 cells per pixel" "$(json_data_numbers "$OUT")" \
  "16 25.21402483564646 31.39663988312637 32  6.785975164353543 16 25.212563915266617 31.39663988312637  0.6033601168736303 6.787436084733382 16 25.21402483564646  0 0.6033601168736303 6.785975164353543 16" 1e-12

expect_ok "alibi causal whole" get map_pixels map=alibi L=37 heads=8 head=0 mode=causal pixels=4
numbers_near "alibi causal: masked cells left out" "$(pick "$(json_data_numbers "$OUT")" 0 1 4 5 12 15)" \
  "-1.3870541611624836 0 -4.621621621621622 -1.4026490066225166 -13.864864864864865 -1.3870541611624836" 1e-12
contains "alibi causal: wholly masked pixels are null" "$OUT" '[-1.3870541611624836,0,null,null]'

expect_ok "shaw window" get map_pixels map=shaw L=100 clip=16 window=10.5,20.25,30.5 pixels=3
numbers_near "shaw fractional window" "$(json_data_numbers "$OUT")" \
  "6.345874764848166 16.409836065573785 26.40446116635315 0.3974737973662997 6.3453372749261 16.409836065573767 0 0.3950550927170123 6.342649825315776" 1e-12

expect_ok "shaw point" get map_pixels map=shaw L=37 clip=16 pixels=4 filter=point
numbers_near "point: the cell under each pixel centre (4, 13, 23, 32)" "$(pick "$(json_data_numbers "$OUT")" 0 1 2 3 4)" \
  "16 25 32 32 7" 0

expect_ok "sub-cell pixels" get map_pixels map=shaw L=100 clip=16 window=50,40,2 pixels=4
numbers_near "pixels smaller than a cell show the cell" "$(json_data_numbers "$OUT")" \
  "26 26 27 27  26 26 27 27  25 25 26 26  25 25 26 26" 0

expect_ok "csv" get map_pixels map=shaw L=4 clip=1 pixels=2 --format csv
equals "csv text" "$OUT" "$(printf '1,2\n0,1')"

# [SECTION] bad input: exit 2 and a message naming the key
expect_error "window past the map" "window: window columns end past the map" -- get map_pixels map=shaw L=37 window=30,0,10
expect_error "window rows past the map" "window: window rows end past the map" -- get map_pixels map=shaw L=37 window=0,30.5,7
expect_error "negative span" "window:" "out of range" -- get map_pixels map=shaw L=37 window=0,0,-3
expect_error "window of two numbers" "window:" "not a valid length" -- get map_pixels window=1,1
expect_error "too many pixels" "pixels: 1025 is out of range 1..1024" -- get map_pixels pixels=1025
expect_error "zero pixels" "pixels: 0 is out of range 1..1024" -- get map_pixels pixels=0
expect_error "unknown filter" "filter:" "box|point" -- get map_pixels filter=gauss

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
