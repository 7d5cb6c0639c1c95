#!/usr/bin/env bash
# PE Lab — tests/cli/lab.sh
# Black-box checks of `pelab-cli lab train|eval|grad|bench|pack|keys` on short runs (d=16, 30 steps): the JSON
# of a run (config echo, loss points, per-length scores), that a run is reproducible from its seed, that a saved
# weights file scores the same under `lab eval`, the interpolation and scaling keys of a rope run (pi=S is
# scaling=linear factor=S), the shape and names of `lab grad`'s output, what `lab bench` prints and writes, the
# packed file `lab pack` writes (header line, then 4 bytes a parameter; the same bytes every time), the keys
# `lab keys` prints (each default the one a run echoes), and the error contract (exit 2, one stderr line naming
# the key or tensor, nothing on stdout; a write error exits 1). Builds nothing.
# Usage: tests/cli/lab.sh [path/to/pelab-cli]
# (default: build/native/pelab-cli under the repository root). Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

SMALL=(d=16 heads=2 layers=1 train_steps=30 batch=8 train_max=4 test=2,4,6)

# The run's JSON without its wall time, and its "exact"/"token" members alone.
without_seconds() { sed -e 's/,"seconds":[^}]*}$/}/' <<<"$1"; }
scores_of() { grep -o '"exact":{[^}]*},"token":{[^}]*}' <<<"$1" | head -n 1; }

# [SECTION] help
expect_ok "--help" --help
contains "--help lab" "$OUT" "pelab-cli lab train|eval|grad|bench|pack|keys"

# [SECTION] lab train
expect_ok "train small alibi" lab train "${SMALL[@]}" pe=alibi --save "$TMP/alibi.json"
FIRST="$OUT"
contains "train config echo" "$OUT" '{"config":{"task":"copy","pe":"alibi","d":16,"heads":2,"layers":1,"train_steps":30,"batch":8,"lr":0.001,"seed":0,"train_max":4,"test":[2,4,6],"max_positions":128,"pi":1,"finetune_steps":0,"finetune_max":32},'
contains "train loss first point" "$OUT" '"loss":[[1,'
contains "train loss last point" "$OUT" ',[30,'
contains "train exact keys" "$OUT" '"exact":{"2":'
contains "train token keys" "$OUT" ',"6":'
contains "train seconds" "$OUT" ',"seconds":'
if [[ "$OUT" == *'"pi":{'* || "$OUT" == *'"finetune":'* ]]; then fail "train without pi has pi keys"; else pass; fi

expect_ok "train again, same seed" lab train "${SMALL[@]}" pe=alibi
equals "same seed, same run" "$(without_seconds "$OUT")" "$(without_seconds "$FIRST")"
expect_ok "train other seed" lab train "${SMALL[@]}" pe=alibi seed=1
if [[ "$(without_seconds "$OUT")" != "$(without_seconds "$FIRST")" ]]; then pass; else fail "seed=1 gave the run of seed=0"; fi

expect_ok "train reverse" lab train "${SMALL[@]}" pe=alibi task=reverse
contains "train reverse echo" "$OUT" '"task":"reverse"'

for pe in nope learned sinusoidal rope t5; do
  expect_ok "train $pe" lab train d=16 heads=2 layers=1 train_steps=2 batch=4 test=3 pe=$pe
  contains "train $pe scores" "$OUT" '"exact":{"3":'
done

expect_ok "train rope pi and fine-tune" lab train "${SMALL[@]}" pe=rope pi=2 finetune_steps=5 finetune_max=6 --save "$TMP/rope.json"
ROPE="$OUT"
contains "rope pi scores" "$OUT" ',"pi":{"exact":{"2":'
contains "rope fine-tune loss" "$OUT" ',"finetune":{"loss":[[1,'
contains "rope fine-tune last point" "$OUT" ',[5,'
# The saved model is the fine-tuned one: scored with pi=2 it gives the fine-tune's scores.
expect_ok "eval fine-tuned rope with pi" lab eval weights="$TMP/rope.json" test=2,4,6 pi=2
equals "eval pi = fine-tune scores" "$(scores_of "$OUT")" \
  "$(grep -o '"exact":{[^}]*},"token":{[^}]*}' <<<"$ROPE" | tail -n 1)"
