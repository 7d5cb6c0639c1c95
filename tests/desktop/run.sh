#!/usr/bin/env bash
# PE Lab — tests/desktop/run.sh: the desktop app under Xvfb with Mesa's software GL (llvmpipe):
# starts at a given step, renders, writes a non-blank screenshot and exits; bad flags exit 2. Also the
# long-sequence maps: the GPU tile check against the core (graded by check_gpu_tiles.py), --gpu-map,
# --headless-render (what is drawn, not only that a file exists) and --bench-map. Then idle CPU ticks and
# keyboard navigation with real key presses (x11_keys.py).
set -uo pipefail
source "$(dirname "$0")/lib.sh"

shot_step() {
  local png=$out/desktop-$1.png; shift
  rm -f "$png"
  run_x "$app" "$@" --screenshot "$png" >/dev/null 2>"$out/desktop.stderr" || return 1
  [ -s "$png" ] && [ "$(colours "$png")" -gt 50 ]
}
check "f-delta step 4 renders a non-blank screenshot" shot_step f-delta-4 lesson=f-delta step=4 L=6 lang=en
check "zh step 3 renders" shot_step f-delta-3-zh lesson=f-delta step=3 lang=zh
check "screenshot is the window size" bash -c "[ \"\$(identify -format %wx%h $out/desktop-f-delta-4.png)\" = 1280x800 ]"
check "--frames 3 exits 0" run_x "$app" lesson=f-delta step=7 --frames 3
check "--size is honoured" bash -c "xvfb-run -a -s '-screen 0 1400x900x24' $app --size 640x480 --screenshot $out/desktop-small.png >/dev/null 2>&1 && [ \"\$(identify -format %wx%h $out/desktop-small.png)\" = 640x480 ]"
# Figure first and playback. --layout prints where the last frame drew each figure: the primary figure
# (listed first) must be inside the window and cover at least a fifth of it. play=1 runs the step's timeline
# (f-delta step 2 plays L from 2 to 16, two a second). A scripted run counts every frame as 1/60 s, whatever the
# machine's speed: L=3 still shows 3 rows after 2 frames and 3 + 2 * 75/60 = 5.5, so 5 rows, after 75.
primary_fits() {  # W H ARGS...
  local W=$1 H=$2 json; shift 2
  json=$(run_x "$app" "$@" --size "${W}x$H" --frames 6 --layout 2>/dev/null | grep '^\[') || return 1
  python3 -c 'import json, sys
f = json.loads(sys.argv[3])[0]; W, H = int(sys.argv[1]), int(sys.argv[2])
inside = f["x"] >= -1 and f["y"] >= -1 and f["x"] + f["w"] <= W + 1 and f["y"] + f["h"] <= H + 1
sys.exit(0 if inside and f["w"] * f["h"] >= 0.2 * W * H else 1)' "$W" "$H" "$json"
}
check "--layout: T5 step 2's heatmap is on screen and covers >= 1/5 of 1280x720" primary_fits 1280 720 lesson=t5-bias step=2 lang=en
check "--layout: the map page fits 960x540 embedded" primary_fits 960 540 lesson=rope map=rope embed=1 lang=en
check "--layout: vit-2d step 3 fits 1920x1080 at fontscale 1.5" primary_fits 1920 1080 lesson=vit-2d step=3 fontscale=1.5 lang=en
# A table beside the primary figure shows every column (the primary figure gives up width down to a fifth of the
# window, Chinese headers break between characters): no table in these steps scrolls sideways at 1280x720.
no_sideways_tables() {  # ARGS...
  local json
  json=$(run_x "$app" "$@" --size 1280x720 --frames 6 --layout 2>/dev/null | grep '^\[') || return 1
  python3 -c 'import json, sys
views = json.loads(sys.argv[1])
tables = [v for v in views if v["kind"] == "table"]
sys.exit(0 if tables and all(v["scrolls_sideways"] is False for v in tables) else 1)' "$json"
}
for args in "lesson=f-delta step=6 lang=en" "lesson=absolute-pe step=6 lang=en" "lesson=vit-2d step=4 lang=zh" \
            "lesson=attention-grid step=3 lang=zh" "lesson=rope step=3 lang=en"; do
  # shellcheck disable=SC2086  # the words are the arguments
  check "--layout: every column of the tables shows at 1280x720 ($args)" no_sideways_tables $args
