#!/bin/sh
# The region-value store measured, written to results/region-store-8x8.md:
#   scripts/region-store.sh [KONANE] [BOX] [MAX_STONES]
# Fills a fresh store with `konane precompute` (default 4x4, every stone count), then
# solves the positions of 24-33 stones of bench/data/sparse-8x8.tsv (1 thread, 10 s each)
# without a database and with a copy of the store, counting the roots' regions settled by
# stored values, nodes and time.
set -eu
cd "$(dirname "$0")/.."
konane=${1:-build/cli/konane}
box=${2:-4x4}
k=${3:-16}
set=bench/data/sparse-8x8.tsv
started=$(date +%s)
out=results/region-store-8x8.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$konane" precompute --box "$box" --max-stones "$k" --db "$work/store" --threads 2 --json \
  --quiet >"$work/precompute.json"
grep -v '^#' "$set" | awk -F'\t' '$3 >= 24 && $3 <= 33 {print $1 "\t" $2 "\t" $3}' >"$work/positions"
solve_all() {  # $1: output file; $2: database or empty
  while IFS="$(printf '\t')" read -r pos side stones; do
    if [ -n "$2" ]; then
      "$konane" solve "$pos $side" --threads 1 --timeout 10 --json --quiet --db "$2"
    else
      "$konane" solve "$pos $side" --threads 1 --timeout 10 --json --quiet
    fi
  done <"$work/positions" >"$1"
}
solve_all "$work/plain.jsonl" ""
cp -r "$work/store" "$work/copy"
solve_all "$work/store.jsonl" "$work/copy"
build=$("$konane" --version | head -1)
{
  echo "# The region-value store on 8x8 endgames"
  echo
  echo "- command: \`scripts/region-store.sh $konane $box $k\`"
  echo "- build: $build"
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "- time taken: $(($(date +%s) - started)) s"
  echo
  python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
pre = json.load(open(w + "/precompute.json"))
print("Precompute: box %s, at most %d stones: %d whole regions stored in %.1f s on %d threads."
      % (pre["box"], pre["max_stones"], pre["computed"], pre["seconds"], pre["threads"]))
print()
plain = [json.loads(l) for l in open(w + "/plain.jsonl")]
store = [json.loads(l) for l in open(w + "/store.jsonl")]
bad = [a["position"] for a, b in zip(plain, store)
       if "unknown" not in (a["winner"], b["winner"]) and a["winner"] != b["winner"]]
print("`solve` on the positions of 24-33 stones of bench/data/sparse-8x8.tsv, 1 thread,")
print("10 s each, without a database and with the store (roots' regions read from it):")
print()
print("| stones | positions | solved without / with | root regions | settled by stored values | nodes without / with | seconds without / with |")
print("|---|---|---|---|---|---|---|")
for lo, hi in [(24, 28), (29, 33)]:
    idx = [i for i, a in enumerate(plain) if lo <= sum(c in "xo" for c in a["position"].split()[0]) <= hi]
    if not idx:
        continue
    sa = [plain[i] for i in idx]; sb = [store[i] for i in idx]
    print("| %d-%d | %d | %d / %d | %d | %d | %d / %d | %.2f / %.2f |" % (lo, hi, len(idx),
        sum(a["winner"] != "unknown" for a in sa), sum(b["winner"] != "unknown" for b in sb),
        sum(len(b["regions"]) for b in sb), sum(b["regions_from_db"] for b in sb),
        sum(a["nodes"] for a in sa), sum(b["nodes"] for b in sb),
        sum(a["seconds"] for a in sa), sum(b["seconds"] for b in sb)))
print()
print("Winners that differ: %d." % len(bad))
PY
} >"$out"
cat "$out"
