"""Every command's --json output against the one documented schema, docs/json/konane.schema.json:
each line of each command is checked against the definition named for it here, and every
definition forbids fields it does not document, so a new or renamed field fails until the
schema says what it is. The runs are small and bounded by node budgets, never by time."""
import json
import os
import pathlib
import subprocess

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "json" / "konane.schema.json").read_text())
KONANE = os.environ.get("KONANE_BINARY", str(ROOT / "build" / "cli" / "konane"))
RING = ("........../........../........../........../........../........../"
        "...o....../..x......./........../.......... b")


def run(*args, cwd=None, ok=(0,)):
    r = subprocess.run([KONANE, *args, "--json"], capture_output=True, text=True, cwd=cwd,
                       timeout=600)
    assert r.returncode in ok, (args, r.stderr)
    return [json.loads(line) for line in r.stdout.splitlines() if line.strip()]


def check(definition, document):
    schema = dict(SCHEMA)
    schema["$ref"] = "#/$defs/" + definition
    jsonschema.validate(document, schema, cls=jsonschema.Draft202012Validator)


def runs(tmp):
    """(definition, command line) for every command and game that prints JSON."""
    db, rdb = str(tmp / "db"), str(tmp / "rdb")
    record = tmp / "g.txt"
    subprocess.run([KONANE, "play", "--board", "4x4", "--black", "engine", "--white", "engine",
                    "--think", "0", "--record", str(record)], capture_output=True, check=True,
                   stdin=subprocess.DEVNULL, timeout=600)
    (tmp / "in.txt").write_text("xo.\nzz\nxoxo/oxox/x..o/oxox w\n")
    (tmp / "grid.txt").write_text("xo|ox\nxox\n")
    (tmp / "dom.txt").write_text("..|..\n...\n")
    (tmp / "ring.txt").write_text(RING + "\n")
    out = [
        ("solve", ["solve", "xoxo/oxox/x..o/oxox"]),
        ("solve", ["solve", "--board", "4x4", "--opening", "any", "--node-budget", "100000"]),
        ("value", ["value", "xo.x/o..o/.x.."]),
        ("moves", ["moves", "xoxo/oxox/x..o/oxox"]),
        ("moves", ["moves", "--board", "6x6", "--opening", "standard"]),
        ("show", ["show", "xoxo/oxox/x..o/oxox", "--moves", "c4-c2"]),
        ("perft", ["perft", "xoxo/oxox/x..o/oxox", "--depth", "3"]),
        ("retro", ["retro", "--board", "3x3", "--opening", "any", "--db", db]),
        ("query", ["query", "xox/oxo/x.x", "--db", db]),
        ("query", ["query", "xoxo/oxox/x..o/oxox", "--db", db]),
        ("precompute", ["precompute", "--box", "2x2", "--max-stones", "4", "--db", db]),
        ("db_stats", ["db", "stats", "--db", db]),
        ("analyse", ["analyse", str(record), "--node-budget", "200000"]),
        ("cgt_value", ["cgt", "{2||1|0}", "^.Incentives", "0 <| ^*", "2", "*8.StopCount"]),
        ("cgt_compare", ["cgt", "--compare", "^", "*"]),
        ("cgt_thermograph", ["cgt", "--thermograph", "{2|-1}"]),
        ("bench", ["bench", "--quick"]),
        ("batch", ["batch", str(tmp / "in.txt"), "--quiet", "--values", "--node-budget",
                   "100000"]),
    ]
    for game, file, pos in [("clobber", "grid.txt", "xo.|.ox"),
                            ("domineering", "dom.txt", "..#|...")]:
        out += [
            ("solve", ["solve", "--game", game, pos]),
            ("value", ["value", "--game", game, pos]),
            ("moves", ["moves", "--game", game, pos]),
            ("show", ["show", "--game", game, pos]),
            ("perft", ["perft", "--game", game, pos, "--depth", "2"]),
            ("batch", ["batch", "--game", game, str(tmp / file), "--quiet"]),
            ("bench", ["bench", "--game", game, "--quick"]),
            ("retro", ["retro", "--game", game, "--board", "2x3", "--db", str(tmp / game),
                       "--quiet"]),
        ]
    out += [
        ("solve_loopy", ["solve", "--game", "ringboard", RING]),
        ("moves", ["moves", "--game", "ringboard", RING]),
        ("show", ["show", "--game", "ringboard", RING]),
        ("perft", ["perft", "--game", "ringboard", RING, "--depth", "2"]),
        ("batch_loopy", ["batch", "--game", "ringboard", str(tmp / "ring.txt"), "--quiet"]),
        ("retro_endgames", ["retro", "--game", "ringboard", "--pieces", "2", "--db", rdb,
                            "--quiet"]),
        ("query_loopy", ["query", "--game", "ringboard", RING, "--db", rdb]),
    ]
    return out


def test_every_commands_json_follows_the_schema(tmp_path):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    seen = set()
    for definition, args in runs(tmp_path):
        lines = run(*args, cwd=tmp_path, ok=(0, 1))
        assert lines, args
        for line in lines:
            name = definition
            if definition in ("batch", "batch_loopy") and "error" in line:
                name = "batch_error"
            check(name, line)
            seen.add(name)
    assert {"batch_error", "solve", "value", "cgt_value"} <= seen


def test_a_batch_output_file_starts_with_its_header(tmp_path):
    (tmp_path / "in.txt").write_text("xo.\nzz\n")
    out = tmp_path / "out.jsonl"
    run("batch", str(tmp_path / "in.txt"), "--quiet", "-o", str(out), ok=(1,))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    check("batch_header", lines[0])
    check("batch", lines[1])
    check("batch_error", lines[2])


def test_the_schema_refuses_what_it_does_not_document():
    with pytest.raises(jsonschema.ValidationError):
        check("moves", {"game": "konane", "position": "xo.", "to_move": "black",
                        "phase": "jumps", "count": 1, "moves": ["a1-c1"], "surprise": 1})
    with pytest.raises(jsonschema.ValidationError):
        check("solve", {"game": "konane"})


def test_the_web_servers_own_answers_follow_the_schema():
    """/api/engine, /api/analyse and /api/record (the answers the command line has no verb
    for) from a real `konane serve` on a free port."""
    import re
    import urllib.parse
    import urllib.request
    proc = subprocess.Popen([KONANE, "serve", "--port", "0", "--threads", "2"],
                            stderr=subprocess.PIPE, text=True)
    try:
        port = re.search(r":(\d+)/api/", proc.stderr.readline()).group(1)

        def get(endpoint, **params):
            url = "http://127.0.0.1:%s/api/%s?%s" % (port, endpoint, urllib.parse.urlencode(params))
            with urllib.request.urlopen(url, timeout=600) as reply:
                return json.loads(reply.read())

        check("engine_move", get("engine", board="4x4", moves="a4,a3", node_budget=100000))
        check("engine_move", get("engine", game="ringboard", position=RING, strength="heuristic"))
        check("engine_move", get("engine", game="clobber", position="xo.|.ox", node_budget=1000))
        check("analyse", get("analyse", board="4x4", moves="a4,a3,c4-a4", node_budget=100000))
        check("record", get("record", text="# game: konane\n# board: 4x4\n# black: Keoni\na4 a3\n"))
    finally:
        proc.terminate()
        assert proc.wait(timeout=30) == 0
