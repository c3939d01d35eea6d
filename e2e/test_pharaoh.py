"""Return of the Pharaoh played in a real browser, by clicking through the page like a person."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    assert_nearly_all_drawn,
    engine,
    link,
    pace_bots,
    record_of,
    switch_lang,
    unlink,
    wait_turn,
)
from conftest import current_record as saved_record
from conftest import (
    engine_snapshot as snapshot,
)
from conftest import simulate as simulate_game
from playwright.sync_api import Page, expect

from pygames.core.record import new_state
from pygames.games.pharaoh.rules import PharaohState
from pygames.games.pharaoh.rules import total as members_total
from pygames.tutorials import line as tutorial_line
from pygames.tutorials.pharaoh import TUTORIAL

ROOT = Path(__file__).resolve().parent.parent


def simulate(seed: int, bots: str = "normal,easy,random") -> dict[str, Any]:
    """A finished three-player game from the command line."""
    return simulate_game("pharaoh", 3, seed, bots)


@pytest.fixture(scope="module")
def warm_init_scripts() -> list[str]:
    """The module's shared page notes every drawing of the table (see :data:`WATCH_DRAWINGS`)."""
    return [WATCH_DRAWINGS]


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage); bots move at once (no pacing) so a whole
    game fits in a test; the drawings noted start again from here."""
    warm_page.evaluate("localStorage.setItem('pygames.speed', 'instant');")
    warm_page.evaluate("() => { if (window.__phDraws) window.__phDraws.length = 0; }")
    return warm_page


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def current_record(page: Page) -> dict[str, Any]:
    """The record of the position on the table: the vault's (a finished game's: the address
    bar's), once it has caught up with the table's ply (it is saved after the drawing)."""
    ply = int(str(table(page).get_attribute("data-ply")))
    for _ in range(50):
        record = saved_record(page)
        if len(record["actions"]) == ply:
            return record
        page.wait_for_timeout(100)
    raise AssertionError(f"the saved record never reached ply {ply}")


def offered(page: Page) -> dict[str, Any]:
    """The engine's snapshot for the viewer at the table's position (as a check only)."""
    viewer = int(str(table(page).get_attribute("data-viewer")))
    return snapshot(current_record(page), viewer)


def human_record(seed: int, start: int = 0) -> dict[str, Any]:
    return {
        "v": 1,
        "game": "pharaoh",
        "players": 3,
        "seed": seed,
        "options": {"start": start},
        "seats": [
            {"name": "Aya", "kind": "human"},
            {"name": "Bastet bot", "kind": "bot", "level": "normal"},
            {"name": "Khufu bot", "kind": "bot", "level": "random"},
        ],
        "actions": [],
    }


def wait_answer(page: Page) -> str:
    """After a tap on a hand card or the bonus switch: wait for the engine's judgement of the
    selection (the running total appears) and return the total shown ('' with nothing picked)."""
    total = page.get_by_test_id("new-total")
    if not page.locator("[data-testid=hand-card][aria-pressed=true]").count():
        expect(total).to_have_attribute("data-total", "")
        return ""
    expect(total).not_to_have_attribute("data-total", "")
    return str(total.get_attribute("data-total"))


def select_until_legal(page: Page) -> bool:
    """Tap hand cards from the right until Declare is enabled; False (selection cleared) if no
    selection of those cards is a legal declaration."""
    cards = page.get_by_test_id("hand-card")
    confirm = page.get_by_test_id("declare")
    n = cards.count()
    for i in range(n - 1, -1, -1):
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
        expect(cards.nth(i)).to_have_class(re.compile(r"\bis-selected\b"))
        wait_answer(page)
        if confirm.is_enabled():
            return True
    if n:
        page.get_by_test_id("clear-selection").click()
    return False


def play_turn(page: Page, turn: int) -> str:
    """One legal choice through the UI: declare most turns, else a pass. Returns the kind."""
    controls = page.get_by_test_id("controls")
    expect(controls).to_be_visible()
    confirm = page.get_by_test_id("declare")
    hospital = int(str(page.get_by_test_id("hospital").get_attribute("data-count")))
    pharaoh = page.get_by_test_id("pass-pharaoh")
    horus = page.get_by_test_id("pass-horus")
    plain = page.get_by_test_id("pass-plain")
    expect(plain).to_be_enabled()  # the plain pass is always open
    if hospital >= 4 and pharaoh.is_enabled():
        pharaoh.click()
        return "pharaoh"
    if turn % 4 != 3 and confirm.count() and select_until_legal(page):
        total = str(confirm.get_attribute("data-total"))
        expect(confirm).to_contain_text(total)
        confirm.click()
        return "declare"
    if turn % 3 == 0 and horus.is_enabled():
        horus.click(force=True)  # aria-disabled: a tap still says why
        return "horus"
    plain.click()
    return "pass"


def kind_of(action: str) -> str:
    """The kind of a notation string (the test reads notation; the page never does)."""
    return "declare" if action.startswith("d") else action


# --- what the table shows, compared with the engine's view after each drawing ------------------

# An init script: after every drawing of a table (its root's data-drawn changes once the drawing
# is in place), what the Pharaoh table shows is read off the page and kept in window.__phDraws.
WATCH_DRAWINGS = """
(() => {
  if (window.__phDraws) return;
  const draws = [];
  window.__phDraws = draws;
  const num = (x) => (x === undefined || x === null || x === '' ? null : Number(x));
  const cards = (el, sel) => (el
    ? [...el.querySelectorAll(sel)].map((c) => Number(c.dataset.card)) : []);
  const grab = (root) => {
    const q = (sel) => root.querySelector(sel);
    const seats = [...root.querySelectorAll('article.ph-seat')].map((el) => {
      const s = el.dataset.seat;
      const front = q(`[data-testid="front-${s}"]`);
      return {
        hand_count: num(q(`[data-testid="hand-count-${s}"]`).dataset.count),
        front: cards(front, '.ph-front-cards .ph-member'),
        front_total: num(front.dataset.total),
        declared: num(front.dataset.declared),
        shown_declared: num(q(`[data-testid="declared-${s}"]`)?.dataset.declared),
        passed: front.dataset.passed || null,
        tent: cards(el, '.ph-tent-cards .ph-member'),
        pharaoh_left: num(q(`[data-testid="pharaoh-${s}"]`).dataset.left),
        treasure_total: num(q(`[data-testid="tscore-${s}"]`).dataset.score),
      };
    });
    const highest = q('[data-testid="highest"]');
    return {
      ply: Number(root.dataset.ply), viewer: root.dataset.viewer, phase: root.dataset.phase,
      round: num(q('[data-testid="round-track"]').dataset.round),
      auction: q('[data-testid="auction"]')?.textContent ?? null,
      deck: num(q('[data-testid="deck"]').dataset.count),
      offer: [...root.querySelectorAll('[data-testid^="offer-"]')].map((el) => ({
        card: el.dataset.card, state: el.dataset.state, winner: num(el.dataset.winner),
      })),
      highest: num(highest.dataset.highest),
      leader: num(highest.dataset.leader),
      hospital: cards(q('[data-testid="hospital"]'), '.ph-member'),
      hand: cards(root, '[data-testid="hand-card"]'),
      seats,
    };
  };
  new MutationObserver(() => {
    const root = document.querySelector('[data-testid="table"]');
    if (root && root.querySelector('.ph')) draws.push(grab(root));
  }).observe(document,
    { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
})();
"""


def expected_drawing(view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """What the table must show for ``view`` (seen from ``viewer``), in the shape the init
    script reads off the page (the auction chip's text is left out)."""
    seats = [
        {
            "hand_count": sv["hand_count"],
            "front": sv["front"],
            "front_total": sv["front_total"],
            "declared": sv["declared"],
            "shown_declared": sv["declared"] if sv["front"] else None,
            "passed": sv["passed"],
            "tent": sv["tent"],
            "pharaoh_left": sv["pharaoh_left"],
            "treasure_total": sv["treasure_score"]["total"],
        }
        for sv in view["seats"]
    ]
    return {
        "ply": view["ply"],
        "viewer": "spectator" if viewer is None else str(viewer),
        "phase": view["phase"],
        "round": view["round"],
        "deck": view["deck_count"],
        "offer": [
            {"card": o["card"], "state": o["state"], "winner": o["winner"]} for o in view["offer"]
        ],
        "highest": view["highest"],
        "leader": view["leader"],
        "hospital": view["hospital"],
        "hand": [] if viewer is None else view["seats"][viewer]["hand"],
        "seats": seats,
    }


def check_drawings(page: Page, record: dict[str, Any], viewer: int | None) -> set[int]:
    """Compare every drawing of the table kept by :data:`WATCH_DRAWINGS` with the engine's view
    at its ply (``viewer``'s view of the finished game, or a spectator's); the plies seen."""
    draws: list[dict[str, Any]] = page.evaluate("window.__phDraws")
    views: dict[int, dict[str, Any]] = {}
    for draw in draws:
        ply = draw["ply"]
        if ply not in views:
            ans = engine(cmd="replay", record=record, ply=ply, reveal=viewer is not None)
            assert ans["ok"], ans
            # a seat's view comes as what it adds to the spectator's (docs/protocol.md)
            views[ply] = ans["view"] if viewer is None else {**ans["view"], **ans["views"][viewer]}
        view = views[ply]
        auction = draw.pop("auction")
        assert auction is not None and str(view["auction"]) in auction
        assert draw == expected_drawing(view, viewer), f"ply {ply}"
    return set(views)


def check_bonus_switch(page: Page, bonus: int) -> None:
    """The start bonus: a switch, on by default (P5); it adds ``bonus`` to the total."""
    switch = page.get_by_test_id("bonus")
    confirm = page.get_by_test_id("declare")
    expect(switch).to_have_attribute("aria-checked", "true")
    # the keyboard works too: a hand card is a toggle button
    page.get_by_test_id("hand-card").first.focus()
    page.keyboard.press("Space")
    expect(page.get_by_test_id("hand-card").first).to_have_attribute("aria-pressed", "true")
    with_bonus = int(wait_answer(page))
    expect(confirm).to_be_enabled()
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "false")
    expect(page.get_by_test_id("new-total")).to_have_attribute(
        "data-total", str(with_bonus - bonus)
    )
    expect(confirm).to_have_attribute("data-total", str(with_bonus - bonus))
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "true")
    expect(confirm).to_have_attribute("data-total", str(with_bonus))
    page.get_by_test_id("clear-selection").click()
    expect(confirm).to_be_disabled()
    expect(page.get_by_test_id("new-total")).to_have_attribute("data-total", "")


def test_one_human_against_two_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    page.goto(base_url + link(human_record(seed=7)))
    shots: set[str] = set()
    kinds: list[str] = []
    checked_bonus = False
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass", "one human: never a privacy screen"
        if phase == "over":
            break
        assert phase == "auction"
        assert table(page).get_attribute("data-viewer") == "0"
        expect(page.get_by_test_id("seat-0")).to_have_class(re.compile(r"\bis-active\b"))
        if turn < 6:
            # every pass button is enabled exactly when the engine offers that move, and the
            # hand grid is the seat's hand
            snap = offered(page)
            moves = {m["kind"] for m in snap["moves"]}
            for kind, testid in (
                ("horus", "pass-horus"),
                ("pharaoh", "pass-pharaoh"),
                ("pass", "pass-plain"),
            ):
                button = page.get_by_test_id(testid)
                if kind in moves:
                    expect(button).to_be_enabled()
                else:
                    expect(button).to_be_disabled()
            hand = [
                int(str(c.get_attribute("data-card")))
                for c in page.get_by_test_id("hand-card").all()
            ]
            assert hand == snap["view"]["seats"][0]["hand"]
            bonus = snap["view"]["bonus"]
            if bonus and not checked_bonus and hand:
                check_bonus_switch(page, bonus)
                checked_bonus = True

        declared = page.locator("[data-testid^=declared-]").count()
        bidding = declared and page.get_by_test_id("declare").count()
        if "auction" not in shots and bidding and select_until_legal(page):
            shots.add("auction")
            shot(page, "pharaoh-auction", both=True)
            page.get_by_test_id("clear-selection").click()
        hospital = int(str(page.get_by_test_id("hospital").get_attribute("data-count")))
        if "hospital" not in shots and hospital >= 3:
            shots.add("hospital")
            shot(page, "pharaoh-hospital", both=True)
        kinds.append(play_turn(page, turn))
        turn += 1
        assert turn < 150
    assert {"auction", "hospital"} <= shots, shots
    assert checked_bonus
    assert "declare" in kinds and set(kinds) - {"declare"}

    # the end screen: every seat's breakdown, the engine's totals, the winners highlighted
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    fragment = page.evaluate("location.hash")
    record = unlink(fragment)
    final = snapshot(record, None)
    assert final["over"]
    res = final["result"]
    for seat in range(3):
        b = res["breakdown"][seat]
        cells = {"final-score": "total", "items": "items", "kinds": "kinds_bonus", "flags": "flags"}
        for testid, key in {**cells, "member-sum": "member_sum"}.items():
            attr = "data-score" if testid == "final-score" else "data-value"
            expect(page.get_by_test_id(f"{testid}-{seat}")).to_have_attribute(attr, str(b[key]))
        winner = "yes" if seat in res["winners"] else "no"
        expect(page.get_by_test_id(f"result-row-{seat}")).to_have_attribute("data-winner", winner)
    # what the human played is in the record, in the same order
    human = [kind_of(a.split(":", 1)[1]) for a in record["actions"] if a.startswith("0:")]
    assert human == kinds
    # every drawing of the table showed the human's view at its ply, hand included
    seen = check_drawings(page, record, 0)
    assert len(seen) > 20, sorted(seen)
    shot(page, "pharaoh-end", both=True)


def test_all_bots_the_table_shows_the_view_after_each_answer(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    """Four bots at the fast speed, watched: after each answer the table shows the spectator's
    view of that ply (hand counts, fronts and their totals, the auction track, the offer, the
    hospital, tents, Pharaoh cards, treasure scores), never a hand."""
    record = {
        "v": 1,
        "game": "pharaoh",
        "players": 4,
        "seed": 21,
        "options": {},
        "seats": [
            {"name": f"Bot {i + 1}", "kind": "bot", "level": level}
            for i, level in enumerate(["normal", "easy", "random", "normal"])
        ],
        "actions": [],
    }
    pace_bots(page)
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    assert wait_turn(page, timeout=120_000) == "over"
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    played = current_record(page)
    assert played["seats"] == record["seats"] and len(played["actions"]) > 40
    # every drawing is checked, and nearly every ply was drawn
    seen = check_drawings(page, played, None)
    assert_nearly_all_drawn(seen, len(played["actions"]))
    rounds = {engine(cmd="replay", record=played, ply=p)["view"]["round"] for p in seen}
    assert len(rounds) >= 3, rounds
    shot(page, "pharaoh-all-bots-end", both=True)


def test_setup_page_and_table_in_japanese(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    switch_lang(page, "ja")
    # the setup page: 3 players, a bot holds the Horus chip first
    page.goto(f"{base_url}#/setup/pharaoh")
    page.get_by_test_id("players-3").click()
    page.get_by_test_id("seat-kind-0-human").click()
    page.get_by_test_id("seat-kind-1-bot").click()
    page.get_by_test_id("seat-kind-2-bot").click()
    page.get_by_test_id("seed-fixed").click()
    page.get_by_test_id("seed-input").fill("5")
    expect(page.get_by_text("最初にホルスチップを持つ人")).to_be_visible()
    page.get_by_test_id("opt-start").select_option("1")
    page.get_by_test_id("start-game").click()
    assert wait_turn(page) == "auction"
    record = current_record(page)
    assert record["options"] == {"start": 1, "hints": True}  # one human: hints allowed
    expect(page.get_by_test_id("round")).to_have_text("第1ラウンド / 全5")
    expect(page.get_by_test_id("pass-plain")).to_contain_text("パス")
    expect(page.get_by_test_id("hospital")).to_contain_text("病院")

    # a position in the middle of a game (from a bot game, seat 0 taken over by a human)
    line = simulate(seed=3)
    full = record_of(line)
    full["seats"][0] = {"name": "あや", "kind": "human"}

    def hospital_busy(i: int) -> bool:
        snap = snapshot({**full, "actions": full["actions"][:i]}, 0)
        return bool(snap["view"]["hospital"])

    moves = enumerate(full["actions"])
    cut = next(i for i, a in moves if i > 24 and a.startswith("0:") and hospital_busy(i))
    page.goto(base_url + link({**full, "actions": full["actions"][:cut]}))
    assert wait_turn(page) == "auction"
    expect(page.get_by_test_id("controls")).to_be_visible()
    select_until_legal(page)
    main = page.locator(".table-main")
    for english in ("Hospital", "Deck", "Highest", "Your hand", "Pass", "Round"):
        expect(main).not_to_contain_text(english)
    shot(page, "pharaoh-ja-auction", both=True)

    # the finished game opens on the end screen
    page.goto(base_url + link(full))
    assert wait_turn(page) == "over"
    expect(page.get_by_test_id("end-screen")).to_contain_text("同点判定")
    for seat, score in enumerate(line["scores"]):
        expect(page.get_by_test_id(f"final-score-{seat}")).to_have_attribute(
            "data-score", str(score)
        )
    shot(page, "pharaoh-ja-end", both=True)

    # the replay draws the same table from a seat's view: its hand, nothing to tap
    page.get_by_test_id("watch-replay").click()
    replay = page.get_by_test_id("replay")
    expect(replay).to_be_visible()
    expect(page.get_by_test_id("replay-position")).to_contain_text("1手目の前")
    # from the spectator's side: no tablet is passed in a replay; the words say how to see a hand
    spectator = replay.get_by_test_id("hand-zone")
    expect(spectator).to_contain_text("「視点」でプレイヤーを選ぶと")
    expect(spectator).not_to_contain_text("タブレットを渡す")
    page.get_by_test_id("replay-perspective").select_option("0")
    for _ in range(3):
        page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("replay-position")).to_contain_text("3手目の後")
    views = engine(cmd="replay", record=full, ply=3, reveal=True)["views"]
    hand = replay.get_by_test_id("hand-card")
    expect(hand).to_have_count(len(views[0]["seats"][0]["hand"]))
    shown = [int(str(c.get_attribute("data-card"))) for c in hand.all()]
    assert shown == views[0]["seats"][0]["hand"]
    assert replay.locator("button[data-testid=hand-card], [data-testid=declare]").count() == 0
    for seat, sv in enumerate(views[0]["seats"]):
        expect(replay.get_by_test_id(f"front-{seat}")).to_have_attribute(
            "data-total", str(sv["front_total"])
        )


def test_two_humans_hide_their_hands(page: Page, base_url: str) -> None:
    record = human_record(seed=11)
    record["seats"][1] = {"name": "Ben", "kind": "human"}
    page.goto(base_url + link(record))
    seen: set[str] = set()
    for turn in range(12):
        phase = wait_turn(page)
        if phase == "pass":
            expect(table(page)).to_have_attribute("data-viewer", "spectator")
            assert page.get_by_test_id("hand-card").count() == 0
            expect(page.get_by_test_id("hand-zone")).to_contain_text("hidden")
            page.get_by_test_id("privacy-continue").click()
            continue
        viewer = str(table(page).get_attribute("data-viewer"))
        seen.add(viewer)
        play_turn(page, turn)
    assert seen == {"0", "1"}


def inside(page: Page, inner: str, outer: str) -> list[str]:
    """The elements of ``inner`` whose box is not wholly inside the first ``outer`` (and the
    viewport): what a person cannot see there."""
    found: list[str] = page.evaluate(
        """([inner, outer]) => {
          const box = document.querySelector(outer).getBoundingClientRect();
          return [...document.querySelectorAll(inner)].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width < 4 || r.height < 4 || r.left < box.left - 1 || r.right > box.right + 1
              || r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.bottom > innerHeight;
          }).map((el) => el.dataset.card || el.textContent);
        }""",
        [inner, outer],
    )
    return found


def test_a_full_hospital_and_the_marks_say_what_they_are(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    """The tutorial's round 5 (13 cards in the hospital, the learner's hand empty, the Horus
    pass made): every hospital card in sight, the count in plain words, the marks explained by
    a tap, the greyed-out Horus pass captioned short with its reason by a tap."""
    entries = tutorial_line(TUTORIAL)
    cut = max(i for i, e in enumerate(entries) if e == "0:pharaoh")
    record = dataclasses.replace(TUTORIAL.record(), actions=entries[:cut])
    state = new_state(TUTORIAL.record())
    for entry in entries[:cut]:
        state.apply(int(entry[0]), entry[2:])
    assert isinstance(state, PharaohState) and len(state.hospital) >= 13
    page.goto(base_url + link(record))
    assert wait_turn(page) == "auction"
    hospital = page.get_by_test_id("hospital")
    n = len(state.hospital)
    expect(hospital.get_by_test_id("hospital-cards").locator(".ph-card")).to_have_count(n)
    total = members_total(state.hospital)
    expect(page.get_by_test_id("hospital-count")).to_have_text(f"{n} cards · sum {total}")
    assert inside(page, "[data-testid=hospital-cards] .ph-card", "[data-testid=hospital]") == []
    expect(page.get_by_test_id("ph-prompt")).to_have_text("Your turn: you can only pass.")
    # the greyed-out Horus pass: a short caption; the engine's reason by a tap
    horus = page.get_by_test_id("pass-horus")
    expect(horus).to_have_attribute("aria-disabled", "true")
    expect(horus.locator("small")).to_have_text("already made")
    horus.click(force=True)  # aria-disabled: a tap still says why
    expect(page.get_by_test_id("toast")).to_contain_text("only one per auction")
    shot(page, "pharaoh-full-hospital")
    bubble = page.get_by_test_id("explain-bubble")
    for target, words in (
        (page.get_by_test_id("hospital-count"), f"add up to {total}"),
        (page.get_by_test_id("treasures-0").locator(".ph-kind").first, "won"),
        (page.get_by_test_id("pharaoh-0"), "spent (faded)"),
        (page.get_by_test_id("ph-prompt"), "only pass"),
    ):
        target.click()
        expect(bubble).to_contain_text(words)
        page.keyboard.press("Escape")
        expect(bubble).to_have_count(0)