contains "eval pi echo" "$OUT" '"pi":2}'
expect_ok "train rope pi only" lab train "${SMALL[@]}" pe=rope pi=1.5
contains "rope pi only" "$OUT" ',"pi":{"exact":'
if [[ "$OUT" == *'"finetune":'* ]]; then fail "pi only has fine-tune keys"; else pass; fi

# RoPE's scalings: pi=S is scaling=linear factor=S, the same run written the same way; a frequency scaling
# adds its keys to the config echo and a "scaled" member, and lab eval scores a saved model under it.
expect_ok "train rope scaling=linear" lab train "${SMALL[@]}" pe=rope scaling=linear factor=2 finetune_steps=5 finetune_max=6
equals "scaling=linear factor=2 = pi=2" "$(without_seconds "$OUT")" "$(without_seconds "$ROPE")"
expect_ok "train rope scaling=yarn" lab train "${SMALL[@]}" pe=rope scaling=yarn factor=3 --save "$TMP/yarn.json"
YARN="$OUT"
contains "yarn config echo" "$OUT" ',"pi":1,"finetune_steps":0,"finetune_max":32,"scaling":"yarn","factor":3},'
contains "yarn scaled scores" "$OUT" ',"scaled":{"exact":{"2":'
if [[ "$OUT" == *'"pi":{'* || "$OUT" == *'"finetune":'* ]]; then fail "yarn without fine-tune has pi or finetune"; else pass; fi
expect_ok "eval rope under yarn" lab eval weights="$TMP/yarn.json" test=2,4,6 train_max=4 scaling=yarn factor=3
contains "eval yarn echo" "$OUT" '"test":[2,4,6],"pi":1,"scaling":"yarn","factor":3,"train_max":4},'
equals "eval yarn = the run's scaled scores" "$(scores_of "$OUT")" \
  "$(grep -o '"scaled":{"exact":{[^}]*},"token":{[^}]*}' <<<"$YARN" | sed -e 's/^"scaled":{//')"
expect_ok "train rope ntk fine-tune" lab train "${SMALL[@]}" pe=rope scaling=ntk finetune_steps=5 finetune_max=6
contains "ntk fine-tune" "$OUT" ',"finetune":{"loss":[[1,'
expect_ok "train rope plain control" lab train "${SMALL[@]}" pe=rope scaling=none factor=3 finetune_steps=5 finetune_max=6
CONTROL="$OUT"
expect_ok "train rope fine-tune without keys" lab train "${SMALL[@]}" pe=rope finetune_steps=5 finetune_max=6
equals "scaling=none is the plain fine-tune" "$(without_seconds "$OUT")" "$(without_seconds "$CONTROL")"
expect_ok "eval pi=2 = scaling=linear factor=2" lab eval weights="$TMP/rope.json" test=2,4,6 scaling=linear factor=2
contains "eval linear echoes pi" "$OUT" '"pi":2},'

# [SECTION] lab eval
head -c 40 "$TMP/alibi.json" >"$TMP/head"
contains "saved weights format" "$(cat "$TMP/head")" '{"format":"pelab-lab-weights/1",'
expect_ok "eval saved weights" lab eval weights="$TMP/alibi.json" test=2,4,6
contains "eval config" "$OUT" '{"config":{"pe":"alibi","d":16,"heads":2,"layers":1,"max_positions":128,"task":"copy","test":[2,4,6],"pi":1},'
equals "eval scores = train scores" "$(scores_of "$OUT")" "$(scores_of "$FIRST")"
expect_ok "eval reverse" lab eval weights="$TMP/alibi.json" task=reverse test=3

