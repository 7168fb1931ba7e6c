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
#   LARGE_MEMORY      table memory (MiB) for each board beyond 6x6 (default 4096)
#   THREADS           worker threads (default: all cores)
#   STRONG_BOARDS     boards strongly solved for strong-solutions.md (default "5x6:standard
#                     6x6:standard"; each in its own database under the temp dir)
#   SECTIONS          which files to make (default "full_game values large_boards"; add
#                     "strong" for strong-solutions.md, about an hour for 6x6, and "long" for
#                     long-runs.md)
#   LONG_BOARDS       boards given LONG_TIMEOUT seconds each in long-runs.md (default "7x7")
#   LONG_TIMEOUT      seconds for each board of long-runs.md (default 3600)
#   LONG_FILE         the file the long section writes in results/ (default long-runs.md)
#   RINGBOARD_PIECES  the most pieces of ringboard-endgames.md (SECTIONS=ringboard; default 3)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
KONANE=${1:-$ROOT/build/cli/konane}
RESULTS=$ROOT/results
RETRO_MAX_AREA=${RETRO_MAX_AREA:-25}
SOLVE_TIMEOUT=${SOLVE_TIMEOUT:-1800}
VALUE_TIMEOUT=${VALUE_TIMEOUT:-300}
LARGE_TIMEOUT=${LARGE_TIMEOUT:-900}
LARGE_MEMORY=${LARGE_MEMORY:-4096}
THREADS=${THREADS:-0}
STRONG_BOARDS=${STRONG_BOARDS:-5x6:standard 6x6:standard}
SECTIONS=${SECTIONS:-full_game values large_boards}
LONG_BOARDS=${LONG_BOARDS:-7x7}
LONG_TIMEOUT=${LONG_TIMEOUT:-3600}
LONG_FILE=${LONG_FILE:-long-runs.md}
RINGBOARD_PIECES=${RINGBOARD_PIECES:-3}
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
          echo "$json" | jq -r --arg m "$method" '"| \(.board) | \(.opening) | \(.winner) | \(.winning_removals | join(" ") | if . == "" then "none" else . end) | \($m) | \(.positions) | \(.sides) | \(.seconds * 100 | round / 100) |"' >>"$BODY"
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
    echo "in a process of its own; seconds is the command's own time (tables included); \"proved\""
    echo "counts the regions whose value a guess proved with df-pn and \"built\" those built from"
    echo "their options (both 0: every region small enough to value directly)."
    echo
    echo "| board | removals | std | position | value | class | mean | temperature | proved | built | seconds |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
  } >"$BODY"
  for b in 1x1 1x2 1x3 1x4 1x5 1x6 2x2 2x3 2x4 2x5 2x6 3x3 3x4 3x5 3x6 4x4 4x5 4x6 5x5 5x6 6x6; do
    local std_removals
    std_removals=$("$KONANE" moves --board "$b" --opening standard | tr '\n' ' ')
    for br in $("$KONANE" moves --board "$b" --opening any); do
      for wr in $("$KONANE" moves --board "$b" --opening any --moves "$br"); do
        local std=no json
        case " $std_removals " in *" $br "*) std=yes ;; esac
        json=$("$KONANE" value --board "$b" --opening any --moves "$br,$wr" --threads "$THREADS" --timeout "$VALUE_TIMEOUT" --json)
        echo "$json" | jq -r --arg b "$b" --arg m "$br,$wr" --arg s "$std" 'if .complete then "| \($b) | \($m) | \($s) | `\(.position)` | `\(.value)` | \(.class) | \(.mean) | \(.temperature) | \(.regions_proved) | \(.regions_expanded) | \(.seconds * 100 | round / 100) |" else "| \($b) | \($m) | \($s) | `\(.position)` | not computed within \(.seconds | round) s | - | - | - | - | - | - |" end' >>"$BODY"
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
  local b rule json
  for b in 1x7 1x8 2x7 2x8 3x7 3x8 4x7 4x8 5x7 5x8 6x7 7x7 6x8; do
    for rule in standard any; do
      # Wide boards under \`any\` only where they are quick; the big ones have one rule.
      case "$b:$rule" in 5x8:any | 6x7:any | 7x7:any | 6x8:any) continue ;; esac
      json=$("$KONANE" solve --board "$b" --opening "$rule" --threads "$THREADS" --timeout "$LARGE_TIMEOUT" --memory "$LARGE_MEMORY" --json)
      echo "$json" | solve_row >>"$BODY"
    done
  done
  finish "$out" "Konane on boards beyond 6x6" "scripts/regenerate-results.sh ($KONANE), LARGE_TIMEOUT=$LARGE_TIMEOUT LARGE_MEMORY=$LARGE_MEMORY"
}

# ───────────────────────────── long-runs.md ─────────────────────────────
# The boards large-boards.md leaves unsettled, each given LONG_TIMEOUT seconds (standard
# opening), with what was settled removal by removal.
long() {
  local out=$RESULTS/$LONG_FILE b json
  {
    echo
    echo "\`konane solve --board B --opening standard --threads $THREADS --timeout $LONG_TIMEOUT --memory $LARGE_MEMORY\`"
    echo "for each board B. A removal's entry is \`square:winner\` (with White's refutation when"
    echo "White wins); \`unknown\` means not settled within the time."
    echo
    echo "| board | rule | winner | removals | complete | nodes | seconds |"
    echo "|---|---|---|---|---|---|---|"
  } >"$BODY"
  for b in $LONG_BOARDS; do
    json=$("$KONANE" solve --board "$b" --opening standard --threads "$THREADS" --timeout "$LONG_TIMEOUT" --memory "$LARGE_MEMORY" --json)
    echo "$json" | solve_row >>"$BODY"
  done
  finish "$out" "Long runs on the largest boards" "scripts/regenerate-results.sh ($KONANE), SECTIONS=long LONG_BOARDS=\"$LONG_BOARDS\" LONG_TIMEOUT=$LONG_TIMEOUT LONG_FILE=$LONG_FILE THREADS=$THREADS LARGE_MEMORY=$LARGE_MEMORY"
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
      echo "$json" | jq -r '"- winner: \(.winner); Black'"'"'s winning removals: \(.winning_removals | join(" ") | if . == "" then "none" else . end)\n- reachable positions: \(.positions) (\(.sides) with a side to move)\n- time: \(.seconds * 10 | round / 10) s (enumeration \(.enumerate_seconds * 10 | round / 10) s, solving \(.solve_seconds * 10 | round / 10) s) on \(.threads) threads\n- peak memory: \(.peak_rss_kb / 1024 | round) MiB"'
      echo "- database: $("$KONANE" db stats --db "$db" --json | jq -r '"\(.total_bytes / 1048576 | round) MiB on disk, \(.boards[0].positions) positions stored"')"
      echo
      echo "| stones | positions | sides | mover wins | seconds |"
      echo "|---|---|---|---|---|"
      echo "$json" | jq -r '.layers[] | "| \(.stones) | \(.positions) | \(.sides) | \(.mover_wins) | \(.seconds * 100 | round / 100) |"'
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
  } >"$BODY"
  finish "$out" "Ringboard Checkers endgame databases" "scripts/regenerate-results.sh ($KONANE), SECTIONS=ringboard RINGBOARD_PIECES=$RINGBOARD_PIECES THREADS=$THREADS"
}

for section in $SECTIONS; do
  BODY=$(mktemp)
  START=$(date +%s)
  "$section"
done
echo "results written to $RESULTS (database: $DB)" >&2
