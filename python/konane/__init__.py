"""The konane toolkit from Python: combinatorial games solved exactly.

    import konane
    konane.cgt("{1|-1}")                      # a CGT object: str() is "+-1"
    konane.cgt("^") + konane.cgt("*")         # sums, differences, negation, comparisons
    konane.value("xo.|.ox", game="clobber")   # the canonical value of a position
    konane.solve("xoxo/oxox/x..o/oxox")       # .winner, .winning_moves, .pv
    with konane.Database("DB") as db:         # what a database made by the CLI holds
        db.query("xoxox/oxoxo/x..ox/oxoxo/xoxox")

Every answer also carries the JSON the command line prints for it (`.json`), and every error
is a konane.Error (a ValueError) with the command line's message. Long calls release the GIL.
"""

import json as _json

from . import _konane

Error = _konane.Error

__all__ = ["Error", "CGT", "cgt", "evaluate", "Position", "Game", "games", "moves", "show", "perft",
           "value", "solve", "batch", "Solved", "analyse", "bench", "Database"]


def games():
    """The names of the games this build knows (the `--game` names)."""
    return list(_konane.games())


class CGT:
    """A short partizan game in canonical form, as `konane cgt` computes it.

    str() is the canonical form as the command line prints it (CGSuite's notation);
    + - and unary - make sums, differences and negatives; == < <= > >= compare in the
    partial order of games (a < b is False and b < a is False when they are confused)."""

    __slots__ = ("_text", "_known")

    def __init__(self, expression):
        if isinstance(expression, CGT):
            self._text, self._known = expression._text, expression._known
            return
        if isinstance(expression, int):
            expression = str(expression)
        if not isinstance(expression, str):
            raise TypeError("a CGT expression is a string, an int or a CGT, not %s"
                            % type(expression).__name__)
        facts = _json.loads(_konane.cgt_values([expression], derived=False)[0])
        if facts["kind"] != "game":
            raise Error("%r is %s, not a game (konane.evaluate gives any value)"
                        % (expression, "a " + facts["kind"]))
        if facts["value"] is None:
            raise Error("the canonical form of %r is longer than a million characters"
                        % expression)
        self._text, self._known = facts["value"], facts

    @classmethod
    def _of(cls, expression):
        return cls(expression)

    @classmethod
    def _canonical(cls, text):
        """A canonical form the toolkit printed (a value answer): its figures are computed
        when first asked for, so that konane.value costs no second pass over the value."""
        g = cls.__new__(cls)
        g._text, g._known = text, None
        return g

    @property
    def _facts(self):
        if self._known is None:
            self._known = _json.loads(_konane.cgt_values([self._text], derived=False)[0])
        return self._known

    # The figures `konane cgt --json` gives.
    @property
    def outcome_class(self):
        """'L', 'R', 'P' or 'N': who wins with each side moving first."""
        return self._facts["class"]

    @property
    def mean(self):
        return self._facts["mean"]

    @property
    def temperature(self):
        return self._facts["temperature"]

    @property
    def left_stop(self):
        return self._facts["left_stop"]

    @property
    def right_stop(self):
        return self._facts["right_stop"]

    @property
    def birthday(self):
        return self._facts["birthday"]

    @property
    def json(self):
        return dict(self._facts)

    @property
    def reduced(self):
        """The reduced canonical form: the simplest game infinitely close to this one."""
        return self._method("ReducedCanonicalForm")

    @property
    def atomic_weight(self):
        """The atomic weight (a CGT); konane.Error, with CGSuite's message, when not atomic."""
        return self._method("AtomicWeight")

    @property
    def left_options(self):
        return self._method("LeftOptions")

    @property
    def right_options(self):
        return self._method("RightOptions")

    def _method(self, name, *args):
        text = "(%s).%s" % (self, name)
        if args:
            text += "(%s)" % ", ".join(str(CGT(a)) for a in args)
        return evaluate(text)

    def cool(self, t):
        """Cooled by t (a number greater than -1)."""
        return self._method("Cool", t)

    def heat(self, t):
        """Heated by t (any game)."""
        return self._method("Heat", t)

    def overheat(self, s, t):
        """Overheated from s to t."""
        return self._method("Overheat", s, t)

    def norton_multiply(self, u):
        """The Norton multiple G.U."""
        return self._method("NortonMultiply", u)

    def freeze(self):
        return self._method("Freeze")

    def companion(self):
        return self._method("Companion")

    def incentives(self, side=None):
        """The undominated incentives: side 'left', 'right' or None for both."""
        name = {None: "Incentives", "left": "LeftIncentives", "right": "RightIncentives"}[side]
        return self._method(name)

    def stop_count(self):
        return self._method("StopCount")

    def is_atomic(self):
        return self._method("IsAtomic")

    def is_infinitesimal(self):
        return self.left_stop == "0" and self.right_stop == "0"

    def __mul__(self, n):
        """n copies (n an int)."""
        if not isinstance(n, int):
            return NotImplemented
        return CGT("%d * (%s)" % (n, self))

    __rmul__ = __mul__

    def _repr_svg_(self):
        """The thermograph, for notebooks."""
        return _konane.thermograph_svg(str(self))

    def thermograph(self):
        """The walls, mast and temperature, as `konane cgt --thermograph --json` gives them."""
        return _json.loads(_konane.cgt_thermograph(str(self)))

    def __str__(self):
        return self._text

    def __repr__(self):
        return "konane.cgt(%r)" % str(self)

    def __hash__(self):
        return hash(str(self))

    # Arithmetic: the sum's canonical form computed by the toolkit.
    def __add__(self, other):
        return CGT("(%s) + (%s)" % (self, CGT(other)))

    __radd__ = __add__

    def __sub__(self, other):
        return CGT("(%s) - (%s)" % (self, CGT(other)))

    def __rsub__(self, other):
        return CGT("(%s) - (%s)" % (CGT(other), self))

    def __neg__(self):
        return CGT("-(%s)" % self)

    def __pos__(self):
        return self

    def _relation(self, other):
        return _konane.cgt_compare(str(self), str(CGT(other)))

    def __eq__(self, other):
        if not isinstance(other, (CGT, str, int)):
            return NotImplemented
        return self._relation(other) == "="

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __lt__(self, other):
        return self._relation(other) == "<"

    def __le__(self, other):
        return self._relation(other) in ("<", "=")

    def __gt__(self, other):
        return self._relation(other) == ">"

    def __ge__(self, other):
        return self._relation(other) in (">", "=")

    def confused_with(self, other):
        """True when neither is at least the other (G || H: the first player wins G - H)."""
        return self._relation(other) == "||"