# [SECTION] lab pack
expect_ok "pack saved weights" lab pack weights="$TMP/alibi.json" --out "$TMP/alibi.packed"
equals "pack prints nothing" "$OUT" ""
PACK_HEAD="$(head -n 1 "$TMP/alibi.packed")"
contains "packed header" "$PACK_HEAD" '{"format":"pelab-lab-weights-packed/1","config":{"pe":"alibi","d":16,"heads":2,"layers":1,"max_positions":128,'
PACK_COUNT="$(sed -n 's/.*,"count":\([0-9]*\),"bits":32}$/\1/p' <<<"$PACK_HEAD")"
equals "packed size = header + 4·count" "$(stat -c %s "$TMP/alibi.packed")" "$(( ${#PACK_HEAD} + 1 + 4 * ${PACK_COUNT:-0} ))"
expect_ok "pack again" lab pack weights="$TMP/alibi.json" --out="$TMP/alibi2.packed"
if cmp -s "$TMP/alibi.packed" "$TMP/alibi2.packed"; then pass; else fail "pack twice gave different bytes"; fi
expect_error "pack without weights" "lab pack: weights: missing" -- lab pack --out "$TMP/x.packed"
expect_error "pack without --out" "lab pack: --out: missing" -- lab pack weights="$TMP/alibi.json"
expect_error "pack --out twice" "--out: given twice" -- lab pack weights="$TMP/alibi.json" --out "$TMP/a" --out "$TMP/b"
expect_error "pack --out without FILE" "--out: missing FILE" -- lab pack weights="$TMP/alibi.json" --out
expect_error "pack unknown option" "unknown option (only --out FILE)" -- lab pack weights="$TMP/alibi.json" --gzip
expect_error "pack unknown key" "level" -- lab pack weights="$TMP/alibi.json" level=9 --out "$TMP/x.packed"
expect_error "pack missing file" "cannot read" -- lab pack weights="$TMP/absent.json" --out "$TMP/x.packed"
# A packed file packs again: at 32 bits to the same bytes, at 16 bits to half the numbers' bytes.
expect_ok "pack a packed file" lab pack weights="$TMP/alibi.packed" --out "$TMP/again.packed"
if cmp -s "$TMP/alibi.packed" "$TMP/again.packed"; then pass; else fail "packing a packed file changed its bytes"; fi
expect_ok "pack at 16 bits" lab pack weights="$TMP/alibi.json" bits=16 --out "$TMP/alibi16.packed"
HALF_HEAD="$(head -n 1 "$TMP/alibi16.packed")"
contains "16-bit header" "$HALF_HEAD" ',"bits":16}'
equals "16-bit size = header + 2·count" "$(stat -c %s "$TMP/alibi16.packed")" "$(( ${#HALF_HEAD} + 1 + 2 * ${PACK_COUNT:-0} ))"
expect_ok "eval a 16-bit file" lab eval weights="$TMP/alibi16.packed" test=3
expect_error "pack bad bits" "bits" -- lab pack weights="$TMP/alibi.json" bits=8 --out "$TMP/x.packed"
expect_error "pack bad place" "--out: cannot write" -- lab pack weights="$TMP/alibi.json" --out "$TMP/none/x.packed"
if [[ -e "$TMP/x.packed" ]]; then fail "a refused pack left $TMP/x.packed"; else pass; fi

# [SECTION] lab grad
printf '%s' '{"tokens": [[1, 2, 10, 1], [3, 10, 3, 11]], "targets": [[-100, -100, 1, 2], [-100, 3, -100, -100]]}' >"$TMP/tokens.json"
expect_ok "grad" lab grad weights="$TMP/alibi.json" tokens="$TMP/tokens.json"
contains "grad loss" "$OUT" '{"loss":'
contains "grad logits shape" "$OUT" '"logits":{"shape":[2,4,12],"data":['
for name in emb.weight blocks.0.ln1.weight blocks.0.ln1.bias blocks.0.qkv.weight blocks.0.qkv.bias blocks.0.o.weight \
            blocks.0.o.bias blocks.0.ln2.weight blocks.0.ln2.bias blocks.0.mlp.0.weight blocks.0.mlp.0.bias \
            blocks.0.mlp.2.weight blocks.0.mlp.2.bias ln.weight ln.bias out.weight out.bias; do
  contains "grad names $name" "$OUT" "\"$name\":{\"shape\":["
