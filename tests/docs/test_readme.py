"""Every example of README.md, run: each `konane ...` command of its shell blocks (in the
README's order, so that a database made by one is there for the next), the one-line Python
check and the Python block. Placeholders are files of the test's own (DB, RDB, DDB, NEW,
positions.txt, out.jsonl, g.txt, b.svg, ...), `konane` is the build's binary on the PATH,
and the few examples that run for minutes or hours are run smaller, each reduction listed in
REDUCED with its reason: the verb and its options stay what the README says, so an example
that breaks (a renamed option, a changed verb) fails here. Not run: the two commands at the
top (CI runs them), the build-and-benchmark block (the build itself), and the mpirun
examples (tests/cli's mpi-labelled tests run those commands under mpirun). No timing: each
command must exit 0; the timeout only stops a hang."""
import os
import pathlib
import re
import shlex
import signal
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
KONANE = os.environ.get("KONANE_BINARY", str(ROOT / "build" / "cli" / "konane"))
PYTHON_DIR = os.environ.get("KONANE_PYTHON_DIR", str(ROOT / "build" / "python"))
RING2 = ("........../........../........../........../........../........../"
         "...o....../..x......./........../..........")

# (pattern in the README's command, replacement, why)
REDUCED = [
    (r"--memory 8192 (--db DB) --progress 60", r"--memory 256 \1 --progress 60 --node-budget 2000",
     "6x8 from its opening takes hours: a node budget stops it"),
    (r"--timeout 10   # 8x8 endgames", r"--node-budget 1000 --max-stones 14   # 8x8 endgames",
     "the whole endgame set takes minutes"),
    (r"--max-stones 16", r"--max-stones 6", "every 16-stone region of a 4x4 box takes a minute"),
    (r"--pieces 5", r"--pieces 3", "five pieces take 14 minutes"),
    (r"bench/data/ringboard-6to8.txt --timeout 60", r"RINGFILE --timeout 60 --max-positions 100000",
     "the benchmark's positions take minutes each"),
    (r"--black engine --white human", r"--black engine --white human --node-budget 10000",
     "the engine's first move within a budget, not 5 s"),
]


def readme_blocks():
    text = (ROOT / "README.md").read_text()
    return re.findall(r"```(\w*)\n(.*?)```", text, re.S)


def commands():
    out = []
    for lang, body in readme_blocks():
        if lang != "sh":
            continue
        for line in body.splitlines():
            if not line.startswith("konane "):
                continue
            for pattern, replacement, _ in REDUCED:
                line = re.sub(pattern, replacement, line)
            # The comment goes first (a quoted '#' stays); then "A; B" is two commands.
            words, current = shlex.split(line, comments=True), []
            for w in words:
                if w.endswith(";"):
                    current.append(w[:-1])
                    out.append(shlex.join(current))
                    current = []
                else:
                    current.append(w)
            if current:
                out.append(shlex.join(current))
    return out


def test_the_readme_has_the_examples_this_test_expects():
    cmds = commands()
    assert len(cmds) > 40, cmds
    for pattern, _, why in REDUCED:
        assert any(re.search(pattern, line) for _, body in readme_blocks()
                   for line in body.splitlines()), "no README line for: " + why


def run_all(tmp):
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    (bin_dir / "konane").symlink_to(KONANE)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", PYTHONPATH=PYTHON_DIR)
    files = {
        "konane": "xoxo/oxox/x..o/oxox w\nxox/oxo/x.x\n",
        "clobber": "xo.|.ox\nxox|oxo\n",
        "ringboard": RING2 + " w\n",
    }
    for game, text in files.items():
        (tmp / f"positions-{game}.txt").write_text(text)
    (tmp / "ring.txt").write_text(RING2 + " b\n")
    ran = 0
    for n, command in enumerate(commands()):
        words = shlex.split(command)
        game = words[words.index("--game") + 1] if "--game" in words else "konane"
        names = {"DB": tmp / "db", "RDB": tmp / "rdb", "DDB": tmp / "ddb",
                 "positions.txt": tmp / f"positions-{game}.txt", "out.jsonl": tmp / f"out{n}.jsonl",
                 "g.txt": tmp / "g.txt", "plies": tmp / "plies", "RINGFILE": tmp / "ring.txt"}
        words = [str(names.get(w, w)) for w in words]
        words = [str(tmp / w) if w.endswith(".svg") else w for w in words]
        if words[1] == "serve":
            serve(words, env)
        else:
            stdin = "resign\n" if words[1] == "play" and "--board" in words else "quit\n"
            r = subprocess.run(words, cwd=ROOT, env=env, input=stdin, capture_output=True,
                               text=True, timeout=600)
            assert r.returncode == 0, (command, r.stdout[-2000:], r.stderr[-2000:])
        ran += 1
    return ran, env


def serve(words, env):
    words = [w if w != "8080" else "0" for w in words]  # any free port
    proc = subprocess.Popen(words, env=env, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        port = re.search(r":(\d+)/api/", line)
        assert port, line
        import urllib.request
        with urllib.request.urlopen(f"http://127.0.0.1:{port.group(1)}/", timeout=600) as page:
            assert b"<script" in page.read()
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 0


def test_every_example_runs(tmp_path):
    ran, env = run_all(tmp_path)
    assert ran == len(commands())
    # The Python examples: the one-liner, then the block (DB is the database made above).
    for lang, body in readme_blocks():
        if lang == "sh" and body.startswith("PYTHONPATH="):
            r = subprocess.run(["sh", "-c", body.replace("build/python", PYTHON_DIR)], cwd=ROOT,
                               env=env, capture_output=True, text=True, timeout=600)
            assert r.returncode == 0 and r.stdout.strip() == "+-1*", r
        if lang == "python":
            script = tmp_path / "example.py"
            script.write_text(body.replace('"DB"', repr(str(tmp_path / "db")))
                              .replace('"DDB"', repr(str(tmp_path / "ddb")))
                              .replace('"NEW"', repr(str(tmp_path / "new"))))
            r = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=600)
            assert r.returncode == 0, r.stderr