def cgt(expression):
    """The canonical form of a CGSuite-style expression such as "{1|-1} + ^*"."""
    return CGT(expression)


def evaluate(expression):
    """Any expression of CGSuite's language, as a Python value: a game as a CGT object, a
    comparison as a bool, a list (G.Incentives, G.LeftOptions, DayN(2)) as a list of CGT
    objects, a big count (G.StopCount past 64 bits) as an int, a thermograph as CGSuite's
    text, an outcome class as a str."""
    facts = _json.loads(_konane.cgt_values([expression])[0])
    kind, text = facts["kind"], facts["value"]
    if text is None:
        raise Error("the value of %r is longer than a million characters" % expression)
    if kind == "game":
        return CGT._canonical(text)
    if kind == "boolean":
        return text == "true"
    if kind == "list":
        inner = text[1:-1]
        return [CGT._canonical(item) for item in _split_top(inner)] if inner else []
    if kind == "integer":
        return int(text)
    return text


def _split_top(text):
    """The comma-separated items of a list's text, commas inside braces left alone."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return items


def _request(position, game, to_move, moves):
    if moves is None:
        moves = []
    elif isinstance(moves, str):
        moves = [m for m in moves.split(",") if m]
    return dict(game=game, position=position, to_move=to_move, moves=list(moves))


class Position:
    """A position of a game, for notebooks: shown as its board (SVG), with the verbs as
    methods. `moves` (a list or "m1,m2") are played from `text` first."""

    __slots__ = ("game", "text", "to_move", "played")

    def __init__(self, text, game="konane", to_move=None, moves=None):
        self.game, self.text, self.to_move = game, text, to_move
        self.played = _request(text, game, to_move, moves)["moves"]
        show(text, game, to_move, self.played)  # a bad position fails here, not when drawn

    def _args(self):
        return dict(game=self.game, to_move=self.to_move, moves=self.played)

    def moves(self):
        return moves(self.text, **self._args())

    def show(self):
        return show(self.text, **self._args())

    def value(self, **limits):
        return value(self.text, **self._args(), **limits)

    def solve(self, **limits):
        return solve(self.text, **self._args(), **limits)

    def play(self, move):
        """The position after one more move."""
        return Position(self.text, self.game, self.to_move, self.played + [move])

    def _repr_svg_(self):
        return _konane.board_svg(self.game, self.text, self.to_move, self.played)

    def __repr__(self):
        extra = ", moves=%r" % (self.played,) if self.played else ""
        return "konane.Position(%r, game=%r%s)" % (self.text, self.game, extra)


def moves(position, game="konane", to_move=None, moves=None):
    """The legal moves of the side to move, in the game's notation."""
    return _json.loads(_konane.moves(**_request(position, game, to_move, moves)))["moves"]


