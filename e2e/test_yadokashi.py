"""Yadokashi played in a real browser, by tapping through the page like a person."""

from __future__ import annotations

import itertools
import math
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    INSTANT_BOTS,
    assert_nearly_all_drawn,
    current_record,
    link,
    settle,
    switch_lang,
    wait_turn,
)
from conftest import engine_snapshot as snapshot
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage); bots move at once (no pacing) so a whole
    game fits in a test."""
    warm_page.evaluate(INSTANT_BOTS)
    return warm_page


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def engine_snap(page: Page) -> dict[str, Any]:
    """What the engine says of the page's game for the human seat (a check, not a shortcut)."""
    return snapshot(current_record(page), 0)


def record(seed: int) -> dict[str, Any]:
    return {
        "v": 1,
        "game": "yadokashi",
        "players": 3,
        "seed": seed,
        "options": {"start": 0},
        "seats": [
            {"name": "Aya", "kind": "human"},
            {"name": "Kani bot", "kind": "bot", "level": "normal"},
            {"name": "Yado bot", "kind": "bot", "level": "normal"},
        ],
        "actions": [],
    }


MOVE_BUTTONS = {"act-high": ("move-dice", "hi"), "act-low": ("move-dice", "lo")}
KIND_BUTTONS = {"act-advance": "advance", "act-tenants": "new-tenants", "act-buy": "buy"}


def kinds(snap: dict[str, Any]) -> set[str]:
    """The kinds of the snapshot's moves and the ids of its choices."""
    return {m["kind"] for m in snap["moves"]} | {c["id"] for c in snap["choices"]}


def move_a(snap: dict[str, Any], kind: str, **fields: Any) -> str | None:
    """The ``a`` of the snapshot's move of ``kind`` with ``fields`` (None if there is none)."""
    for move in snap["moves"]:
        if move["kind"] == kind and all(move.get(k) == v for k, v in fields.items()):
            return str(move["a"])
    return None


def check_buttons(page: Page, snap: dict[str, Any]) -> None:
    """Every action button is enabled exactly when the engine offers its move or choice, and
    a move button carries that move's notation, unchanged."""
    for testid, (kind, call) in MOVE_BUTTONS.items():
        button = page.get_by_test_id(testid)
        a = move_a(snap, kind, call=call)
        if a is None:
            expect(button).to_be_disabled()
        else:
            expect(button).to_be_enabled()
            expect(button).to_have_attribute("data-a", a)
    offered = kinds(snap)
    for testid, kind in [*KIND_BUTTONS.items(), ("act-rearrange", "rearrange")]:
        button = page.get_by_test_id(testid)
        expect(button).to_be_enabled() if kind in offered else expect(button).to_be_disabled()


def see_freed_named(page: Page, snap: dict[str, Any], action: str) -> bool:
    """Before a buy is made, the panel names every empty shell it leaves free for the others (the
    engine's ``freed``), and says nothing when it frees none; whether it named any."""
    [move] = [m for m in snap["moves"] if m["a"] == action]
    note = page.get_by_test_id("buy-freed")
    if move["freed"]:
        for freed in move["freed"]:
            expect(note).to_have_text(re.compile(rf"\D{freed}\D"))
    else:
        expect(note).to_have_count(0)
    return bool(move["freed"])


def buy_through_the_ring(page: Page, snap: dict[str, Any], shot: Callable[..., Any]) -> str:
    """Tap a buyable shell on the ring, then a place in the row, then confirm."""
    shells = sorted({m["shell"] for m in snap["moves"] if m["kind"] == "buy"})
    page.get_by_test_id("act-buy").click()
    expect(page.get_by_test_id("buy-panel")).to_be_visible()
    shell = shells[0]
    ring_card = page.get_by_test_id("ring").get_by_test_id(f"shell-{shell}")
    expect(ring_card).to_have_class(re.compile(r"\bis-buyable\b"))
    ring_card.click()
    row = snap["view"]["rows"][0]
    confirm = page.get_by_test_id("buy-confirm")
    # the front first (it pushes the row back), then the end of the row: always a legal place
    for position in (1, len(row) + 1):
        page.get_by_test_id(f"insert-{position}").click()
        expect(confirm).to_be_enabled()
        action = move_a(snap, "buy", shell=shell, position=position)
        assert action is not None
        expect(confirm).to_have_attribute("data-a", action)
        if see_freed_named(page, snap, action):
            shot(page, f"yadokashi-buy-freed-{position}", both=True)
    confirm.click()
    return action


