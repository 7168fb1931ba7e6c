"""The Python module (python/): the facade's answers as objects. Expected values are worked by
hand from the rules and the definitions of CGT ("Lessons in Play" ch. 2-5), not taken from the
code under test:
- Clobber "xo": each side has one move, to a lone stone (0): {0|0} = *.
- Domineering "..": only Right (horizontal) can move, to 0: {|0} = -1; ".|." is 1 for Left.
- Konane "xo.": Black jumps a1-c1 to a lone stone (0); White has no jump: {0|} = 1.
- {1|-1} is the switch +-1: class N, mean 0, temperature 1; ^ + * = ^*; * + * = 0; ^ > 0;
  * is confused with 0; 1/2 + 1/2 = 1; -{2|-1} = {1|-2}.
- Ringboard: Black's man on c3 must take the lone white man on d4, leaving White no move.
- The operations (Winning Ways ch. 6-8; "Lessons in Play" ch. 9): * heated by 1 is +-1 and
  +-1 cooled by 1 is *; ^ has incentives {^*} once dominated ones are dropped and atomic
  weight 1, ^* reduces to 0; the integer 2 is not atomic (CGSuite's message); 3.^ is ^3;
  {2|{1|0}} prints with slashes as CGSuite does; 3 * {1|-1} is +-1 + +-1 + +-1 = +-1.
"""
import os
import runpy
import sys
import signal
import threading

import pytest

import konane


def test_games_are_the_registry():
    assert {"konane", "ringboard", "clobber", "domineering"} <= set(konane.games())


def test_cgt_values_print_and_compare():
    g = konane.cgt("{1|-1}")
    assert str(g) == "+-1"
    assert g.outcome_class == "N"
    assert (g.mean, g.temperature) == ("0", "1")
    assert repr(g) == "konane.cgt('+-1')"
    assert konane.cgt("^") + konane.cgt("*") == konane.cgt("^*")
    assert str(konane.cgt("*") + "*") == "0"
    assert konane.cgt("^") > 0
    assert not konane.cgt("*") < 0 and not konane.cgt("*") > 0
    assert konane.cgt("*").confused_with(0)
    assert konane.cgt("1/2") + konane.cgt("1/2") == 1
    assert -konane.cgt("{2|-1}") == konane.cgt("{1|-2}")
    assert konane.cgt("{2|-1}").thermograph()["temperature"] == "3/2"
    assert len({konane.cgt("^*"), konane.cgt("^") + "*"}) == 1


def test_the_operations_of_the_field():
    assert str(konane.cgt("*").heat(1)) == "+-1"
    assert str(konane.cgt("+-1").cool(1)) == "*"
    up = konane.cgt("^")
    assert [str(i) for i in up.incentives()] == ["^*"]
    assert str(up.atomic_weight) == "1"
    assert str(konane.cgt("^*").reduced) == "0"
    with pytest.raises(konane.Error, match="That game is not atomic: 2"):
        konane.cgt("2").atomic_weight
    assert str(konane.cgt(3).norton_multiply("^")) == "^3"
    assert str(konane.cgt("{2|{1|0}}")) == "{2||1|0}"
    assert [str(o) for o in konane.cgt("{2|{1|0}}").right_options] == ["{1|0}"]
    assert 3 * konane.cgt("{1|-1}") == konane.cgt("+-1")
    assert konane.evaluate("0 <| ^*") is True
    assert konane.evaluate("DayN(2).Size") == 22
    assert sorted(str(g) for g in konane.evaluate("DayN(1)")) == ["*", "-1", "0", "1"]
    assert konane.evaluate("(*60).StopCount") == 2 * 3 ** 59
    assert konane.cgt("clobber:xo + *") == 0
    with pytest.raises(konane.Error, match="not a game"):
        konane.cgt("^.Incentives")


