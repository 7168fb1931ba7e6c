#!/bin/sh
# The long fault probe for release checks, on a Release build in build/:
#   scripts/fault-probe.sh [TRIALS] [BOARD] [FUZZ_SECONDS_PER_TARGET]
# runs the fault suite (kill -9 of retro and batch at random counts, read-only directory)
# with TRIALS trials each (default 30) and retro on BOARD (default 5x5), the damage tests,
# then TRIALS trials of retro on BOARD killed by signals at random moments (one to three
# kills, then a resumed run whose export must equal an uninterrupted run's byte for byte),
# then every fuzz target for FUZZ_SECONDS_PER_TARGET (default 300). Also the damaged-log
# sweep, full disks, failed output and readers beside a live writer (RELIABILITY.md).
set -eu
cd "$(dirname "$0")/.."
trials=${1:-30}
board=${2:-5x5}
fuzz_seconds=${3:-300}
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKONANE_WERROR=ON >/dev/null
cmake --build build -j"$(nproc)" --target konane cli_tests db_tests
KONANE_FAULT_TRIALS=$trials KONANE_FAULT_BOARD=$board build/tests/cli_tests \
  --gtest_filter='FaultSuite.*:DbDamageCli.*:DbErrors.*:RetroCli.*:Batch.*'
build/tests/db_tests --gtest_filter='Damage.*:Rebuild.*:Corruption.*:Lock.*:OpenErrors.*'
# The write-ahead-log sweep at 2 x TRIALS places per class (4 damages each), the full disk
# (root only), failed output, and readers beside a live retro repeated TRIALS times.
KONANE_FAULT_TRIALS=$trials build/tests/db_tests --gtest_filter='WalDamage.*'
build/tests/cli_tests --gtest_filter='FullDisk.*:FailedOutput.*:CgtBounds.*:UnsignedOptions.*'
build/tests/cli_tests --gtest_filter='ReadersDuringRetro.*' --gtest_repeat="$trials"

# Signals from outside at random moments: kills the hooks cannot place (inside a write, a
# sync, RocksDB's own threads). The tests use hooks only, so their verdicts never depend on
# the machine's speed; this part does not decide anything by time either, it only varies
# where the kills land.
k=build/cli/konane
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
echo "signal kills: $trials trials on $board, $landed kills landed, every export identical"

scripts/fuzz.sh "$fuzz_seconds"
echo "fault probe passed: $trials trials per kill test on $board, fuzzing ${fuzz_seconds}s per target"
