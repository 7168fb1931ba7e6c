#!/usr/bin/env bash
# Regenerates results/ from scratch with the konane CLI (every number in results/ comes
# from a konane command; this script only runs them and lays the answers out).
#
#   scripts/regenerate-results.sh [KONANE_BINARY]
#
# Environment:
#   RESULTS_DB        database used for the retrograde solves (default: a fresh temp dir)
#   RETRO_MAX_AREA    retro runs on boards up to this many squares, plus 4x6 (default 25)
#   SOLVE_TIMEOUT     seconds for each forward solve of a larger board (default 1800)
#   VALUE_TIMEOUT     seconds for each CGT value in values.md (default 300)
#   LARGE_TIMEOUT     seconds for each board beyond 6x6 in large-boards.md (default 900)
#   LARGE_MEMORY      table memory (MiB) for each board beyond 6x6 (default 1024, the CLI's
#                     own default: 6x7 took 38-42 s at 1024 against 47.7 s at 4096)
#   THREADS           worker threads (default: all cores)
#   STRONG_BOARDS     boards strongly solved for strong-solutions.md (default "5x6:standard
#                     6x6:standard"; each in its own database under the temp dir)
#   SECTIONS          which files to make (default "full_game values large_boards"; add
#                     "strong" for strong-solutions.md, about an hour for 6x6, and "long" for
#                     long-runs.md)
#   LONG_BOARDS       boards given LONG_TIMEOUT seconds each in LONG_FILE (default "7x7"),
#                     each B or B:RULE (RULE an --opening rule, standard when not given)
#   LONG_TIMEOUT      seconds for each board of LONG_FILE (default 3600)
#   LONG_FILE         the file the long section writes in results/ (default long-runs.md)
#   LONG_DB           a solved-position database the long section's solves read and add to
#                     (--db; default none), so that a rerun resumes from what earlier runs
#                     proved; keep it between runs (it is not removed)
#   RINGBOARD_PIECES  the most pieces of ringboard-endgames.md (SECTIONS=ringboard; default 5:
#                     about 20 minutes on 2 cores, 7 GB of memory and 11 GB of disk)
#   SCALING_RANKS     ranks of the MPI runs of scaling.md (SECTIONS=scaling; default 2), each
#                     against one process, 1 thread per rank
#   SCALING_RETRO     the board strongly solved for scaling.md (default 5x6; 4x6 is solved
#                     too, for the growth of the position count)
#   SCALING_SOLVE     the board solved by search for scaling.md (default 6x7)
#   SCALING_REPEATS   rounds of scaling.md's runs (default 3): each round runs every command
#                     once, one after another, so a speedup is the ratio of a pair run minutes
#                     apart; the table gives the median of each figure over the rounds
#   CORES_PER_NODE    cores of a cluster node in scaling.md's projections (default 32)
#   ENDGAME_TIMEOUT   seconds for each question of endgames-8x8.md (SECTIONS=endgames;
#                     default 10)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
KONANE=${1:-$ROOT/build/cli/konane}
RESULTS=$ROOT/results
RETRO_MAX_AREA=${RETRO_MAX_AREA:-25}
SOLVE_TIMEOUT=${SOLVE_TIMEOUT:-1800}
VALUE_TIMEOUT=${VALUE_TIMEOUT:-300}
LARGE_TIMEOUT=${LARGE_TIMEOUT:-900}
LARGE_MEMORY=${LARGE_MEMORY:-1024}
THREADS=${THREADS:-0}
STRONG_BOARDS=${STRONG_BOARDS:-5x6:standard 6x6:standard}
SECTIONS=${SECTIONS:-full_game values large_boards}
LONG_BOARDS=${LONG_BOARDS:-7x7}
LONG_TIMEOUT=${LONG_TIMEOUT:-3600}
LONG_FILE=${LONG_FILE:-long-runs.md}
LONG_DB=${LONG_DB:-}
RINGBOARD_PIECES=${RINGBOARD_PIECES:-5}
SCALING_RANKS=${SCALING_RANKS:-2}
SCALING_RETRO=${SCALING_RETRO:-5x6}
SCALING_REPEATS=${SCALING_REPEATS:-3}
SCALING_SOLVE=${SCALING_SOLVE:-6x7}
CORES_PER_NODE=${CORES_PER_NODE:-32}
ENDGAME_TIMEOUT=${ENDGAME_TIMEOUT:-10}
DB=${RESULTS_DB:-$(mktemp -d /tmp/konane-results-XXXXXX)/db}
command -v jq >/dev/null || { echo "regenerate-results: needs jq" >&2; exit 2; }
[ -x "$KONANE" ] || { echo "regenerate-results: no konane binary at $KONANE" >&2; exit 2; }
mkdir -p "$RESULTS"
BUILD=$("$KONANE" --version 2>/dev/null | head -1 || true)
[ -n "$BUILD" ] || BUILD=$(strings "$KONANE" | grep -m1 -E '^[0-9a-f]{12}(-dirty)?$' || echo unknown)