def test_notebooks_see_boards_and_thermographs():
    p = konane.Position("xo.", game="konane")
    svg = p._repr_svg_()
    assert svg.startswith("<?xml") and svg.rstrip().endswith("</svg>")
    assert svg.count("<circle") >= 2  # the two stones
    assert p.moves() == ["a1-c1"]
    after = p.play("a1-c1")
    assert after.moves() == [] and "moves=['a1-c1']" in repr(after)
    assert str(p.value()) == "1"
    assert p.solve().winner == "black"
    with pytest.raises(konane.Error):
        konane.Position("xo/x", game="clobber")
    thermo = konane.cgt("{2|-1}")._repr_svg_()
    assert thermo.rstrip().endswith("</svg>") and "3/2" in thermo


def test_values_of_positions():
    assert str(konane.value("xo", game="clobber")) == "*"
    assert konane.value("..", game="domineering") == -1
    assert konane.value(".|.", game="domineering") == 1
    assert konane.value("..", game="domineering") + konane.value(".|.", game="domineering") == 0
    assert konane.value("xo.") == 1


def test_solve_and_moves():
    s = konane.solve("xo", game="clobber")
    assert s.winner == "black" and s.winning_moves == ["a1-b1"] and s.pv == ["a1-b1"]
    assert konane.solve("xo", game="clobber", to_move="white").winner == "white"
    assert konane.moves("xo", game="clobber") == ["a1-b1"]
    assert konane.moves("xo", game="clobber", to_move="white") == ["b1-a1"]
    assert konane.perft("xo.", depth=1) == 1
    ring = ("........../........../........../........../........../........../"
            "...o....../..x......./........../.......... b")
    r = konane.solve(ring, game="ringboard")
    assert r.winner == "black" and r.winning_moves == ["c3xe5"]
    assert konane.show(ring, game="ringboard")["black_men"] == 1


def test_errors_carry_the_command_lines_messages():
    with pytest.raises(konane.Error, match="unknown character 'z'"):
        konane.value("xz", game="clobber")
    with pytest.raises(ValueError, match="at position 3"):
        konane.cgt("{1|")
    with pytest.raises(konane.Error, match="value is not available for ringboard"):
        konane.value("start", game="ringboard")
    with pytest.raises(konane.Error, match="unknown game 'chess'"):
        konane.moves("xo", game="chess")
    with pytest.raises(konane.Error, match="bad to_move 'left'"):
        konane.solve("xo", game="clobber", to_move="left")
    with pytest.raises(konane.Error, match="illegal move"):
        konane.moves("xo", game="clobber", moves="b1-a1")


def test_a_database_round_trip(tmp_path):
    path = tmp_path / "db"
    with pytest.raises(konane.Error, match=str(path)):
        konane.Database(path)  # not there, and not created
    # "xo|ox": every Black move takes a neighbour, White's one reply takes back, and Black's
    # last capture leaves White nothing: the side to move wins (worked by hand).
    with konane.Database(path, writable=True, create=True) as db:
        assert konane.solve("xo|ox", game="clobber", database=db).winner == "black"
    with konane.Database(path) as db:
        q = db.query("xo|ox", game="clobber")
        assert q["found"] and q["winner"] == "black"
        boards = db.stats(game="clobber")["boards"]
        assert [b["board"] for b in boards] == ["2x2"]
        rows = list(db.export("2x2", game="clobber"))
        assert len(rows) == boards[0]["positions"] and rows[0]["black_to_move"] in (
            "black", "white", "unknown")


def test_threads_share_the_module():
    want = konane.solve("xoxo|oxox|xoxo", game="clobber").winner
    got = []

    def work():
        got.append(konane.solve("xoxo|oxox|xoxo", game="clobber").winner)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [want] * 4


def _eight_by_eight_after_the_removals():
    """8x8 Konane after two removals (unsolved: hours at least), black to move."""
    rows = ["".join("xo"[(r + c) % 2] for c in range(8)) for r in range(8)]
    rows[3] = rows[3][:3] + ".." + rows[3][5:]
    return "/".join(rows) + " b"


def _sigint_once_ready():
    """A thread that sends this process SIGINT once the returned event is set."""
    ready = threading.Event()

    def interrupt():
        ready.wait()
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=interrupt)
    t.start()
    return ready, t


