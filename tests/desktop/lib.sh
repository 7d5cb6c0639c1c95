# PE Lab — tests/desktop/lib.sh: what the desktop test scripts share (sourced, not run): the app and the
# artifact folder, software GL, the pass/fail counters and check(), the app under Xvfb, and a PNG's colour
# count (a blank or single-colour window has only a handful).
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
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
colours() { convert "$1" -format %k info: 2>/dev/null || echo 0; }