def show(position, game="konane", to_move=None, moves=None):
    """What `konane show --json` says of the position (board rows, turn, moves, regions)."""
    return _json.loads(_konane.show(**_request(position, game, to_move, moves)))


def perft(position, depth, game="konane", to_move=None):
    """The number of lines of play `depth` moves long."""
    return _json.loads(_konane.perft(game, position, depth, to_move))["nodes"]


def _limits(threads, timeout, node_budget, memory_mib, database):
    if database is not None and not isinstance(database, Database):
        raise TypeError("database must be a konane.Database")
    return dict(threads=threads, timeout=float(timeout), node_budget=node_budget,
                memory_mib=memory_mib, database=database._db if database else None)


def value(position, game="konane", to_move=None, moves=None, threads=1, timeout=0,
          node_budget=0, memory_mib=1024, database=None):
    """The position's canonical CGT value (a CGT object), region by region.

    Raises konane.Error when the search stopped (timeout, node budget) before the value."""
    answer = _json.loads(_konane.value(**_request(position, game, to_move, moves),
                                       **_limits(threads, timeout, node_budget, memory_mib,
                                                 database)))
    if not answer.get("complete", True):
        raise Error("no value: %s" % answer.get("stop_reason", "the search stopped"))
    if answer["value"] is None:
        raise Error("the value is longer than a million characters")
    return CGT._canonical(answer["value"])


class Solved:
    """What a solve found: `winner` ('black', 'white', 'draw' or 'unknown'), the winning
    moves, a principal variation, and the command line's JSON (`json`)."""

    __slots__ = ("json",)

    def __init__(self, answer):
        self.json = answer

    @property
    def winner(self):
        if "winner" in self.json:
            return self.json["winner"]
        if "error" in self.json:
            return "unknown"
        result = self.json.get("result")  # a loopy game: the result for the side to move
        mover = self.json.get("to_move")
        other = "white" if mover == "black" else "black"
        return {"win": mover, "loss": other, "draw": "draw"}.get(result, "unknown")

    @property
    def winning_moves(self):
        if "winning_moves" in self.json:
            return list(self.json["winning_moves"])
        return list(self.json.get("best_moves", [])) if self.json.get("result") == "win" else []

    @property
    def pv(self):
        return list(self.json.get("pv", []))

    @property
    def complete(self):
        return bool(self.json.get("complete", True))

    def __repr__(self):
        return "konane.Solved(winner=%r, winning_moves=%r)" % (self.winner, self.winning_moves)


def solve(position, game="konane", to_move=None, moves=None, threads=1, timeout=0,
          node_budget=0, memory_mib=1024, database=None, progress=None, progress_every=1.0):
    """Who wins with perfect play, every winning move and a principal variation.

    progress, a callable, gets a dict (done, total, nodes, seconds, rate, eta_seconds, final)
    on this thread at most every progress_every seconds while the search runs, and once with
    final True at its end; an exception it raises stops the search and is raised here."""
    return Solved(_json.loads(_konane.solve(**_request(position, game, to_move, moves),
                                            **_limits(threads, timeout, node_budget,
                                                      memory_mib, database),
                                            progress=progress, progress_every=progress_every)))


def batch(positions, game="konane", threads=1, timeout=0, node_budget=0, memory_mib=256,
          database=None, chunk=256, values=False):
    """Solves every position of an iterable (texts, each perhaps with its side to move), on
    `threads` threads, each keeping its tables from one position to the next; yields one
    Solved per position, in input order. A bad position yields a Solved whose json holds
    "error" (the command line's message) and whose winner is 'unknown'. With values=True each
    json also has the position's CGT value ("value", "value_sum", and each region's "value"),
    as `konane batch --values` gives it."""
    lim = _limits(1, timeout, node_budget, memory_mib, database)
    del lim["threads"]
    lim["values"] = values
    pending = []
    for p in positions:
        pending.append(p)
        if len(pending) == chunk:
            for text in _konane.batch(game, pending, threads, **lim):
                yield Solved(_json.loads(text))
            pending = []
    if pending:
        for text in _konane.batch(game, pending, threads, **lim):
            yield Solved(_json.loads(text))


