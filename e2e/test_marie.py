"""Marie's Table played in a real browser, by clicking through the page like a person would."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    assert_nearly_all_drawn,
    current_record,
    engine,
    link,
    pace_bots,
    record_of,
    simulate,
    unlink,
    wait_turn,
)
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """Bots move at once (no pacing) so a whole game fits in a test."""
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    return context


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage); bots move at once."""
    warm_page.evaluate("localStorage.setItem('pygames.speed', 'instant');")
    return warm_page


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def act(page: Page, phase: str) -> None:
    """Make one legal choice through the UI for the current phase."""
    if phase == "pile":
        piles = page.locator("[data-testid^=pile-]:enabled")
        assert piles.count() >= 1
        piles.first.click()
    elif phase == "draft":
        cards = page.get_by_test_id("hand-card")
        confirm = page.get_by_test_id("confirm-pick")
        if cards.count() > 2:
            expect(confirm).to_be_disabled()
            cards.nth(0).click()
            expect(confirm).to_be_disabled()
            # it counts down (it said "Select 2 cards" with one chosen)
            expect(confirm).to_have_text(re.compile(r"^(Select 1 more|あと1枚選んでください)$"))
            cards.nth(1).click()
        expect(confirm).to_be_enabled()
        confirm.click()
    elif phase == "vote":
        # "Voting…" says what it means by "?" (it said "Nothing to explain here")
        waiting = page.locator(".vote-chip[data-vote=waiting]")
        assert waiting.count() >= 1
        assert all(waiting.nth(i).get_attribute("data-explain") for i in range(waiting.count()))
        page.get_by_test_id("vote-down").click()
    elif phase == "take":
        options = page.locator("[data-testid^=take-option-]")
        assert options.count() >= 1
        options.first.click()
    elif phase == "decide":
        buttons = page.locator("[data-testid^=decide-]")
        assert buttons.count() >= 1
        buttons.first.click()  # keep both
    else:  # pragma: no cover - a phase the test does not know
        raise AssertionError(f"unexpected phase {phase!r}")


def setup_game(page: Page, base_url: str, players: int, humans: list[int], seed: int) -> None:
    page.goto(f"{base_url}#/setup/marie")
    page.get_by_test_id(f"players-{players}").click()
    for seat in range(players):
        kind = "human" if seat in humans else "bot"
        page.get_by_test_id(f"seat-kind-{seat}-{kind}").click()
    page.get_by_test_id("seed-fixed").click()
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("opt-elder").select_option("0")
    page.get_by_test_id("start-game").click()
    expect(table(page)).to_be_visible(timeout=90_000)


def check_end_screen(page: Page, players: int) -> list[int]:
    """The end screen shows every seat's total and highlights the winners; returns the totals."""
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(table(page)).to_have_attribute("data-phase", "over")
    totals = []
    for seat in range(players):
        cell = page.get_by_test_id(f"final-score-{seat}")
        expect(cell).to_be_visible()
        totals.append(int(str(cell.get_attribute("data-score"))))
    winners = page.locator("[data-testid^=result-row-][data-winner=yes]")
    assert winners.count() >= 1
    best = max(totals)
    for i in range(winners.count()):
        seat = int(str(winners.nth(i).get_attribute("data-seat")))
        assert totals[seat] == best
    expect(page.get_by_test_id("winners")).not_to_be_empty()
    for name in ("rematch", "new-game", "copy-link", "back-lobby"):
        expect(end.get_by_test_id(name)).to_be_visible()
    # every cell of the result says what it counts by "?" (they said "Nothing to explain here")
    cells = page.locator("[data-testid=result] tbody td")
    assert cells.count() >= players * 3
    bare = cells.evaluate_all("(cs) => cs.filter((c) => !c.dataset.explain).length")
    assert bare == 0, f"{bare} cells of the result explain nothing"
    total = page.get_by_test_id("final-score-0").get_attribute("data-explain") or ""
    assert "total" in total and "7s" in total, total
    head = page.locator("[data-testid=result] thead th").evaluate_all(
        "(hs) => hs.filter((h) => !h.dataset.explain && !h.querySelector('[data-explain]')).length"
    )
    assert head <= 1, f"{head} headings of the result explain nothing"  # the names' column
    return totals


