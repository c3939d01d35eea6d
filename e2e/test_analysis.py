"""The replay viewer's analysis (issue 23, part 4): "Analyse" reviews the human seat of a finished
game in the engine's worker with a progress bar, draws its estimated chance to win as an SVG
graph with the mistakes marked and listed in words, a tap on a mistake shows that move; Cancel
stops it; the analysis is kept with a finished game of this device, so reopening it draws the
graph at once without asking the engine; a shared game's analysis is not kept; an analysis of an
older version is labelled, a damaged one never loses the game, and an export file keeps it.

The game: Marie's Table for 4 (``simulate --seed 4``), seat 0 played by the ``random`` bot and
then named as a person ("Aya"), the other seats ``normal`` bots. The engine in this CPython gives
the very same analysis as the page's (a budget of iterations: bit-identical in Pyodide), so the
mistakes the page must mark are known here.
"""

from __future__ import annotations

import json
import math
import re
import time
from typing import Any

import pytest
from conftest import (
    ARTIFACTS,
    LANDSCAPE,
    PORTRAIT,
    engine,
    link,
    record_of,
    resize,
    simulate,
    switch_lang,
    wait_true,
)
from playwright.sync_api import Browser, Page, expect
from test_a11y import BLOCKING, axe, readable
from test_saves import choose, lobby, saves_file, stored, wait_note

from pygames import coach

SEED = 4
NAMES = ["Aya", "Ben", "Chie", "Dai"]
ENTRY = "ana1"

# Count the `analyse` requests the page posts to its engine worker (docs/protocol.md: the page
# posts {id, request}), whatever module sends them.
COUNT_ANALYSE = """
(() => {
  window.__analyse = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request && message.request.cmd === 'analyse') window.__analyse += 1;
    return post.call(this, message, ...rest);
  };
})();
"""

LANGS = {
    "en": {"analyse": "Analyse", "move": "Move {0}", "played": "Played:", "better": "Better:"},
    "ja": {
        "analyse": "分析する",
        "move": "{0}手目",
        "played": "選んだ手：",
        "better": "よりよい手：",
    },
}


def game_record() -> dict[str, Any]:
    """The finished game: seat 0 a person who played at random, the others bots."""
    record = record_of(simulate("marie", 4, SEED, "random,normal,normal,normal"))
    seats = [{"name": NAMES[0], "kind": "human"}]
    seats += [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES[1:]]
    return record | {"seats": seats}


_EXPECTED: dict[str, Any] = {}


def engine_analysis(record: dict[str, Any]) -> dict[str, Any]:
    """The analysis this CPython's engine makes of the record (the page's must equal it)."""
    key = json.dumps(record, sort_keys=True)
    if key not in _EXPECTED:
        while True:
            answer = engine(cmd="analyse", record=record)
            assert answer["ok"], answer
            if not answer["thinking"]:
                break
        _EXPECTED[key] = answer
    out: dict[str, Any] = json.loads(json.dumps(_EXPECTED[key]))
    return out


def kept_analysis(record: dict[str, Any], version: str | None = None) -> dict[str, Any]:
    """The analysis as web/ui/saves.js keeps it with a finished game."""
    ans = engine_analysis(record)
    return {
        "version": version or ans["version"],
        "seats": ans["seats"],
        "total": len(record["actions"]),
        "verdicts": ans["verdicts"],
        "summary": ans["summary"],
        "mistake": ans["mistake"],
        "chance": ans["chance"],
        "made": 1_700_000_000_000,
    }


