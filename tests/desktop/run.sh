#!/usr/bin/env bash
# PE Lab — tests/desktop/run.sh: the desktop app under Xvfb with Mesa's software GL (llvmpipe):
# starts at a given step, renders, writes a non-blank screenshot and exits; bad flags exit 2. Also the
# long-sequence maps: the GPU tile check against the core, --gpu-map, --headless-render and --bench-map.
set -uo pipefail
cd "$(dirname "$0")/../.."
app=build/native/pelab
out=build/test-artifacts
mkdir -p "$out"
export LIBGL_ALWAYS_SOFTWARE=1
pass=0 fail=0
check() {  # check NAME COMMAND... : passes when COMMAND succeeds
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); echo "ok   - $name"; else fail=$((fail + 1)); echo "FAIL - $name"; fi
}
run_x() { xvfb-run -a -s "-screen 0 1400x900x24" "$@"; }

# Distinct colours in a PNG: a blank or single-colour window has only a handful.
colours() { convert "$1" -format %k info: 2>/dev/null || echo 0; }

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
bad_key() { run_x "$app" L=999 bogus=1 --frames 2 >/dev/null 2>"$out/desktop.stderr" && grep -q "L:" "$out/desktop.stderr" && grep -q "bogus" "$out/desktop.stderr"; }
check "bad key=value: runs, stderr names the keys" bad_key
bad_flag() { "$app" --frames abc >/dev/null 2>"$out/desktop.stderr"; [ $? -eq 2 ] && grep -q "frames" "$out/desktop.stderr"; }
check "bad --frames exits 2 with a message" bad_flag
unknown_flag() { "$app" --warp 9 >/dev/null 2>&1; [ $? -eq 2 ]; }
check "unknown option exits 2" unknown_flag
no_partial() { rm -f /nonexistent-dir/x.png; run_x "$app" --screenshot /nonexistent-dir/x.png >/dev/null 2>&1; [ $? -ne 0 ] && [ ! -e /nonexistent-dir/x.png.part ]; }
check "unwritable screenshot path fails cleanly" no_partial

# [issue 6] Long-sequence maps on llvmpipe.
gpu_check() { run_x "$app" --gpu-check >"$out/gpu-check.json" 2>"$out/desktop.stderr" && grep -q "all tiles within tolerance" "$out/gpu-check.json" && [ "$(grep -c '"ok":true' "$out/gpu-check.json")" -ge 40 ]; }
check "GPU tiles of every map match the core within tolerance (llvmpipe)" gpu_check
check "--gpu-map rope L=65536 opens the map page" shot_step gpu-map-rope --gpu-map rope L=65536 lang=en
headless() {
  local png=$out/headless-rope.png; rm -f "$png"
  run_x "$app" --headless-render "$png" lesson=rope map=rope L=65536 --size 512x384 >"$out/headless.stdout" 2>"$out/desktop.stderr" &&
    [ "$(identify -format %wx%h "$png")" = 512x384 ] && [ "$(colours "$png")" -gt 50 ] && grep -q "map=rope L=65536" "$out/headless.stdout"
}
check "--headless-render writes the map PNG at the asked size" headless
headless_window() {
  local png=$out/headless-t5-window.png; rm -f "$png"
  run_x "$app" --headless-render "$png" map=t5 L=65536 window=65000,65000,64 --size 256x256 >/dev/null 2>"$out/desktop.stderr" && [ -s "$png" ]
}
check "--headless-render window=COL,ROW,SPAN" headless_window
headless_egl() {  # no X server at all: SDL's offscreen driver renders through EGL (Mesa here, NVIDIA on a GPU box)
  local png=$out/headless-egl.png; rm -f "$png"
  env -u DISPLAY SDL_VIDEODRIVER=offscreen "$app" --headless-render "$png" map=sinusoidal L=65536 --size 200x200 >/dev/null 2>"$out/desktop.stderr" &&
    [ "$(identify -format %wx%h "$png")" = 200x200 ] && [ "$(colours "$png")" -gt 20 ]
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
check "batch runs fail loudly: tests/desktop/batch_errors.sh (issue 10)" bash tests/desktop/batch_errors.sh
echo "desktop: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