def test_one_human_against_three_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    setup_game(page, base_url, 4, [0], seed=2)
    shots: set[str] = set()
    steps = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass", "one human: never a privacy screen"
        if phase == "over":
            break
        assert table(page).get_attribute("data-viewer") == "0"
        if phase in ("draft", "vote", "take", "decide") and phase not in shots:
            if phase == "draft" and page.get_by_test_id("hand-card").count() < 6:
                pass  # wait for a fuller hand: a nicer picture
            else:
                shots.add(phase)
                shot(page, f"marie-{phase}", both=True)
        act(page, phase)
        steps += 1
        assert steps < 200
    assert {"draft", "vote"} <= shots
    check_end_screen(page, 4)
    shot(page, "marie-end", both=True)
    # the address bar holds the whole record once the game is over
    fragment = page.evaluate("location.hash")
    assert fragment.startswith("#g=")
    record = unlink(fragment)
    assert record["seed"] == 2 and len(record["actions"]) > 40

    # copy link shows the full link
    page.get_by_test_id("copy-link").click()
    expect(page.get_by_test_id("share-link")).to_have_value(f"{base_url}{fragment}")
    page.get_by_test_id("dialog-close").click()

    # rematch: the same deal, a fresh game
    page.get_by_test_id("rematch").click()
    expect(table(page)).to_have_attribute("data-ply", "0")
    expect(page.get_by_test_id("round")).to_have_text("Round 1 of 5")


