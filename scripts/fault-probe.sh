#!/bin/sh
# The long fault probe for release checks, on a Release build in build/:
#   scripts/fault-probe.sh [TRIALS] [BOARD] [FUZZ_SECONDS_PER_TARGET]
# runs the fault suite (kill -9 of retro and batch at random points, read-only directory)
# with TRIALS trials each (default 30) and retro on BOARD (default 5x5), the damage tests,
# then every fuzz target for FUZZ_SECONDS_PER_TARGET (default 300).
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
scripts/fuzz.sh "$fuzz_seconds"
echo "fault probe passed: $trials trials per kill test on $board, fuzzing ${fuzz_seconds}s per target"
