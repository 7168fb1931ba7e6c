#!/bin/sh
# Races `konane batch` against MCGS (the Mueller group's sum solver) on MCGS's own test files
# for Clobber and Domineering, and writes results/mcgs-race.md.
#   scripts/mcgs-race.sh MCGS_DIR [RUNS] [THREADS]
# MCGS_DIR is a built MCGS source tree (its binary MCGS and its input/autotests/); MCGS is not
# a dependency of the project: build it from its public source (README of the tree). Each
# test file is converted by scripts/mcgs_tests.py (partizan cases only), solved RUNS times by
# each program (default 3; the median is reported, whole processes timed), and our answers are
# checked against the file's expected winners.
set -eu
cd "$(dirname "$0")/.."
mcgs_dir=$(cd "$1" && pwd)
runs=${2:-3}
threads=${3:-1}
konane=${KONANE:-build/cli/konane}
out=results/mcgs-race.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

median() {  # the median of the numbers on stdin
  sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}
seconds() {  # the wall time of a command, in seconds; its output discarded; fails with it
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || return 1
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}

files="clobber:clobber_autotests/clobber_rectangle_alternating.test
clobber:clobber_autotests/clobber_nxn_alternating.test
clobber:clobber_autotests/clobber_random_filled1.test
clobber:clobber_autotests/clobber_random_filled2.test
clobber:clobber_autotests/clobber_dai_chen_easy.test
clobber:clobber_autotests/clobber_from_1xn_le_8_moves.test
clobber:clobber_autotests/clobber_from_1xn_le_10_moves.test
clobber:clobber_autotests/clobber_from_1xn_le_12_moves.test
clobber:clobber_autotests/clobber_from_1xn_le_14_moves.test
domineering:domineering_autotests/4x4_easy.test
domineering:domineering_autotests/6x6.test
domineering:domineering_autotests/7x7_15_stones.test
domineering:domineering_autotests/7x7_20_stones.test"

rows=""
for entry in $files; do
  game=${entry%%:*}
  file=$mcgs_dir/input/autotests/${entry#*:}
  [ -f "$file" ] || { echo "mcgs-race: $file is missing" >&2; exit 2; }
  name=$(basename "$file" .test)
  python3 scripts/mcgs_tests.py "$file" "$game" "$work/$name.txt" "$work/$name.exp" 2>"$work/$name.conv"
  cases=$(wc -l <"$work/$name.txt")
  ours="" theirs=""
  for _ in $(seq "$runs"); do
    ours="$ours $(seconds "$konane" batch --game "$game" "$work/$name.txt" --threads "$threads" \
      --quiet -o "$work/$name.jsonl.$_")"
    theirs="$theirs $(cd "$mcgs_dir" && seconds ./MCGS --file "$file")"
  done
  # Every answer must be the file's: the winner of each line, in order.
  python3 -c '
import json, sys
got = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
got = [g for g in got if "line" in g]
want = [w.strip() for w in open(sys.argv[2])]
bad = [i for i, (g, w) in enumerate(zip(got, want)) if g.get("winner") != w]
if len(got) != len(want) or bad:
    sys.exit("wrong answers in %s: lines %s" % (sys.argv[1], [i + 1 for i in bad][:10]))
' "$work/$name.jsonl.1" "$work/$name.exp"
  ours_m=$(echo "$ours" | tr ' ' '\n' | grep . | median)
  theirs_m=$(echo "$theirs" | tr ' ' '\n' | grep . | median)
  ratio=$(echo "$ours_m / $theirs_m" | bc -l)
  rows="$rows| $game | $name | $cases | $(printf %.3f "$ours_m") | $(printf %.3f "$theirs_m") | $(printf %.2f "$ratio") |
"
  echo "mcgs-race: $name: $cases cases, konane $ours_m s, MCGS $theirs_m s" >&2
done

{
  echo "# konane against MCGS on MCGS's test files"
  echo
  echo "Command: \`scripts/mcgs-race.sh $1 $runs $threads\`  "
  echo "Build: $("$konane" --version)  "
  echo "MCGS: $(cd "$mcgs_dir" && (git describe --tags 2>/dev/null || cat VERSION 2>/dev/null || echo "tree at $mcgs_dir"))  "
  echo "Date: $(date -u +%Y-%m-%dT%H:%M:%SZ); took $(($(date +%s) - started)) s; machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo
  echo "Each file's partizan solve cases (both sides to move where the file asks both; every"
  echo "answer checked against the file's expected winner), solved by \`konane batch --game G"
  echo "FILE --threads $threads\` and by \`MCGS --file FILE\`: the median of $runs runs of each"
  echo "whole process, in seconds; ratio = konane / MCGS (below 1: konane is faster)."
  echo
  echo "| game | test file | cases | konane s | MCGS s | ratio |"
  echo "|---|---|---|---|---|---|"
  printf "%s" "$rows"
} >"$out"
echo "mcgs-race: wrote $out" >&2