def rearrange_slot_by_slot(
    page: Page, snap: dict[str, Any], shot: Callable[..., Any] | None = None
) -> list[str]:
    """Fill the empty places one by one (always the last shell offered), then confirm;
    returns the row the panel showed before confirming."""
    [choice] = [c for c in snap["choices"] if c["id"] == "rearrange"]
    page.get_by_test_id("act-rearrange").click()
    panel = page.get_by_test_id("rearrange-panel")
    confirm = page.get_by_test_id("rearrange-confirm")
    expect(confirm).to_be_disabled()
    for i in range(choice["picks"]):
        expect(page.get_by_test_id("rearrange-hint")).to_contain_text(str(choice["slots"][i]))
        offered = panel.locator("button.is-tappable")
        expect(offered.first).to_be_visible()
        offered.last.click()
        expect(panel).to_have_attribute("data-picks", re.compile(r"^\d+" + r" \d+" * i + "$"))
    expect(confirm).to_be_enabled()
    if shot is not None:
        shot(page, "yadokashi-rearrange", both=True)
    strip = page.get_by_test_id("rearrange-strip")
    order = [t.strip() for t in strip.locator(".yd-num").all_inner_texts()]
    confirm.click()
    return order


def expect_rows_named(page: Page, snap: dict[str, Any], shells: list[int]) -> None:
    """Each shell offered (New tenants, a rebirth) says whose row it is in and where: a shell's
    number alone left a beginner unsure which row it was."""
    ring = {it["shell"]: it for it in snap["view"]["ring"] if "shell" in it}
    for shell in shells:
        where = re.compile(f"row, position {ring[shell]['position']}$")
        expect(page.get_by_test_id(f"where-{shell}")).to_have_text(where)


def place_tenants(page: Page, snap: dict[str, Any], shot: Callable[..., Any] | None = None) -> None:
    """Choose one placeable shell, then confirm."""
    [choice] = [c for c in snap["choices"] if c["id"] == "tenants"]
    expect_rows_named(page, snap, choice["shells"])
    confirm = page.get_by_test_id("tenants-confirm")
    expect(confirm).to_be_disabled()  # at least one shell
    page.get_by_test_id(f"tenant-{choice['shells'][0]}").click()
    expect(confirm).to_be_enabled()
    if shot is not None:
        shot(page, "yadokashi-tenants", both=True)
    confirm.click()


def numbers_clear_of_corner_marks(page: Page) -> None:
    """On every shell of the ring, the number sits between the owner's mark and the place in its
    top corners, clear of both, and a little below them (a two-digit "11" ran into both on a
    tablet): the boxes do not meet, and its middle lies at least 6 px below the place's."""
    boxes = page.get_by_test_id("ring").evaluate(
        """(ring) => [...ring.querySelectorAll('.yd-shell')].map((s) => {
            const box = (sel) => { const e = s.querySelector(sel); if (!e) return null;
              const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            return { num: box('.yd-num'), pos: box('.yd-pos'), owner: box('.yd-owner') };
        })"""
    )
    assert boxes, "no shell on the ring"
    for shell in boxes:
        num = shell["num"]
        for mark in (shell["pos"], shell["owner"]):
            if mark is None:
                continue
            apart = num[2] <= mark[0] or mark[2] <= num[0] or num[3] <= mark[1] or mark[3] <= num[1]
            assert apart, shell
        pos = shell["pos"]
        if pos is not None:
            assert (num[1] + num[3]) / 2 - (pos[1] + pos[3]) / 2 >= 6, shell


