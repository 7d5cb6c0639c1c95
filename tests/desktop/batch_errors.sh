#!/usr/bin/env bash
# PE Lab — tests/desktop/batch_errors.sh
# Batch runs fail loudly: --headless-render, --screenshot, --gpu-map and --bench-map exit 2 on a
# bad key=value argument, a bad window=, an empty or unwritable output path, with one stderr line naming
# the argument and its valid range, and leave no output file; a planted PATH.part symlink is never
# followed; an escape sequence in an argument is echoed as \xNN; a 128 KiB argument is refused in one line.
# Runs the built app (build/native/pelab, or $PELAB_APP) under Xvfb with Mesa, like tests/desktop/run.sh.
set -uo pipefail
cd "$(dirname "$0")/../.."
app=${PELAB_APP:-build/native/pelab}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBGL_ALWAYS_SOFTWARE=1
pass=0 fail=0
check() {  # check NAME COMMAND... : passes when COMMAND succeeds
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); echo "ok   - $name"; else fail=$((fail + 1)); echo "FAIL - $name"; fi
}
run_x() { timeout 120 xvfb-run -a -s "-screen 0 1400x900x24" "$@"; }
ESC=$'\e'

# refuses NEEDLE FILE ARGS...: exit 2, exactly one stderr line containing NEEDLE and no raw ESC byte,
# FILE (and FILE.part) absent afterwards.
refuses() {
  local needle=$1 file=$2; shift 2
  rm -f "$file" "$file.part"
  run_x "$app" "$@" >"$out/stdout" 2>"$out/stderr"
  local rc=$?
  local lines; lines=$(wc -l <"$out/stderr")
  if [ "$rc" -ne 2 ]; then echo "  exit $rc, expected 2; stderr: $(head -c 300 "$out/stderr")"; return 1; fi
  if [ "$lines" -ne 1 ]; then echo "  stderr has $lines lines: $(head -c 300 "$out/stderr")"; return 1; fi
  if ! grep -qF -- "$needle" "$out/stderr"; then echo "  stderr does not name [$needle]: $(cat "$out/stderr")"; return 1; fi
  if grep -q "$ESC" "$out/stderr"; then echo "  stderr holds a raw ESC byte"; return 1; fi
  if [ -e "$file" ] || [ -e "$file.part" ]; then echo "  $file was written"; return 1; fi
  [ -z "$(ls -A "$(dirname "$file")" 2>/dev/null | grep -v '^keep' || true)" ] || { echo "  left files: $(ls -A "$(dirname "$file")")"; return 1; }
}

d=$out/files
mkdir -p "$d"
png=$d/out.png

# [SECTION] --headless-render
check "--headless-render: bad value exits 2 naming L and its range" refuses "L: 1e9 is out of range 2..65536" "$png" --headless-render "$png" map=rope L=1e9 --size 64x64
check "--headless-render: unknown map exits 2" refuses "map: \"nope\" is not a valid choice" "$png" --headless-render "$png" map=nope --size 64x64
check "--headless-render: bad window exits 2" refuses "window: \"a,b\" is not COL,ROW,SPAN" "$png" --headless-render "$png" map=t5 window=a,b --size 64x64
check "--headless-render: window outside the map exits 2" refuses "inside 0..64" "$png" --headless-render "$png" map=t5 L=64 window=60,0,8 --size 64x64
check "--headless-render: unknown key exits 2 naming the nearest" refuses "nearest valid key: scaling" "$png" --headless-render "$png" map=rope scalng=yarn --size 64x64
check "--headless-render: empty path exits 2" refuses "--headless-render: the file path is empty" "$png" --headless-render "" map=rope --size 64x64
check "--headless-render: unwritable folder exits 2" refuses "--headless-render: cannot write" "/nonexistent-dir/m.png" --headless-render /nonexistent-dir/m.png map=rope --size 64x64
check "--headless-render: escape sequence echoed as \\xNN" refuses '\x1B[2J' "$png" --headless-render "$png" "${ESC}[2J=1" --size 64x64
check "--headless-render: 128 KiB argument refused" refuses "input too long (131,071 bytes, limit 65,536)" "$png" --headless-render "$png" "L=$(head -c $((128 * 1024 - 3)) /dev/zero | tr '\0' '9')"

