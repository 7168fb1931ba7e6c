#!/usr/bin/env python3
"""Konane positions reached by random play, one per line, for batch benchmarks.

    scripts/random_positions.py SEED COUNT [BOARD ...] > positions.txt

Each position comes from a random board among BOARD (default 6x6 5x7 6x7 7x6 5x8 4x8),
random removals under the `any` opening and 4 to 10 random jumps, every move chosen among
those `konane moves` lists (build/cli/konane, or $KONANE)."""
import json
import os
import random
import subprocess
import sys

KONANE = os.environ.get("KONANE", "build/cli/konane")


def legal(board, moves):
    args = [KONANE, "moves", "--board", board, "--opening", "any", "--json"]
    if moves:
        args += ["--moves", ",".join(moves)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    boards = sys.argv[3:] or ["6x6", "5x7", "6x7", "7x6", "5x8", "4x8"]
    rng = random.Random(seed)
    made = 0
    while made < count:
        board = rng.choice(boards)
        moves = []
        for _ in range(2 + rng.randint(4, 10)):
            options = legal(board, moves)["moves"]
            if not options:
                break
            moves.append(rng.choice(options))
        else:
            print(legal(board, moves)["position"])
            made += 1


if __name__ == "__main__":
    main()