def test_ctrl_c_stops_a_solve_that_would_run_for_hours():
    # The interrupt may land before the call starts or during it; either way the call ends
    # with KeyboardInterrupt, and the module answers afterwards.
    ready, t = _sigint_once_ready()
    with pytest.raises(KeyboardInterrupt):
        ready.set()
        konane.solve(_eight_by_eight_after_the_removals(), threads=2)
    t.join()
    assert konane.solve("xo", game="clobber").winner == "black"


def test_ctrl_c_reaches_a_handler_of_the_users_own_and_stops_the_search():
    # The module catches SIGINT only to stop its work, then hands the signal to the handler
    # it found: here one that notes it and raises nothing, so the solve returns unfinished.
    # A signal that lands before the search starts is only noted, so the thread sends one
    # every 50 ms until the solve returns: one of them lands during the search.
    seen = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
    finished = threading.Event()

    def interrupt():
        while not finished.wait(0.05):
            os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=interrupt)
    try:
        t.start()
        s = konane.solve(_eight_by_eight_after_the_removals(), threads=2)
    finally:
        finished.set()
        t.join()
        signal.signal(signal.SIGINT, previous)
    assert seen and set(seen) == {signal.SIGINT}
    assert s.winner == "unknown"
    assert signal.getsignal(signal.SIGINT) is previous


def test_batch_answers_in_input_order_as_solve_does():
    positions = ["xo", "xo w", "xox|oxo", "xz", "xoxo|oxox", ".x.|ox."] * 50
    got = list(konane.batch(positions, game="clobber", threads=2, chunk=64))
    assert len(got) == len(positions)
    for p, s in zip(positions, got):
        if p == "xz":
            assert "unknown character 'z'" in s.json["error"] and s.winner == "unknown"
        else:
            assert s.winner == konane.solve(p, game="clobber").winner


EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def test_progress_reaches_the_caller_and_can_stop_a_solve():
    seen = []
    s = konane.solve("xoxo/oxox/x..o/oxox", progress=seen.append)
    assert s.winner == "white"
    assert seen and seen[-1]["final"] and sum(p["final"] for p in seen) == 1
    assert set(seen[-1]) == {"done", "total", "nodes", "seconds", "rate", "eta_seconds", "final"}

    def stop(_):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        konane.solve("xoxo/oxox/x..o/oxox", progress=stop)
    with pytest.raises(konane.Error, match="progress_every"):
        konane.solve("xo.", progress=seen.append, progress_every=0)


def test_precompute_fills_a_database_that_value_reads(tmp_path):
    seen = []
    with konane.Database(tmp_path / "db", writable=True, create=True) as db:
        done = db.precompute("2x2", 3, game="clobber", progress=seen.append)
        assert done["complete"] and done["regions"] > 0
        assert konane.value("xo", game="clobber", database=db) == "*"
        assert db.stats("clobber")["region_precomputes"][0]["done"]
    assert seen and seen[-1]["chunks_done"] == seen[-1]["chunks_total"]
    with konane.Database(tmp_path / "db") as db:  # read-only: new work is refused
        with pytest.raises(konane.Error):
            db.precompute("2x3", 4, game="clobber")


def test_retro_solves_a_small_board_into_a_database(tmp_path):
    with konane.Database(tmp_path / "db", writable=True, create=True) as db:
        done = db.retro("2x2", game="clobber")
        assert done["positions"] > 0 and done["board"] == "2x2"
        q = db.query("xo|ox", game="clobber")
        assert q["found"] and q["winner"] in ("black", "white")
        with pytest.raises(konane.Error):
            db.retro("2x2", game="ringboard")
        with pytest.raises(konane.Error):  # the grid games have no opening
            db.retro("2x2", game="clobber", opening="any")