header() {  # file title command
  {
    echo "# $2"
    echo
    echo "- command: \`$3\`"
    echo "- build: $BUILD"
    echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } >"$1"
}

# Each section writes its table to $BODY (made, and $START set, before it runs) and ends
# with finish FILE TITLE COMMAND: the header, the time the section took, then the body.
finish() {
  header "$1" "$2" "$3"
  echo "- time taken: $(($(date +%s) - START)) s" >>"$1"
  cat "$BODY" >>"$1"
  rm -f "$BODY"
}

# ───────────────────────────── full-game.md ─────────────────────────────
full_game() {
  local out=$RESULTS/full-game.md
  {
    echo
    echo "Boards R x C with R <= C (C x R is the transpose: same game, same answers)."
    echo "Black removes first, then White, then Black jumps first. \"retro\" = strong solution"
    echo "by \`konane retro\` (every reachable position solved and stored; positions counted"
    echo "once per symmetry class incl. colour swap); \"search\" = \`konane solve --board\` (df-pn)."
    echo "Boards strongly solved beyond this table's retro runs (5x6 and 6x6 under \`standard\`, with"
    echo "their reachable-position counts) are in strong-solutions.md."
    echo
    echo "| board | rule | winner | Black's winning removals | method | reachable positions | positions with side to move | seconds |"
    echo "|---|---|---|---|---|---|---|---|"
  } >"$BODY"
  for r in 1 2 3 4 5 6; do
    for c in $(seq "$r" 6); do
      for rule in standard any; do
        local area=$((r * c)) json method
        if [ "$area" -le "$RETRO_MAX_AREA" ] || [ "${r}x${c}" = 4x6 ]; then
          json=$("$KONANE" retro --board "${r}x${c}" --opening "$rule" --db "$DB" --threads "$THREADS" --quiet --json)
          method=retro
          echo "$json" | jq -r --arg m "$method" '"| \(.board) | \(.opening) | \(.winner) | \(.winning_moves | join(" ") | if . == "" then "none" else . end) | \($m) | \(.positions) | \(.sides) | \(.seconds * 100 | round / 100) |"' >>"$BODY"
        else
          if json=$(timeout "$SOLVE_TIMEOUT" "$KONANE" solve --board "${r}x${c}" --opening "$rule" --threads "$THREADS" --json); then
            echo "$json" | jq -r '"| \(.board) | \(.opening) | \(.winner) | \(.winning_moves | join(" ") | if . == "" then "none" else . end) | search | - | - | \(.seconds * 100 | round / 100) |"' >>"$BODY"
          else
            echo "| ${r}x${c} | $rule | not solved within ${SOLVE_TIMEOUT}s | - | search | - | - | - |" >>"$BODY"
          fi
        fi
      done
    done
  done
  {
    echo
    echo "## Comparison with published results (Norvig 2021)"
    echo
    echo "| position | side to move | Norvig | konane | agrees |"
    echo "|---|---|---|---|---|"
  } >>"$BODY"
  # Norvig's 5x5 positions use his colouring (black on the corners); they are typed as is.
  while read -r pos expect; do
    local got
    if got=$(timeout "$SOLVE_TIMEOUT" "$KONANE" solve "$pos" --db "$DB" --threads "$THREADS" --json | jq -r .winner); then :; else got="not solved within ${SOLVE_TIMEOUT}s"; fi
    local mover_result
    if [ "$got" = black ]; then mover_result="Black to move wins"; elif [ "$got" = white ]; then mover_result="Black to move loses"; else mover_result=$got; fi
    local agree=no
    [ "$mover_result" = "$expect" ] && agree=yes
    case "$mover_result" in "not solved"*) agree="not decided" ;; esac
    echo "| \`$pos\` | black | $expect | $mover_result | $agree |" >>"$BODY"
  done <<'EOF'