def test_three_humans_pass_and_play(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    setup_game(page, base_url, 3, [0, 1, 2], seed=11)
    passes: list[str] = []
    vote_passes = 0
    voters: list[str] = []
    took = False
    steps = 0
    while True:
        phase = wait_turn(page)
        if phase == "over":
            break
        if phase == "pass":
            screen = page.get_by_test_id("privacy-screen")
            name = str(screen.get_attribute("data-seat-name"))
            expect(screen).to_contain_text(f"Pass the tablet to {name}")
            # nothing private is on the page behind the screen
            expect(table(page)).to_have_attribute("data-viewer", "spectator")
            assert page.get_by_test_id("hand-card").count() == 0
            if not passes:
                shot(page, "marie-privacy", both=True)
            passes.append(name)
            if table(page).get_attribute("data-phase") == "vote":
                vote_passes += 1
            page.get_by_test_id("privacy-continue").click()
            continue
        viewer = str(table(page).get_attribute("data-viewer"))
        assert viewer in ("0", "1", "2")
        if phase == "vote":
            voters.append(viewer)
            expect(page.get_by_test_id("vote-up")).to_be_enabled()
        if phase == "take":
            if not took:
                shot(page, "marie-take-3p", both=True)
            took = True
        act(page, phase)
        steps += 1
        assert steps < 400
    # the tablet went round: a privacy screen before each change of human
    assert len(passes) >= 6
    # every human voted behind the screen in turn (the first voter already held the tablet)
    assert len(set(voters[:3])) == 3
    assert vote_passes >= 2
    # three dissatisfied votes: the pairs changed hands and a human took one
    assert took
    check_end_screen(page, 3)
    shot(page, "marie-end-3p", both=True)


def secret_decision(page: Page, seat: int) -> bool:
    """The viewer is at the simultaneous keep/eat decision of M4 (its own chip says waiting)."""
    chip = page.get_by_test_id(f"decision-{seat}")
    return chip.count() == 1 and chip.get_attribute("data-status") == "waiting"


def assert_decisions_hidden(page: Page, decided: dict[int, str]) -> None:
    """No trace on the page of the decisions of ``decided`` (seat: the eat button's cards,
    ``keep`` for keep both) but that each has decided (M4)."""
    viewer = table(page).get_attribute("data-viewer")
    for seat in decided:
        if str(seat) == viewer:
            continue
        chip = page.get_by_test_id(f"decision-{seat}")
        expect(chip).to_have_attribute("data-status", "decided")
        assert chip.get_attribute("data-eat") is None and chip.get_attribute("data-keep") is None
        assert page.get_by_test_id(f"eaten-{seat}").locator("[data-card]").count() == 0
        assert page.get_by_test_id(f"kept-{seat}").locator(".kept-chip").count() == 0
    html = page.content()
    for secret in ("secret decision", "Eats the", "Eats both", "Keeps both", "Ate the"):
        assert secret not in html, secret


def decide_button(page: Page, eat: bool) -> tuple[str, str]:
    """Tap keep both, or the first eat-one button; returns (testid, "keep" or the eaten card)."""
    buttons = (
        page.locator("[data-testid^=decide-eat-]") if eat else page.get_by_test_id("decide-keep")
    )
    button = buttons.first
    testid = str(button.get_attribute("data-testid"))
    button.click()
    if page.get_by_test_id("waste-confirm").count():  # eating a kept number: asked once
        page.get_by_test_id("confirm-yes").click()
    return testid, testid.removeprefix("decide-eat-") if eat else "keep"


def test_pass_and_play_secret_keep_or_eat(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    """M4: three humans, all satisfied: each decides keep or eat behind the privacy screen, and
    no one's decision shows on the page before the reveal; then all are revealed together."""
    setup_game(page, base_url, 3, [0, 1, 2], seed=11)
    decided: dict[int, str] = {}
    decide_passes = 0
    shots: set[str] = set()
    for _ in range(60):
        phase = wait_turn(page)
        if phase == "pass":
            screen = page.get_by_test_id("privacy-screen")
            if decided and table(page).get_attribute("data-phase") == "decide":
                # behind the screen the table is the spectator's: no decision shows there either
                expect(table(page)).to_have_attribute("data-viewer", "spectator")
                expect(screen).to_contain_text("It is time to keep or eat, in secret.")
                expect(page.get_by_test_id("decide-wait")).to_have_text(
                    "Everyone decides at the same time: keep or eat. "
                    "Waiting for the others' decisions."
                )
                assert_decisions_hidden(page, decided)
                decide_passes += 1
                if "pass" not in shots:
                    shots.add("pass")
                    shot(page, "marie-m4-privacy", both=True)
            page.get_by_test_id("privacy-continue").click()
            continue
        viewer = int(str(table(page).get_attribute("data-viewer")))
        if phase == "vote":
            page.get_by_test_id("vote-up").click()  # nobody dissatisfied: no redistribution
            continue
        if phase == "decide":
            assert secret_decision(page, viewer), "M4: every human decides about his own pair"
            assert_decisions_hidden(page, decided)
            expect(page.get_by_test_id("prompt")).to_contain_text("in secret")
            if decided and "decide" not in shots:
                shots.add("decide")
                shot(page, "marie-m4-decide", both=True)
            _, what = decide_button(page, eat=not decided)  # the first one eats a card
            decided[viewer] = what
            continue
        if decided:
            break  # all three decided: the reveal, and the next round's pile
        act(page, phase)
    else:  # pragma: no cover
        raise AssertionError("never got through the secret keep-or-eat decision")
    assert len(decided) == 3 and decide_passes >= 2
    # revealed together: every decision, what was eaten too (it was face up before)
    for seat, what in decided.items():
        chip = page.get_by_test_id(f"decision-{seat}")
        expect(chip).to_have_attribute("data-status", "revealed")
        expect(chip).to_have_attribute("data-eat", "" if what == "keep" else what)
        eaten = page.get_by_test_id(f"eaten-{seat}").locator("[data-card]")
        expect(eaten).to_have_count(0 if what == "keep" else 1)
    expect(page.get_by_test_id("log")).to_contain_text("All decisions are in")
    shot(page, "marie-m4-revealed", both=True)


def test_one_human_with_bots_secret_keep_or_eat(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    """M4 with one human and three bots: no privacy screen; the human decides first (the bots
    wait for him, as in the vote), then waits for the others' decisions, then the reveal."""
    setup_game(page, base_url, 4, [0], seed=2)
    for _ in range(200):
        phase = wait_turn(page)
        assert phase != "pass", "one human: never a privacy screen"
        if phase == "decide" and secret_decision(page, 0):
            break
        if phase == "vote":
            page.get_by_test_id("vote-up").click()
        else:
            act(page, phase)
    else:  # pragma: no cover
        raise AssertionError("never reached a round without redistribution")
    for seat in (1, 2, 3):  # the bots decide after the human
        chip = page.get_by_test_id(f"decision-{seat}")
        assert chip.get_attribute("data-status") in ("waiting", "forced")
    expect(page.get_by_test_id("prompt")).to_contain_text("in secret")
    expect(page.get_by_test_id("prompt")).to_have_text(
        "Keep or eat your own pair, in secret: the others see it once everyone has decided."
    )
    shot(page, "marie-m4-bots-decide", both=True)
    ply = int(str(table(page).get_attribute("data-ply")))
    page.get_by_test_id("lang-ja").click()
    expect(page.get_by_test_id("prompt")).to_contain_text("秘密で決めてください")
    page.evaluate("localStorage.setItem('pygames.speed', 'normal')")  # paced: the wait shows
    _, what = decide_button(page, eat=True)
    # while the bots decide (0.7 s each at this pace): the human's own decision, and waiting
    expect(page.get_by_test_id("decide-wait")).to_have_text(
        f"{what}を食べる決めました。他のプレイヤーの決定を待っています。"
    )
    expect(page.get_by_test_id("decision-0")).to_have_attribute("data-eat", what)
    shot(page, "marie-m4-bots-waiting-ja")
    page.evaluate("localStorage.setItem('pygames.speed', 'instant')")
    phase = wait_turn(page)
    assert phase != "pass" and int(str(table(page).get_attribute("data-ply"))) > ply + 1
    chip = page.get_by_test_id("decision-0")
    expect(chip).to_have_attribute("data-status", "revealed")
    expect(chip).to_have_attribute("data-eat", what)
    for seat in (1, 2, 3):
        expect(page.get_by_test_id(f"decision-{seat}")).to_have_attribute("data-status", "revealed")
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_test_id("log")).to_contain_text("All decisions are in")
    shot(page, "marie-m4-bots-revealed", both=True)


def hand_after_pile_one(page: Page, url: str) -> list[int]:
    page.goto(url)
    phase = wait_turn(page)
    assert phase == "pile"
    page.get_by_test_id("pile-1").click()
    assert wait_turn(page) == "draft"
    cards = page.get_by_test_id("hand-card")
    return [int(str(cards.nth(i).get_attribute("data-card"))) for i in range(cards.count())]


def test_seeded_link_deals_the_same_cards(context: BrowserContext, base_url: str) -> None:
    record = {
        "v": 1,
        "game": "marie",
        "players": 4,
        "seed": 12345,
        "options": {"elder": 0},
        "seats": [{"name": "Aya", "kind": "human"}]
        + [{"name": f"Bot {i}", "kind": "bot", "level": "normal"} for i in (2, 3, 4)],
        "actions": [],
    }
    url = base_url + link(record)
    first = hand_after_pile_one(context.new_page(), url)
    second = hand_after_pile_one(context.new_page(), url)
    assert len(first) == 8
    assert first == second

    # the engine agrees
    handle = engine
    snap = handle(cmd="start", record=record, seat=0)
    snap = handle(cmd="act", session=snap["session"], seat=0, action="pile1")
    assert snap["view"]["hand"] == first


def test_cli_record_opens_on_the_end_screen(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    line = simulate("marie", 4, 3, "normal,normal,random,easy")
    record = record_of(line)
    page.goto(base_url + link(record))
    assert wait_turn(page) == "over"
    totals = check_end_screen(page, 4)
    assert totals == line["scores"]
    winners = page.locator("[data-testid^=result-row-][data-winner=yes]")
    seats = sorted(
        int(str(winners.nth(i).get_attribute("data-seat"))) for i in range(winners.count())
    )
    assert seats == sorted(line["winners"])
    for seat, entry in enumerate(record["seats"]):
        expect(page.get_by_test_id(f"result-row-{seat}")).to_contain_text(entry["name"])
    shot(page, "marie-cli-end", both=True)


def test_reload_restores_the_public_position(page: Page, base_url: str) -> None:
    setup_game(page, base_url, 4, [0], seed=2)
    # play until the human decides about a pair: nothing is hidden then
    for _ in range(100):
        phase = wait_turn(page)
        if phase == "decide":
            break
        act(page, phase)
    else:  # pragma: no cover
        raise AssertionError("never reached a keep/eat decision")
    ply = table(page).get_attribute("data-ply")
    log_lines = page.get_by_test_id("log").locator("li").count()
    fragment = page.evaluate("location.hash")
    assert fragment.startswith("#play/")  # the game's id, not its record
    page.reload()
    assert wait_turn(page) == "decide"
    expect(table(page)).to_have_attribute("data-ply", str(ply))
    expect(page.get_by_test_id("log").locator("li")).to_have_count(log_lines)
    assert page.evaluate("location.hash") == fragment


def test_bots_are_paced_and_announced(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}#/setup/marie")
    page.get_by_test_id("speed").select_option("normal")  # the setting, as a player changes it
    assert page.evaluate("localStorage.getItem('pygames.speed')") == "normal"
    page.get_by_test_id("seed-fixed").click()
    page.get_by_test_id("seed-input").fill("4")
    page.get_by_test_id("opt-elder").select_option("1")  # a bot opens the game
    page.get_by_test_id("start-game").click()
    # Bot 2's turn lasts about 1.4 s at this pace: look at every frame, not once a second
    page.wait_for_function(
        """() => {
          const root = document.querySelector('[data-testid=table]');
          const thinking = document.querySelector('[data-testid=thinking]');
          return root?.dataset.waiting === 'bot' && thinking?.checkVisibility()
            && thinking.textContent.includes('Bot 2 is thinking');
        }""",
        polling="raf",
        timeout=90_000,
    )
    assert wait_turn(page) in ("draft", "vote")  # the youngest's last two cards come by themselves
    expect(page.get_by_test_id("log")).to_contain_text("Bot 2 chooses pile")


# What the table shows after each of its draws, read from the page as it is drawn: every seat's
# score, pair, vote chip, keep/eat decision chip, kept counts, eaten cards and elder badge, and the
# tappable moves (from the call on: the observer is added once to the module's shared page).
WATCH = r"""
() => {
  window.__marie = [];
  if (window.__marieWatched) return;
  window.__marieWatched = true;
  const cards = (el, sel) => [...el.querySelectorAll(sel)].map((c) => Number(c.dataset.card));
  const seat = (el) => ({
    seat: Number(el.dataset.seat),
    score: Number(el.querySelector('[data-testid^="score-"]').dataset.score),
    pair: el.querySelector('.pair').dataset.pair,
    pairCards: cards(el, '.pair [data-card]'),
    pairBacks: el.querySelectorAll('.pair .card-back').length,
    kept: Object.fromEntries([...el.querySelectorAll('.kept-chip')]
      .map((c) => [c.dataset.number, Number(c.dataset.count)])),
    eaten: cards(el, '[data-testid^="eaten-"] [data-card]'),
    vote: el.querySelector('.vote-chip')?.dataset.vote ?? null,
    decision: el.querySelector('.decision-chip')?.dataset.status ?? null,
    decisionEat: el.querySelector('.decision-chip')?.dataset.eat ?? null,
    elder: el.querySelector('[data-testid^="elder-"]') !== null,
  });
  const read = (root) => ({
    ply: Number(root.dataset.ply),
    phase: root.dataset.phase,
    viewer: root.dataset.viewer,
    over: root.querySelector('[data-testid=end-screen]') !== null,
    round: root.querySelector('[data-testid=round]')?.textContent ?? null,
    moves: root.querySelectorAll('[data-action="move"]').length,
    seats: [...root.querySelectorAll('article[data-seat]')].map(seat),
  });
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.attributeName === 'data-drawn' && m.target.dataset.game === 'marie') {
        window.__marie.push(read(m.target));
      }
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
}
"""


def shown_pair(pair: dict[str, Any] | None) -> dict[str, Any]:
    """How the table must show a pair of the view."""
    if pair is None:
        return {"pair": "none", "pairCards": [], "pairBacks": 0}
    if pair["cards"] is None:
        return {"pair": "hidden", "pairCards": [], "pairBacks": 2}
    return {"pair": "open", "pairCards": pair["cards"], "pairBacks": 0}


def check_drawing(drawn: dict[str, Any], view: dict[str, Any]) -> None:
    """One drawing of the table against the spectator's view of that ply."""
    where = f"ply {drawn['ply']}"
    assert drawn["phase"] == view["phase"], where
    assert drawn["round"] == f"Round {view['round']} of {view['rounds']}", where
    assert drawn["moves"] == 0, f"{where}: a spectator is offered a move"
    assert [s["seat"] for s in drawn["seats"]] == list(range(view["players"])), where
    for s, shown in enumerate(drawn["seats"]):
        sv = view["seats"][s]
        at = f"{where}, seat {s}"
        assert shown["score"] == sv["score"], at
        assert {k: shown[k] for k in ("pair", "pairCards", "pairBacks")} == shown_pair(
            sv["pair"]
        ), at
        assert shown["vote"] == sv["vote"], at
        decision = sv["decision"] or {}
        assert shown["decision"] == decision.get("status"), at
        eat = decision.get("eat")
        assert shown["decisionEat"] == (None if eat is None else " ".join(map(str, eat))), at
        assert shown["kept"] == {n: c for n, c in sv["kept"].items() if c}, at
        assert shown["eaten"] == sv["eaten"], at
        assert shown["elder"] == (view["elder"] == s), at


@pytest.mark.parametrize(("players", "seed"), [(3, 23), (5, 31)])
def test_all_bot_game_shows_what_the_engine_says(
    page: Page, base_url: str, shot: Callable[..., Any], players: int, seed: int
) -> None:
    """Bots at the fast speed play a whole game; every drawing of the table (nearly every
    position: the bots pause after each move) shows each seat's score, pair, vote, keep/eat
    decision, kept cards, eaten cards and elder badge as the engine's spectator view of that ply
    says (and the console oracle of conftest.py fails the test on any console error or CSP
    violation)."""
    page.goto(f"{base_url}#/setup/marie")
    page.evaluate(WATCH)
    pace_bots(page)
    setup_game(page, base_url, players, [], seed=seed)  # the same document: the watch stays
    assert wait_turn(page, timeout=120_000) == "over"
    totals = check_end_screen(page, players)
    shot(page, f"marie-all-bots-{players}p-end", both=True)
    drawings: list[dict[str, Any]] = page.evaluate("window.__marie")
    sys.path.insert(0, str(ROOT))
    from pygames.core.record import record_from_json, replay

    record = record_from_json(current_record(page))
    final = replay(record)
    assert final.is_over() and totals == final.result().scores
    during = [d for d in drawings if not d["over"]]
    plies = {d["ply"] for d in during}
    assert_nearly_all_drawn(plies, final.ply)  # and each drawing is checked:
    views = {p: replay(record, p).view(None) for p in plies}
    for drawn in during:
        assert drawn["viewer"] == "spectator"
        check_drawing(drawn, views[drawn["ply"]])
    # revealed pairs and eaten cards were drawn on the way
    assert any(s["pair"] == "open" for d in during for s in d["seats"])
    assert any(s["eaten"] for d in during for s in d["seats"])
