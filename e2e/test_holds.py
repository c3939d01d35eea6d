"""Moments that matter wait for the table (issue 31, web/ui/moments.js): at the normal bot speed
the outcome of a person's own roll or auction, BAG-GAI's shopping and parties, the round results
and Marie's revealed pairs stay on screen until someone taps Continue; in pass-and-play they are
shown to everyone (the spectator's view) before the next pass cover.

Each test opens one position, found here with the engine (bots play as at the table: the same
seeded decisions), where a person's move brings a moment that the table must hold, makes that
move and checks the hold, its panel and its focused Continue, then lets the table go on."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import link
from pygames.core.play import bot_move
from pygames.core.protocol import GameState
from pygames.core.record import Record, record_from_json, replay
from pygames.core.registry import get_game

NORMAL = "localStorage.setItem('pygames.speed', 'normal');"

#: the moves a person may make in a position, each the actions it plays (a payment: several)
Pick = Callable[[GameState, int], list[list[str]]]


def data(
    game: str, players: int, seed: int, humans: set[int], actions: list[str]
) -> dict[str, Any]:
    seats = [
        {"name": ["Ann", "Ben", "Cy"][s], "kind": "human"}
        if s in humans
        else {"name": f"Bot {s + 1}", "kind": "bot", "level": "normal"}
        for s in range(players)
    ]
    return {
        "v": 1, "game": game, "players": players, "seed": seed, "options": {},
        "seats": seats, "actions": actions,
    }  # fmt: skip


def pending(state: GameState, mark: int, humans: set[int], kinds: str) -> bool:
    """Lines of moments of each of ``kinds`` (words) for a person here were written since
    ``mark``, and the moment is over (the table holds it then)."""
    found = {
        e["moment"]
        for e in state.log[mark:]
        if "moment" in e and (not e.get("moment_for") or humans & set(e["moment_for"]))
    }
    return set(kinds.split()) <= found and not state.moment_open()


def holds(
    record: Record, state: GameState, mark: int, humans: set[int], kind: str, mine: bool = False
) -> bool:
    """After a person's move (log ``mark``): does the table hold a moment of ``kind`` before the
    next person acts? One person: before a bot plays; several at the device: at once. ``mine``:
    the person alone at the device is the next to act, at once (held before their own move)."""
    if mine:
        return bool(humans & set(state.to_move())) and pending(state, mark, humans, kind)
    shared = len(humans) >= 2
    for _ in range(200):
        if state.is_over():
            return False
        if (shared or not humans & set(state.to_move())) and pending(state, mark, humans, kind):
            return True
        if humans & set(state.to_move()):
            return False
        seat = state.to_move()[0]
        state.apply(seat, bot_move(record, state, seat))
    return False


def positions(
    game: str, players: int, seed: int, humans: set[int]
) -> Iterator[tuple[Record, GameState, int]]:
    """Every position of one game where a person here is to act (people play at random)."""
    record = record_from_json(data(game, players, seed, humans, []))
    state = replay(record)
    rng = random.Random(seed)
    while not state.is_over() and len(record.actions) < 600:
        seat = state.to_move()[0]
        if seat in humans:
            yield record, state, seat
            moves = state.legal_actions(seat)
            # a person who often withdraws (The Egyptian Buyer) loses auctions too
            action = "pass" if "pass" in moves and rng.random() < 0.6 else rng.choice(moves)
        else:
            action = bot_move(record, state, seat)
        state.apply(seat, action)
        record.actions.append(f"{seat}:{action}")


def find(
    game: str, players: int, humans: set[int], kind: str, pick: Pick, mine: bool = False
) -> tuple[dict[str, Any], int, list[str]]:
    """A record (its actions so far), the person to act and their move that the table holds a
    moment of ``kind`` after (``mine``: before that person's own next move, :func:`holds`)."""
    for seed in range(1, 30):
        for record, state, seat in positions(game, players, seed, humans):
            for actions in pick(state, seat):
                trial = state.clone()
                mark = len(trial.log)
                for action in actions:  # (the engine may complete a payment's tail itself)
                    if seat not in trial.to_move() or action not in trial.legal_actions(seat):
                        break
                    trial.apply(seat, action)
                after = record_from_json(data(game, players, seed, humans, [*record.actions]))
                if holds(after, trial, mark, humans, kind, mine):
                    return data(game, players, seed, humans, list(record.actions)), seat, actions
    raise AssertionError(f"no position of {game} holds a moment of {kind}")


def legal(*starts: str) -> Pick:
    """The seat's legal actions of these kinds, each a move of its own."""
    return lambda state, seat: [[a] for a in state.legal_actions(seat) if a.startswith(starts)]


def suggested_payment(state: GameState, seat: int) -> list[list[str]]:
    """The Egyptian Buyer: the payment the table suggests ("Pay this"), when the seat pays."""
    info = get_game("hitokai")
    if getattr(state, "phase", None) != "pay":
        return []
    pay = next((c for c in info.choices(state, seat) if c["id"] == "pay"), None)
    if not pay or not pay.get("suggestion"):
        return []
    return [info.compose(state, seat, "pay", list(pay["suggestion"])).actions]


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage)."""
    return warm_page


def open_at(page: Page, base_url: str, record: dict[str, Any]) -> None:
    page.evaluate(NORMAL)
    page.evaluate("(hash) => { location.hash = hash; }", link(record))


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def check_held(page: Page, kinds: list[str], shot: Callable[..., Any], name: str) -> None:
    """The table holds the moment: its panel with the lines of each kind, Continue focused; no
    move is played meanwhile."""
    expect(table(page)).to_have_attribute("data-waiting", "hold", timeout=20_000)
    panel = page.get_by_test_id("moment")
    expect(panel).to_be_visible()
    for kind in kinds:
        expect(panel.get_by_test_id(f"moment-{kind}").locator("li").first).to_be_visible()
    go = page.get_by_test_id("moment-continue")
    expect(go).to_be_focused()
    expect(go).to_have_attribute("data-action", "moment-continue")
    prompt = "Look at what just happened, then tap Continue."
    expect(page.get_by_test_id("prompt")).to_have_text(prompt)
    ply = table(page).get_attribute("data-ply")
    page.wait_for_timeout(900)  # longer than a bot's pause at this speed: nothing moves
    expect(table(page)).to_have_attribute("data-ply", str(ply))
    shot(page, name, both=True)
    page.get_by_test_id("lang-ja").click()
    expect(go).to_have_text("次へ進む")
    expect(panel.get_by_role("heading").first).to_have_text("いま起きたこと")
    shot(page, f"{name}-ja")
    page.get_by_test_id("lang-en").click()


def go_on(page: Page) -> None:
    """Continue: the panel goes, the table plays on (then at once: the instant speed; another
    speed chosen would let a held moment go by itself)."""
    page.get_by_test_id("moment-continue").click()
    page.evaluate("localStorage.setItem('pygames.speed', 'instant')")
    expect(page.get_by_test_id("moment")).to_have_count(0)
    expect(table(page)).not_to_have_attribute("data-waiting", "hold")


def test_yadokashi_the_outcome_of_your_own_roll(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    record, _seat, [action] = find("yadokashi", 3, {0}, "roll", legal("hi", "lo"))
    open_at(page, base_url, record)
    expect(table(page)).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.locator(f'[data-action="move"][data-a="{action}"]').first.click()
    check_held(page, ["roll"], shot, "holds-yadokashi-roll")
    # the person's own roll is what "Last turn" shows while it is held
    expect(page.get_by_test_id("last-turn")).to_have_attribute("data-kind", "move")
    expect(page.get_by_test_id("last-turn")).to_contain_text("Ann")
    go_on(page)


def test_egyptian_buyer_an_auction_you_took_part_in(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    # the person pays their bid (the suggested payment); the other bidders' payments follow
    record, _seat, _actions = find("hitokai", 3, {0}, "auction", suggested_payment)
    open_at(page, base_url, record)
    expect(table(page)).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.get_by_test_id("pay-this").click()
    check_held(page, ["auction"], shot, "holds-hitokai-auction")
    # held once every bidder has paid (the engine's `moment_open` is over): the next auction
    expect(table(page)).to_have_attribute("data-phase", "bid")
    go_on(page)


def test_baggai_the_shopping_and_the_party(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    # the person's price is the last one people choose (the bots price after it); then the
    # shopping, the party and the clean-up of the round
    record, _seat, [action] = find("baggai", 4, {0}, "shopping party round", legal("p"))
    open_at(page, base_url, record)
    expect(table(page)).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.get_by_test_id(f"price-option-{action[1:]}").click()
    page.get_by_test_id("confirm-price").click()
    check_held(page, ["shopping", "party", "round"], shot, "holds-baggai-shopping")
    go_on(page)


def test_pharaoh_round_results(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    record, _seat, [action] = find("pharaoh", 3, {0}, "round", legal("pass"))
    open_at(page, base_url, record)
    expect(table(page)).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.locator(f'[data-action="move"][data-a="{action}"]').first.click()
    check_held(page, ["round"], shot, "holds-pharaoh-round")
    go_on(page)


def test_marie_round_results_before_your_own_next_move(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    # the person's decision ends the round and they open the next one (the elder brother): the
    # results are held before their own move as before a bot's (issue 31's trial saw them skipped)
    record, _seat, [action] = find("marie", 3, {0}, "round", legal("keep", "eat"), mine=True)
    open_at(page, base_url, record)
    expect(table(page)).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.locator(f'[data-action="move"][data-a="{action}"]').first.click()
    check_held(page, ["round"], shot, "holds-marie-round-mine")
    go_on(page)
    expect(table(page)).to_have_attribute("data-waiting", "human")


def test_marie_pass_and_play_results_for_everyone_before_the_cover(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    # three people share the device: the last decision of the round is made; its results are
    # shown on the spectator's view, and only then is the device passed on
    record, seat, [action] = find("marie", 3, {0, 1, 2}, "round", legal("keep"))
    open_at(page, base_url, record)
    page.get_by_test_id("privacy-continue").click()  # a table of several people opens covered
    expect(table(page)).to_have_attribute("data-viewer", str(seat), timeout=30_000)
    expect(table(page)).to_have_attribute("data-waiting", "human")
    page.locator(f'[data-action="move"][data-a="{action}"]').first.click()
    check_held(page, ["round"], shot, "holds-marie-round")
    expect(table(page)).to_have_attribute("data-viewer", "spectator")
    expect(page.get_by_test_id("privacy-screen")).to_have_count(0)
    page.get_by_test_id("moment-continue").click()
    expect(page.get_by_test_id("privacy-screen")).to_be_visible()


def test_marie_pass_and_play_the_pairs_revealed_for_everyone(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    # the last pick of the draft reveals every pair: the whole table sees them before the votes
    record, seat, [action] = find("marie", 3, {0, 1, 2}, "pairs", legal("pick"))
    open_at(page, base_url, record)
    page.get_by_test_id("privacy-continue").click()
    expect(table(page)).to_have_attribute("data-viewer", str(seat), timeout=30_000)
    expect(table(page)).to_have_attribute("data-waiting", "human")
    kept = [c for c in action.removeprefix("pick")]
    for i, card in enumerate(kept):
        page.locator(f'[data-testid=hand-card][data-card="{card}"]').nth(
            kept[:i].count(card)
        ).click()
    page.get_by_test_id("confirm-pick").click()
    check_held(page, ["pairs"], shot, "holds-marie-pairs")
    expect(table(page)).to_have_attribute("data-viewer", "spectator")
    page.get_by_test_id("moment-continue").click()
    expect(page.get_by_test_id("privacy-screen")).to_be_visible()
