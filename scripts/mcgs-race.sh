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
#   scripts/mcgs-race.sh MCGS_DIR RUNS THREADS --with-db
# races the subgame databases instead (results/mcgs-db-race.md): each program first builds
# its database of small subgames (MCGS --db-file-create, konane precompute; timed, counted,
# sized), then solves the same files with it (a fresh copy of ours for every run, since a
# solve also stores what it proves).
set -eu
cd "$(dirname "$0")/.."
mcgs_dir=$(cd "$1" && pwd)
runs=${2:-3}
threads=${3:-1}
with_db=${4:-}
konane=${KONANE:-build/cli/konane}
out=results/mcgs-race.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
command_line="scripts/mcgs-race.sh $1 $runs $threads${with_db:+ $with_db}"

median() {  # the median of the numbers on stdin
  sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}
ratio() {  # A B: A / B to two places, or "-" when B rounds to 0 (nothing to compare)
  awk -v a="$1" -v b="$2" 'BEGIN { if (b >= 0.0005) printf "%.2f", a / b; else print "-" }'
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

# The databases: MCGS's config and ours (game box max-pieces) for the same subgames.
mcgs_db_parts="[clobber] max_dims = 4,4;|[clobber_1xn] max_dims = 16;|[domineering] max_dims = 5,5;"
our_db_parts="clobber 4x4 16|clobber 1x16 16|domineering 5x5 25"
mcgs_db_args="--no-use-db"
our_db_args=""
db_rows=""
if [ "$with_db" = "--with-db" ]; then
  out=results/mcgs-db-race.md
  mcgs_cfg=$(echo "$mcgs_db_parts" | tr '|' ' ')
  theirs_t=$(cd "$mcgs_dir" && seconds "$work/all.mcgs" ./MCGS --db-file-create "$work/all.bin" "$mcgs_cfg")
  theirs_n=$(cd "$mcgs_dir" && ./MCGS --db-file-load "$work/all.bin" --print-db-info |
    awk -F'"' '/Count:/ {split($3, c, " "); printf "%s%s %s", sep, $2, c[2]; sep = ", "}')
  db_rows="| MCGS \`--db-file-create\` | \`$mcgs_cfg\` | $theirs_n | $(printf %.1f "$theirs_t") | $(($(stat -c %s "$work/all.bin") / 1024)) |
"
  ours_total=0
  i=0
  while [ $i -lt 3 ]; do
    i=$((i + 1))
    set -- $(echo "$our_db_parts" | cut -d'|' -f$i)
    before=$(du -sb "$work/all.db" 2>/dev/null | cut -f1 || echo 0)
    ours_t=$(seconds "$work/db$i.json" "$konane" precompute --game "$1" --box "$2" \
      --max-stones "$3" --db "$work/all.db" --threads "$threads" --quiet --json)
    ours_n=$(python3 -c 'import json, sys
print([json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")][-1]["regions"])' \
      "$work/db$i.json")
    grown=$(($(du -sb "$work/all.db" | cut -f1) - ${before:-0}))
    ours_total=$(echo "$ours_total + $ours_t" | bc -l)
    db_rows="$db_rows| konane precompute | \`--game $1 --box $2 --max-stones $3\` | $1 $ours_n | $(printf %.1f "$ours_t") | $((grown / 1024)) |
"
  done
  db_rows="$db_rows| konane, all three | | | $(printf %.1f "$ours_total") | $(($(du -sb "$work/all.db" | cut -f1) / 1024)) |
"
  echo "mcgs-race: databases: MCGS $theirs_t s, konane $ours_total s" >&2
  mcgs_db_args="--db-file-load $work/all.bin"
fi
our_run_db() {  # RUN: the database option of our run RUN (a fresh copy), or none
  [ "$with_db" = "--with-db" ] || return 0
  rm -rf "$work/run.db"
  cp -r "$work/all.db" "$work/run.db"
  echo "--db $work/run.db"
}

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
    db_opt=$(our_run_db)
    # shellcheck disable=SC2086  # the options split into words
    ours="$ours $(seconds /dev/null "$konane" batch --game "$game" "$work/$name.txt" \
      --threads "$threads" --quiet -o "$work/$name.jsonl.$run" $db_opt)"
    # shellcheck disable=SC2086
    theirs="$theirs $(cd "$mcgs_dir" && seconds "$work/$name.mcgs" ./MCGS $mcgs_db_args --file "$file")"
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
  rows="$rows| $game | $name | $cases | $(printf %.3f "$ours_m") | $(printf %.3f "$theirs_m") | $(ratio "$ours_m" "$theirs_m") | $(printf %.3f "$ours_s") | $(printf %.3f "$theirs_s") | $(ratio "$ours_s" "$theirs_s") |
"
  echo "mcgs-race: $name: $cases cases, konane $ours_m s, MCGS $theirs_m s" >&2
done

{
  if [ "$with_db" = "--with-db" ]; then
    echo "# konane against MCGS on MCGS's test files, each with its database of small subgames"
  else
    echo "# konane against MCGS on MCGS's test files"
  fi
  echo
  echo "Command: \`$command_line\`  "
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
  if [ "$with_db" = "--with-db" ]; then
    echo
    echo "The databases, built once (whole processes, seconds; konane with --threads $threads;"
    echo "MCGS is single-threaded). MCGS stores each normalised subgame that does"
    echo "not split with its outcome class; konane stores each region class (under the"
    echo "board's symmetries and the game's negation) with its canonical CGT value and the"
    echo "winner for each side to move. Size: MCGS's file, konane's RocksDB directory (KiB)."
    echo
    echo "| program | what | entries | s | KiB |"
    echo "|---|---|---|---|---|"
    printf "%s" "$db_rows"
    echo
    echo "Then the files below, MCGS with \`--db-file-load\` of all three parts and konane with"
    echo "\`--db\` holding all three (a fresh copy for each run):"
  else
    echo
    echo "MCGS runs with \`--no-use-db\`; \`--with-db\` races the subgame databases"
    echo "(results/mcgs-db-race.md)."
  fi
  echo
  echo "| game | test file | cases | konane s | MCGS s | ratio | konane search s | MCGS search s | ratio |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf "%s" "$rows"
} >"$out"
echo "mcgs-race: wrote $out" >&2