done
contains "grad qkv shape" "$OUT" '"blocks.0.qkv.weight":{"shape":[48,16],"data":['
# Token 0, 4..9 and the padding never appear among the inputs: their embedding rows get no gradient.
EMB="$(grep -o '"emb.weight":{"shape":\[12,16\],"data":\[[^]]*\]' <<<"$OUT" | sed -e 's/.*"data":\[//' -e 's/\]//' | tr ',' ' ')"
numbers_near "grad unused embedding row 0" "$(pick "$EMB" 0 5 15)" "0 0 0" 0
numbers_near "grad unused embedding row 11" "$(pick "$EMB" 176 181 191)" "0 0 0" 0
LOSS="$(sed -e 's/^{"loss":\([^,]*\),.*/\1/' -e 1q <<<"$OUT")"
if awk -v x="$LOSS" 'BEGIN { exit !(x > 0 && x < 20) }'; then pass; else fail "grad loss $LOSS not a plausible cross-entropy"; fi

# [SECTION] lab bench (the figures are timings: only their presence and the work counted are checked)
mkdir -p "$TMP/bench"
expect_ok "bench small" lab bench d=16 heads=2 layers=1 batch=4 train_max=3 tokens=8 steps=2 warmup=1 --out "$TMP/bench"
contains "bench config echo" "$OUT" '{"config":{"task":"copy","pe":"alibi","d":16,"heads":2,"layers":1,"batch":4,"lr":0.001,"seed":0,"train_max":3,"tokens":8,"steps":2,"warmup":1},'
contains "bench rows" "$OUT" '"rows_padded":32,'
# 3 × (1 layer × (24·32·16² + 4·16·4·8²) + 2·32·16·12) = 3 × (196,608 + 16,384 + 12,288)
contains "bench flops" "$OUT" '"flops_padded":675840,'
contains "bench times" "$OUT" '"ms_padded":['
contains "bench skipped" "$OUT" '"median_ms_skipping":'
if [[ -s "$TMP/bench/weights.json" && "$(grep -o '"tokens":' "$TMP/bench/batches.json" | wc -l)" == 3 ]]; then pass; else fail "bench --out: weights.json or 3 batches missing"; fi
expect_error "bench tokens too short" "tokens: 6 is shorter than the longest sample (2·train_max = 8)" -- lab bench train_max=4 tokens=6
expect_error "bench unknown option" "unknown option (only --out DIR)" -- lab bench --json

# [SECTION] lab keys: every key with its range and the default a plain run takes (the config echo above)
expect_ok "keys" lab keys
KEYS="$OUT"
contains "keys d" "$KEYS" "  d  int in 16..128, default 48  ("
contains "keys train_steps" "$KEYS" "  train_steps  int in 1..20000, default 1500  ("
contains "keys test" "$KEYS" ", default 4,8,12,16,20,24,28,32,40,48  ("
contains "keys eval" "$KEYS" "lab eval keys: weights=FILE task test"
contains "keys budget" "$KEYS" "a model the lab opens: d 2..512 with d/heads even, heads 1..16, layers 1..12, max_positions 1..4096, a file of at most 64 MiB"
# Each default as printed is the value a run without that key echoes.
expect_ok "train defaults echo" lab train train_steps=1 batch=1 test=1
for key in task pe d heads layers lr seed train_max max_positions pi finetune_steps finetune_max; do
  default="$(sed -n "s/^  $key  .*, default \([^ ]*\)  (.*/\1/p" <<<"$KEYS")"
  echo_value="$(grep -o "\"$key\":[^,}]*" <<<"$OUT" | head -n 1 | cut -d: -f2 | tr -d '"')"
  equals "keys default of $key is the run's" "$default" "$echo_value"
