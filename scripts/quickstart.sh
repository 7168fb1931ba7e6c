#!/bin/sh
# Fresh Debian 12 machine: install what is missing, build, and run a real solve.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# Sources compiled eight to a file (KONANE_UNITY, as CI builds): the first build is what a
# newcomer waits for, and batches parse the headers once per eight sources.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKONANE_BUILD_BENCH=OFF -DKONANE_UNITY=ON >/dev/null
cmake --build build -j"$(nproc)" --target konane konane_python
set -x
build/cli/konane solve --board 5x5 --opening standard
PYTHONPATH=build/python /usr/bin/python3 -c 'import konane; print(konane.solve("xoxo|oxox", game="clobber"))'