def test_konane_retro_agrees_with_the_proof_search(tmp_path):
    # The whole 3x4 game, opening included, two ways: every reachable position solved
    # backwards from the end, and df-pn after each pair of removals.
    seen = []
    with konane.Database(tmp_path / "db", writable=True, create=True) as db:
        done = db.retro("3x4", opening="any", threads=2, progress=seen.append)
    start = lambda: konane.Game(board="3x4", opening="any")

    def black_wins_after(removal):
        for reply in start().play(removal).legal():
            after = start().play(removal).play(reply).show()
            if konane.solve(after["position"], to_move="black").winner != "black":
                return False
        return True

    winning = [r for r in start().legal() if black_wins_after(r)]
    assert done["game"] == "konane" and done["opening"] == "any"
    assert done["winning_moves"] == winning
    assert done["winner"] == ("black" if winning else "white")
    assert done["threads"] == 2 and done["layers"][0]["layer"] >= 1
    # The last report is the last layer's end: every position solved.
    assert seen and seen[-1]["phase"] == "solve"
    assert seen[-1]["done"] == seen[-1]["total"] == done["positions"]


# Black king d4, white man e5: whoever moves first captures the other's only piece.
RING_DUEL = ("........../........../........../........../........../....o...../...X....../"
             "........../........../..........")


def test_ringboard_endgame_database_answers_queries(tmp_path):
    with konane.Database(tmp_path / "db", writable=True, create=True) as db:
        seen = []
        done = db.retro(game="ringboard", pieces=2, threads=2, progress=seen.append)
        # Both sides have one piece, a man or a king: four classes.
        assert sorted(c["class"] for c in done["classes"]) == ["X-O", "X-o", "x-O", "x-o"]
        assert done["positions"] == sum(c["positions"] for c in done["classes"])
        assert seen[-1]["classes_done"] == 4 and seen[-1]["done"] == seen[-1]["total"]
        stats = db.stats("ringboard")
        assert [c["class"] for c in stats["classes"] if c["done"]] == ["X-O", "X-o", "x-O", "x-o"]
        assert stats["positions"] >= done["positions"]  # captures also reach smaller classes
        for side in ("black", "white"):
            q = db.query(RING_DUEL, game="ringboard", to_move=side)
            assert (q["result"], q["distance"]) == ("win", 1)
        with pytest.raises(konane.Error):
            db.retro(game="ringboard", pieces=1)
        with pytest.raises(konane.Error):
            db.retro(game="clobber", pieces=2)