xoxo/oxox/x..o/oxox Black to move loses
..xoxo/oxoxox/xoxoxo/oxoxox/xoxoxo/oxoxox Black to move loses
xoxoxo/oxoxox/xoxoxo/ox..ox/xoxoxo/oxoxox Black to move loses
..xox/oxoxo/xoxox/oxoxo/xoxox Black to move wins
xoxox/oxoxo/x..ox/oxoxo/xoxox Black to move wins
EOF
  finish "$out" "Konane full-game results" "scripts/regenerate-results.sh ($KONANE)"
}

# ───────────────────────────── values.md ─────────────────────────────
values() {
  local out=$RESULTS/values.md
  {
    echo
    echo "Every position after both removals (rule \`any\`, a superset of \`standard\`; the"
    echo "column std marks removals \`standard\` allows) on every board up to 6x6, R <= C."
    echo "Left = Black. Values from \`konane value --threads $THREADS --timeout $VALUE_TIMEOUT\`, each"
    echo "in a process of its own; seconds is the command's own time (tables included). Of the"
    echo "regions too large to value directly outright (over 12 stones), \"direct\" counts those"
    echo "built from their options within the first node budget, \"proved\" those whose value a"
    echo "guess proved with df-pn and \"built\" those built from their options after no guess"
    echo "fitted (all 0: every region small enough to value directly)."
    echo
    echo "| board | removals | std | position | value | class | mean | temperature | direct | proved | built | seconds |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  } >"$BODY"
  for b in 1x1 1x2 1x3 1x4 1x5 1x6 2x2 2x3 2x4 2x5 2x6 3x3 3x4 3x5 3x6 4x4 4x5 4x6 5x5 5x6 6x6; do
    local std_removals
    std_removals=$("$KONANE" moves --board "$b" --opening standard | tr '\n' ' ')
    for br in $("$KONANE" moves --board "$b" --opening any); do
      for wr in $("$KONANE" moves --board "$b" --opening any --moves "$br"); do
        local std=no json
        case " $std_removals " in *" $br "*) std=yes ;; esac
        json=$("$KONANE" value --board "$b" --opening any --moves "$br,$wr" --threads "$THREADS" --timeout "$VALUE_TIMEOUT" --json)
        echo "$json" | jq -r --arg b "$b" --arg m "$br,$wr" --arg s "$std" 'if .complete then "| \($b) | \($m) | \($s) | `\(.position)` | `\(.value)` | \(.class) | \(.mean) | \(.temperature) | \(.regions_direct) | \(.regions_proved) | \(.regions_expanded) | \(.seconds * 100 | round / 100) |" else "| \($b) | \($m) | \($s) | `\(.position)` | not computed within \(.seconds | round) s | - | - | - | - | - | - | - |" end' >>"$BODY"
      done
    done
  done
  finish "$out" "CGT values of opening positions" "scripts/regenerate-results.sh ($KONANE)"
}

# A table row of `konane solve --board ... --json`: the board, rule, winner, every removal
# (with White's refutation), completeness, nodes and seconds.
solve_row() {
  jq -r '"| \(.board) | \(.opening) | \(.winner) | \([.removals[] | "\(.square):\(.winner)\(if .refutation then " (" + .refutation + ")" else "" end)"] | join(", ")) | \(.complete) | \(.nodes) | \(.seconds * 100 | round / 100) |"'
}

# Solves board $1 under rule $2 within $3 seconds (the large boards' table memory) and
# appends its row to the section's body; further arguments go to the solve (--db DIR).
board_row() {
  local json
  json=$("$KONANE" solve --board "$1" --opening "$2" --threads "$THREADS" --timeout "$3" --memory "$LARGE_MEMORY" "${@:4}" --json)
  echo "$json" | solve_row >>"$BODY"
}

