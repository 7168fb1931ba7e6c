#!/bin/sh
# How finely late positions split into regions, written to results/regions-8x8.md:
#   scripts/region-sizes.sh [KONANE] [SET...]
# For each set (default bench/data/sparse-8x8.tsv and bench/data/endgames-8x8.tsv), the
# median stones of the largest region of each position, by the split the searches use and
# by the closure regions alone, over the stone ranges of issue 62's goals and per 4 stones.
set -eu
cd "$(dirname "$0")/.."
konane=${1:-build/cli/konane}
[ $# -gt 0 ] && shift
sets=${*:-"bench/data/sparse-8x8.tsv bench/data/endgames-8x8.tsv"}
started=$(date +%s)
out=results/regions-8x8.md
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for set in $sets; do
  echo "## $set" >>"$tmp"
  echo >>"$tmp"
  "$konane" bench --endgames "$set" --only regions --json --quiet | python3 -c '
import json, statistics, sys
j = json.load(sys.stdin)
ps = j["positions"]
def row(lo, hi):
    sel = [p for p in ps if lo <= p["stones"] <= hi]
    if not sel:
        return None
    split = sum(1 for p in sel if p["largest_region"] < p["largest_closure_region"])
    return "| %d-%d | %d | %g | %g | %d |" % (lo, hi, len(sel),
        statistics.median(p["largest_region"] for p in sel),
        statistics.median(p["largest_closure_region"] for p in sel), split)
print("| stones | positions | largest region, median | closure alone, median | smaller than the closure |")
print("|---|---|---|---|---|")
for lo, hi in [(9, 14), (15, 19)] + [(s, s + 3) for s in range(8, 64, 4)]:
    r = row(lo, hi)
    if r:
        print(r)
print()
' >>"$tmp"
done
build=$("$konane" --version | head -1)
{
  echo "# How late 8x8 positions split into regions"
  echo
  echo "- command: \`scripts/region-sizes.sh $konane $sets\`"
  echo "- build: $build"
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "- time taken: $(($(date +%s) - started)) s"
  echo
  echo "Each position's largest live region (stones), as \`solve\` and"
  echo "\`value\` use it (games/konane/include/konane/regions.hpp: closure regions refined by"
  echo "exact reaches) and by the closure regions alone (the split before issue 62). The first"
  echo "two rows are the stone ranges of the issue's goals (at most 6 and 10)."
  echo
  cat "$tmp"
} >"$out"
cat "$out"