done
# Each figure says whether the whole view (title, figure, notes) is on the step's first screen (src/app/layout.h):
# f-delta step 4's Toeplitz heatmap and table both are at 1280x720, and a figure said to be visible is in the window.
figures_visible() {  # W H EXPECT ARGS...: EXPECT = all (every figure visible) or any (just the field)
  local W=$1 H=$2 expect=$3 json; shift 3
  json=$(run_x "$app" "$@" --size "${W}x$H" --frames 6 --layout 2>/dev/null | grep '^\[') || return 1
  python3 -c 'import json, sys
W, H, expect = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
figs = [f for f in json.loads(sys.argv[4]) if f["kind"] != "equation"]
ok = figs and all(isinstance(f.get("visible"), bool) for f in figs)
ok = ok and all(f["y"] >= -1 and f["y"] + f["h"] <= H + 1 and f["x"] + f["w"] <= W + 1 for f in figs if f["visible"])
sys.exit(0 if ok and (expect != "all" or all(f["visible"] for f in figs)) else 1)' "$W" "$H" "$expect" "$json"
}
check "--layout: f-delta step 4's figures are wholly on the first screen at 1280x720" figures_visible 1280 720 all lesson=f-delta step=4 L=6 lang=en
check "--layout: every figure says whether it is on the first screen (rope step 5, 960x540 embed)" figures_visible 960 540 any lesson=rope step=5 embed=1 lang=zh
# The drawn page is the page layout function's (src/app/layout.h layout_page), which the app runs each
# frame from what it measures: every figure's whole rectangle as drawn ("extent") and every equation's box equal
# where layout_page puts them ("planned"), x, y, w and h within 0.5 px (tests/browser/layout_plan.test.mjs checks a
# sample of steps in the browser).
plan_agrees() {  # W H ARGS...
  local W=$1 H=$2 json; shift 2
  json=$(run_x "$app" "$@" --size "${W}x$H" --frames 6 --layout 2>/dev/null | grep '^\[') || return 1
  python3 -c 'import json, sys
layout = json.loads(sys.argv[1])
ok = any(e["kind"] != "equation" for e in layout)
for e in layout:
    if e["kind"] == "controls": continue  # the side column: not placed by layout_page
    drawn = e if e["kind"] in ("equation", "takeaway") else e.get("extent")  # (text: drawn as planned)
    planned = e.get("planned")
    ok = ok and drawn is not None and planned is not None and all(abs(drawn[k] - planned[k]) <= 0.5 for k in "xywh")
sys.exit(0 if ok else 1)' "$json"
}
check "--layout: the drawn page is layout_page's, every rectangle (rope step 4, 1280x720)" plan_agrees 1280 720 lesson=rope step=4 lang=en
check "--layout: the drawn page is layout_page's, every rectangle (f-delta step 8, 960x540 embed, zh)" plan_agrees 960 540 lesson=f-delta step=8 embed=1 lang=zh
rows_after() { run_x "$app" lesson=f-delta step=2 L=3 play=1 --frames "$1" --layout 2>/dev/null | grep -o '"rows":[0-9]*' | head -1; }
plays() { [ "$(rows_after 2)" = '"rows":3' ] && [ "$(rows_after 75)" = '"rows":5' ]; }
check "play=1 advances the step's timeline (L grows while frames are drawn)" plays
not_played() { [ "$(run_x "$app" lesson=f-delta step=2 L=3 --frames 60 --layout 2>/dev/null | grep -o '"rows":[0-9]*' | head -1)" = '"rows":3' ]; }
check "without play=1 nothing plays" not_played
bad_key() { run_x "$app" L=999 bogus=1 --frames 2 >/dev/null 2>"$out/desktop.stderr" && grep -q "L:" "$out/desktop.stderr" && grep -q "bogus" "$out/desktop.stderr"; }
check "bad key=value: runs, stderr names the keys" bad_key
bad_flag() { "$app" --frames abc >/dev/null 2>"$out/desktop.stderr"; [ $? -eq 2 ] && grep -q "frames" "$out/desktop.stderr"; }
check "bad --frames exits 2 with a message" bad_flag
unknown_flag() { "$app" --warp 9 >/dev/null 2>&1; [ $? -eq 2 ]; }
check "unknown option exits 2" unknown_flag
no_partial() { rm -f /nonexistent-dir/x.png; run_x "$app" --screenshot /nonexistent-dir/x.png >/dev/null 2>&1; [ $? -ne 0 ] && [ ! -e /nonexistent-dir/x.png.part ]; }
check "unwritable screenshot path fails cleanly" no_partial