class Game:
    """A game in progress, as `konane play` keeps it: from the start of a board (Konane:
    `board`, `opening`, `first`) or from a position, with the moves played so far.

        g = konane.Game(board="6x6")          # Konane's standard opening, black removes first
        g.play("c4")                          # a move in the game's notation (Error if illegal)
        g.engine_move(timeout=1)              # the engine's choice: move, perfect, result, how
        g.play_engine(node_budget=100000)     # ... played
        g.undo(); g.legal(); g.ended
        g.analyse()                           # every move judged, as `konane analyse --json`
        print(g.record())                     # the game record `konane analyse` reads
    """

    def __init__(self, game="konane", board=None, opening=None, position=None, to_move=None,
                 moves=None, first=None):
        if (board is None) == (position is None):
            if game == "konane" and board is None and position is None:
                board = "8x8"
            elif game == "ringboard" and position is None:
                position = "start"
            else:
                raise Error("give a game either board= (Konane's start) or position=")
        if first not in (None, "black", "white"):
            raise Error("bad first %r: expected black or white" % (first,))
        if first is not None and board is None:
            raise Error("first= goes with board=, not position=")
        self.game, self.board, self.opening, self.first = game, board, opening, first
        self.position, self.to_move = position, to_move
        self.played = []
        for m in _request("", game, None, moves)["moves"]:
            self.play(m)
        if not self.played:
            self.show()  # a bad start fails here

    def _args(self):
        if self.board is None:
            return dict(game=self.game, position=self.position, to_move=self.to_move,
                        moves=self.played)
        # At the full board the side to move is the first to remove (white: a match's
        # second game).
        return dict(game=self.game, position="", to_move=self.first, moves=self.played,
                    board=self.board, opening=self.opening or "standard")

    def _header(self):
        head = {"game": self.game}
        if self.board is not None:
            head.update(board=self.board, opening=self.opening or "standard")
            if self.first == "white":
                head["first"] = "white"
        else:
            pos = self.position
            if self.to_move and " " not in pos.strip():
                pos += " " + self.to_move[0]
            head["position"] = pos
        return head

    def record(self, **players):
        """The game record (`konane analyse` reads it): the header, then the moves.
        players: black=, white=, date=, result= as the record's header keeps them."""
        lines = ["# %s: %s" % kv for kv in self._header().items()]
        for key in ("black", "white", "date", "result"):
            if key in players:
                lines.append("# %s: %s" % (key, players.pop(key)))
        if players:
            raise TypeError("unknown record keys: %s" % ", ".join(sorted(players)))
        for i in range(0, len(self.played), 10):
            lines.append(" ".join(self.played[i:i + 10]))
        return "\n".join(lines) + "\n"

    def show(self):
        """What `konane show --json` says after the moves (board, turn, regions)."""
        return _json.loads(_konane.show(**self._args()))

    def legal(self):
        """The legal moves of the side to move."""
        if self.ended:
            return []
        return _json.loads(_konane.moves(**self._args()))["moves"]

    @property
    def ended(self):
        return bool(_json.loads(_konane.show(**self._args())).get("game_over"))

    def play(self, move):
        """Plays a move; raises konane.Error (naming the legal moves) when it is illegal."""
        self.played.append(str(move))
        try:
            _konane.show(**self._args())
        except Error:
            self.played.pop()
            raise
        return self

    def undo(self):
        """Takes back the last move; False at the start."""
        if not self.played:
            return False
        self.played.pop()
        return True

    def engine_move(self, strength="perfect", timeout=5, node_budget=0, threads=1,
                    memory_mib=128):
        """The engine's move as `konane play` chooses it: perfect play where a solve within
        the limits proves the result, the heuristic player beyond (always with
        strength="heuristic"). A dict: move, perfect, result, distance, how."""
        return _json.loads(_konane.engine_move(**self._args(), timeout=float(timeout),
                                               node_budget=node_budget, threads=threads,
                                               memory_mib=memory_mib, strength=strength))

    def play_engine(self, **think):
        """Plays the engine's move (engine_move's limits) and returns what it said of it."""
        chosen = self.engine_move(**think)
        self.play(chosen["move"])
        return chosen

    def analyse(self, timeout=5, node_budget=0, threads=1, memory_mib=128):
        """Every move so far judged with perfect play, as `konane analyse --json` (no file)."""
        return analyse(self.record(), timeout=timeout, node_budget=node_budget,
                       threads=threads, memory_mib=memory_mib)

    def _repr_svg_(self):
        return _konane.board_svg(**self._args())

    def __repr__(self):
        start = ("board=%r" % self.board) if self.board is not None else ("position=%r" % self.position)
        return "konane.Game(game=%r, %s, moves=%r)" % (self.game, start, self.played)


