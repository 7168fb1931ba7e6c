"""The board page of `konane serve` in a real browser (Debian's chromium, headless, driven by
python3-selenium and chromium-driver): a whole 4x4 Konane game against the engine played by
clicking, with a hint and an undo on the way, the finished game analysed, its record loaded
back, and a screenshot saved with the test's output.
No timing: every wait is for a state of the page (the side to move, the length of the move
list), bounded only so that a broken page fails instead of hanging."""
import os
import pathlib
import re
import subprocess

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
KONANE = os.environ.get("KONANE_BINARY", str(ROOT / "build" / "cli" / "konane"))
OUT = pathlib.Path(os.environ.get("KONANE_TEST_OUTPUT", "/tmp"))
PATIENCE = 120  # seconds before a page that never reaches a state fails the test


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen([KONANE, "serve", "--port", "0", "--threads", "2"],
                            stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    port = re.search(r":(\d+)/api/", line)
    assert port, line
    yield f"http://127.0.0.1:{port.group(1)}"
    proc.terminate()
    assert proc.wait(timeout=30) == 0


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--window-size=1100,900"):
        options.add_argument(flag)
    service = ChromeService(executable_path="/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    yield driver
    driver.quit()


def wait(driver, condition):
    return WebDriverWait(driver, PATIENCE, poll_frequency=0.05).until(condition)


def moves_played(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "#moves li"))


def idle(driver):
    return driver.execute_script("return !state.busy && !state.playing;")


def click_square(driver, name):
    # The board is redrawn after every answer; a square found just before a redraw is found
    # again.
    def clicked(d):
        try:
            d.find_element(By.CSS_SELECTOR, f'rect[data-square="{name}"]').click()
            return True
        except StaleElementReferenceException:
            return False
    wait(driver, clicked)


def legal_moves(server, driver):
    """The side to move's moves, read from the same API the page uses."""
    return driver.execute_script("return state.legal.slice();")


def test_a_whole_4x4_game_against_the_engine(server, browser):
    browser.get(server + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board-view svg"))
    Select(browser.find_element(By.ID, "board")).select_by_visible_text("4x4")
    Select(browser.find_element(By.ID, "opening")).select_by_value("standard")
    browser.find_element(By.ID, "auto").click()  # the engine plays white
    browser.find_element(By.ID, "new").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 16)
    assert "remove" in browser.find_element(By.ID, "turn").text

    hinted = undone = False
    for ply in range(40):
        wait(browser, idle)
        if "wins" in browser.find_element(By.ID, "turn").text or not legal_moves(server, browser):
            break
        before = moves_played(browser)
        if not hinted and before >= 2:
            browser.find_element(By.ID, "hint").click()
            wait(browser, lambda d: d.find_element(By.ID, "status").text.startswith(
                ("winning moves", "no winning move")))
            # The distance too: 4x4 is solved at once, so the line is always known.
            assert re.search(r"(black|white) wins in \d+ plies",
                             browser.find_element(By.ID, "status").text)
            hinted = True
        move = legal_moves(server, browser)[0]
        squares = re.split("[-x]", move)
        if len(squares) == 1:
            click_square(browser, squares[0])  # an opening removal: one click
        else:
            click_square(browser, squares[0])
            click_square(browser, squares[-1])
        # Our move, then (unless the game ended) the engine's reply.
        wait(browser, lambda d: moves_played(d) > before)
        wait(browser, idle)
        if not undone and moves_played(browser) >= 4 and legal_moves(server, browser):
            # Against the engine, undo takes back its reply and our move; the engine then
            # plays our side once, and replies.
            count = moves_played(browser)
            browser.find_element(By.ID, "undo").click()
            wait(browser, lambda d: moves_played(d) == count - 2)
            browser.find_element(By.ID, "engine").click()
            wait(browser, lambda d: moves_played(d) == count)
            undone = True
    wait(browser, idle)
    turn = browser.find_element(By.ID, "turn").text
    assert "wins" in turn or "no move" in turn or not legal_moves(server, browser), turn
    assert hinted and undone
    assert moves_played(browser) >= 4
    record = browser.find_element(By.ID, "record").get_attribute("value")
    assert record.startswith("# game: konane\n# board: 4x4\n# opening: standard\n"), record
    played = browser.execute_script("return state.moves.slice();")
    assert " ".join(played[:10]) in record

    # The finished game judged move by move: every ply listed with its judgement, and the
    # engine's moves (perfect play on 4x4) never a mistake.
    browser.find_element(By.ID, "analyse").click()
    wait(browser, lambda d: d.find_element(By.ID, "status").text.startswith("analysis:"))
    analysis = browser.execute_script("return state.analysis;")
    assert [m["move"] for m in analysis["moves"]] == played
    engine = "white"
    assert not any(m["mistake"] for m in analysis["moves"] if m["side"] == engine)
    items = browser.find_elements(By.CSS_SELECTOR, "#moves li")
    assert all("\u2014" in li.text for li in items)
    mistakes = [i for i, m in enumerate(analysis["moves"]) if m["mistake"]]
    if mistakes:
        assert "mistake" in items[mistakes[0]].get_attribute("class")
    items[0].click()  # the position before the first move, with the best moves marked
    wait(browser, lambda d: d.find_element(By.ID, "status").text.startswith("before move 1"))
    OUT.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(OUT / "board-page-4x4.png"))
    browser.find_element(By.ID, "back").click()
    wait(browser, lambda d: idle(d) and d.execute_script("return state.view === null;"))

    # The record read back through /api/record gives the same game.
    browser.find_element(By.ID, "new").click()
    wait(browser, lambda d: moves_played(d) == 0)
    box = browser.find_element(By.ID, "record")
    box.clear()
    box.send_keys(record)
    browser.find_element(By.ID, "load-record").click()
    wait(browser, lambda d: d.find_element(By.ID, "status").text.startswith("record loaded"))
    assert browser.execute_script("return state.moves.slice();") == played