def finished_entry(record: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The finished game as web/ui/saves.js keeps it."""
    now = int(time.time() * 1000)
    return {
        "v": 1,
        "id": ENTRY,
        "game": "marie",
        "players": 4,
        "names": NAMES,
        "kinds": ["human", "bot", "bot", "bot"],
        "created": now - 1_200_000,
        "finished": now - 60_000,
        "ply": len(record["actions"]),
        "record": link(record)[1:],
        "scores": [0, 0, 0, 0],
        "winners": [],
    } | extra


@pytest.fixture(scope="module")
def warm_init_scripts() -> list[str]:
    """The module's shared page counts its `analyse` requests."""
    return [COUNT_ANALYSE]


@pytest.fixture
def shared(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage), its count of requests at zero, for the
    tests that analyse nothing: the engine's worker keeps the last analysis it made (asked
    again, it answers at once), so a test that watches one being made has a page of its own."""
    warm_page.evaluate("window.__analyse = 0")
    return warm_page


def open_page(page: Page, base_url: str, lang: str, entries: dict[str, Any]) -> None:
    """The lobby in ``lang`` with these finished games kept, the worker's `analyse` requests
    counted (a new page opens the site; the shared one is on it already)."""
    if page.url == "about:blank":
        page.add_init_script(COUNT_ANALYSE)
        page.goto(base_url + "#/")
    switch_lang(page, lang)
    page.evaluate(
        "(entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))",
        {f"pygames.done.{k}": json.dumps(v) for k, v in entries.items()},
    )


def viewer_ready(page: Page, total: int) -> None:
    expect(page.get_by_test_id("replay")).to_have_attribute(
        "data-total", str(total), timeout=90_000
    )


def requests(page: Page) -> int:
    return int(page.evaluate("window.__analyse"))


def analyse(page: Page, timeout: float = 180_000) -> float:
    """Press Analyse, see the progress, wait for the graph; the seconds it took."""
    start = time.monotonic()
    page.get_by_test_id("analyse").click()
    expect(page.get_by_test_id("analysis-progress")).to_be_visible()
    expect(page.get_by_test_id("analysis-graph")).to_be_visible(timeout=timeout)
    return time.monotonic() - start


def check_graph(page: Page, record: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The graph and the list show the engine's analysis: one line for the person's seat, a
    marker and a line of the list for each of its mistakes, in order; returns the mistakes."""
    expected = engine_analysis(record)
    mistakes = [v for v in expected["verdicts"] if v["loss"] >= expected["mistake"]]
    assert mistakes, "the seeded game must have mistakes to mark"
    graph = page.get_by_test_id("analysis-graph")
    lines = graph.get_by_test_id("analysis-line")
    expect(lines).to_have_count(1)
    expect(lines.first).to_have_attribute("data-seat", "0")
    expect(lines.first).to_have_attribute("data-points", str(len(expected["verdicts"])))
    markers = graph.get_by_test_id("analysis-marker")
    expect(markers).to_have_count(len(mistakes))
    moves = [int(str(markers.nth(i).get_attribute("data-move"))) for i in range(len(mistakes))]
    assert moves == [v["ply"] for v in mistakes]  # each opens its decision
    items = page.get_by_test_id("analysis-mistake")
    expect(items).to_have_count(len(mistakes))
    words = LANGS[lang]
    for i, verdict in enumerate(mistakes):
        item = items.nth(i)
        expect(item).to_contain_text(words["move"].format(verdict["ply"] + 1))
        expect(item).to_contain_text(words["played"])
        expect(item).to_contain_text(words["better"])
        loss = verdict["gap"] if "gap" in verdict else verdict["loss"]
        shown = math.floor(max(0, loss) * 100 + 0.5)  # as the page rounds (Math.round), not
        expect(item).to_contain_text(f"−{shown}%")  # Python's round-half-even: 0.185 is 19%
        played = verdict["words"]["played"][0]["text"][lang].replace("{0}", NAMES[0])
        expect(item).to_contain_text(played.split("{")[0][:12])
    summary = page.get_by_test_id("analysis-summary")
    expect(summary).to_have_count(1)
    said = {"en": f"{len(mistakes)} mistake", "ja": f"悪手{len(mistakes)}回"}[lang]
    expect(summary).to_contain_text(said)
    expect(page.get_by_test_id("analysis-legend")).to_contain_text(NAMES[0])
    if lang == "ja":  # every word Japanese but the players' names
        text = str(page.get_by_test_id("analysis").inner_text())
        latin = set(re.findall(r"[A-Za-z]+", text)) - set(NAMES)
        assert not latin, latin
    return mistakes


# the line of the luck after a decision, in Marie's Table's own words (never "the dice")
LUCK_AFTER = {
    "en": "Afterwards, the cakes dealt and the other players’ moves changed Aya’s chance",
    "ja": "そのあと、配られたケーキと他の人の手でAyaの勝つ見込みが",
}
DECISION = {
    "en": {
        "head": "Move {0}: Aya’s decision",
        "marks": "✓ the better move, ✗ the move played",
        "prompt": "Aya’s decision: the moves Aya could make",
        "position": "After move {0} of",
        "start": "Before move 1 of",
    },
    "ja": {
        "head": "{0}手目：Ayaの判断",
        "marks": "✓がよりよい手、✗が選んだ手",
        "prompt": "Ayaの判断：選べた手",
        "position": "{0}手目の後",
        "start": "1手目の前",
    },
}