done
expect_error "keys with an argument" "lab keys" "takes no arguments" -- lab keys d=16

# [SECTION] errors: exit 2, one stderr line, nothing on stdout
expect_error "lab alone" "lab: missing command" "train|eval|grad|bench|pack|keys" -- lab
expect_error "lab unknown command" '"fly"' "train|eval|grad" -- lab fly
expect_error "train bad pe" "pe" '"bogus"' "nope|learned|sinusoidal|rope|alibi|t5" -- lab train pe=bogus
expect_error "train d too small" "d: 12 is out of range 16..128" -- lab train d=12
expect_error "train heads 3" "heads: 3 is not one of 1, 2, 4, 8" -- lab train heads=3
expect_error "train odd head width" "d: 24 must be a multiple of 2·heads" -- lab train d=24 heads=8
expect_error "train layers" "layers" "1..4" -- lab train layers=5
expect_error "train steps" "train_steps" "1..20000" -- lab train train_steps=0
expect_error "train batch" "batch" "1..256" -- lab train batch=257
expect_error "train lr" "lr" -- lab train lr=1
expect_error "train seed" "seed" -- lab train seed=-1
expect_error "train train_max" "train_max" "1..32" -- lab train train_max=33
expect_error "train test too long" "test" "1..60" -- lab train test=4,61
expect_error "train test fraction" "test: 4.5 is not a whole number" -- lab train test=4.5
expect_error "train pi on alibi" "pi: position interpolation applies to pe=rope only" -- lab train pe=alibi pi=2
expect_error "train fine-tune on t5" "finetune_steps" "pe=rope only" -- lab train pe=t5 finetune_steps=3
expect_error "train learned too long" "test: a sample of 10 digits is 20 tokens" "max_positions=16" -- \
  lab train pe=learned max_positions=16 train_max=4 test=4,10
expect_error "train bad scaling" 'scaling: "bogus"' "none|linear|ntk|dynamic|yarn" -- lab train pe=rope scaling=bogus
expect_error "train llama3 not offered" "scaling" "none|linear|ntk|dynamic|yarn" -- lab train pe=rope scaling=llama3
expect_error "train factor 1" "factor: 1" "1 < factor <= 16" -- lab train pe=rope scaling=ntk factor=1
expect_error "train factor too big" "factor" "1..16" -- lab train pe=rope scaling=yarn factor=17
expect_error "train scaling on alibi" "scaling: RoPE's scalings apply to pe=rope only" -- lab train pe=alibi scaling=ntk
expect_error "train pi and scaling" "pi: pi=S is scaling=linear factor=S" -- lab train pe=rope pi=2 scaling=yarn
expect_error "train ntk on narrow heads" "scaling: ntk needs heads at least 4 wide" -- lab train pe=rope d=16 heads=8 scaling=ntk
expect_error "train unknown key" "frobnicate" -- lab train frobnicate=1
expect_error "train key twice" "d: given twice" -- lab train d=16 d=32
expect_error "train not key=value" '"d16"' "expected key=value" -- lab train d16
expect_error "train unknown option" '"--fast"' -- lab train --fast
expect_error "train --save missing" "--save: missing FILE" -- lab train --save
expect_error "train --save twice" "--save: given twice" -- lab train --save "$TMP/a" --save "$TMP/b"
expect_error "train --save bad place" "--save: cannot write" "$TMP/none/x.json" -- lab train train_steps=1 --save "$TMP/none/x.json"

