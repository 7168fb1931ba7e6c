#!/usr/bin/env python3
"""Reads a test file of MCGS (the Mueller group's sum solver, github.com/ualberta-mueller-group/MCGS;
its input syntax is its input/info.test) and writes the partizan solve cases of one game as a
`konane batch` input, with the expected winners beside it.

usage: scripts/mcgs_tests.py FILE GAME BATCH_OUT EXPECTED_OUT
  GAME: clobber (sections [clobber] and [clobber_1xn]) or domineering ([domineering]).
  BATCH_OUT gets one line per case, "POSITION b|w"; EXPECTED_OUT the winner per line
  ("black" or "white"). A case whose sum cannot be written as one board of at most 64
  squares is skipped and counted on stderr, as is every case of another game.

A sum of several games is written as one board: the games side by side, each padded to the
tallest and separated by a column that joins nothing (empty for Clobber, filled for
Domineering), which is the sum because regions on either side of it never interact.
"""
import re
import sys

SECTIONS = {"clobber": ("clobber", "clobber_1xn"), "domineering": ("domineering",)}
GAP = {"clobber": ".", "domineering": "#"}


def tokens(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    for m in re.finditer(r"\[[^\]]*\]|\{[^}]*\}|\([^)]*\)|[^\s\[\]{}()]+", text):
        yield m.group(0)


def join(boards, game):
    rows = [b.split("|") for b in boards]
    height = max(len(r) for r in rows)
    out = [""] * height
    for k, r in enumerate(rows):
        width = len(r[0])
        padded = [GAP[game] * width] * (height - len(r)) + r
        for i in range(height):
            out[i] += ("" if k == 0 else GAP[game]) + padded[i]
    return "|".join(out)


def main():
    path, game, batch_out, expected_out = sys.argv[1:5]
    section, games, cases, skipped = None, [], [], 0
    for t in tokens(open(path).read()):
        if t.startswith("["):
            section = t[1:-1].strip()
        elif t.startswith("{"):
            body = t[1:-1].strip()
            if body.startswith("version"):
                continue
            mine = games and all(s in SECTIONS[game] for s, _ in games)
            for command in body.split(","):
                m = re.fullmatch(r"\s*([BW])\s+(win|loss)\s*", command)
                if not m:
                    continue
                board = join([g for _, g in games], game) if mine else None
                if not board or len(board.replace("|", "")) > 64:
                    skipped += 1
                    continue
                mover = "black" if m.group(1) == "B" else "white"
                other = "white" if mover == "black" else "black"
                cases.append((board.lower() + " " + mover[0], mover if m.group(2) == "win" else other))
            games = []
        else:
            games.append((section, t.strip("()").strip()))
    with open(batch_out, "w") as b, open(expected_out, "w") as e:
        for line, winner in cases:
            b.write(line + "\n")
            e.write(winner + "\n")
    print("%s: %d cases, %d skipped" % (path, len(cases), skipped), file=sys.stderr)


main()
