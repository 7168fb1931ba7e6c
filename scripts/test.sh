#!/bin/sh
# The whole test suite, as CI runs it:
#  1. Release build with -Wall -Wextra -Werror, every test but the fuzz corpus replays;
#  2. AddressSanitizer + UndefinedBehaviorSanitizer build (clang), the same tests but the slow;
#  3. ThreadSanitizer build of the concurrent tests alone (tests/CMakeLists.txt: concurrency_tests);
#  4. libFuzzer (clang, ASan + UBSan) on every parser, 15 s each (scripts/fuzz.sh), each
#     starting by replaying its seed corpus. The fuzz targets build in stage 2's tree
#     (KONANE_FUZZ there instruments the parsers' code alone, so its tests run at close to
#     ASan speed: 587 s against 500 s), where a tree of their own cost about 370 s of compiling.
# The sanitizer trees compile with -O1 -g1 (line tables only): on this project's template-heavy
# sources that halves their compile time against -O2 -g, which was most of CI's 40 minutes,
# and the reports keep file and line. Every tree compiles each target's sources eight to a
# file (KONANE_UNITY): the Release build then takes 366 s instead of 641 s.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs="$(nproc)"
started=$(date +%s)
stage() {  # prints how long the suite has run, so a slow stage shows in CI's log
  echo "test.sh: $1 at $(($(date +%s) - started)) s" >&2
}

run_suite() {  # build dir, extra ctest args...
  dir=$1
  shift
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" "$@"
}

cmake -S . -B build-ci/release -DCMAKE_BUILD_TYPE=Release -DKONANE_WERROR=ON \
  -DKONANE_FUZZ_REPLAY=OFF -DKONANE_UNITY=ON >/dev/null
cmake --build build-ci/release -j"$jobs"
stage "release built"
run_suite build-ci/release
stage "release tests passed"

sanitized_flags='-O1 -g1 -DNDEBUG'
# clang builds the ASan+UBSan tree: 451 s against GCC's 700 s here, its tests 640 s against
# 731 s; and the suite then compiles -Werror under both compilers. GCC keeps the others.
cmake -S . -B build-ci/asan -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKONANE_WERROR=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$sanitized_flags" \
  -DKONANE_SANITIZE=address,undefined -DKONANE_BUILD_BENCH=OFF -DKONANE_FUZZ=ON \
  -DKONANE_UNITY=ON >/dev/null
cmake --build build-ci/asan -j"$jobs"
stage "sanitized build done"
# Every test but those labelled slow (tests/labels.cmake.in: 3 s or more in Release, 8 s or
# more here); the Release stage ran them. Without them this stage's tests take about 320
# test-seconds of 1,500, which keeps CI under its 30 minutes. Half the fault trials for the
# fault tests that remain.
KONANE_FAULT_TRIALS=3 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  run_suite build-ci/asan -LE slow
stage "sanitized tests passed"

cmake -S . -B build-ci/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKONANE_WERROR=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$sanitized_flags" \
  -DKONANE_SANITIZE=thread -DKONANE_BUILD_BENCH=OFF -DKONANE_UNITY=ON >/dev/null
cmake --build build-ci/tsan -j"$jobs" --target concurrency_tests
stage "thread-sanitized build done"
# suppress_equal_addresses=0: with it on, every suppressed report (oneTBB's range splitting
# and sorting, millions in the indexed retrograde test) first scans the list of addresses
# already reported, which grows with them; that test took over 10 minutes instead of 50 s.
# history_size=7: the longest history, so the earlier access of a report keeps its stack and
# the suppressions can match it (a stack lost to a short history matched none).
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppress_equal_addresses=0 history_size=7 suppressions=$PWD/scripts/tsan.supp" \
  run_suite build-ci/tsan -R 'Concurren|^Jobs\.(AJob|TheTable)'
stage "thread-sanitized tests passed"
FUZZ_BUILD=build-ci/asan scripts/fuzz.sh 15
stage "fuzzing done"
echo "all test suites passed"