# Long-sequence maps on llvmpipe.
# The tool's verdict is not trusted: check_gpu_tiles.py holds the expected tile list (48 today), needs every
# tile present once with every pixel compared, and recomputes each tile's error against its tolerance.
gpu_check() {
  run_x "$app" --gpu-check >"$out/gpu-check.json" 2>"$out/desktop.stderr"
  local rc=$?
  python3 tests/desktop/check_gpu_tiles.py "$out/gpu-check.json" | sed 's/^/     /'
  [ "${PIPESTATUS[0]}" -eq 0 ] && [ $rc -eq 0 ] && grep -q "all tiles within tolerance" "$out/gpu-check.json"
}
check "GPU tiles of every map match the core within tolerance (llvmpipe)" gpu_check
check "--gpu-map rope L=65536 opens the map page" shot_step gpu-map-rope --gpu-map rope L=65536 lang=en
# Pixel colour at x,y as ImageMagick names it.
pixel() { convert "$1" -format "%[pixel:p{$2,$3}]" info: 2>/dev/null; }
# A map drawn whole is Toeplitz on screen: every pixel centre on the main diagonal lies on a Δ = 0 cell, so
# they share one colour, which the far off-diagonal corner (|Δ| ≈ L) does not have.
diagonal_is_one_colour() {  # PNG SIZE
  local png=$1 n=$2 c0 i
  c0=$(pixel "$png" 0 0)
  for i in $((n / 7)) $((n / 3)) $((n / 2)) $((n - 1)); do [ "$(pixel "$png" "$i" "$i")" = "$c0" ] || return 1; done
  [ "$(pixel "$png" $((n - 1)) 0)" != "$c0" ]
}
headless() {
  local png=$out/headless-rope.png; rm -f "$png"
  run_x "$app" --headless-render "$png" lesson=rope map=rope L=65536 --size 384x384 >"$out/headless.stdout" 2>"$out/desktop.stderr" &&
    [ "$(identify -format %wx%h "$png")" = 384x384 ] && [ "$(colours "$png")" -gt 50 ] &&
    grep -q "map=rope L=65536, columns 0..65536, rows 0..65536" "$out/headless.stdout" && diagonal_is_one_colour "$png" 384
}
check "--headless-render writes the whole map at the asked size (diagonal one colour)" headless
# window=65000,65000,64 at 256 px: 4 pixels per cell. T5 buckets depend on j − i only, so the image repeats
# along the diagonal in steps of 4 pixels, and a cell off the diagonal differs from the diagonal.
headless_window() {
  local png=$out/headless-t5-window.png; rm -f "$png"
  run_x "$app" --headless-render "$png" map=t5 L=65536 window=65000,65000,64 --size 256x256 >"$out/headless.stdout" 2>"$out/desktop.stderr" &&
    grep -q "columns 65000..65064, rows 65000..65064" "$out/headless.stdout" || return 1
  local x y
  for x in 2 30 130; do for y in 2 62 150; do
    [ "$(pixel "$png" $x $y)" = "$(pixel "$png" $((x + 100)) $((y + 100)))" ] || { echo "     not Toeplitz at $x,$y"; return 1; }
  done; done
  [ "$(pixel "$png" 2 2)" != "$(pixel "$png" 254 2)" ]
}
check "--headless-render window=COL,ROW,SPAN draws that window (Toeplitz, 4 px per cell)" headless_window
headless_egl() {  # no X server at all: SDL's offscreen driver renders through EGL (Mesa here, NVIDIA on a GPU box)
  local png=$out/headless-egl.png; rm -f "$png"
  env -u DISPLAY SDL_VIDEODRIVER=offscreen "$app" --headless-render "$png" map=sinusoidal L=65536 --size 200x200 >/dev/null 2>"$out/desktop.stderr" &&
    [ "$(identify -format %wx%h "$png")" = 200x200 ] && [ "$(colours "$png")" -gt 20 ] && diagonal_is_one_colour "$png" 200
}
check "--headless-render without X (EGL, SDL_VIDEODRIVER=offscreen)" headless_egl
headless_bad() {
  local png=$out/headless-bad.png; rm -f "$png"
  run_x "$app" --headless-render "$png" map=nope L=1e9 window=a,b --size 128x128 >/dev/null 2>"$out/desktop.stderr"
  [ $? -eq 2 ] && grep -q "map:" "$out/desktop.stderr" && [ ! -e "$png" ]
}
check "--headless-render with bad keys exits 2 naming the first, no PNG" headless_bad
headless_unwritable() { run_x "$app" --headless-render /nonexistent-dir/m.png map=rope >/dev/null 2>&1; [ $? -eq 2 ] && [ ! -e /nonexistent-dir/m.png.part ]; }
check "--headless-render to an unwritable path fails cleanly" headless_unwritable
bad_map() { "$app" --gpu-map nope >/dev/null 2>"$out/desktop.stderr"; [ $? -eq 2 ] && grep -q "sinusoidal|rope|alibi|t5|shaw" "$out/desktop.stderr"; }
check "--gpu-map with an unknown map exits 2 naming the maps" bad_map
bench_map() { run_x "$app" --bench-map map=shaw L=65536 --frames 3 --size 128x128 2>/dev/null | grep -q '"median_ms"'; }
check "--bench-map prints a median frame time" bench_map