def analyse(record, timeout=5, node_budget=0, threads=1, memory_mib=128):
    """A game record's text (the format `konane play` writes and `konane analyse` reads)
    replayed and every move judged with perfect play: a dict as `konane analyse --json`
    prints it, without "file". Errors name the record's line."""
    return _json.loads(_konane.analyse_record(record, timeout=float(timeout),
                                              node_budget=node_budget, threads=threads,
                                              memory_mib=memory_mib))


def bench(game="konane", quick=False):
    """The game's fixed perft benchmark on one thread, as `konane bench --json` prints it:
    every case's count and time, the total, the signature and the nodes per second."""
    return _json.loads(_konane.bench(game, quick))


def verify_database(path):
    """Reads a whole database (every checksum, every record, table files the MANIFEST does
    not list) and holds every recorded layer count against the positions stored, as
    `konane db verify --json` does: a dict whose "sound" says whether all holds and whose
    "problems" lists what does not. Raises only when the database cannot be read at all."""
    return _json.loads(_konane.verify_database(str(path)))


def repair_database(path):
    """Rebuilds a damaged database's MANIFEST from the table files present, then verifies
    it, as `konane db repair --json` does (the same dict as verify_database)."""
    return _json.loads(_konane.repair_database(str(path)))


def upgrade_database(path, batch=1 << 20):
    """Migrates a version-2 database to the current schema in place, as `konane db upgrade
    --json` does; interrupted, a rerun finishes it."""
    return _json.loads(_konane.upgrade_database(str(path), batch))


class Database:
    """A solved-position database made by the command line (`--db PATH`), opened read-only
    unless writable=True (then solve and value store what they prove in it)."""

    def __init__(self, path, writable=False, create=False):
        self._db = _konane.Database(str(path), writable, create)

    @property
    def path(self):
        return self._db.path

    def close(self):
        self._db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def query(self, position, game="konane", to_move=None):
        """What the database knows of the position (any symmetric image of it), as
        `konane query --json` prints it: the winner with each side to move, or for a loopy
        game (Ringboard) the result, distance and every move's result."""
        return _json.loads(self._db.query(game, position, to_move))

    def stats(self, game="konane"):
        """Per board: positions stored and what is known of them; for a loopy game
        (Ringboard), its positions and each material class retro began."""
        return _json.loads(self._db.stats(game))

    def retro(self, board=None, game="konane", opening=None, values=False, threads=1,
              pieces=None, progress=None):
        """Solves every position reachable from the game's start on a board ("4x4") by
        retrograde analysis into this (writable) database, as `konane retro` does: Konane
        from its full board through every line of the opening (opening="standard", "any"
        or "piko"), the grid games from their empty or full board with either side first.
        values=True also stores each position's CGT value. progress(dict) gets phase
        ("enumerate" or "solve"), layer, done and total (positions; total is 0 while
        enumerating) about once a second; Ctrl-C stops the run between chunks, and a rerun
        resumes from the last finished step.

        For a loopy game with material classes (Ringboard), pieces=N instead builds its
        endgame database: every position of 2 to N pieces, to a win, loss or draw with the
        distance; progress(dict) gets classes_done, done and total (positions) after each
        class, and a rerun reads back the classes already solved.
        Returns the command line's JSON as a dict."""
        if pieces is not None:
            if board is not None or opening is not None or values:
                raise Error("pieces= (an endgame database) takes no board, opening or values")
            return _json.loads(self._db.endgames(game, pieces, threads, progress))
        if board is None:
            raise Error("retro needs board= (or pieces= for an endgame database)")
        return _json.loads(self._db.retro(game, board, opening, values, threads, progress))

    def precompute(self, box, max_stones, game="konane", threads=1, progress=None):
        """Stores the CGT value of every region of at most max_stones pieces whose box fits
        `box` ("4x4"), as `konane precompute` does (the database must be writable); solve
        and value then read them. progress(dict) gets chunks_done, chunks_total, regions
        and computed; Ctrl-C stops it between batches and a rerun resumes. Returns the
        command line's JSON as a dict."""
        return _json.loads(self._db.precompute(game, box, max_stones, threads, progress))

    def export(self, board, game="konane"):
        """Every stored position of one board ("5x5"), as dicts, in key order."""
        for position, black, white, val in self._db.export(game, board):
            yield {"position": position, "black_to_move": black, "white_to_move": white,
                   "value": val}
