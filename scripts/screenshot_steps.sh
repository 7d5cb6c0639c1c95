#!/usr/bin/env bash
# PE Lab — scripts/screenshot_steps.sh
# A screenshot of every step of every lesson (and the map page) with the desktop build, at the four sizes the
# layout tests use (1280×720, the 960×540 embed, 1920×1080 at fontscale 1.5, a 390×844 phone) in both
# languages, under one Xvfb with Mesa's software GL. For checking that a restructure changes no pixel: take
# one set before and one after, then compare them with `scripts/screenshot_steps.sh --compare A B`.
# The screenshots are not committed.
#   scripts/screenshot_steps.sh build/native/pelab OUT_DIR [LESSON ...]
#   scripts/screenshot_steps.sh --compare DIR_A DIR_B
set -euo pipefail

if [ "${1:-}" = "--compare" ]; then
    a=${2:?usage: screenshot_steps.sh --compare DIR_A DIR_B}; b=${3:?usage: screenshot_steps.sh --compare DIR_A DIR_B}
    # PNG files may differ in metadata only; compare decoded pixels.
    python3 - "$a" "$b" <<'PY'
import sys, os, zlib, struct
def pixels(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', path
    pos, idat, head = 8, b'', None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR': head = body
        if kind == b'IDAT': idat += body
        pos += 12 + n
    return head, zlib.decompress(idat)
a, b = sys.argv[1], sys.argv[2]
names = sorted(set(os.listdir(a)) | set(os.listdir(b)))
differ = [n for n in names if not (os.path.exists(os.path.join(a, n)) and os.path.exists(os.path.join(b, n)))
          or pixels(os.path.join(a, n)) != pixels(os.path.join(b, n))]
print(f"screenshot_steps.sh: {len(names) - len(differ)} of {len(names)} screenshots identical")
for n in differ: print("  differs:", n)
sys.exit(1 if differ else 0)
PY
    exit $?
fi

pelab=${1:?usage: screenshot_steps.sh PELAB OUT_DIR [LESSON ...]}
out=${2:?usage: screenshot_steps.sh PELAB OUT_DIR [LESSON ...]}
shift 2
cli="$(dirname "$pelab")/pelab-cli"
[ -x "$pelab" ] && [ -x "$cli" ] || { echo "screenshot_steps.sh: $pelab and $cli must be built" >&2; exit 2; }
mkdir -p "$out"
# lesson id and step count from `pelab-cli list`; the map page opens over the first lesson with map=.
if [ $# -eq 0 ]; then set -- $("$cli" list | awk '/^lessons:/{on=1; next} /^quantities:/{on=0} on && NF {print $1}') map-page; fi
steps_of() { if [ "$1" = map-page ]; then echo 4; else "$cli" list | awk -v id="$1" '$1 == id {print $2}'; fi; }
keys_of() { if [ "$1" = map-page ]; then echo "map=rope"; else echo "lesson=$1"; fi; }

display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1920x1080x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
export DISPLAY=$display LIBGL_ALWAYS_SOFTWARE=1
count=0
for lesson in "$@"; do
    n=$(steps_of "$lesson")
    for step in $(seq 1 "$n"); do
        for lang in en zh; do
            for size in 1280x720:"" 960x540:embed=1 1920x1080:fontscale=1.5 390x844:""; do
                wh=${size%%:*}; extra=${size#*:}
                name="$lesson-$step-$lang-$wh.png"
                "$pelab" $(keys_of "$lesson") step="$step" lang="$lang" $extra --size "$wh" --screenshot "$out/$name" >/dev/null 2>&1 ||
                    echo "screenshot_steps.sh: $name failed" >&2
                count=$((count + 1))
            done
        done
    done
done
echo "screenshot_steps.sh: $count screenshots in $out"