def test_one_human_against_two_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    page.goto(base_url + link(record(seed=11)))
    done: set[str] = set()
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass", "one human: never a privacy screen"
        if phase == "over":
            break
        snap = engine_snap(page)
        view = snap["view"]
        offered = kinds(snap)
        if phase == "rebirth":
            option = snap["moves"][0]["shell"]
            expect_rows_named(page, snap, [m["shell"] for m in snap["moves"]])
            page.get_by_test_id(f"rebirth-{option}").click()
            done.add("rebirth")
            continue
        if phase == "tenants":
            place_tenants(page, snap, shot)
            done.add("tenants")
            continue
        assert phase == "turn", phase
        if turn == 0:
            expect(page.get_by_test_id("ring").get_by_test_id("piece-0")).to_be_visible()
            numbers_clear_of_corner_marks(page)
            shot(page, "yadokashi-ring", both=True)
        if turn < 8:
            check_buttons(page, snap)
        stars = view["stars"][0]["total"]
        expect(page.get_by_test_id("stars-0")).to_have_attribute("data-value", str(stars))
        if "buy" not in done and "buy" in offered:
            before = view["rows"][0]
            buy_through_the_ring(page, snap, shot)
            done.add("buy")
            wait_turn(page)
            after = engine_snap(page)["view"]["rows"][0]
            assert len(after) == len(before) + 1 or after != before
        elif "rearrange" not in done and "rearrange" in offered:
            expected = rearrange_slot_by_slot(page, snap, shot)
            done.add("rearrange")
            wait_turn(page)
            last = engine_snap(page)["view"]["log"]
            assert any(
                "rearranges" in line["text"]["en"] and ", ".join(expected) in line["text"]["en"]
                for line in last
            ), "the confirmed order reached the engine"
        elif "new-tenants" in offered and "tenants" not in done and turn % 3 == 2:
            page.get_by_test_id("act-tenants").click()
            done.add("new")
        elif "move-dice" in offered:
            page.get_by_test_id("act-high" if turn % 2 == 0 else "act-low").click()
            done.add("move")
            if "move-shot" not in done:
                wait_turn(page)
                panel = page.get_by_test_id("last-turn")
                expect(page.get_by_test_id("last-roll")).to_be_visible()
                expect(panel.locator(".yd-step").first).to_be_visible()
                settle(page)  # let the steps finish fading in
                shot(page, "yadokashi-move", both=True)
                done.add("move-shot")
        else:
            page.get_by_test_id("act-advance").click()
        turn += 1
        assert turn < 200, "the game did not end"

    expect(page.get_by_test_id("end-screen")).to_be_visible()
    final = snapshot(current_record(page), None)
    assert final["over"] and final["result"]["finished"]
    for seat in range(3):
        cell = page.get_by_test_id(f"final-score-{seat}")
        expect(cell).to_have_attribute("data-score", str(final["result"]["scores"][seat]))
    winner = final["result"]["winners"][0]
    expect(page.get_by_test_id(f"result-row-{winner}")).to_have_attribute("data-winner", "yes")
    expect(page.get_by_test_id("end-crown")).to_have_count(1)
    assert max(final["result"]["scores"]) >= 27
    assert {"buy", "rearrange", "move"} <= done, done
    shot(page, "yadokashi-end", both=True)


