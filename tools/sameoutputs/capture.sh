#!/usr/bin/env bash
# Captures every output of the commands whose behaviour a refactoring must not change (the default
# audit in both judge modes, run, diff, rescore, report, score, subjects audit, vereval) from one
# Regrade checkout with a built jar, into OUT. Compare two captures with `diff -r`.
# Usage: tools/sameoutputs/capture.sh CHECKOUT OUT
# See compare.sh, which builds a git revision in a worktree and compares it with this checkout.
set -euo pipefail
repo="$(cd "$1" && pwd)"; out="$2"
rm -rf "$out"; mkdir -p "$out"; out="$(cd "$out" && pwd)"
rg() { (cd "$repo" && ./regrade "$@"); }
strip() { sed -E 's#'"$out"'#OUT#g; s#'"$repo"'#REPO#g'; }
# The audit's progress lines carry elapsed times: keep stdout and the exit code only.
for mode in in-process http; do
  set +e; rg audit --quiet --judge "$mode" --out "$out/audit-$mode" > "$out/audit-$mode.stdout" 2>/dev/null
  echo "exit $?" >> "$out/audit-$mode.stdout"; set -e
  sed -i -E 's#'"$out"'#OUT#g' "$out/audit-$mode.stdout"
done
scripts="active_stock baltimore_marc_station best_selling_foundations county_AQI drone_delivery gas_stations ikea_shopping_list ingredient_safety paper_collaboration popular_ai_books rl_course_book"
mkdir -p "$out/run"
for s in $scripts; do
  for v in released fixed; do
    for p in empty full; do rg run --script "$s" --variant "$v" --policy "$p" > "$out/run/$s.$v.$p.tree" 2>&1 || true; done
    f=$(ls "$repo/fixtures/$s/"*.json | head -1)
    rg run --script "$s" --variant "$v" --fixture "$f" --format json --hash-seed 3 > "$out/run/$s.$v.fixture.json" 2>&1 || true
  done
done
res="$out/audit-in-process/results"
set +e
rg diff "$res" "$out/audit-http/results" > "$out/diff-modes.txt" 2>&1; echo "exit $?" >> "$out/diff-modes.txt"
one=$(cd "$res" && find . -name '*.json' | sort | head -1)
rg diff "$res/$one" "$res/$(cd "$res" && find . -name '*.json' | sort | sed -n 2p)" > "$out/diff-two.txt" 2>&1; echo "exit $?" >> "$out/diff-two.txt"
rg rescore $(find "$res" -name '*.json' | sort | head -40) > "$out/rescore.txt" 2>&1; echo "exit $?" >> "$out/rescore.txt"
rg rescore --format json $(find "$res" -name '*.json' | sort | head -5) > "$out/rescore.json" 2>&1; echo "exit $?" >> "$out/rescore.json"
for f in markdown html json; do rg report --from "$out/audit-in-process" --format $f > "$out/report.$f" 2>&1; echo "exit $?" >> "$out/report.$f"; done
set -e
strip < "$out/rescore.txt" > "$out/rescore.t" && mv "$out/rescore.t" "$out/rescore.txt"
strip < "$out/diff-modes.txt" > "$out/d.t" && mv "$out/d.t" "$out/diff-modes.txt"
strip < "$out/diff-two.txt" > "$out/d.t" && mv "$out/d.t" "$out/diff-two.txt"
# The wearable scorers and VerEval on generated data.
gen="$out/gen"; rg subjects generate --out "$gen" > /dev/null 2>&1
mkdir -p "$out/score"
for t in proactive longqa convqa; do
  case $t in proactive) d=egoproactive;; longqa) d=egolongqa;; convqa) d=egoconv;; esac
  g=$(ls "$gen/wearable/$d/"wearable_ai_*.jsonl); p="$gen/wearable/$d/predictions.jsonl"
  for v in released fixed; do
    set +e; rg score "$t" --golden "$g" --predictions "$p" --variant "$v" --output "$out/score/$t.$v/results.json" > "$out/score/$t.$v.stdout" 2>&1
    echo "exit $?" >> "$out/score/$t.$v.stdout"; set -e; strip < "$out/score/$t.$v.stdout" > "$out/x.t" && mv "$out/x.t" "$out/score/$t.$v.stdout"
  done
done
set +e; rg subjects audit --out "$out/subjects-audit" > "$out/subjects-audit.stdout" 2>/dev/null; echo "exit $?" >> "$out/subjects-audit.stdout"; set -e
strip < "$out/subjects-audit.stdout" > "$out/x.t" && mv "$out/x.t" "$out/subjects-audit.stdout"
# VerEval against a constant loopback judge (python3's standard library) on a fixed port: run.json
# records the base URL and fingerprints it.
port_file="$out/.port"; python3 "$(dirname "$0")/constjudge.py" "$port_file" 18731 & jp=$!
for i in $(seq 50); do [ -s "$port_file" ] && break; sleep 0.1; done
port=$(cat "$port_file")
bench="$gen/vereval/test.json"; pred="$gen/vereval/predictions.jsonl"
python3 -c 'import json,sys
rows=json.load(open(sys.argv[1]))
with open(sys.argv[2],"w") as f:
    for i,r in enumerate(rows): f.write(json.dumps({"question_id":r["question_id"],"prediction":r["answer"] if i%3 else ""},ensure_ascii=False)+"\n")' "$bench" "$pred"
set +e
if [ -n "$pred" ]; then
  OPENAI_API_KEY=sk-capture rg vereval --benchmark "$bench" --predictions "$pred" --output "$out/vereval" --backend openai --model m \
     --base-url "http://127.0.0.1:$port/v1" --workers 1 > "$out/vereval.stdout" 2>&1; echo "exit $?" >> "$out/vereval.stdout"
fi
set -e
kill $jp 2>/dev/null || true; rm -f "$port_file"
# Each scored row records its wall-clock completion time, as the original runner does.
[ -f "$out/vereval/scores.jsonl" ] && sed -i -E 's/"completed_at": "[^"]*"/"completed_at": "T"/g' "$out/vereval/scores.jsonl"
[ -f "$out/vereval.stdout" ] && { strip < "$out/vereval.stdout" | grep -v -E '^\[[0-9]+/[0-9]+\]|[0-9]+(\.[0-9]+)? ?s\b|elapsed' > "$out/x.t"; mv "$out/x.t" "$out/vereval.stdout"; }
rm -rf "$gen"
echo "captured into $out"
