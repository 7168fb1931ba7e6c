#!/bin/sh
# Fuzzes every parser with libFuzzer (clang, AddressSanitizer + UndefinedBehaviorSanitizer).
#   [FUZZ_BUILD=DIR] scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# CI runs 15 s per target (scripts/test.sh), one target per core at a time; a release check
# runs an hour per target:
#   scripts/fuzz.sh 3600
# The targets build in build-fuzz, configured here, or in FUZZ_BUILD, a tree already
# configured with -DKONANE_FUZZ=ON (CI's sanitized tree, which then need not be built twice).
# Each target starts from its seed corpus (tests/fuzz/corpus/NAME, never modified here)
# and keeps what it finds under TREE/work/NAME. A crash, a leak, a hang (over 10 s)
# or a failed property stops the run: the input is saved as TREE/work/crash-NAME-*
# and the script exits 1. Add such an input to the seed corpus once it is fixed.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-30}
[ $# -gt 0 ] && shift
targets=${*:-"position move cgt batch_line db_codec ringboard svg_marks game_record endgame_line options grid"}
jobs="$(nproc)"
cxx=$(command -v clang++-14 || command -v clang++ || true)
if [ -z "$cxx" ]; then
  echo "fuzz: clang++ is missing (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
tree=${FUZZ_BUILD:-build-fuzz}
if [ -z "${FUZZ_BUILD:-}" ]; then
  # -O1 with line tables only: libFuzzer's recommended flags, and half the compile time of -O2 -g.
  cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
    -DKONANE_FUZZ=ON -DKONANE_WERROR=ON -DKONANE_BUILD_BENCH=OFF >/dev/null
elif ! grep -q '^KONANE_FUZZ:BOOL=ON' "$tree/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz: $tree is not a build tree configured with -DKONANE_FUZZ=ON" >&2
  exit 1
fi
# One build for every target, so that their sources compile side by side.
build_targets=""
for t in $targets; do build_targets="$build_targets fuzz_$t"; done
# shellcheck disable=SC2086  # one word per target
cmake --build "$tree" -j"$jobs" --target $build_targets

fuzz_one() {  # target; its verdict goes to TREE/work/NAME.status
  t=$1
  work="$tree/work/$t"
  mkdir -p "$work"
  log="$tree/work/$t.log"
  verdict=0
  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$tree/tests/fuzz/fuzz_$t" "$work" "tests/fuzz/corpus/$t" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=4096 -max_len=512 -print_final_stats=1 \
    -artifact_prefix="$tree/work/crash-$t-" >"$log" 2>&1; then
    verdict=1
  fi
  echo $verdict >"$tree/work/$t.status"
}

# A target runs on one core: as many at a time as there are cores.
mkdir -p "$tree/work"
running=0
for t in $targets; do
  echo "fuzz $t: ${seconds}s" >&2
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait
    running=0
  fi
done
wait
status=0
for t in $targets; do
  log="$tree/work/$t.log"
  if [ "$(cat "$tree/work/$t.status" 2>/dev/null)" != 0 ]; then
    echo "fuzz $t: FAILED; the input and the log: $tree/work/crash-$t-*, $log" >&2
    tail -40 "$log" >&2
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "fuzz $t: ${runs:-?} inputs tried, corpus $(ls "$tree/work/$t" | wc -l) entries" >&2
done
exit $status
