#!/bin/sh
# Races `konane batch` against MCGS (the Mueller group's sum solver) on MCGS's own test files
# for Clobber and Domineering, and writes results/mcgs-race.md.
#   scripts/mcgs-race.sh MCGS_DIR [RUNS] [THREADS]
# MCGS_DIR is a built MCGS source tree (its binary MCGS and its input/autotests/); MCGS is not
# a dependency of the project: build it from its public source (README of the tree). Each
# test file is converted by scripts/mcgs_tests.py (partizan cases only), solved RUNS times by
# each program (default 3; the median is reported, whole processes timed), and our answers are
# checked against the file's expected winners.
# MCGS_VERSION names the MCGS release in the report (e.g. "v1.5, built with make DEBUG=0").
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
seconds() {  # OUT COMMAND...: the wall time of a command, in seconds; its output in OUT
  out_file=$1
  shift
  t0=$(date +%s.%N)
  "$@" >"$out_file" 2>&1 || return 1
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}

files="clobber:clobber_autotests/clobber_rectangle_alternating.test
clobber:clobber_autotests/clobber_nxn_alternating.test
clobber:clobber_autotests/clobber_random_filled1.test
clobber:clobber_autotests/clobber_random_filled2.test
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
  ours="" theirs="" ours_search="" theirs_search=""
  for run in $(seq "$runs"); do
    ours="$ours $(seconds /dev/null "$konane" batch --game "$game" "$work/$name.txt" \
      --threads "$threads" --quiet -o "$work/$name.jsonl.$run")"
    theirs="$theirs $(cd "$mcgs_dir" && seconds "$work/$name.mcgs" ./MCGS --file "$file")"
    # The searches alone: our answers' "seconds", MCGS's "Time (ms)" of each case.
    ours_search="$ours_search $(python3 -c 'import json, sys
print(sum(json.loads(l).get("seconds", 0) for l in open(sys.argv[1]) if l.strip()))' \
      "$work/$name.jsonl.$run")"
    theirs_search="$theirs_search $(awk '/^Time \(ms\):/ {s += $3} /^Status: FAIL/ {f = 1}
      END {if (f) exit 1; print s / 1000}' "$work/$name.mcgs")"
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
  ours_s=$(echo "$ours_search" | tr ' ' '\n' | grep . | median)
  theirs_s=$(echo "$theirs_search" | tr ' ' '\n' | grep . | median)
  ratio=$(echo "$ours_m / $theirs_m" | bc -l)
  ratio_s=$(echo "$ours_s / $theirs_s" | bc -l)
  rows="$rows| $game | $name | $cases | $(printf %.3f "$ours_m") | $(printf %.3f "$theirs_m") | $(printf %.2f "$ratio") | $(printf %.3f "$ours_s") | $(printf %.3f "$theirs_s") | $(printf %.2f "$ratio_s") |
"
  echo "mcgs-race: $name: $cases cases, konane $ours_m s, MCGS $theirs_m s" >&2
done

{
  echo "# konane against MCGS on MCGS's test files"
  echo
  echo "Command: \`scripts/mcgs-race.sh $1 $runs $threads\`  "
  echo "Build: $("$konane" --version)  "
  echo "MCGS: ${MCGS_VERSION:-the tree at $mcgs_dir}  "
  echo "Date: $(date -u +%Y-%m-%dT%H:%M:%SZ); took $(($(date +%s) - started)) s; machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo
  echo "Each file's partizan solve cases (both sides to move where the file asks both; every"
  echo "answer checked against the file's expected winner; MCGS checks its own), solved by"
  echo "\`konane batch --game G FILE --threads $threads\` and by \`MCGS --file FILE\`: the median"
  echo "of $runs runs, in seconds, of each whole process and of the searches alone (our answers'"
  echo "\"seconds\", MCGS's \"Time (ms)\" of each case, summed). Ratio = konane / MCGS (below 1:"
  echo "konane is faster). MCGS's whole process includes about 5 s of start-up here (its"
  echo "tables), which the search columns leave out."
  echo
  echo "| game | test file | cases | konane s | MCGS s | ratio | konane search s | MCGS search s | ratio |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf "%s" "$rows"
} >"$out"
echo "mcgs-race: wrote $out" >&2