def test_new_tenants_are_chosen_with_the_engine(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    """Seed 1: Aya's New tenants rolls 10, 1 and 12, all three placeable; placing all three
    empties the centre, and the engine says which crab then goes back to it."""
    rec = record(seed=1)
    rec["actions"] = ["0:new"]
    page.goto(base_url + link(rec))
    assert wait_turn(page) == "tenants"
    panel = page.get_by_test_id("tenants-panel")
    confirm = page.get_by_test_id("tenants-confirm")
    expect(confirm).to_be_disabled()  # at least one shell
    page.get_by_test_id("ring").get_by_test_id("shell-10").click()  # the ring toggles too
    expect(panel).to_have_attribute("data-picks", "10")
    expect(confirm).to_be_enabled()
    expect(page.get_by_test_id("tenants-evicts")).to_have_count(0)
    page.get_by_test_id("tenants-all").click()
    expect(panel).to_have_attribute("data-picks", "1 10 12")
    expect(page.get_by_test_id("tenants-evicts")).to_contain_text("7")
    shot(page, "yadokashi-tenants", both=True)
    page.get_by_test_id("tenant-12").click()
    expect(panel).to_have_attribute("data-picks", "1 10")
    expect(page.get_by_test_id("tenants-evicts")).to_have_count(0)
    expect(confirm).to_be_enabled()
    confirm.click()
    wait_turn(page)
    lines = [line["text"]["en"] for line in engine_snap(page)["view"]["log"]]
    assert "{0} places crabs on shells 1, 10." in lines, lines[:12]


# --- an all-bot game: what the table shows is what the view says ----------------------------

# Run in the page before the game opens: after every draw of the table (its data-drawn changes),
# note what the table shows: each ring item's place on screen and what it says it is, the star
# bars and the dice in the centre. Everything in the same task as the draw, so nothing lags.
CAPTURE = """
(() => {
  window.__ydFrames = [];
  if (window.__ydWatched) return;  // the observer is added once to the module's shared page
  window.__ydWatched = true;
  const centreOf = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const capture = (root) => {
    if (root.classList.contains('is-over')) return;
    const ring = root.querySelector('.table-main [data-testid=ring]');
    if (!ring) return;
    const box = ring.getBoundingClientRect();
    const [cx, cy] = centreOf(box);
    const items = [...ring.querySelectorAll('.yd-shell, .yd-piece')].map((el) => {
      const [x, y] = centreOf(el.getBoundingClientRect());
      const pip = el.querySelector('.yd-crab .yd-pip');
      return {
        ring: Number(el.dataset.ring), testid: el.dataset.testid,
        shell: el.dataset.shell ? Number(el.dataset.shell) : null,
        owner: el.dataset.owner ? Number(el.dataset.owner) : null,
        position: el.dataset.position ? Number(el.dataset.position) : null,
        crab: pip ? Number(pip.textContent) : null,
        dx: x - cx, dy: y - cy, size: box.width,
      };
    });
    const seats = [...root.querySelectorAll('.yd-seat')].map((seat) => {
      const bar = seat.querySelector('.yd-bar').getBoundingClientRect();
      const fill = seat.querySelector('.yd-bar-fill').getBoundingClientRect();
      return {
        stars: Number(seat.querySelector('[data-testid^=stars-]').dataset.value),
        crabs: Number(seat.querySelector('[data-testid^=crabs-]').dataset.value),
        ratio: fill.width / bar.width,
      };
    });
    const centre = root.querySelector('[data-testid=centre]');
    window.__ydFrames.push({
      ply: Number(root.dataset.ply), items, seats,
      centre: centre.querySelectorAll('.yd-die-blank').length,
    });
  };
  new MutationObserver((records) => {
    const hit = records.find((r) => r.target.matches?.('[data-testid=table]'));
    if (hit) capture(hit.target);
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
})();
"""


def views_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The spectator's view after each action of the record (index: the ply)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames.core.record import new_state, record_from_json, split_action

    rec = record_from_json(data)
    state = new_state(rec)
    views = [state.view(None)]
    for i, entry in enumerate(rec.actions):
        seat, action = split_action(entry, i, rec.players)
        state.apply(seat, action)
        views.append(state.view(None))
    return views


def check_frame(frame: dict[str, Any], view: dict[str, Any]) -> None:
    """One drawing of the table against the view of its ply."""
    ply, ring = frame["ply"], view["ring"]
    items = {item["ring"]: item for item in frame["items"]}
    assert sorted(items) == list(range(len(ring))), (ply, "one element per ring item")
    for index, it in enumerate(ring):
        item = items[index]
        if "piece" in it:
            assert item["testid"] == f"piece-{it['piece']}", (ply, index, item)
        else:
            drawn = (item["shell"], item["owner"], item["position"], item["crab"])
            assert drawn == (it["shell"], it["owner"], it["position"], it["crab"]), (ply, it, item)
    # on screen: counterclockwise from seat 0's piece (at the bottom), in the view's order, on
    # the circle, and no item over its neighbour (a stale place would break the order)
    first = next(i for i, it in enumerate(ring) if it.get("piece") == 0)
    order = [items[i] for i in [*range(first, len(ring)), *range(first)]]
    angles = [math.atan2(item["dx"], item["dy"]) % math.tau for item in order]
    units = sum(0.55 if "piece" in it else 1 for it in ring)
    step = math.tau / units
    gaps = [b - a for a, b in itertools.pairwise(angles)]
    assert min(gaps) > 0.6 * step, (ply, [item["testid"] for item in order], angles)
    for item in order:
        radius = math.hypot(item["dx"], item["dy"]) / item["size"]
        assert 0.36 < radius < 0.46, (ply, item)
    for seat, drawn in enumerate(frame["seats"]):
        total = view["stars"][seat]["total"]
        assert drawn["stars"] == total, (ply, seat, drawn)
        assert drawn["crabs"] == view["crabs_in_row"][seat], (ply, seat, drawn)
        assert abs(drawn["ratio"] - min(1, total / view["goal"])) < 0.02, (ply, seat, drawn)
    assert frame["centre"] == view["centre"], (ply, frame["centre"], view["centre"])


@pytest.mark.parametrize(("players", "pace"), [(3, "instant"), (4, "fast")])
def test_an_all_bot_game_shows_the_view_after_every_answer(
    page: Page, base_url: str, players: int, pace: str
) -> None:
    """At the instant speed several answers may land within one frame: every drawing is
    checked. At the fast speed (a pause after each bot move) every answer is drawn, and
    checked (but for a frame late on a loaded machine)."""
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(players)]
    rec = {
        "v": 1,
        "game": "yadokashi",
        "players": players,
        "seed": 40 + players,
        "options": {"start": 0},
        "seats": seats,
        "actions": [],
    }
    page.evaluate(f"localStorage.setItem('pygames.speed', '{pace}');")
    page.evaluate(CAPTURE)
    page.emulate_media(reduced_motion="reduce")  # the places drawn, not moves to them (ui/flip.js)
    page.goto(base_url + link(rec))
    expect(table(page)).to_have_attribute("data-waiting", "over", timeout=120_000)
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    final: dict[str, Any] = {}

    def finished() -> bool:
        final.update(current_record(page))
        return bool(final.get("actions")) and len(final["actions"]) == int(
            table(page).get_attribute("data-ply") or -1
        )

    for _ in range(50):
        if finished():
            break
        page.wait_for_timeout(100)
    assert finished(), "the address holds the whole game once it is over"
    views = views_of(final)
    assert views[-1]["over"]
    frames = page.evaluate("window.__ydFrames")
    for frame in frames:
        check_frame(frame, views[frame["ply"]])
    plies = {frame["ply"] for frame in frames}
    # at the instant speed the bots answer faster than the screen draws: on a quiet 2-core
    # machine 7 of 37 positions were drawn, on a loaded one 3; each drawing is checked above
    assert len(plies) >= 2, plies
    if pace == "fast":
        assert_nearly_all_drawn(plies, len(views) - 1)
        return
    # the replay viewer draws the same table with nothing to play
    page.get_by_test_id("watch-replay").click()
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-finished", "yes", timeout=60_000)
    # nothing is hidden in this game: the spectator's option does not speak of hidden hands
    spectator = page.get_by_test_id("replay-perspective").locator("option[value='']")
    expect(spectator).to_have_text("Spectator (all public)")
    seat = page.get_by_test_id("replay-perspective").locator("option[value='0']")
    expect(seat).not_to_contain_text("hand")  # no hand to reveal
    for at in range(1, 4):
        page.get_by_test_id("replay-forward").click()
        expect(viewer).to_have_attribute("data-ply", str(at))
        board = page.get_by_test_id("replay-board")
        expect(board.get_by_test_id("ring").locator(".yd-shell")).to_have_count(13)
        expect(board.get_by_test_id("centre")).to_have_attribute(
            "data-dice", str(views[at]["centre"])
        )
        expect(board.get_by_test_id("action-zone")).to_have_count(0)