def marks_in_sight(page: Page) -> None:
    """The decision's marks, the move played and the better one, each lie (in one of the places a
    move is marked, if several) inside the board's box, not under the replay's bar (the board
    scrolls them into sight when the table is taller)."""
    board = page.get_by_test_id("replay-board").bounding_box()
    assert board is not None

    def inside(box: Any) -> bool:
        top, bottom = box["y"], box["y"] + box["height"]
        return bool(board["y"] - 1 <= top and bottom <= board["y"] + board["height"] + 1)

    for kind in ("analysis-best", "analysis-played"):
        marks = page.locator(f"[data-testid=replay-board] .{kind}")
        boxes = [marks.nth(i).bounding_box() for i in range(marks.count())]
        if kind == "analysis-best":
            assert boxes, "the better move is not marked"
        if boxes:
            assert any(box and inside(box) for box in boxes), (kind, boxes, board)


def check_decision(page: Page, verdict: dict[str, Any], lang: str) -> None:
    """A mistake opened: the position before the move, the seat's moves drawn there for reading,
    the move played (✗) and the better one (✓) marked on the table, and the card saying both
    (with the reason when the engine gives one)."""
    expect(page.get_by_test_id("replay")).to_have_attribute("data-decision", "yes")
    card = page.get_by_test_id("analysis-decision")
    expect(card).to_contain_text(DECISION[lang]["head"].format(verdict["ply"] + 1))
    expect(card).to_contain_text(DECISION[lang]["marks"])
    # the bar says the position before the move: after the move before it (not "Your turn")
    expect(page.get_by_test_id("prompt")).to_contain_text(DECISION[lang]["prompt"])
    words = DECISION[lang]
    expect(page.get_by_test_id("replay-position")).to_contain_text(
        words["position"].format(verdict["ply"]) if verdict["ply"] else words["start"]
    )
    expect(card).to_have_attribute("data-played", "move")
    expect(card).to_have_attribute("data-best", "move")
    board = page.get_by_test_id("replay-board")
    played = board.locator(f'[data-a="{verdict["played"]}"][data-hint-rank="✗"]')
    best = board.locator(f'[data-a="{verdict["best"]}"][data-hint-rank="✓"]')
    expect(played.first).to_be_visible()
    expect(best.first).to_be_visible()
    marks_in_sight(page)
    if verdict.get("why"):
        expect(page.get_by_test_id("analysis-decision-why")).to_have_text(verdict["why"][lang])
    # what moved the chance afterwards, in the game's own words (Marie's Table: the cakes dealt)
    luck = page.get_by_test_id("analysis-decision-luck")
    if verdict.get("luck") is not None:
        expect(luck).to_contain_text(LUCK_AFTER[lang])
    # a tap on a move of the decision plays nothing
    best.first.dispatch_event("click")
    page.wait_for_timeout(300)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", str(verdict["ply"]))


def check_points_by_keyboard(page: Page, record: dict[str, Any]) -> None:
    """Every decision is a point of the graph: one in the tab order, the arrow keys move between
    them, Enter opens the one focused (the position before its move)."""
    verdicts = sorted(engine_analysis(record)["verdicts"], key=lambda v: (v["ply"], v["seat"]))
    points = page.get_by_test_id("analysis-point")
    expect(points).to_have_count(len(verdicts))
    focused = page.locator('[data-testid=analysis-point][tabindex="0"]')
    expect(focused).to_have_count(1)
    focused.focus()
    start = int(str(focused.get_attribute("data-point")))
    page.keyboard.press("ArrowRight")
    nxt = verdicts[start + 1]
    active = page.evaluate("document.activeElement.dataset.point")
    assert int(active) == start + 1
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", str(nxt["ply"]))
    label = str(points.nth(start + 1).get_attribute("aria-label"))
    assert str(nxt["ply"] + 1) in label and "Aya" in label
    # a tap on a point opens it too
    points.last.click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", str(verdicts[-1]["ply"]))
    # a draft opened for reading: the hand, and no button to press (it was half hidden there)
    draft = next(v for v in verdicts if v["played"].startswith("pick"))
    page.locator(f'[data-testid=analysis-point][data-move="{draft["ply"]}"]').first.click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", str(draft["ply"]))
    expect(page.get_by_test_id("hand")).to_be_visible()
    expect(page.get_by_test_id("confirm-pick")).to_have_count(0)


