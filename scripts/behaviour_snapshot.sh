#!/usr/bin/env bash
# PE Lab — scripts/behaviour_snapshot.sh
# Writes what the lessons say and compute, as plain files, for comparing two builds across a refactor that
# must not change behaviour: `pelab-cli text` of every lesson in both languages (titles, prose, equations, the
# views' titles and notes, questions, parameter tables, references) and `pelab-cli get` of every quantity at
# its defaults. Compare two snapshots with `diff -r`.
#   scripts/behaviour_snapshot.sh build/native/pelab-cli OUT_DIR
set -euo pipefail
cli=${1:?usage: behaviour_snapshot.sh PELAB_CLI OUT_DIR}
out=${2:?usage: behaviour_snapshot.sh PELAB_CLI OUT_DIR}
[ -x "$cli" ] || { echo "behaviour_snapshot.sh: $cli is not an executable pelab-cli" >&2; exit 2; }
mkdir -p "$out/text" "$out/get"
lessons="$("$cli" list | awk '/^lessons:/{on=1; next} /^quantities:/{on=0} on && NF {print $1}') example position-maps"
quantities=$("$cli" list | awk '/^quantities:/{on=1; next} on && /^  [a-z0-9_]+  /{print $1}')
# The cost lesson times code on this machine as it runs: its order of methods and growth ratios differ from
# run to run, so those lines are left out.
measured() { grep -v -e 'Measured this time' -e '这次测得' -e 'ticks every' -e 'steady_clock 计时' -e 'N grows [0-9]*×' -e 'N 增大 [0-9]* 倍'; }
for lang in en zh; do
    "$cli" text --lang "$lang" | measured > "$out/text/all.$lang.txt"
    for lesson in $lessons; do "$cli" text "$lesson" --lang "$lang" | measured > "$out/text/$lesson.$lang.txt"; done
done
for q in $quantities; do
    for format in json csv latex; do "$cli" get "$q" --format "$format" > "$out/get/$q.$format" 2>&1 || true; done
done
echo "behaviour_snapshot.sh: $(echo $lessons | wc -w) lessons, $(echo $quantities | wc -w) quantities in $out"
