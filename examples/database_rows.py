"""A small board's solved positions, loaded from a database into a list of dicts: every
position stored for one board, with the winner for each side to move and its value.

    build/cli/konane retro --board 4x4 --opening any --db /tmp/k44 --values
    PYTHONPATH=build/python python3 examples/database_rows.py /tmp/k44 4x4
"""
import collections
import sys

import konane


def main(path, board, game="konane"):
    with konane.Database(path) as db:
        rows = list(db.export(board, game=game))
    print("%d positions stored for %s %s" % (len(rows), game, board))
    wins = collections.Counter((r["black_to_move"], r["white_to_move"]) for r in rows)
    for (black, white), count in sorted(wins.items()):
        print("  black to move: %-7s white to move: %-7s %d" % (black, white, count))
    return rows


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(sys.argv[3:4]))