SPLIT = {"en": "Choices cost", "ja": "自分の選択で"}  # the page's own words, without the engine's
KEY = {
    "en": "The brown dotted line: the position shown; a brown dot, the decision opened.",
    "ja": "茶色の点線は、いま表示している局面で、茶色の点は開いている判断です。",
}


def check_split(page: Page, record: dict[str, Any], lang: str) -> None:
    """Each seat's luck and choice, said in its summary when the engine gives them."""
    row = engine_analysis(record)["summary"][0]
    split = page.get_by_test_id("analysis-split")
    if "choice" not in row or "luck" not in row:
        expect(split).to_have_count(0)  # an engine without them: nothing said
        return
    expect(split).to_contain_text(row["words"][lang] if "words" in row else SPLIT[lang])
    # the engine's words count in points of the chance to win (a sum of losses can pass 100)
    unit = ({"en": " point", "ja": "ポイント"} if "words" in row else {"en": "%", "ja": "%"})[lang]
    choice = round(abs(row["choice"]) * 100)
    expect(split).to_contain_text(f"{choice}{unit}")
    luck = round(abs(row["luck"]) * 100)
    if row.get("opening") is not None:  # the words start from it; their figures add up
        start = round(row["opening"] * 100)
        end = round((row["opening"] - row["choice"] + row["luck"]) * 100)
        expect(split).to_contain_text(
            {
                "en": f"from {start}% at the first decision to {end}% at the end",
                "ja": f"最初の判断で{start}%、終局で{end}%",
            }[lang]
        )
        luck = abs(end - start + choice)
    if luck:
        expect(split).to_contain_text(f"{luck}{unit}")


def viewer_ply(page: Page) -> int:
    return int(str(page.get_by_test_id("replay").get_attribute("data-ply")))