def test_rules_page_credits_the_designer(page: Page, base_url: str) -> None:
    page.goto(base_url + "#/rules/yadokashi")
    expect(page.get_by_test_id("rules-title")).to_have_text("Yadokashi")
    credits = page.get_by_test_id("credits")
    expect(credits).to_contain_text("Game design: yio")
    expect(credits).to_contain_text("Published by the designer")
    # playable now: the rules page leads to the table setup, not "coming soon"
    page.get_by_test_id("to-setup").click()
    expect(page).to_have_url(f"{base_url}#/setup/yadokashi")
    expect(page.get_by_test_id("opt-start")).to_be_visible()


# --- Y10: a game the safeguard cap stops names no winner ----------------------------------------


def capped_record() -> dict[str, Any]:
    """A real game that only the cap ends: everyone advances, turn after turn, up to the cap."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames.games.yadokashi.rules import TURN_CAP

    rec = record(seed=3)
    rec["actions"] = [f"{i % 3}:adv" for i in range(TURN_CAP)]
    return rec


@pytest.mark.parametrize(
    ("lang", "title", "text"),
    [
        ("en", "Unfinished: no winner", "No winner: the app's safeguard limit stopped the game"),
        ("ja", "勝者なし（打ち切り）", "勝者なし：アプリの安全上限により"),
    ],
)
def test_y10_a_capped_game_ends_with_no_winner(
    page: Page, base_url: str, shot: Callable[..., Any], lang: str, title: str, text: str
) -> None:
    """The end screen and the replay's last page of a game the cap stopped say plainly that
    nobody won, and crown nobody."""
    switch_lang(page, lang)
    rec = capped_record()
    page.goto(base_url + link(rec))
    assert wait_turn(page, timeout=60_000) == "over"
    final = snapshot(rec, None)
    assert final["over"] and final["result"]["winners"] == [] and not final["result"]["finished"]
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(end.get_by_test_id("winners")).to_have_text(title)
    expect(end.get_by_test_id("tie-break")).to_contain_text(text)
    for seat in range(3):
        expect(page.get_by_test_id(f"result-row-{seat}")).to_have_attribute("data-winner", "no")
    expect(end.locator(".is-winner")).to_have_count(0)
    expect(end.get_by_test_id("end-crown")).to_have_count(0)  # nobody is crowned
    shot(page, f"yadokashi-capped-{lang}", both=True)
    page.get_by_test_id("watch-replay").click()
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-total", str(len(rec["actions"])), timeout=60_000)
    page.get_by_test_id("replay-last").click()
    summary = page.get_by_test_id("replay-end")
    expect(summary.get_by_test_id("winners")).to_have_text(title)
    expect(summary).to_contain_text(text)


@pytest.mark.parametrize(
    ("lang", "ring", "end", "goal"),
    [
        ("en", "1–13 (13 shells)", "Of those players, the most ★ wins.", "Ends at 27 ★"),
        ("ja", "1〜13（13枚）", "その中で★が最も多い人の勝ちです", "星27以上で終了"),
    ],
)
def test_rules_page_and_goal_say_what_the_rule_says(
    page: Page, base_url: str, shot: Callable[..., Any], lang: str, ring: str, end: str, goal: str
) -> None:
    """The rules count the shells of each player count and say how the game ends; the
    table's goal chip carries the whole end rule as its title."""
    switch_lang(page, lang)
    page.goto(base_url + "#/rules/yadokashi")
    summary = page.get_by_test_id("guide")
    expect(summary).to_contain_text(ring)
    expect(summary).to_contain_text(end)
    expect(summary).not_to_contain_text("1 to 16")
    shot(page, f"yadokashi-rules-{lang}", both=True)
    page.goto(base_url + link(record(seed=11)))
    assert wait_turn(page) == "turn"
    chip = page.get_by_test_id("goal")
    expect(chip).to_have_text(goal)
    expect(chip).to_have_attribute("title", re.compile("27"))
    shot(page, f"yadokashi-table-{lang}", both=True)


