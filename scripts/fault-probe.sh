#!/bin/sh
# The long fault probe for release checks, on a Release build in build/:
#   scripts/fault-probe.sh [TRIALS] [BOARD] [FUZZ_SECONDS_PER_TARGET]
# runs the fault suite (retro and batch killed at random points, read-only directory)
# with TRIALS trials each (default 30) and retro on BOARD (default 5x5), the damage tests,
# then TRIALS trials of retro on BOARD killed by signals at random moments (one to three
# kills, then a resumed run whose export must equal an uninterrupted run's byte for byte),
# then every fuzz target for FUZZ_SECONDS_PER_TARGET (default 300) through
# scripts/fuzz-report.sh (results/fuzz.md). Also the damaged-log sweep (8 x TRIALS places
# of 4 damages each), full disks, failed output and readers beside a live writer
# (RELIABILITY.md). The counts go to results/fault-probe.md.
set -eu
cd "$(dirname "$0")/.."
trials=${1:-30}
board=${2:-5x5}
fuzz_seconds=${3:-300}
started=$(date +%s)
log=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKONANE_WERROR=ON >/dev/null
cmake --build build -j"$(nproc)" --target konane cli_tests db_tests
# Every stage's output goes to the terminal and to the log the counts are read from.
stage() {
  echo "== $*" | tee -a "$log"
  { "$@" 2>&1; echo $? >"$work/rc"; } | tee -a "$log"
  [ "$(cat "$work/rc")" -eq 0 ] || { echo "fault-probe: stage failed: $*" >&2; exit 1; }
}
export KONANE_FAULT_TRIALS="$trials" KONANE_FAULT_BOARD="$board"
stage build/tests/cli_tests --gtest_filter='FaultSuite.*:DbDamageCli.*:DbErrors.*:RetroCli.*:Batch.*'
stage build/tests/db_tests --gtest_filter='Damage.*:Rebuild.*:Corruption.*:Lock.*:OpenErrors.*:MetaDamage.*'
stage build/tests/db_tests --gtest_filter='WalDamage.*'
stage build/tests/cli_tests --gtest_filter='FullDisk.*:FailedOutput.*:CgtBounds.*:UnsignedOptions.*'
stage build/tests/cli_tests --gtest_filter='ReadersDuringRetro.NoReader*' --gtest_repeat="$trials"

# Signals from outside at random moments: kills the hooks cannot place (inside a write, a
# sync, RocksDB's own threads). The tests use hooks only, so their verdicts never depend on
# the machine's speed; this part does not decide anything by time either, it only varies
# where the kills land.
k=build/cli/konane
start=$(date +%s%N)
$k retro --board "$board" --db "$work/clean" --quiet >/dev/null
took_ms=$(( ($(date +%s%N) - start) / 1000000 + 1 ))
$k db export --board "$board" --db "$work/clean" >"$work/clean.tsv"
landed=0
for t in $(seq "$trials"); do
  rm -rf "$work/db"
  for _ in $(seq $((1 + $(shuf -i 0-2 -n 1)))); do
    $k retro --board "$board" --db "$work/db" --quiet --chunk 2000 >/dev/null 2>&1 &
    pid=$!
    sleep "$(awk -v ms="$(shuf -i 0-"$took_ms" -n 1)" 'BEGIN { print ms / 1000 }')"
    kill -9 "$pid" 2>/dev/null && landed=$((landed + 1))
    wait "$pid" 2>/dev/null || true
  done
  $k retro --board "$board" --db "$work/db" --quiet >/dev/null
  $k db export --board "$board" --db "$work/db" | cmp -s - "$work/clean.tsv" ||
    { echo "signal trial $t: export differs" >&2; exit 1; }
done
echo "probe: retro $board killed by kill -9 at random moments: $trials trials, $landed kills landed, 0 exports differing" | tee -a "$log"

scripts/fuzz-report.sh "$fuzz_seconds"
took=$(($(date +%s) - started))
build=$(sed -n 's/.*kBuildId = "\(.*\)";.*/\1/p' build/cli/build_info.hpp 2>/dev/null | head -1)
{
  echo "# Fault probe"
  echo
  echo "Command: \`scripts/fault-probe.sh $trials $board $fuzz_seconds\`  "
  echo "Build: ${build:-unknown}  "
  echo "Date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  "
  echo "Took: ${took} s on $(nproc) cores (fuzzing: results/fuzz.md)"
  echo
  echo "Every stage passed; each line is counted by the test that ran it (a failed check"
  echo "would have stopped the probe). RELIABILITY.md names the test behind each promise."
  echo
  sed -n 's/^probe: \(.*\)$/- \1/p' "$log"
  echo
  echo "Tests run per stage:"
  echo
  sed -n 's/^== build\/tests\/\([a-z_]*\) \(.*\)$/- \1 \2/p; s/^\[  PASSED  \] \(.*\)$/  passed: \1/p' "$log"
} >results/fault-probe.md
echo "fault probe passed: $trials trials per kill test on $board, fuzzing ${fuzz_seconds}s per target; wrote results/fault-probe.md"