def analyse_in_the_browser(page: Page, record: dict[str, Any], lang: str) -> None:
    """Press Analyse and time it; the page asks the engine in slices. Done once, in English:
    the analysis does not depend on the language (the page's must equal the engine's, checked
    after), and a whole analysis in the browser is the suite's slowest step."""
    seconds = analyse(page)
    ARTIFACTS.mkdir(exist_ok=True)
    timing = {"game": "marie", "players": 4, "seconds": round(seconds, 2)}
    timing["decisions"] = engine_analysis(record)["total"]
    (ARTIFACTS / f"analysis-seconds-{lang}.json").write_text(json.dumps(timing) + "\n")
    print(f"analysis of Marie 4p, one seat, in the browser ({lang}): {seconds:.1f} s")
    assert requests(page) >= 2  # in slices


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_analyse_a_finished_game_and_reopen_it_at_once(
    page: Page, base_url: str, lang: str, shot: Any
) -> None:
    record = game_record()
    total = len(record["actions"])
    open_page(page, base_url, lang, {ENTRY: finished_entry(record)})
    page.goto(f"{base_url}#/replay/{ENTRY}")
    viewer_ready(page, total)
    expect(page.get_by_test_id("analyse")).to_have_text(LANGS[lang]["analyse"])
    expect(page.get_by_test_id("analysis-graph")).to_have_count(0)
    assert requests(page) == 0
    if lang == "en":
        analyse_in_the_browser(page, record, lang)
    else:  # the same analysis, kept with the game as the English run keeps it: its words
        open_page(
            page, base_url, lang, {ENTRY: finished_entry(record, analysis=kept_analysis(record))}
        )
        page.reload()
        viewer_ready(page, total)
    mistakes = check_graph(page, record, lang)
    # the graph's marks are said under it: the rings, their dashes, the dotted line of the position
    expect(page.get_by_test_id("analysis-key")).to_contain_text(KEY[lang])
    if lang == "en":  # kept with the game just now (the Japanese run opened it kept)
        expect(page.get_by_test_id("analysis")).to_have_attribute("data-kept", "saved")
    expect(page.get_by_test_id("analyse")).to_have_count(0)

    # a marker opens that decision (the position before the move), from the seat's view
    first = mistakes[0]["ply"]
    page.locator(f'[data-testid=analysis-point][data-move="{first}"]').first.click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", str(first))
    expect(page.get_by_test_id("replay")).to_have_attribute("data-perspective", "0")
    expect(page.get_by_test_id("analysis-now")).to_have_attribute("data-move", str(first))
    expect(page.get_by_test_id("analysis-marker").first).to_have_class(re.compile("is-current"))
    # the decision opened is a filled dot, not a ring: a beginner took its ring for a mistake's
    current = page.locator("[data-testid=analysis-point].is-current .analysis-focus").first
    fill = current.evaluate("(c) => getComputedStyle(c).fill")
    assert fill not in ("none", "transparent", "rgba(0, 0, 0, 0)"), fill
    check_decision(page, mistakes[0], lang)
    shot(page, f"analysis-{lang}", both=True)
    check_points_by_keyboard(page, record)
    check_split(page, record, lang)
    # and a line of the list too; stepping moves the graph's line of the position shown
    last = mistakes[-1]["ply"]
    page.get_by_test_id("analysis-mistake").last.click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", str(last))
    expect(page.get_by_test_id("analysis-mistake").last).to_have_attribute("aria-current", "step")
    page.get_by_test_id("replay-back").click()
    expect(page.get_by_test_id("analysis-now")).to_have_attribute("data-move", str(last - 1))
    # the log is one tap away, and back
    page.get_by_test_id("side-tab-log").click()
    expect(page.get_by_test_id("log")).to_be_visible()
    expect(page.get_by_test_id("analysis-graph")).to_have_count(0)
    page.get_by_test_id("side-tab-analysis").click()
    expect(page.get_by_test_id("analysis-graph")).to_be_visible()

    # kept with the game: as the engine made it
    entry = stored(page)[f"pygames.done.{ENTRY}"]
    assert entry["analysis"]["version"] == engine_analysis(record)["version"]
    assert entry["analysis"]["verdicts"] == engine_analysis(record)["verdicts"]

    # reopened: the graph at once, no request to the engine
    page.reload()
    viewer_ready(page, total)
    expect(page.get_by_test_id("analysis-graph")).to_be_visible()
    assert requests(page) == 0
    check_graph(page, record, lang)
    expect(page.get_by_test_id("analysis")).to_have_attribute("data-stale", "no")
    expect(page.get_by_test_id("analyse")).to_have_count(0)
    page.wait_for_timeout(500)
    assert requests(page) == 0
    shot(page, f"analysis-reopened-{lang}", both=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_cancel_then_analyse_a_shared_game_again(
    page: Page, base_url: str, lang: str, shot: Any
) -> None:
    record = game_record()
    total = len(record["actions"])
    open_page(page, base_url, lang, {})
    page.goto(f"{base_url}#/replay&{link(record)[1:]}")
    viewer_ready(page, total)
    page.get_by_test_id("analyse").click()
    progress = page.get_by_test_id("analysis-progress")
    expect(progress).to_be_visible()
    wait_true(page, "window.__analyse >= 3")
    shot(page, f"analysis-progress-{lang}", both=True)
    expect(progress.get_by_role("progressbar")).to_be_visible()
    page.get_by_test_id("analysis-cancel").click()
    expect(page.get_by_test_id("analysis-progress")).to_have_count(0)
    expect(page.get_by_test_id("analysis-graph")).to_have_count(0)
    expect(page.get_by_test_id("analyse")).to_be_visible()
    expect(page.get_by_test_id("log")).to_be_visible()  # the side shows the log again
    asked = requests(page)
    page.wait_for_timeout(1_000)
    assert requests(page) <= asked + 1  # at most the answer in flight; then nothing more
    if lang != "en":  # the whole analysis again, once (its Japanese words are checked on a
        return  # kept analysis by test_analyse_a_finished_game_and_reopen_it_at_once)

    analyse(page)
    check_graph(page, record, lang)
    expect(page.get_by_test_id("analysis")).to_have_attribute("data-kept", "shared")
    assert stored(page) == {}  # a shared game's analysis is not kept


def test_an_old_analysis_is_labelled_and_a_damaged_one_never_loses_the_game(
    page: Page, base_url: str, shot: Any
) -> None:
    record = game_record()
    total = len(record["actions"])
    old = kept_analysis(record, version="0/1")
    open_page(page, base_url, "en", {ENTRY: finished_entry(record, analysis=old)})
    page.goto(f"{base_url}#/replay/{ENTRY}")
    viewer_ready(page, total)
    # drawn at once, said to be from an older version, and offered again
    expect(page.get_by_test_id("analysis-graph")).to_be_visible()
    expect(page.get_by_test_id("analysis")).to_have_attribute("data-stale", "yes")
    expect(page.get_by_test_id("analysis-stale")).to_be_visible()
    expect(page.get_by_test_id("analyse-again")).to_be_visible()
    assert requests(page) == 0
    shot(page, "analysis-stale")
    # made again: the current version replaces it, here and in the kept game
    page.get_by_test_id("analyse-again").click()
    expect(page.get_by_test_id("analysis-progress")).to_be_visible()
    expect(page.get_by_test_id("analysis")).to_have_attribute("data-stale", "no", timeout=180_000)
    expect(page.get_by_test_id("analysis-stale")).to_have_count(0)
    current = engine_analysis(record)["version"]
    assert stored(page)[f"pygames.done.{ENTRY}"]["analysis"]["version"] == current

    # a damaged analysis (its verdicts, or the words of its game's chance): the game opens as
    # ever, with the Analyse button
    for damage in ({"verdicts": [{"ply": "x"}]}, {"chance": {"en": 5, "ja": "運"}}):
        damaged = kept_analysis(record) | damage
        page.evaluate(
            "(e) => localStorage.setItem('pygames.done.ana1', e)",
            json.dumps(finished_entry(record, analysis=damaged)),
        )
        page.reload()
        viewer_ready(page, total)
        expect(page.get_by_test_id("analyse")).to_be_visible()
        expect(page.get_by_test_id("analysis-graph")).to_have_count(0)
    page.goto(base_url)
    expect(page.get_by_test_id("finished-item")).to_have_count(1)


def test_an_export_file_keeps_the_analysis_and_drops_a_damaged_one(
    shared: Page, base_url: str
) -> None:
    page = shared
    record = game_record()
    good = finished_entry(record, analysis=kept_analysis(record))
    bad = finished_entry(record, id="ana2", analysis={"version": "1/600", "verdicts": "no"})
    lobby(page, base_url + "#/")
    content = json.dumps(saves_file([], [good, bad]))
    choose(page, "pygames-saves.json", content)
    wait_note(page)
    kept = stored(page)
    # kept, marked as imported (issue 33: not made nor checked by this app)
    assert kept["pygames.done.ana1"]["analysis"] == good["analysis"] | {"imported": True}
    assert "analysis" not in kept["pygames.done.ana2"]  # dropped; the game is kept
    assert kept["pygames.done.ana2"]["record"] == bad["record"]
    # the imported analysis opens at once
    page.goto(f"{base_url}#/replay/{ENTRY}")
    viewer_ready(page, len(record["actions"]))
    expect(page.get_by_test_id("analysis-graph")).to_be_visible()
    expect(page.get_by_test_id("analysis-imported")).to_be_visible()
    assert requests(page) == 0


def test_the_engine_refuses_an_unfinished_game_and_the_viewer_offers_no_analysis(
    shared: Page, base_url: str
) -> None:
    page = shared
    record = game_record()
    partial = record | {"actions": record["actions"][:10]}
    answer = engine(cmd="analyse", record=partial)
    assert answer["ok"] is False and "not over" in answer["error"]["en"]
    open_page(page, base_url, "en", {})
    page.goto(f"{base_url}#/replay&{link(partial)[1:]}")
    viewer_ready(page, 10)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-finished", "no")
    expect(page.get_by_test_id("analyse")).to_have_count(0)


def test_the_analysis_panel_passes_axe(browser: Browser, base_url: str) -> None:
    """axe-core finds no serious or critical problem in the viewer with its analysis shown (a
    context that bypasses the CSP, as e2e/test_a11y.py's: axe goes in as an inline script)."""
    record = game_record()
    context = browser.new_context(
        bypass_csp=True, viewport={"width": 1024, "height": 768}, locale="en-US"
    )
    try:
        page = context.new_page()
        open_page(
            page, base_url, "en", {ENTRY: finished_entry(record, analysis=kept_analysis(record))}
        )
        page.goto(f"{base_url}#/replay/{ENTRY}")
        viewer_ready(page, len(record["actions"]))
        expect(page.get_by_test_id("analysis-graph")).to_be_visible()
        page.get_by_test_id("analysis-mistake").first.click()
        expect(page.get_by_test_id("replay")).to_have_attribute("data-perspective", "0")
        bad = [v for v in axe(page, "analysis") if v["impact"] in BLOCKING]
        assert not bad, readable(bad)
    finally:
        context.close()


# this CPython analyses the four seats' play first: The Egyptian Buyer's, at 200 iterations a
# decision whatever the game's budget (about 25 s of CPU; at 600, tried for the hint, it took 80
# s): the drawing of a kept analysis is under test here, not the search, which the other tests
# compare with the page's
SMALL_BUDGET = 200


@pytest.mark.timeout(600)
def test_a_game_of_bots_is_drawn_for_every_seat(
    shared: Page, base_url: str, shot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no person at the table every seat is analysed: one line per seat in its colour and
    a legend by seat name (a kept analysis, made by this CPython's engine, shown at once)."""
    page = shared
    record = record_of(simulate("hitokai", 4, SEED))
    record["seats"] = [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES]
    current = coach.analysis_version("hitokai")
    monkeypatch.setattr(coach, "ANALYSIS_ITERATIONS", {"hitokai": SMALL_BUDGET})
    analysis = kept_analysis(record, version=current)  # kept as current: no "older version"
    assert analysis["seats"] == [0, 1, 2, 3]
    entry = finished_entry(record, game="hitokai", kinds=["bot"] * 4, analysis=analysis)
    open_page(page, base_url, "en", {ENTRY: entry})
    page.goto(f"{base_url}#/replay/{ENTRY}")
    viewer_ready(page, len(record["actions"]))
    lines = page.get_by_test_id("analysis-line")
    expect(lines).to_have_count(4)
    for seat in range(4):
        expect(lines.nth(seat)).to_have_attribute("data-seat", str(seat))
        colour = page.evaluate(
            "(s) => getComputedStyle(document.querySelectorAll('.analysis-line')[s]).stroke", seat
        )
        swatch = page.evaluate(
            "(s) => getComputedStyle(document.querySelectorAll('.analysis-swatch')[s])"
            ".backgroundColor",
            seat,
        )
        assert colour == swatch, (seat, colour, swatch)
    strokes = {
        page.evaluate(
            "(s) => getComputedStyle(document.querySelectorAll('.analysis-line')[s]).stroke", s
        )
        for s in range(4)
    }
    assert len(strokes) == 4  # a colour of its own for each seat
    legend = page.get_by_test_id("analysis-legend")
    for name in NAMES:
        expect(legend).to_contain_text(name)
    mistakes = [v for v in analysis["verdicts"] if v["loss"] >= analysis["mistake"]]
    expect(page.get_by_test_id("analysis-marker")).to_have_count(len(mistakes))
    assert requests(page) == 0
    shot(page, "analysis-all-seats", both=True)
    # each mistake opened shows both moves in sight, in landscape and in portrait (a bid panel
    # taller than its room once hid the better move, Withdraw, under the replay's bar)
    for size in (LANDSCAPE, PORTRAIT):
        resize(page, size)
        for i in range(min(3, page.get_by_test_id("analysis-mistake").count())):
            item = page.get_by_test_id("analysis-mistake").nth(i)
            ply, seat = item.get_attribute("data-move"), item.get_attribute("data-seat")
            item.click()
            # that decision drawn (the one opened before stays until its position comes)
            viewer = page.get_by_test_id("replay")
            expect(viewer).to_have_attribute("data-ply", str(ply))
            expect(viewer).to_have_attribute("data-perspective", str(seat))
            expect(viewer).to_have_attribute("data-decision", "yes")
            # the better move marked on the table: its control, its picks or the steps to it
            expect(page.get_by_test_id("analysis-decision")).to_have_attribute(
                "data-best", re.compile(r"^(move|picks|reach)$")
            )
            marks_in_sight(page)
    shot(page, "analysis-all-seats-decision", both=True)


# the decision opened on a tablet: the status bar's prompt (its height and whether it stays in
# the bar), the action zone's height, and the marks of the played move
DECISION_LAYOUT = """() => {
  const bar = document.querySelector('.replay-board').closest('.table-main')
    .querySelector('.status-bar').getBoundingClientRect();
  const prompt = document.querySelector('.status-bar .status-prompt').getBoundingClientRect();
  const zone = document.querySelector('.replay-board [data-testid=action-zone]');
  return { bar: [bar.top, bar.bottom], prompt: [prompt.top, prompt.bottom, prompt.width],
    zone: zone.getBoundingClientRect().height,
    played: [...document.querySelectorAll('.replay-board [data-hint-rank]')]
      .filter((el) => el.getAttribute('data-hint-rank').split(' ').includes('✗'))
      .map((el) => el.dataset.pick) };
}"""


def test_a_bag_gai_decision_opened_on_a_tablet_shows_both_moves(page: Page, base_url: str) -> None:
    """A beginner's trial (BAG-GAI, 1024x768): a decision opened from the analysis squeezed the
    replay's prompt into 8 lines past its bar and the range panel to a 25 px sliver, and a spot
    played inside the better range was "not drawn on the table here"."""
    record = record_of(simulate("baggai", 4, 5, "random,normal,normal,normal"))
    record["seats"] = [{"name": "Aya", "kind": "human"}]
    record["seats"] += [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES[1:]]
    analysis = kept_analysis(record)
    mistakes = [v for v in analysis["verdicts"] if v["loss"] >= analysis["mistake"]]
    inside = [
        v for v in mistakes if v["picks"]["played"]["picks"][0] in v["picks"]["best"]["covers"]
    ]
    assert inside, "the seeded game must have a range played inside the better one"
    entry = finished_entry(record, game="baggai", kinds=["human"] + ["bot"] * 3, analysis=analysis)
    open_page(page, base_url, "en", {ENTRY: entry})
    page.goto(f"{base_url}#/replay/{ENTRY}")
    viewer_ready(page, len(record["actions"]))
    page.locator(f'[data-testid=analysis-mistake][data-move="{inside[0]["ply"]}"]').click()
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-decision", "yes")
    seen = page.evaluate(DECISION_LAYOUT)
    assert seen["prompt"][2] >= 150 and seen["prompt"][1] <= seen["bar"][1] + 1, seen
    assert seen["zone"] >= 100, seen
    assert seen["played"] == inside[0]["picks"]["played"]["picks"], seen
    expect(page.locator(".analysis-offtable")).to_have_count(0)
    # the graph's numbers say what they count
    expect(page.get_by_test_id("analysis-last-tick")).to_have_text(
        f"{len(record['actions'])} moves"
    )
    # and none covers another ("40" lay under "51 moves")
    overlaps = page.evaluate(
        """() => {
          const r = [...document.querySelectorAll('.analysis-tick')].map((e) => e.getBBox());
          let n = 0;
          for (let i = 1; i < r.length; i += 1) {
            if (r[i].x < r[i - 1].x + r[i - 1].width + 2) n += 1;
          }
          return n;
        }"""
    )
    assert overlaps == 0, overlaps


def test_the_end_screen_opens_the_analysis_at_once(page: Page, base_url: str, shot: Any) -> None:
    """A beginner could not find the analysis: it waited behind Replay, then Analyse. The end
    screen offers it: the replay opens with its analysis under way, the analysis tab shown."""
    record = game_record()
    open_page(page, base_url, "en", {})
    page.goto(base_url + link(record))
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible(timeout=90_000)
    button = end.get_by_test_id("end-analyse")
    expect(button).to_have_text("Analyse this game")
    expect(button).to_have_attribute("data-explain", re.compile("every decision"))
    shot(page, "end-analyse", both=True)
    assert requests(page) == 0
    button.click()
    viewer_ready(page, len(record["actions"]))
    expect(page.get_by_test_id("analysis-progress")).to_be_visible()
    assert requests(page) >= 1
    expect(page.get_by_test_id("analysis-graph")).to_be_visible(timeout=180_000)
    # the request is used once: Replay from another end screen opens no analysis by itself
    page.goto(base_url + link(record))
    expect(page.get_by_test_id("end-screen")).to_be_visible(timeout=90_000)
    before = requests(page)
    page.get_by_test_id("watch-replay").click()
    viewer_ready(page, len(record["actions"]))
    expect(page.get_by_test_id("analyse")).to_be_visible()
    page.wait_for_timeout(500)
    assert requests(page) == before