def test_the_turns_since_yours_and_the_centre(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    """The tutorial's deal (seed 2182): after Aya's Low roll, Kai advances and Mika's High 10
    sends Aya's size-12 crab to the centre. The Last turn panel lists both turns, the size-12
    crab among those that grew (it once said "No crab grows"); the centre says how many crabs
    wait there, and shows the New tenants roll by it; the confirm button stays put."""
    rec = record(seed=2182)
    rec["actions"] = ["0:lo", "1:adv", "2:hi", "2:re2"]
    page.goto(base_url + link(rec))
    assert wait_turn(page) == "turn"
    panel = page.get_by_test_id("last-turn")
    expect(panel).to_have_attribute("data-turns", "2")
    expect(panel.locator(".yd-steps")).to_have_count(2)
    expect(panel.get_by_test_id("grew-12")).to_contain_text("centre")
    expect(panel).not_to_contain_text("No crab grows")
    expect(page.get_by_test_id("centre-count")).to_have_text("3 crabs waiting")
    page.get_by_test_id("act-tenants").click()
    assert wait_turn(page) == "tenants"
    expect(page.get_by_test_id("tenants-roll")).to_have_attribute("data-rolls", "8 12 10")
    confirm = page.get_by_test_id("tenants-confirm")
    before = confirm.bounding_box()
    page.get_by_test_id("tenant-10").click()
    page.get_by_test_id("tenant-12").click()
    expect(page.get_by_test_id("tenants-panel")).to_have_attribute("data-picks", "10 12")
    assert confirm.bounding_box() == before
    shot(page, "yadokashi-since-yours", both=True)
    # the first player is the last at this table: the turns before Aya's first are the game's
    # so far, not "since your last turn" (a beginner read that before he had played)
    first = {**record(seed=2182), "options": {"start": 1}}
    page.goto(base_url + link(first))
    assert wait_turn(page) == "turn"
    panel = page.get_by_test_id("last-turn")
    expect(panel).to_have_attribute("data-turns", "2")
    expect(panel).to_have_attribute("aria-label", "Since the game began")