# Idle CPU and keyboard navigation: the app on an X server of its own, driven by real key presses
# (XTest, tests/desktop/x11_keys.py). Idle is a count of CPU ticks (1/100 s) in /proc, not a timing: while
# the app waits in SDL_WaitEvent it may use at most 2 ticks in 3 s. Navigation is checked against pictures:
# → from step 4 must show exactly what the app shows when started at step 5, ← must return to step 4's
# picture, End must show the last step (8) and Home the first.
XDISP=""
XPID=""
APP_PID=""
start_own_x() {
  local n
  for n in $(seq 91 140); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || { XDISP=":$n"; break; }
  done
  [ -n "$XDISP" ] || return 1
  Xvfb "$XDISP" -screen 0 1400x900x24 -nolisten tcp -noreset >/dev/null 2>&1 &
  XPID=$!
  for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X${XDISP#:}" ] && return 0; sleep 0.1; done
  return 1
}
stop_own_x() { [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null; [ -n "$XPID" ] && kill "$XPID" 2>/dev/null; wait 2>/dev/null; APP_PID=""; XPID=""; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo -1; }
# Waits until the app has used no CPU tick for 1.5 s in a row (at most 90 s): a count, so a loaded machine
# only makes it wait longer.
wait_still() {
  local last now still=0
  last=$(cpu_ticks "$APP_PID")
  for _ in $(seq 360); do
    sleep 0.25
    now=$(cpu_ticks "$APP_PID")
    [ "$now" = -1 ] && return 1
    if [ "$now" = "$last" ]; then still=$((still + 1)); [ $still -ge 6 ] && return 0; else still=0; fi
    last=$now
  done
  return 1
}
launch() {  # launch ARGS...: starts the app on our display, waits for its window, focuses it, lets it settle
  DISPLAY="$XDISP" "$app" "$@" >/dev/null 2>"$out/desktop.stderr" &
  APP_PID=$!
  for _ in $(seq 300); do xwininfo -display "$XDISP" -name "PE Lab" >/dev/null 2>&1 && break; sleep 0.1; done
  DISPLAY="$XDISP" python3 tests/desktop/x11_keys.py && wait_still
}
keys() { DISPLAY="$XDISP" python3 tests/desktop/x11_keys.py "$@" && wait_still; }
grab() { import -display "$XDISP" -window "PE Lab" "$out/$1.png" 2>/dev/null; }
same_picture() { [ "$(compare -metric AE "$out/$1.png" "$out/$2.png" null: 2>&1)" = 0 ]; }
close_app() { kill "$APP_PID" 2>/dev/null; wait "$APP_PID" 2>/dev/null; APP_PID=""; }

IDLE_TICKS=-1
desktop_session() {
  start_own_x || { echo "     could not start Xvfb"; return 1; }
  local base=(lesson=f-delta L=6 lang=en --size 1000x700)
  launch "${base[@]}" step=5 && grab nav-step5 && close_app || return 1
  launch "${base[@]}" step=recap && grab nav-step-last && close_app || return 1
  launch "${base[@]}" step=1 && grab nav-step1 && close_app || return 1
  launch "${base[@]}" step=4 || return 1
  local t0 t1
  t0=$(cpu_ticks "$APP_PID"); sleep 3; t1=$(cpu_ticks "$APP_PID")
  IDLE_TICKS=$((t1 - t0))
  grab nav-a4 && keys Right && grab nav-a5 && keys Left && grab nav-b4 && keys End && grab nav-a-last && keys Home && grab nav-a1 || return 1
  close_app
}
desktop_session; session_rc=$?
stop_own_x
echo "     idle: $IDLE_TICKS CPU ticks in 3 s"
idle_ticks_ok() { [ $session_rc -eq 0 ] && [ "$IDLE_TICKS" -ge 0 ] && [ "$IDLE_TICKS" -le 2 ]; }
check "desktop idle: at most 2 CPU ticks in 3 s (SDL_WaitEvent)" idle_ticks_ok
check "keyboard session ran (own Xvfb, XTest key presses)" bash -c "[ $session_rc -eq 0 ]"
check "→ from step 4 shows exactly step 5's picture" same_picture nav-a5 nav-step5
check "← returns to step 4's picture" same_picture nav-b4 nav-a4
check "→ changed the picture" bash -c "! cmp -s $out/nav-a4.png $out/nav-a5.png && [ \"\$(compare -metric AE $out/nav-a4.png $out/nav-a5.png null: 2>&1)\" != 0 ]"
check "End shows the last step (recap)" same_picture nav-a-last nav-step-last
check "Home shows step 1" same_picture nav-a1 nav-step1

check "batch runs fail loudly: tests/desktop/batch_errors.sh" bash tests/desktop/batch_errors.sh
echo "desktop: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