# ───────────────────────────── large-boards.md ─────────────────────────────
# Boards beyond 6x6, each given LARGE_TIMEOUT seconds; a board not finished in time is
# listed with what was settled (removal by removal) and the work done.
large_boards() {
  local out=$RESULTS/large-boards.md
  {
    echo
    echo "Boards R x C, R <= C, with 7 or 8 columns, searched by \`konane solve --board\` (df-pn)"
    echo "with \`--timeout $LARGE_TIMEOUT --memory $LARGE_MEMORY\`. A removal's entry is \`square:winner\` (with White's"
    echo "refutation when White wins); \`unknown\` means not settled within the time."
    echo
    echo "| board | rule | winner | removals | complete | nodes | seconds |"
    echo "|---|---|---|---|---|---|---|"
  } >"$BODY"
  local b rule
  for b in 1x7 1x8 2x7 2x8 3x7 3x8 4x7 4x8 5x7 5x8 6x7 7x7 6x8; do
    for rule in standard any; do
      # Wide boards under \`any\` only where they are quick; the big ones' \`any\` runs are
      # the long section's (LONG_BOARDS="6x7:any 5x8:any 7x7:any", long-runs-any.md).
      case "$b:$rule" in 5x8:any | 6x7:any | 7x7:any | 6x8:any) continue ;; esac
      board_row "$b" "$rule" "$LARGE_TIMEOUT"
    done
  done
  finish "$out" "Konane on boards beyond 6x6" "scripts/regenerate-results.sh ($KONANE), LARGE_TIMEOUT=$LARGE_TIMEOUT LARGE_MEMORY=$LARGE_MEMORY"
}