def test_stats_name_the_retro_run_and_the_upkeep_checks_the_store(tmp_path):
    path = tmp_path / "db"
    with konane.Database(path, writable=True, create=True) as db:
        db.retro("2x2", game="clobber")
    with konane.Database(path) as db:
        stats = db.stats("clobber")
    assert stats["schema_version"] >= 3
    assert [(s["board"], s["opening"], s["done"]) for s in stats["solves"]] == [
        ("2x2", "start", True)]
    assert stats["boards"][0]["retro"] == "done"
    checked = konane.verify_database(path)
    assert checked["sound"] and checked["problems"] == [] and checked["positions"] > 0
    assert konane.upgrade_database(path)["upgraded"] is False  # already current
    # A table file cut short: the store cannot be opened, and the error names the file.
    table = max(path.glob("*.sst"), key=lambda f: f.stat().st_size)
    with open(table, "r+b") as f:
        f.truncate(table.stat().st_size // 2)
    with pytest.raises(konane.Error, match=table.name):
        konane.verify_database(path)
    with pytest.raises(konane.Error):
        konane.verify_database(tmp_path / "none")


def test_batch_with_values_gives_each_position_its_value():
    out = list(konane.batch(["xo.", "xo./.../.xo"], values=True))
    assert [s.json["value"] for s in out] == ["1", "0"]
    assert [r["value"] for r in out[1].json["regions"]] == ["-1", "1"]
    with pytest.raises(konane.Error, match="ringboard"):
        list(konane.batch(["start"], game="ringboard", values=True))


def test_the_examples_run(tmp_path, capsys, monkeypatch):
    # values_2xn: 2x1 boards by hand: "./." and "x/." ... all 0 but x over o and o over x,
    # where neither can jump (no empty square beyond): every 2x1 position is 0.
    monkeypatch.setattr(sys, "argv", ["values_2xn.py", "2"])
    runpy.run_path(os.path.join(EXAMPLES, "values_2xn.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "2x1: 9 positions, 1 values\n  0                    9" in out
    assert "2x2: 81 positions" in out
    path = tmp_path / "db"
    with konane.Database(path, writable=True, create=True) as db:
        for p in ["xo|ox", "xo.|ox.", "x.o|o.x"]:
            konane.solve(p, game="clobber", database=db)
    monkeypatch.setattr(sys, "argv", ["database_rows.py", str(path), "2x2", "clobber"])
    runpy.run_path(os.path.join(EXAMPLES, "database_rows.py"), run_name="__main__")
    assert "positions stored for clobber 2x2" in capsys.readouterr().out


def test_a_game_played_by_the_engine_is_judged_without_mistakes_and_ends_as_solved():
    g = konane.Game(board="4x4")
    assert sorted(g.legal()) == ["a4", "b3", "c2", "d1"]
    while not g.ended:
        chosen = g.play_engine(node_budget=2_000_000)
        assert chosen["perfect"], chosen
    a = g.analyse(node_budget=2_000_000)
    assert a["mistakes"] == {"black": 0, "white": 0} and a["unsettled"] == 0
    assert len(a["moves"]) == len(g.played) and "file" not in a
    # After the removals the rest is a short game: who wins it, by solve (another path).
    jumps = konane.Game(board="4x4", moves=g.played[:2]).show()
    s = konane.solve(jumps["position"])
    third = a["moves"][2]
    assert third["before"] == ("win" if s.winner == third["side"] else "loss")
    # The record reads back to the same judgement.
    assert konane.analyse(g.record(), node_budget=2_000_000)["moves"] == a["moves"]


def test_a_move_that_throws_the_win_away_is_a_mistake_with_the_winning_moves_as_better():
    # The first position of a 5x5 game whose mover wins and has a losing move, found by
    # konane.solve (another path through the library than the analysis).
    g = konane.Game(board="5x5")
    found = None
    while found is None and not g.ended:
        here = g.show()
        if here["phase"] == "jumps":
            s = konane.solve(here["position"], node_budget=5_000_000)
            losing = [m for m in g.legal()
                      if konane.solve(here["position"], moves=[m],
                                      node_budget=5_000_000).winner not in (here["to_move"], "unknown")]
            if s.winner == here["to_move"] and losing:
                found = (s, losing[0], here["to_move"])
                break
        g.play_engine(node_budget=5_000_000)
    assert found, "no such position in the game"
    s, losing, mover = found
    ply = len(g.played) + 1
    g.play(losing)
    a = g.analyse(node_budget=5_000_000)
    judged = a["moves"][ply - 1]
    assert judged["mistake"] and judged["before"] == "win" and judged["after"] == "loss"
    assert sorted(judged["better"]) == sorted(s.winning_moves)
    assert a["mistakes"][mover] == 1 and sum(a["mistakes"].values()) == 1


def test_game_errors_and_strengths():
    g = konane.Game(board="4x4", first="white", opening="piko")
    assert sorted(g.legal()) == ["b2", "c3"] and g.show()["to_move"] == "white"
    with pytest.raises(konane.Error, match="not legal"):
        g.play("a1")
    assert g.played == []
    assert "heuristic" in g.engine_move(strength="heuristic")["how"]
    with pytest.raises(konane.Error, match="bad strength"):
        g.engine_move(strength="strong")
    with pytest.raises(konane.Error, match="line 3: 'zz' is not a move"):
        konane.analyse("# game: konane\n# board: 4x4\nzz\n")
    r = konane.Game(game="ringboard")
    assert r.legal() and r.engine_move(strength="heuristic")["move"] in r.legal()


def test_bench_counts_what_perft_counts():
    b = konane.bench("clobber", quick=True)
    assert b["quick"] and len(b["signature"]) == 16
    assert b["nodes"] == sum(c["nodes"] for c in b["cases"])
    for c in b["cases"]:
        assert c["nodes"] == konane.perft(c["position"], c["depth"], game="clobber")