def test_bad_input_shows_the_servers_message(server, browser):
    browser.get(server + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board-view svg"))
    browser.find_element(By.ID, "position").send_keys("xq/ox")
    browser.find_element(By.ID, "load").click()
    wait(browser, lambda d: "bad position" in d.find_element(By.ID, "status").text)


def test_a_konane_players_association_match_keeps_colours_and_alternates_the_first_remover(
        server, browser):
    browser.get(server + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board-view svg"))
    Select(browser.find_element(By.ID, "board")).select_by_visible_text("4x4")
    Select(browser.find_element(By.ID, "engine-side")).select_by_value("white")
    browser.find_element(By.ID, "match").click()
    wait(browser, lambda d: "game 1 of 3" in d.find_element(By.ID, "match-status").text)
    for game in (1, 2):
        first = "black" if game == 1 else "white"
        wait(browser, idle)
        assert browser.execute_script("return state.first;") == first
        # Play our side (black) with the first legal move until the game ends.
        for _ in range(30):
            wait(browser, idle)
            if browser.execute_script("return state.show.game_over;"):
                break
            before = moves_played(browser)
            move = legal_moves(server, browser)[0]
            squares = re.split("[-x]", move)
            for sq in (squares[:1] if len(squares) == 1 else [squares[0], squares[-1]]):
                click_square(browser, sq)
            wait(browser, lambda d: moves_played(d) > before)
        wait(browser, idle)
        assert browser.execute_script("return state.show.game_over;")
        text = browser.find_element(By.ID, "match-status").text
        if "(over)" in text:
            break
        browser.find_element(By.ID, "next-game").click()
        wait(browser, lambda d: f"game {game + 1} of 3" in d.find_element(By.ID, "match-status").text)
    wins = browser.execute_script("return state.match.wins;")
    assert wins["you"] + wins["engine"] >= 1


def test_a_long_search_shows_progress_and_stops_from_the_page(server, browser):
    browser.get(server + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board-view svg"))
    # 8x8 after the two removals: hours of search.
    rows = ["".join("xo"[(r + c) % 2] for c in range(8)) for r in range(8)]
    rows[3] = rows[3][:3] + ".." + rows[3][5:]
    browser.find_element(By.ID, "position").send_keys("/".join(rows) + " w")
    browser.find_element(By.ID, "load").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 64)
    Select(browser.find_element(By.ID, "think")).select_by_value("60")  # far beyond the test
    browser.find_element(By.ID, "hint").click()
    wait(browser, lambda d: "M nodes" in d.find_element(By.ID, "status").text)
    browser.find_element(By.ID, "stop").click()
    wait(browser, lambda d: d.find_element(By.ID, "status").text == "stopped")
    assert idle(browser)
