#!/usr/bin/python3
"""The Python module's call overhead (issue 64's goal: konane.value of a 4x4 Konane position
within 50 us of the C++ call): konane.value and the bare binding _konane.value against
api::value from C++ (build/bench/bench_api), on the same positions, several runs each.
Writes results/python-overhead.md (or the file given) with the command, build, date and
time taken. Run from the repository's root after a Release build:

    scripts/python-overhead.py [--runs 5] [--calls 3000] [results/python-overhead.md]
"""
import argparse
import datetime
import json
import pathlib
import statistics
import subprocess
import sys
import time
import timeit

ROOT = pathlib.Path(__file__).resolve().parents[1]
CASES = [("konane", "xoxo/oxox/x..o/oxox", "BM_ApiValueKonane4x4"),
         ("clobber", "xo", "BM_ApiValueClobberXo")]


def python_us(stmt, calls):
    stmt()  # the tables of this thread, built once as in any session
    return min(timeit.repeat(stmt, number=calls, repeat=3)) / calls * 1e6


def cpp_us(name):
    out = subprocess.run([str(ROOT / "build/bench/bench_api"), f"--benchmark_filter={name}$",
                          "--benchmark_format=json", "--benchmark_min_time=1"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["benchmarks"][0]["real_time"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--calls", type=int, default=3000)
    ap.add_argument("out", nargs="?", default=str(ROOT / "results/python-overhead.md"))
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT / "build/python"))
    import konane
    from konane import _konane
    t0 = time.time()
    build = subprocess.run([str(ROOT / "build/cli/konane"), "--version"], capture_output=True,
                           text=True).stdout.splitlines()[0]
    rows = []
    for game, pos, bench in CASES:
        py, raw, cpp = [], [], []
        for _ in range(a.runs):
            py.append(python_us(lambda: konane.value(pos, game=game), a.calls))
            raw.append(python_us(lambda: _konane.value(game, pos), a.calls))
            cpp.append(cpp_us(bench))
        rows.append((game, pos, py, raw, cpp))
    took = time.time() - t0
    lines = [
        "# The Python module's call overhead",
        "",
        f"- command: `scripts/python-overhead.py --runs {a.runs} --calls {a.calls}`",
        f"- build: {build}",
        f"- date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}",
        f"- time taken: {took:.0f} s",
        "",
        "Microseconds per call of `value` (median of the runs; min-max in brackets). Python:",
        f"best of three timeit repeats of {a.calls} calls per run. C++: api::value in",
        "build/bench/bench_api (Google Benchmark, 1 s per run). Over: the median Python call",
        "less the median C++ call. Goal (issue 64): konane.value of the 4x4 position within",
        "50 us of the C++ call.",
        "",
        "| game | position | konane.value | _konane.value | C++ api::value | over |",
        "|------|----------|-------------:|--------------:|---------------:|-----:|",
    ]
    fmt = lambda xs: f"{statistics.median(xs):.0f} ({min(xs):.0f}-{max(xs):.0f})"
    for game, pos, py, raw, cpp in rows:
        over = statistics.median(py) - statistics.median(cpp)
        lines.append(f"| {game} | `{pos}` | {fmt(py)} | {fmt(raw)} | {fmt(cpp)} | {over:.0f} |")
    pathlib.Path(a.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