expect_error "eval without weights" "weights: missing" -- lab eval
expect_error "eval missing file" "cannot read" "$TMP/absent.json" -- lab eval weights="$TMP/absent.json"
expect_error "eval pi on alibi" "pi: position interpolation applies to pe=rope only" -- lab eval weights="$TMP/alibi.json" pi=2
expect_error "eval train key" "train_steps" -- lab eval weights="$TMP/alibi.json" train_steps=3
expect_error "eval bad scaling" 'scaling: "fast"' "none|linear|ntk|dynamic|yarn" -- lab eval weights="$TMP/rope.json" scaling=fast
expect_error "eval bad factor" "factor: 1" "1 < factor <= 16" -- lab eval weights="$TMP/rope.json" scaling=dynamic factor=1
expect_error "eval scaling on alibi" "scaling: RoPE's scalings apply to pe=rope only" -- lab eval weights="$TMP/alibi.json" scaling=yarn

sed -e 's|pelab-lab-weights/1|pelab-lab-weights/9|' "$TMP/alibi.json" >"$TMP/tag.json"
expect_error "weights wrong tag" 'format: expected "pelab-lab-weights/1", got "pelab-lab-weights/9"' -- lab eval weights="$TMP/tag.json"
sed -e 's|"pe":"alibi"|"pe":"learned"|' "$TMP/alibi.json" >"$TMP/missing.json"
expect_error "weights missing tensor" 'tensor "pos.weight": missing (expected shape [128, 16])' -- lab eval weights="$TMP/missing.json"
sed -e 's|"pe":"alibi"|"pe":"nope"|' -e 's|"ln.bias":|"ln.gamma":|' "$TMP/alibi.json" >"$TMP/extra.json"
expect_error "weights extra tensor" 'tensors: unexpected tensor "ln.gamma"' -- lab eval weights="$TMP/extra.json"
sed -e 's|"blocks.0.qkv.weight":{"shape":\[48,16\]|"blocks.0.qkv.weight":{"shape":[16,48]|' "$TMP/alibi.json" >"$TMP/shape.json"
expect_error "weights wrong shape" 'tensor "blocks.0.qkv.weight": shape [16, 48], expected [48, 16]' -- lab eval weights="$TMP/shape.json"
sed -e 's|"ln.weight":{"shape":\[16\],"data":\[[^,]*,|"ln.weight":{"shape":[16],"data":[1,1e999,|' -e 's|\(.*"ln.weight".*\),[^,]*\]}|\1]}|' "$TMP/alibi.json" >"$TMP/inf.json"
expect_error "weights non-finite" 'tensor "ln.weight": element 1 is not a finite number' -- lab eval weights="$TMP/inf.json"
head -c 1000 "$TMP/alibi.json" >"$TMP/cut.json"
expect_error "weights cut short" "not JSON" "line 4" "unterminated array" -- lab eval weights="$TMP/cut.json"
head -c 67108865 /dev/zero | tr '\0' ' ' >"$TMP/big.json"
expect_error "weights over budget" "is over the budget of 67,108,864 bytes" -- lab eval weights="$TMP/big.json"
rm -f "$TMP/big.json"

expect_error "grad without tokens" "tokens: missing" -- lab grad weights="$TMP/alibi.json"
printf '%s' '{"tokens": [[1, 12]], "targets": [[1, 2]]}' >"$TMP/bad_token.json"
expect_error "grad bad token" "tokens row 0: 12 is not a token 0..11" -- lab grad weights="$TMP/alibi.json" tokens="$TMP/bad_token.json"
printf '%s' '{"tokens": [[1, 2]], "targets": [[-100, -100]]}' >"$TMP/uncounted.json"
expect_error "grad nothing counted" "every target is -100" -- lab grad weights="$TMP/alibi.json" tokens="$TMP/uncounted.json"

# [SECTION] write errors exit 1
if [[ -w /dev/full ]]; then
  "$CLI" lab train d=16 heads=2 layers=1 train_steps=1 batch=2 test=2 >/dev/full 2>"$TMP/err"
  RC=$?
  if [[ $RC -eq 1 && "$(cat "$TMP/err")" == *"could not write"* ]]; then pass; else fail "train > /dev/full: rc=$RC $(cat "$TMP/err")"; fi
fi

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