# ───────────────────────────── long-runs.md ─────────────────────────────
# The boards (and rules) large-boards.md leaves unsettled or skips, each given LONG_TIMEOUT
# seconds (under the rule given with it, standard by default), with what was settled
# removal by removal.
long() {
  local out=$RESULTS/$LONG_FILE spec b rule db_args=() db_note=""
  if [ -n "$LONG_DB" ]; then
    db_args=(--db "$LONG_DB")
    db_note=" --db $LONG_DB"
  fi
  {
    echo
    echo "\`konane solve --board B --opening RULE --threads $THREADS --timeout $LONG_TIMEOUT --memory $LARGE_MEMORY$db_note\`"
    echo "for each board B and rule RULE below. A removal's entry is \`square:winner\` (with White's refutation when"
    echo "White wins); \`unknown\` means not settled within the time."
    if [ -n "$LONG_DB" ]; then
      echo "The solves read and add to the database $LONG_DB: positions proved by earlier runs"
      echo "into it are not searched again, so nodes and seconds count this run's work only."
    fi
    echo
    echo "| board | rule | winner | removals | complete | nodes | seconds |"
    echo "|---|---|---|---|---|---|---|"
  } >"$BODY"
  for spec in $LONG_BOARDS; do
    b=${spec%%:*}
    rule=standard
    [ "$spec" = "$b" ] || rule=${spec#*:}
    board_row "$b" "$rule" "$LONG_TIMEOUT" "${db_args[@]}"
  done
  finish "$out" "Long runs on the largest boards" "scripts/regenerate-results.sh ($KONANE), SECTIONS=long LONG_BOARDS=\"$LONG_BOARDS\" LONG_TIMEOUT=$LONG_TIMEOUT LONG_FILE=$LONG_FILE THREADS=$THREADS LARGE_MEMORY=$LARGE_MEMORY${LONG_DB:+ LONG_DB=$LONG_DB}"
}

# ───────────────────────────── strong-solutions.md ─────────────────────────────
# Retrograde strong solutions of boards bigger than full-game.md's, with the layer table,
# the time of each phase, the peak memory and the database size.
strong() {
  local out=$RESULTS/strong-solutions.md spec b rule db json
  {
    echo
    echo "Every position reachable from the opening solved by \`konane retro --threads $THREADS\`"
    echo "(positions counted once per symmetry class incl. colour swap; \"sides\" counts"
    echo "(position, side to move) pairs; \"mover wins\" how many of those the mover wins)."
  } >"$BODY"
  for spec in $STRONG_BOARDS; do
    b=${spec%%:*}
    rule=${spec#*:}
    db=$(dirname "$DB")/strong-$b-$rule
    json=$("$KONANE" retro --board "$b" --opening "$rule" --db "$db" --threads "$THREADS" --json)
    {
      echo
      echo "## $b, $rule opening"
      echo
      echo "$json" | jq -r '"- winner: \(.winner); Black'"'"'s winning removals: \(.winning_moves | join(" ") | if . == "" then "none" else . end)\n- reachable positions: \(.positions) (\(.sides) with a side to move)\n- time: \(.seconds * 10 | round / 10) s (enumeration \(.enumerate_seconds * 10 | round / 10) s, solving \(.solve_seconds * 10 | round / 10) s) on \(.threads) threads\n- peak memory: \(.peak_rss_kb / 1024 | round) MiB"'
      echo "- database: $("$KONANE" db stats --db "$db" --json | jq -r '"\(.total_bytes / 1048576 | round) MiB on disk, \(.boards[0].positions) positions stored"')"
      echo
      echo "| stones | positions | sides | mover wins | seconds |"
      echo "|---|---|---|---|---|"
      echo "$json" | jq -r '.layers[] | "| \(.layer) | \(.positions) | \(.sides) | \(.mover_wins) | \(.seconds * 100 | round / 100) |"'
    } >>"$BODY"
    rm -rf "$db"
  done
  finish "$out" "Strong solutions by retrograde analysis" "scripts/regenerate-results.sh ($KONANE), SECTIONS=strong STRONG_BOARDS=\"$STRONG_BOARDS\" THREADS=$THREADS"
}

# Ringboard Checkers endgame databases: the table is the one `konane retro --game ringboard`
# prints, per material class.
ringboard() {
  local out=$RESULTS/ringboard-endgames.md rdb
  rdb=$(dirname "$DB")/ringboard-$RINGBOARD_PIECES
  {
    echo
    echo "\`konane retro --game ringboard --pieces $RINGBOARD_PIECES --threads $THREADS\`: every position of"
    echo "at most $RINGBOARD_PIECES pieces (each material class in which both sides have a piece: black's"
    echo "kings \`X\` and men \`x\`, a dash, white's kings \`O\` and men \`o\`), solved with each side to"
    echo "move to a win, a loss or a draw (../shared/spec/ringboard-rules.md). Each cell counts the"
    echo "positions won by black / won by white / drawn; the longest win is in plies."
    echo
    "$KONANE" retro --game ringboard --pieces "$RINGBOARD_PIECES" --threads "$THREADS" --db "$rdb" --quiet
    echo
    echo "disk: $(du -sm "$rdb" | cut -f1) MiB in all, of which $(du -sm "$rdb/retro-work" | cut -f1) MiB the classes' arrays (retro-work/)"
  } >"$BODY"
  finish "$out" "Ringboard Checkers endgame databases" "scripts/regenerate-results.sh ($KONANE), SECTIONS=ringboard RINGBOARD_PIECES=$RINGBOARD_PIECES THREADS=$THREADS"
}

# ───────────────────────────── endgames-8x8.md ─────────────────────────────
# The 8x8 endgame benchmark: every position of bench/data/endgames-8x8.tsv solved and valued
# by a fresh engine within ENDGAME_TIMEOUT seconds each (konane bench --endgames).
endgames() {
  local out=$RESULTS/endgames-8x8.md set=$ROOT/bench/data/endgames-8x8.tsv
  {
    echo
    echo "Positions of 8x8 Konane (standard opening) reached by seeded random and greedy"
    echo "(mobility) play, after every second ply from 10 to 36, Black to move"
    echo "(\`bench/data/endgames-8x8.tsv\`, made by \`$(sed -n 's/^# made by: //p' "$set")\`)."
    echo "Each is solved as \`konane solve\` does (winner, winning moves and a principal"
    echo "variation) and valued as \`konane value\` does (the canonical value), each by a fresh"
    echo "engine on $(if [ "$THREADS" = 0 ]; then echo "every core ($(nproc))"; else echo "$THREADS threads"; fi) with a limit of $ENDGAME_TIMEOUT s. A cell gives"
    echo "how many were answered within the limit, then the median and maximum time of those."
    echo "Every value's outcome class agreed with the solved winner (the run fails otherwise)."
    echo
    "$KONANE" bench --endgames "$set" --timeout "$ENDGAME_TIMEOUT" --threads "$THREADS" --quiet
  } >"$BODY"
  finish "$out" "8x8 endgames from real play" "scripts/regenerate-results.sh ($KONANE), SECTIONS=endgames ENDGAME_TIMEOUT=$ENDGAME_TIMEOUT THREADS=$THREADS"
}

# ───────────────────────────── scaling.md ─────────────────────────────
# What long-runs-6x8.md says of 6x8 standard, for scaling.md: unsettled after N nodes, or
# settled by runs that added to one database (whose last run alone is counted there).
six_by_eight_status() {
  local row
  row=$(grep -m1 '^| 6x8 | standard |' "$RESULTS/long-runs-6x8.md" 2>/dev/null) ||
    { echo "6x8 has not been settled,"; return; }
  awk -F'|' '{gsub(/ /, "", $4); gsub(/ /, "", $7);
    if ($4 == "unknown") printf "long-runs-6x8.md has 6x8 unsettled after %s nodes,", $7;
    else printf "long-runs-6x8.md settled 6x8 (winner: %s) in runs that added to one database, the last of them %s nodes, and counts only that last run,", $4, $7}' <<<"$row"
}

# retro and solve --board on one process and on SCALING_RANKS ranks (1 thread each), and the
# model those figures give for boards and clusters beyond this machine.
ranks_run() {  # ranks, konane arguments...
  local n=$1
  shift
  if [ "$n" -eq 1 ]; then
    "$KONANE" "$@"
  else
    local root=()
    [ "$(id -u)" -eq 0 ] && root=(--allow-run-as-root)
    # No 2.3 s wait for munge at every launch, where it is installed but not running.
    PMIX_MCA_psec=${PMIX_MCA_psec:-native} \
      mpirun "${root[@]}" --oversubscribe --bind-to none -np "$n" "$KONANE" "$@"
  fi
}

# One strong solution of BOARD on RANKS with --replicate-window WINDOW into a fresh database
# in DIR; its JSON, with the database's size and the window added, goes to OUT.
retro_once() {  # dir, board, ranks, window, out
  local json
  rm -rf "$1/db"
  json=$(ranks_run "$3" retro --board "$2" --db "$1/db" --threads 1 --replicate-window "$4" --quiet --json)
  echo "$json" | jq -c --argjson disk "$("$KONANE" db stats --db "$1/db" --json | jq .total_bytes)" --arg window "$4" '. + {disk_bytes: $disk, replicate_window: ($window | tonumber)}' >"$5"
}

# The run among FILES (JSON) whose .seconds is the median (the lower middle of an even count).
median_run() {
  local f
  for f in "$@"; do echo "$(jq .seconds "$f") $f"; done | sort -g | sed -n "$((($# + 1) / 2))p" | cut -d' ' -f2
}
# The median of the ratios .seconds of BASE_r over .seconds of OTHER_r, r = 1..SCALING_REPEATS,
# then every ratio in run order: "1.71 (1.68, 1.71, 1.80)". BASE and OTHER end in "-" (r follows).
median_ratio() {
  local r list=() sorted
  for r in $(seq 1 "$SCALING_REPEATS"); do
    list+=("$(printf '%.2f' "$(jq -n --slurpfile a "$1$r.json" --slurpfile b "$2$r.json" '$a[0].seconds / $b[0].seconds')")")
  done
  sorted=$(printf '%s\n' "${list[@]}" | sort -g | sed -n "$(((SCALING_REPEATS + 1) / 2))p")
  local IFS=,
  echo "$sorted (${list[*]// /})" | sed 's/,/, /g'
}

scaling() {
  local out=$RESULTS/scaling.md dir n b small big pull r f
  dir=$(dirname "$DB")/scaling
  mkdir -p "$dir"
  # 4x6 (one process) for the growth of the position count; then SCALING_REPEATS rounds of:
  # SCALING_RETRO on one process, on SCALING_RANKS ranks keeping whole windows and on
  # SCALING_RANKS ranks asking owners, and SCALING_SOLVE on one process and on SCALING_RANKS.
  retro_once "$dir" 4x6 1 4096 "$dir/retro-4x6-1-4096.json"
  for r in $(seq 1 "$SCALING_REPEATS"); do
    for run in "1 4096" "$SCALING_RANKS 4096" "$SCALING_RANKS 0"; do
      set -- $run
      retro_once "$dir" "$SCALING_RETRO" "$1" "$2" "$dir/retro-$SCALING_RETRO-$1-$2-$r.json"
    done
    rm -rf "$dir/db"
    # The solves run at the default table memory (each rank its own): a bigger table had
    # made one process slower (6x7, 1 thread: 47.7 s at 4096 MiB, 38-42 s at 1024), which
    # flattered the ranks' speedup.
    for n in 1 "$SCALING_RANKS"; do
      ranks_run "$n" solve --board "$SCALING_SOLVE" --threads 1 --json >"$dir/solve-$n-$r.json"
    done
  done
  # Each configuration's median run stands for it (its seconds in the table, its rates in the
  # model); the speedups are medians of the rounds' pairs.
  for f in "retro-$SCALING_RETRO-1-4096" "retro-$SCALING_RETRO-$SCALING_RANKS-4096" "retro-$SCALING_RETRO-$SCALING_RANKS-0" "solve-1" "solve-$SCALING_RANKS"; do
    cp "$(median_run "$dir/$f"-*.json)" "$dir/$f.json"
  done
  small=$dir/retro-4x6-1-4096.json
  big=$dir/retro-$SCALING_RETRO-1-4096.json
  pull=$dir/retro-$SCALING_RETRO-$SCALING_RANKS-0.json
  {
    echo
    echo "Measured on this machine: every rank on localhost with 1 thread (\`mpirun --oversubscribe"
    echo "--bind-to none -np N konane ... --threads 1\`; N = 1 is a plain process). Rank counts,"
    echo "message bytes and nodes come from the commands' JSON. \"whole windows\": every rank keeps"
    echo "a copy of the layers below the one it solves (\`--replicate-window 4096\`, the default);"
    echo "\"owners\": each keeps its share and asks the owners of the options (\`--replicate-window 0\`)."
    echo
    echo "Every command ran $SCALING_REPEATS times, in rounds that run each command once, one after"
    echo "another. Seconds are the median run's; a speedup is the median over the rounds of one"
    echo "process's time over the ranks' time in the same round, with every round's ratio after it."
    echo "On a shared machine the runs vary, those on every core most."
    echo
    echo "## Measured"
    echo
    echo "| command | ranks | seconds | speedup | positions or nodes per second per rank | message bytes | bytes per position or job |"
    echo "|---|---|---|---|---|---|---|"
    for f in "$big" "$dir/retro-$SCALING_RETRO-$SCALING_RANKS-4096.json" "$pull"; do
      b=${f%.json}
      jq -r --arg speedup "$(if [ "$f" = "$big" ]; then echo 1; else median_ratio "${big%.json}-" "$b-"; fi)" '"| retro --board \(.board)\(if .ranks > 1 then (if .replicate_window > 0 then " (whole windows)" else " (owners)" end) else "" end) | \(.ranks) | \(.seconds * 10 | round / 10) | \($speedup) | \(.positions / .seconds / .ranks | round) | \(.message_bytes) | \(.message_bytes / .positions * 10 | round / 10) |"' "$f"
    done
    for n in 1 "$SCALING_RANKS"; do
      jq -r --arg speedup "$(if [ "$n" -eq 1 ]; then echo 1; else median_ratio "$dir/solve-1-" "$dir/solve-$n-"; fi)" '"| solve --board \(.board) | \(.ranks // 1) | \(.seconds * 10 | round / 10) | \($speedup) | \(.nodes / .seconds / (.ranks // 1) | round) | \(.message_bytes // 0) | \(if (.jobs_sent // 0) > 0 then (.message_bytes / .jobs_sent | round) else "-" end) |"' "$dir/solve-$n.json"
    done
    echo
    echo "Every retro run stores the same database. The solves give the same winner and removal results: $(jq -r '[.winner, ([.removals[] | "\(.square):\(.winner)"] | join(" "))] | join("; ")' "$dir/solve-1.json") (1 rank) and $(jq -r '[.winner, ([.removals[] | "\(.square):\(.winner)"] | join(" "))] | join("; ")' "$dir/solve-$SCALING_RANKS.json") ($SCALING_RANKS ranks)."
    echo
    echo "## Model"
    echo
    echo "A large cluster runs retro asking owners (whole windows would not fit one node, and"
    echo "their bytes per position grow with the rank count), so the model takes that run's figures."
    echo
    jq -n -r --slurpfile s "$small" --slurpfile b "$big" --slurpfile m "$pull" --argjson speedup "$(median_ratio "${big%.json}-" "${pull%.json}-" | cut -d' ' -f1)" '
      ($b[0]) as $one | ($m[0]) as $many | ($s[0]) as $small |
      def area(x): x.board | split("x") | map(tonumber) | .[0] * .[1];
      ([$one.layers | range(1; length) as $i | .[$i].positions + .[$i - 1].positions] | max) as $window |
      "- retro positions per second per rank (1 thread, \($many.ranks) ranks asking owners, \($one.board)): \($many.positions / $many.seconds / $many.ranks | round); parallel efficiency (the median speedup above / ranks) \($speedup / $many.ranks * 100 | round / 100)",
      "- message bytes per position: \($many.message_bytes / $many.positions * 10 | round / 10) (each option of a position is an 8-byte query and a 1-byte answer, plus the children routed during enumeration and the table records redistributed by key range)",
      "- disk per position: \($one.disk_bytes / $one.positions * 10 | round / 10) bytes (the database, \($one.board))",
      "- memory: a rank holds its share of the window, the two largest adjacent layers, at 16 bytes a position; on \($one.board) those layers are \($window / $one.positions * 1000 | round / 10)% of all positions",
      "- growth of the position count per added square, from \($small.board) (\($small.positions)) to \($one.board) (\($one.positions)): \(pow($one.positions / $small.positions; 1 / (area($one) - area($small))) * 1000 | round / 1000)"'
    echo
    echo "## Projections"
    echo
    echo "A strong solution needs every reachable position solved once. The position counts beyond"
    echo "the measured boards are the model's growth per square applied to the largest measured board,"
    echo "an estimate to within a few times at best (the growth per square falls as boards grow)."
    if [ -f "$RESULTS/strong-solutions.md" ]; then
      echo "For comparison, strong-solutions.md counts $(grep -A3 '^## 6x6, standard' "$RESULTS/strong-solutions.md" | sed -n 's/^- reachable positions: \([0-9]*\).*/\1/p') positions on 6x6."
    fi
    echo "Cluster time assumes one rank per core ($CORES_PER_NODE cores a node) at the measured rate per"
    echo "rank: optimistic, because a big run's windows do not fit in cache and its messages cross a"
    echo "network instead of shared memory."
    echo
    echo "| board | positions (estimate) | disk | message bytes | time on 16 nodes | time on 64 nodes | time on 256 nodes | window memory per rank on 256 nodes |"
    echo "|---|---|---|---|---|---|---|---|"
    jq -n -r --slurpfile s "$small" --slurpfile b "$big" --slurpfile m "$pull" --argjson cores "$CORES_PER_NODE" '
      ($b[0]) as $one | ($m[0]) as $many | ($s[0]) as $small |
      def area(x): x.board | split("x") | map(tonumber) | .[0] * .[1];
      def human(x): if x >= 1e12 then "\(x / 1e12 * 10 | round / 10) TB" elif x >= 1e9 then "\(x / 1e9 * 10 | round / 10) GB" else "\(x / 1e6 | round) MB" end;
      def duration: if . >= 3600 then "\(. / 3600 * 10 | round / 10) h" elif . >= 60 then "\(. / 60 | round) min" else "\(. | round) s" end;
      ($many.positions / $many.seconds / $many.ranks) as $rate |
      pow($one.positions / $small.positions; 1 / (area($one) - area($small))) as $g |
      ([$one.layers | range(1; length) as $i | .[$i].positions + .[$i - 1].positions] | max / $one.positions) as $wf |
      [["6x6", 36], ["6x7", 42], ["7x7", 49]][] as [$name, $sq] |
      ($one.positions * pow($g; $sq - area($one))) as $p |
      "| \($name) | \($p / 1e9 * 10 | round / 10) billion | \(human($p * $one.disk_bytes / $one.positions)) | \(human($p * $many.message_bytes / $many.positions)) | \([16, 64, 256] | map($p / ($rate * . * $cores) | duration) | join(" | ")) | \(human($p * $wf * 16 / (256 * $cores))) |"'
    echo
    echo "A full solve of 6x8 by search: the rate above is $(jq -r '.nodes / .seconds / (.ranks // 1) | round' "$dir/solve-$SCALING_RANKS.json") nodes per second per rank; $(six_by_eight_status) so its node count is not known and neither is its time on a cluster. What a cluster multiplies is the search rate: 256 nodes of $CORES_PER_NODE cores search about $(jq -r --argjson c "$CORES_PER_NODE" '.nodes / .seconds / (.ranks // 1) * 256 * $c / 1e6 | round' "$dir/solve-$SCALING_RANKS.json") million nodes per second at this rate, if the job tree keeps every rank busy (on $SCALING_SOLVE its speedup on $SCALING_RANKS ranks is in the table)."
  } >"$BODY"
  rm -rf "$dir"
  finish "$out" "Scaling across processes (MPI)" "scripts/regenerate-results.sh ($KONANE), SECTIONS=scaling SCALING_RANKS=$SCALING_RANKS SCALING_RETRO=$SCALING_RETRO SCALING_SOLVE=$SCALING_SOLVE SCALING_REPEATS=$SCALING_REPEATS CORES_PER_NODE=$CORES_PER_NODE"
}

for section in $SECTIONS; do
  BODY=$(mktemp)
  START=$(date +%s)
  "$section"
done
echo "results written to $RESULTS (database: $DB)" >&2