# [SECTION] --screenshot and --gpu-map
check "--screenshot: empty path exits 2 (no interactive run)" refuses "--screenshot: the file path is empty" "$png" --screenshot ""
check "--screenshot: bad value exits 2" refuses "L: 999 is out of range 1..64" "$png" --screenshot "$png" lesson=f-delta L=999
check "--screenshot: unknown key exits 2" refuses "bogus: unknown key" "$png" --screenshot "$png" bogus=1
check "--screenshot: bad lesson exits 2" refuses "lesson: \"nope\" is not a valid choice" "$png" --screenshot "$png" lesson=nope
check "--screenshot: unwritable folder exits 2" refuses "--screenshot: cannot write" "/nonexistent-dir/x.png" --screenshot /nonexistent-dir/x.png
check "--gpu-map: bad value exits 2" refuses "L: 1 is out of range 2..65536" "$png" --gpu-map rope L=1 --frames 1
check "--gpu-map: unknown key exits 2" refuses "bogus: unknown key" "$png" --gpu-map t5 bogus=1 --frames 1

# [SECTION] --bench-map
check "--bench-map: bad value exits 2" refuses "L: \"abc\" is not a number" "$png" --bench-map map=rope L=abc --frames 1 --size 64x64
check "--bench-map: out-of-range heads exits 2" refuses "heads: 0 is out of range 1..64" "$png" --bench-map map=alibi heads=0 --frames 1 --size 64x64

# [SECTION] files: a planted PATH.part symlink is never followed; the result is a regular file
symlink_safe() {
  local target=$d/victim.txt link_png=$d/linked.png
  printf 'keep me' >"$target"
  rm -f "$link_png" "$link_png.part"
  ln -s "$target" "$link_png.part"
  run_x "$app" --headless-render "$link_png" map=shaw L=64 --size 64x64 >/dev/null 2>"$out/stderr" || { cat "$out/stderr"; return 1; }
  [ "$(cat "$target")" = "keep me" ] && [ -f "$link_png" ] && [ ! -L "$link_png" ] && [ -L "$link_png.part" ] &&
    [ "$(head -c 4 "$link_png" | tail -c 3)" = "PNG" ] &&
    [ -z "$(ls -A "$d" | grep -v -e '^victim.txt$' -e '^linked.png$' -e '^linked.png.part$')" ]
}
check "--headless-render never follows a planted PATH.part symlink" symlink_safe
shot_symlink_safe() {
  local target=$d/victim2.txt shot=$d/shot.png
  printf 'keep me too' >"$target"
  rm -f "$shot" "$shot.part"
  ln -s "$target" "$shot.part"
  run_x "$app" --screenshot "$shot" --size 320x240 >/dev/null 2>"$out/stderr" || { cat "$out/stderr"; return 1; }
  [ "$(cat "$target")" = "keep me too" ] && [ -f "$shot" ] && [ ! -L "$shot" ]
}
check "--screenshot never follows a planted PATH.part symlink" shot_symlink_safe
interactive_notice() {  # not a batch run: the 128 KiB argument is a notice, the app still renders
  run_x "$app" "L=$(head -c $((128 * 1024 - 3)) /dev/zero | tr '\0' '9')" --frames 2 >/dev/null 2>"$out/stderr" &&
    grep -qF "input too long (131,071 bytes, limit 65,536)" "$out/stderr"
}
check "interactive run: a 128 KiB argument becomes one notice and the app runs" interactive_notice

echo "desktop batch errors: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
