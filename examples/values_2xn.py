"""A table of the CGT values of every Konane position on 2 x n boards: how many positions
have each value, for n = 1 .. N (default 3).

    PYTHONPATH=build/python python3 examples/values_2xn.py [N]
"""
import collections
import itertools
import sys

import konane


def positions(n):
    """Every position of a 2 x n board: each square empty, black or white."""
    for squares in itertools.product(".xo", repeat=2 * n):
        yield "".join(squares[:n]) + "/" + "".join(squares[n:])


def main(n_max):
    for n in range(1, n_max + 1):
        counts = collections.Counter(str(konane.value(p)) for p in positions(n))
        print("2x%d: %d positions, %d values" % (n, sum(counts.values()), len(counts)))
        for value, count in sorted(counts.items(), key=lambda vc: (-vc[1], vc[0])):
            print("  %-20s %d" % (value, count))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
