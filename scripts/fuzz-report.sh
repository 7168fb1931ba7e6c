#!/bin/sh
# The long fuzz run of every parser, its figures written to results/fuzz.md:
#   [FUZZ_BUILD=DIR] scripts/fuzz-report.sh [SECONDS_PER_TARGET]
# runs scripts/fuzz.sh (default 120 s a target, two targets at a time on two cores) and
# records how many inputs each target tried. CI runs the same targets for 15 s each.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-120}
started=$(date +%s)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
scripts/fuzz.sh "$seconds" 2>"$log" || status=$?
took=$(($(date +%s) - started))
tree=${FUZZ_BUILD:-build-fuzz}
build=$(sed -n 's/.*kBuildId = "\(.*\)";.*/\1/p' "$tree/cli/build_info.hpp" 2>/dev/null | head -1)
out=results/fuzz.md
{
  echo "# Fuzzing every parser"
  echo
  echo "Command: \`scripts/fuzz-report.sh $seconds\` (FUZZ_BUILD=${FUZZ_BUILD:-build-fuzz})  "
  echo "Build: ${build:-unknown}  "
  echo "Date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  "
  echo "Took: ${took} s on $(nproc) cores"
  echo
  echo "libFuzzer with AddressSanitizer and UndefinedBehaviorSanitizer, ${seconds} s a target, each"
  echo "starting from its seed corpus in tests/fuzz/corpus/. A crash, leak, hang over 10 s or"
  echo "failed round-trip property would stop the run and fail this script."
  echo
  echo "| target | inputs tried | corpus entries |"
  echo "|---|---:|---:|"
  sed -n 's/^fuzz \([a-z_]*\): \([0-9?]*\) inputs tried, corpus \([0-9]*\) entries$/| \1 | \2 | \3 |/p' "$log"
  total=$(sed -n 's/^fuzz [a-z_]*: \([0-9]*\) inputs tried.*/\1/p' "$log" | awk '{s += $1} END {print s + 0}')
  echo "| **all** | **$total** | |"
  echo
  if [ "$status" -eq 0 ]; then echo "Verdict: no failure."; else echo "Verdict: FAILED (see $tree/work/)."; fi
} >"$out"
cat "$log" >&2
echo "fuzz-report: wrote $out" >&2
exit "$status"
