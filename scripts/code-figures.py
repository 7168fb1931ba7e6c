#!/usr/bin/env python3
"""Figures of the code base that issue 63's goals name, measured the same way each time:
lines in cli/ (non-blank), functions and lambdas of 80 lines or more (from the line of the
opening brace of a function body to its closing brace; a body is a brace block that a
parameter list ')' , 'const', 'override', 'noexcept', '-> T' or 'mutable' opens), and the
files that name each game.

usage: scripts/code-figures.py [ROOT]    (prints Markdown)
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
SOURCES = ("core", "games", "cgt", "solver", "db", "api", "cli", "bench")
EXTS = (".cpp", ".hpp", ".h", ".cc")


def files(dirs):
    for d in dirs:
        for base, _, names in os.walk(os.path.join(ROOT, d)):
            for n in sorted(names):
                if n.endswith(EXTS):
                    yield os.path.join(base, n)


def strip(text):
    """Comments, strings and character literals blanked, line breaks kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


BODY = re.compile(r"(\)|\bconst|\boverride|\bnoexcept|\bmutable|->\s*[\w:<>,\s\*&]+)\s*$")


def long_functions(path, limit=80):
    text = strip(open(path, encoding="utf-8", errors="replace").read())
    found, stack, line = [], [], 1
    for i, c in enumerate(text):
        if c == "\n":
            line += 1
        elif c == "{":
            before = text[max(0, i - 200):i]
            stack.append((line, bool(BODY.search(before)) and not re.search(
                r"\b(if|for|while|switch|catch)\s*\([^{}]*$", before)))
        elif c == "}" and stack:
            start, is_body = stack.pop()
            # The outermost body only: a lambda inside a long function is part of it.
            if is_body and not any(b for _, b in stack) and line - start + 1 >= limit:
                found.append((line - start + 1, start))
    return found


def main():
    cli_lines = sum(1 for f in files(["cli"]) for l in open(f, errors="replace") if l.strip())
    print("lines in cli/ (non-blank): %d" % cli_lines)
    longs = []
    for f in files(SOURCES):
        for n, start in long_functions(f):
            longs.append((n, os.path.relpath(f, ROOT), start))
    print("functions of 80 lines or more: %d" % len(longs))
    for n, f, start in sorted(longs, reverse=True):
        print("  %4d  %s:%d" % (n, f, start))
    # Files outside a game's folder that name it (in code or strings, not in comments), build
    # files included: what adding the game touched.
    for game in ("konane", "ringboard", "clobber", "domineering"):
        pattern = re.compile(r"\b%s\b" % game, re.I)
        candidates = list(files(SOURCES)) + [os.path.join(b, "CMakeLists.txt")
                                             for d in SOURCES + ("tests",)
                                             for b, _, n in os.walk(os.path.join(ROOT, d))
                                             if "CMakeLists.txt" in n]
        named = [os.path.relpath(f, ROOT) for f in candidates
                 if pattern.search(re.sub(r"//[^\n]*|/\*.*?\*/|#[^\n]*", "",
                                          open(f, errors="replace").read(), flags=re.S)
                                   if f.endswith("CMakeLists.txt") else
                                   re.sub(r"//[^\n]*", "", open(f, errors="replace").read()))
                 and not os.path.relpath(f, ROOT).startswith("games/" + game)]
        own = len(list(files(["games/" + game])))
        print("%s: %d files in games/%s, %d files elsewhere name it" % (game, own, game, len(named)))
        if game in ("clobber", "domineering"):
            for f in named:
                print("    " + f)


main()
