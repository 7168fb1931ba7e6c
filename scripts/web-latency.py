#!/usr/bin/python3
"""How fast the board page's server answers (issue 65's goals: a move in under 100 ms, a
6x6 hint within 1 s on 2 threads), measured as the page asks: over HTTP against
`konane serve --threads 2`, the time from sending a request to holding its whole answer.

  * moves: the engine's reply (/api/engine) at every position of whole games the engine plays
    against itself: 4x4 with perfect play, 8x8 with strength=heuristic;
  * hints: /api/start?verb=solve polled through /api/job until done, as the page's Hint does,
    at every position of a 6x6 game the engine plays against itself from the standard opening,
    and at each position the standard opening's two removals can give (the hardest ones).

Writes results/web-latency.md (or the file given) with the command, build, date and time
taken. Run from the repository's root after a Release build:

    scripts/web-latency.py [--runs 3] [results/web-latency.md]
"""
import argparse
import datetime
import json
import pathlib
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
KONANE = ROOT / "build/cli/konane"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, threads):
        self.port = free_port()
        self.proc = subprocess.Popen([str(KONANE), "serve", "--port", str(self.port),
                                      "--threads", str(threads)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                self.get("/api/moves", board="4x4")
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("konane serve did not start")

    def get(self, path, **query):
        url = f"http://127.0.0.1:{self.port}{path}?{urllib.parse.urlencode(query)}"
        with urllib.request.urlopen(url, timeout=600) as r:
            return json.load(r)

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def timed(f):
    t0 = time.perf_counter()
    out = f()
    return time.perf_counter() - t0, out


def engine_game(server, board, strength):
    """The engine against itself from the full board: the seconds of every reply."""
    moves, times = [], []
    while True:
        q = {"board": board}
        if moves:
            q["moves"] = ",".join(moves)
        if strength:
            q["strength"] = strength
        try:
            t, reply = timed(lambda: server.get("/api/engine", **q))
        except urllib.error.HTTPError as e:  # 400 once the side to move has none
            if "the game is over" not in e.read().decode():
                raise
            return times, moves
        times.append(t)
        moves.append(reply["move"])


def hint(server, board, moves):
    def ask():
        job = server.get("/api/start", verb="solve", board=board, moves=",".join(moves),
                         timeout=60)["job"]
        while True:
            s = server.get("/api/job", id=job)
            if s["state"] in ("done", "cancelled"):
                return s["answer"]
            time.sleep(0.005)
    return timed(ask)


def summary(times):
    ms = sorted(t * 1000 for t in times)
    return (f"{len(ms)} | {statistics.median(ms):.1f} | {ms[int(0.9 * (len(ms) - 1))]:.1f} | "
            f"{ms[-1]:.1f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("out", nargs="?", default=str(ROOT / "results/web-latency.md"))
    a = ap.parse_args()
    t0 = time.time()
    build = subprocess.run([str(KONANE), "--version"], capture_output=True,
                           text=True).stdout.splitlines()[0]
    server = Server(threads=2)
    try:
        rows = []
        for board, strength in (("4x4", None), ("8x8", "heuristic")):
            times = []
            for _ in range(a.runs):
                t, moves = engine_game(server, board, strength)
                times += t
            rows.append((f"engine reply, {board}, {strength or 'perfect'}, "
                         f"{len(moves)}-ply game x {a.runs}", times))
        _, line = engine_game(server, "6x6", None)
        hints, first = [], []
        for _ in range(a.runs):
            per_ply = []
            for ply in range(2, len(line)):  # the jump positions
                t, answer = hint(server, "6x6", line[:ply])
                assert answer.get("winner") in ("black", "white"), answer
                per_ply.append(t)
            hints += per_ply
            first.append(per_ply[0])
        rows.append((f"6x6 hint, every jump position of a {len(line)}-ply game x {a.runs}",
                     hints))
        rows.append(("6x6 hint, the first jump position alone", first))
        openings = []  # every first jump position of 6x6's standard opening
        for black in server.get("/api/moves", board="6x6")["moves"]:
            for white in server.get("/api/moves", board="6x6", moves=black)["moves"]:
                openings.append([black, white])
        starts = []
        for _ in range(a.runs):
            for removals in openings:
                t, answer = hint(server, "6x6", removals)
                assert answer.get("winner") in ("black", "white"), answer
                starts.append(t)
        rows.append((f"6x6 hint, each of the {len(openings)} positions after the standard "
                     "opening's two removals", starts))
    finally:
        server.stop()
    took = time.time() - t0
    lines = [
        "# The board page's answer times",
        "",
        f"- command: `scripts/web-latency.py --runs {a.runs}`",
        f"- build: {build}",
        f"- date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}",
        f"- time taken: {took:.0f} s",
        "",
        "Each figure is one HTTP exchange with `konane serve --threads 2` on this machine, "
        "timed from the request to its whole answer (a hint: from /api/start until /api/job "
        "says done), in milliseconds. Goals (issue 65): a move in under 100 ms; a 6x6 hint "
        "within 1 s on 2 threads.",
        "",
        "| what | requests | median ms | 90th percentile ms | max ms |",
        "|---|---|---|---|---|",
    ]
    lines += [f"| {what} | {summary(times)} |" for what, times in rows]
    pathlib.Path(a.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
