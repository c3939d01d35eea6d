"""The Egyptian Buyer played in a real browser, by clicking through the page like a person."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    READY,
    assert_nearly_all_drawn,
    current_record,
    engine,
    link,
    pace_bots,
    switch_lang,
    wait_turn,
)
from conftest import engine_snapshot as snapshot
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent


def engine_now(page: Page, seat: int | None) -> dict[str, Any]:
    """The engine's snapshot of the game in the address bar (nothing is hidden in this game's
    actions, so the share link is the whole record)."""
    return snapshot(current_record(page), seat)


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage); bots move at once."""
    warm_page.evaluate("localStorage.setItem('pygames.speed', 'instant');")
    return warm_page


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def check_summary(page: Page, names: list[str]) -> int:
    """The round summary layer shows what the engine says of the round just ended; returns the
    round number."""
    summary = engine_now(page, 0)["view"]["summaries"][-1]
    card = page.get_by_test_id("round-summary")
    expect(card).to_be_visible()
    expect(card).to_have_attribute("data-round", str(summary["round"]))
    expect(card).to_have_attribute("data-reason", summary["reason"])
    for seat, row in enumerate(summary["seats"]):
        line = page.get_by_test_id(f"summary-row-{seat}")
        expect(line).to_have_attribute("data-total", str(row["total"]))
        expect(line).to_have_attribute("data-bonus", str(row["bonus"]))
        expect(line).to_contain_text(names[seat])
    reason = page.get_by_test_id("summary-reason")
    if summary["winner"] is not None:
        expect(reason).to_contain_text(names[summary["winner"]])
        expect(reason).to_contain_text("gets 1 point")
        expect(page.get_by_test_id(f"summary-row-{summary['winner']}")).to_have_attribute(
            "data-winner", "yes"
        )
    else:
        expect(reason).to_contain_text("nobody gets the point")
    if summary["reason"] == "tie":
        expect(page.get_by_test_id("summary-tie")).to_be_visible()
    # the table under the layer cannot be used until the summary is dismissed
    expect(page.get_by_test_id("hitokai")).to_have_attribute("aria-hidden", "true")
    return int(summary["round"])


def bid_moves(snap: dict[str, Any]) -> tuple[list[int], bool]:
    """The bid amounts the engine offers and whether a withdrawal is offered."""
    moves = snap["moves"]
    bids = sorted(int(m["amount"]) for m in moves if m["kind"] == "bid")
    return bids, any(m["kind"] == "withdraw" for m in moves)


def step_to(page: Page, amount: int) -> None:
    """Step the bid amount to ``amount`` with the -5/-1/+1/+5 buttons."""
    shown = page.get_by_test_id("bid-amount")
    for _ in range(200):
        now = int(str(shown.get_attribute("data-value")))
        if now == amount:
            return
        gap = amount - now
        testid = (
            {True: "bid-up5", False: "bid-up1"}[gap >= 5]
            if gap > 0
            else ("bid-down5" if gap <= -5 else "bid-down1")
        )
        page.get_by_test_id(testid).click()
        expect(shown).not_to_have_attribute("data-value", str(now))
    raise AssertionError(f"could not step to {amount}")


def bid_turn(page: Page, turn: int, checks: dict[str, bool]) -> str:
    """Play one bidding turn with the bid controls; returns what was done."""
    snap = engine_now(page, 0)
    bids, can_pass = bid_moves(snap)
    value = int(snap["view"]["hand_value"])
    assert int(str(page.get_by_test_id("hand-value").get_attribute("data-value"))) == value
    current = int(snap["view"]["auction"]["bid"])
    withdraw = page.get_by_test_id("withdraw")
    plus1 = page.get_by_test_id("bid-plus1")
    plus5 = page.get_by_test_id("bid-plus5")
    amount = page.get_by_test_id("bid-amount")
    bid = page.get_by_test_id("bid")
    warning = page.get_by_test_id("overbid-warning")
    # the controls follow the engine's moves
    if can_pass:
        expect(withdraw).to_be_enabled()
    else:
        expect(withdraw).to_be_disabled()
        if not checks.get("why"):  # greyed out, yet a tap says why (the engine's reason)
            checks["why"] = True
            withdraw.click(force=True)
            expect(page.get_by_test_id("toast")).to_contain_text("must open the auction")
    for button, step in ((plus1, 1), (plus5, 5)):
        expect(button).to_have_attribute("data-amount", str(current + step))
        if current + step in bids:
            expect(button).to_be_enabled()
        else:
            expect(button).to_be_disabled()
    expect(amount).to_have_attribute("data-value", str(bids[0]))
    expect(bid).to_have_attribute("data-amount", str(bids[0]))
    # the bar's ends say what their numbers are, and "?" on the picker says why the cap is there
    ends = page.get_by_test_id("bid-track").locator(".hk-track-end")
    expect(ends.first).to_have_text(f"{bids[0]}: lowest")
    expect(ends.last).to_have_text(f"highest: {bids[-1]}")
    explain = str(page.get_by_test_id("bid-picker").get_attribute("data-explain"))
    assert f"At most {bids[-1]}: every card in every hand together" in explain, explain
    expect(page.get_by_test_id("bid-down1")).to_be_disabled()

    # H2: a chosen bid above the hand's value shows a warning in words, before any tap on Bid
    if bids[-1] > value:
        over = max(value + 1, bids[0])
        step_to(page, over)
        expect(amount).to_have_text(str(over))
        expect(bid).to_have_attribute("data-amount", str(over))
        expect(bid).to_have_attribute("data-over", "yes")
        expect(warning).to_be_visible()  # the engine's words (the move's warn)
        expect(warning).to_contain_text(f"Your hand is worth only {value} gold")
        expect(warning).to_contain_text("eliminated")
        if not checks.get("confirm"):
            checks["confirm"] = True
            bid.click()  # the table asks once; "Choose again" brings the controls back
            dialog = page.get_by_test_id("waste-confirm")
            expect(dialog).to_be_visible()
            expect(dialog).to_contain_text(f"with a bid of {over}")
            page.get_by_test_id("confirm-no").click()
            expect(dialog).to_have_count(0)
            expect(amount).to_have_attribute("data-value", str(over))
            assert engine_now(page, 0)["ply"] == snap["ply"]
        checks["warning"] = True
    if bids[0] <= value:
        step_to(page, bids[0])
        expect(warning).to_have_count(0)

    choice = turn % 4
    if choice == 0 and can_pass:
        withdraw.click()
        return "pass"
    if choice == 1 and plus1.is_enabled() and current + 1 <= value:
        plus1.click()
        return "plus1"
    if choice == 2 and plus5.is_enabled() and current + 5 <= value:
        plus5.click()
        return "plus5"
    safe = [n for n in bids if n <= value]
    if safe:
        chosen = safe[min(len(safe) - 1, 2)]  # a little above the minimum, never above the hand
        step_to(page, chosen)
        expect(bid).to_have_attribute("data-amount", str(chosen))
        expect(bid).to_have_text(f"Bid {chosen}")
        expect(warning).to_have_count(0)
        bid.click()
        return "stepper"
    if can_pass:
        withdraw.click()
        return "pass"
    # the opening bid is due and every bid is above the hand: confirm through the warning
    page.get_by_test_id("bid").click()
    page.get_by_test_id("waste-confirm").get_by_test_id("confirm-yes").click()
    return "overbid"


def replay_view(record: dict[str, Any], ply: int) -> dict[str, Any]:
    """The spectator's view of ``record`` at ``ply``, from the engine (CPython)."""
    answer = engine(cmd="replay", record=record, ply=ply)
    assert answer["ok"], answer
    view: dict[str, Any] = answer["view"]
    return view


def settled_payment(page: Page, before: dict[str, Any], seat: int) -> list[int] | None:
    """The cards ``seat`` paid in the auction being paid in ``before`` (a snapshot), read from the
    engine's views of the game in the address bar; None if the round ended meanwhile."""
    record = current_record(page)
    v0 = before["view"]
    for ply in range(before["ply"] + 1, len(record["actions"]) + 1):
        v = replay_view(record, ply)
        if v["round"] != v0["round"]:
            return None
        same = [a for a in v["auctions"] if a["daughter"] == v0["daughter"]]
        done = same[0]["payments"] if same else (v["payment"] or {}).get("done", [])
        mine = [p for p in done if p["seat"] == seat]
        if mine:
            return list(mine[0]["cards"])
    return None


def compose_payment(page: Page, snap: dict[str, Any], shot: Callable[..., Any]) -> None:
    """Choose the payment card by card as the engine allows (taking one card back once), then
    pay it: the payment settled is the one chosen."""
    payable = sorted(int(m["card"]) for m in snap["moves"] if m["kind"] == "pay")
    controls = page.get_by_test_id("controls")
    enabled = controls.locator("[data-action=hk-pick]:not([disabled])")
    selection = page.get_by_test_id("selection")
    pay = page.get_by_test_id("pay-selected")
    expect(enabled).to_have_count(len(payable))
    expect(pay).to_be_disabled()
    picks: list[int] = []
    undone = False
    for _ in range(64):
        expect(selection).to_have_attribute("data-waiting", "no")
        if selection.get_attribute("data-complete") == "yes":
            break
        card = int(str(enabled.first.get_attribute("data-card")))
        enabled.first.click()
        picks.append(card)
        expect(selection).to_have_attribute("data-picks", " ".join(map(str, picks)))
        if not undone:  # take it back once: the selection follows
            undone = True
            expect(selection).to_have_attribute("data-waiting", "no")
            page.get_by_test_id(f"picked-{len(picks) - 1}").click()
            picks.pop()
            expect(selection).to_have_attribute("data-picks", " ".join(map(str, picks)))
    expect(pay).to_be_enabled()
    # the payment made complete brings its button into sight (a beginner found it below the fold)
    expect(pay).to_be_in_viewport()
    shot(page, "hitokai-composed", both=True)
    pay.click()
    expect(pay).to_have_count(0)
    page.wait_for_selector(READY, timeout=30_000)
    cards = settled_payment(page, snap, 0)
    assert cards is None or cards == sorted(picks), (cards, picks)


def test_one_human_against_two_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    names = ["Aya", "Bes bot", "Nut bot"]
    record = {
        "v": 1,
        "game": "hitokai",
        "players": 3,
        "seed": 4,
        "options": {},
        "seats": [
            {"name": names[0], "kind": "human"},
            {"name": names[1], "kind": "bot", "level": "normal"},
            {"name": names[2], "kind": "bot", "level": "random"},
        ],
        "actions": [],
    }
    page.goto(base_url + link(record))
    shots: set[str] = set()
    done: list[str] = []
    summaries: list[int] = []
    checks: dict[str, bool] = {}
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass"  # one human: no privacy screen
        if phase == "over":
            break
        turn += 1
        assert turn < 500
        layer = page.get_by_test_id("round-summary-layer")
        if layer.count():
            held = table(page).get_attribute("data-ply")
            summaries.append(check_summary(page, names))
            if "summary" not in shots:
                shots.add("summary")
                shot(page, "hitokai-summary", both=True)
            if table(page).get_attribute("data-waiting") == "hold":
                # a bot opens the next round: instant bots wait for "Continue"
                page.wait_for_timeout(500)
                assert table(page).get_attribute("data-ply") == held
                assert table(page).get_attribute("data-waiting") == "hold"
                checks["held"] = True
            page.get_by_test_id("summary-continue").click()
            expect(layer).to_have_count(0)
            expect(page.get_by_test_id("hitokai")).not_to_have_attribute("aria-hidden", "true")
            continue
        expect(page.get_by_test_id("daughters").locator("[data-status]")).to_have_count(10)
        if phase == "pay":
            pay_this = page.get_by_test_id("pay-this")
            if not (pay_this.count() and pay_this.is_enabled()):
                page.wait_for_timeout(100)  # a payment being sent
                continue
            snap = engine_now(page, 0)
            payment = snap["view"]["payment"]
            expect(page.get_by_test_id("suggestion")).to_have_attribute(
                "data-cards", ",".join(map(str, payment["suggestion"]))
            )
            # the buyer pays the daughter's price, a losing bidder his own bid
            k, due = payment["daughter"], payment["bid"]
            buyer = next(d["buyer"] for d in snap["view"]["daughters"] if d["number"] == k)
            title = f"Pay {due} for daughter {k}" if buyer == 0 else f"Pay your bid of {due}"
            expect(page.get_by_test_id("pay-title")).to_contain_text(title)
            if "payment" not in shots:
                shots.add("payment")
                shot(page, "hitokai-payment", both=True)
                compose_payment(page, snap, shot)
                done.append("composed")
                continue
            pay_this.click()
            done.append("paythis")
            # the whole suggested payment is sent at once
            expect(pay_this).to_have_count(0)
            continue
        assert phase == "bid"
        if "auction" not in shots and page.get_by_test_id("current-bid").get_attribute(
            "data-bid"
        ) not in (None, "0"):
            shots.add("auction")
            shot(page, "hitokai-auction", both=True)
        done.append(bid_turn(page, turn, checks))
    assert {"auction", "payment", "summary"} <= shots, shots
    assert {"pass", "stepper", "composed", "paythis"} <= set(done), done
    assert {"plus1", "plus5"} & set(done), done
    assert checks.get("warning") and checks.get("confirm") and checks.get("held"), checks
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    final = engine_now(page, None)
    assert final["over"]
    # every round but the last was summarised between rounds, in order
    rounds = len(final["view"]["summaries"])
    assert summaries == list(range(1, rounds)), (summaries, rounds)
    for seat in range(3):
        b = final["result"]["breakdown"][seat]
        expect(page.get_by_test_id(f"final-score-{seat}")).to_have_attribute(
            "data-score", str(b["points"])
        )
        # the rounds won are named, not bare numbers that read like a count
        named = ", ".join(f"Round {r}" for r in b["rounds_won"]) or "–"
        expect(page.get_by_test_id(f"rounds-won-{seat}")).to_have_text(named)
    last = page.get_by_test_id("end-screen").get_by_test_id("round-summary")
    expect(last).to_have_attribute("data-round", str(rounds))
    shot(page, "hitokai-end", both=True)


def round_ended_by_bots(person_opens: bool = False) -> dict[str, Any]:
    """A record (seat 0 a person, the others bots) stopped just after the person's last action
    of a round that the bots then end, a bot (or, with ``person_opens``, the person) opening the
    next one: found with the engine."""
    call = engine
    levels = ["normal", "normal", "random"]
    for seed in range(1, 60):
        seats = [{"name": f"P{i}", "kind": "bot", "level": lv} for i, lv in enumerate(levels)]
        record = {"v": 1, "game": "hitokai", "players": 3, "seed": seed, "seats": seats}
        snap = call(cmd="start", record=record, seat=None)
        actions: list[str] = []
        after_person = 0
        while not snap["over"]:
            mover, before = snap["to_move"][0], snap["view"]["round"]
            snap = call(cmd="bot", session=snap["session"], seat=mover, view_seat=None)
            actions.append(f"{mover}:{snap['action']}")
            if mover == 0:
                after_person = len(actions)
            ended = snap["view"]["round"] > before and not snap["over"]
            if ended and mover != 0 and (snap["to_move"][0] == 0) == person_opens:
                seats[0] = {"name": "Aya", "kind": "human"}
                return {**record, "options": {}, "actions": actions[:after_person]}
        call(cmd="close", session=snap["session"])
    raise AssertionError("no such game in 60 seeds")


def payment_begun() -> dict[str, Any]:
    """A record (seat 0 a person, the others bots) stopped just after the person put one card
    into a payment that it does not complete: found with the engine."""
    levels = ["random", "normal", "random"]
    for seed in range(1, 60):
        seats = [{"name": f"P{i}", "kind": "bot", "level": lv} for i, lv in enumerate(levels)]
        record = {"v": 1, "game": "hitokai", "players": 3, "seed": seed, "seats": seats}
        record["options"] = {}
        snap = engine(cmd="start", record=record, seat=None)
        actions: list[str] = []
        while not snap["over"] and len(actions) < 200:
            mover = snap["to_move"][0]
            if mover == 0 and snap["view"]["phase"] == "pay":
                for move in engine(cmd="view", session=snap["session"], seat=0)["moves"]:
                    begun = [*actions, f"0:{move['a']}"]
                    after = snapshot({**record, "actions": begun}, 0)
                    if after["to_move"] == [0] and (after["view"]["payment"] or {}).get("cards"):
                        seats[0] = {"name": "Aya", "kind": "human"}
                        return {**record, "actions": begun}
            snap = engine(cmd="bot", session=snap["session"], seat=mover, view_seat=None)
            actions.append(f"{mover}:{snap['action']}")
        engine(cmd="close", session=snap["session"])
    raise AssertionError("no such game in 60 seeds")


def test_a_payment_begun_says_what_is_still_missing(page: Page, base_url: str) -> None:
    """A payment with a card in it already (put in before a reload, or by an earlier tap) says
    what is still missing, not "No card chosen yet." beside the card (a beginner's report)."""
    record = payment_begun()
    view = snapshot(record, 0)["view"]["payment"]
    missing = view["bid"] - view["value"]
    assert missing > 0
    page.goto(base_url + link(record))
    page.wait_for_selector(READY, timeout=60_000)
    paid = page.get_by_test_id("paid-so-far")
    expect(paid).to_have_attribute("data-value", str(view["value"]))
    selection = page.get_by_test_id("selection")
    expect(selection).to_have_attribute("data-picks", "")
    expect(selection).to_contain_text(f"Choose cards for the {missing} gold still missing.")
    expect(selection).not_to_contain_text("No card chosen")
    # a card chosen, then taken back: the same words again
    page.locator("[data-action=hk-pick]:not([disabled])").first.click()
    expect(selection).not_to_have_attribute("data-picks", "")
    expect(selection).not_to_contain_text("still missing.")
    page.get_by_test_id("picked-0").click()
    expect(selection).to_contain_text(f"Choose cards for the {missing} gold still missing.")


def test_bots_wait_while_the_round_summary_is_up(page: Page, base_url: str) -> None:
    record = round_ended_by_bots()
    page.goto(base_url + link(record))
    page.wait_for_selector("[data-testid=table][data-waiting=hold]", timeout=60_000)
    layer = page.get_by_test_id("round-summary-layer")
    expect(layer).to_have_count(1)
    held = table(page).get_attribute("data-ply")
    assert int(held or 0) > len(record["actions"])  # the bots played up to the round's end
    page.wait_for_timeout(800)  # instant bots: they would have moved by now
    assert table(page).get_attribute("data-ply") == held
    expect(page.get_by_test_id("hitokai")).to_have_attribute("aria-hidden", "true")
    page.get_by_test_id("summary-continue").click()
    expect(layer).to_have_count(0)
    page.wait_for_selector(READY, timeout=30_000)
    assert int(table(page).get_attribute("data-ply") or 0) > int(held or 0)


# What the table shows, read in one go (one drawing): the ply it was drawn for, the daughters
# track, the current bid, and each seat's status, last bid, hand count and daughters.
READ_TABLE = r"""
() => {
  const root = document.querySelector('[data-testid=table]');
  if (!root) return null;
  const waiting = root.dataset.waiting;
  if (!root.querySelector('[data-testid=hitokai]')) return { waiting, board: false };
  const one = (id) => root.querySelector(`[data-testid="${id}"]`);
  const daughters = [...one('daughters').querySelectorAll('[data-status]')].map((d) => ({
    testid: d.dataset.testid, status: d.dataset.status, buyer: d.dataset.buyer ?? null,
    price: d.dataset.price ?? null,
  }));
  const seats = [...one('seats').querySelectorAll('tbody tr')].map((row, s) => ({
    status: one(`auction-seat-${s}`).dataset.status,
    lastBid: row.dataset.lastBid,
    eliminated: row.dataset.eliminated,
    hand: one(`hand-size-${s}`).dataset.value,
    daughters: one(`seat-daughters-${s}`).dataset.daughters,
  }));
  return {
    board: true, ply: Number(root.dataset.ply), phase: root.dataset.phase, waiting,
    bid: one('current-bid')?.dataset.bid ?? null, daughters, seats,
  };
}
"""


def expected_status(v: dict[str, Any], s: int) -> str:
    """The status the players table must show for seat ``s`` (docs of the view in rules.py)."""
    sv = v["seats"][s]
    p = v["payment"]
    if p is None:
        return "eliminated" if sv["eliminated"] else str(sv["status"] or "out")
    done = [d for d in p["done"] if d["seat"] == s]
    if done:
        return "eliminated" if done[0]["eliminated"] else "paid"
    if sv["eliminated"]:
        return "eliminated"
    if p["payer"] == s:
        return "paying"
    return "queued" if s in p["queue"] else "none"


def check_shown(shown: dict[str, Any], v: dict[str, Any]) -> None:
    """What the table showed at a ply is what the engine's view says at that ply."""
    assert shown["phase"] == v["phase"]
    for d, want in zip(shown["daughters"], v["daughters"], strict=True):
        assert d["testid"] == f"daughter-{want['number']}"
        assert d["status"] == want["status"], (d, want)
        assert d["buyer"] == (None if want["buyer"] is None else str(want["buyer"])), (d, want)
        assert d["price"] == (None if want["price"] is None else str(want["price"])), (d, want)
    auction = v["auction"]
    assert shown["bid"] == (None if auction is None else str(auction["bid"]))
    assert len(shown["seats"]) == len(v["seats"])
    for s, (row, sv) in enumerate(zip(shown["seats"], v["seats"], strict=True)):
        assert row["status"] == expected_status(v, s), (s, row, sv, v["payment"])
        assert row["lastBid"] == ("none" if sv["last_bid"] is None else str(sv["last_bid"]))
        assert row["eliminated"] == ("yes" if sv["eliminated"] else "no")
        assert row["hand"] == str(sv["hand_size"])
        assert row["daughters"] == " ".join(map(str, sv["daughters"]))


# Read the table after every drawing (the table bumps `data-drawn` at the end of each one).
WATCH_DRAWS = (
    """() => {
  window.__hkShown = [];
  if (window.__hkWatched) return;  // the observer is added once to the shared page
  window.__hkWatched = true;
  const read = """
    + READ_TABLE.strip()
    + """;
  new MutationObserver((list) => {
    if (!list.some((m) => m.attributeName === 'data-drawn')) return;
    const now = read();
    if (now && now.board) window.__hkShown.push(now);
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
}"""
)


def test_no_hint_is_offered_behind_the_round_summary(page: Page, base_url: str) -> None:
    """The person opens the next round while the last one's summary is still up: the board is
    covered, so the Hint is not offered (its Play would bid behind the box, a beginner's report);
    once the summary is closed, it is."""
    record = round_ended_by_bots(person_opens=True)
    page.goto(base_url + link(record))
    layer = page.get_by_test_id("round-summary-layer")
    expect(layer).to_have_count(1, timeout=60_000)
    expect(table(page)).to_have_attribute("data-waiting", "human")
    expect(page.get_by_test_id("hitokai")).to_have_attribute("inert", "")
    page.wait_for_timeout(300)  # (a redraw that would bring the button back)
    expect(page.get_by_test_id("hint")).to_have_count(0)
    expect(page.get_by_test_id("hint-panel")).to_have_count(0)
    page.get_by_test_id("summary-continue").click()
    expect(layer).to_have_count(0)
    expect(page.get_by_test_id("hint")).to_be_visible()
    page.get_by_test_id("hint").click()
    expect(page.locator("[data-action=hint-play]:not([disabled])").first).to_be_visible(
        timeout=30_000
    )


def test_an_all_bot_game_shows_what_the_engine_says(page: Page, base_url: str) -> None:
    """Three bots at the fast speed: after each answer, the table shows the view of that ply
    (the daughters track, the bids, who is in, withdrawn or eliminated, the hand counts)."""
    levels = ["normal", "random", "easy"]
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": lv} for i, lv in enumerate(levels)]
    record = {
        "v": 1, "game": "hitokai", "players": 3, "seed": 7, "options": {},
        "seats": seats, "actions": [],
    }  # fmt: skip
    page.evaluate(WATCH_DRAWS)
    pace_bots(page)
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    page.wait_for_selector(
        "[data-testid=table][data-waiting=over]", state="attached", timeout=180_000
    )
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    drawn: list[dict[str, Any]] = page.evaluate("window.__hkShown")
    final = current_record(page)
    plies = len(final["actions"])
    shown = {int(now["ply"]): now for now in drawn if int(now["ply"]) < plies}
    assert plies > 50
    assert_nearly_all_drawn(shown, plies)  # each drawing the truth of its ply:
    for ply, now in sorted(shown.items()):
        check_shown(now, replay_view(final, ply))
    assert {now["phase"] for now in shown.values()} == {"bid", "pay"}
    # the replay, from the spectator's side, says how to see a hand (no tablet is passed there)
    page.get_by_test_id("watch-replay").click()
    hand = page.get_by_test_id("replay").get_by_test_id("hand-zone")
    expect(hand).to_contain_text('choose a player under "View as" to see theirs')
    expect(hand).not_to_contain_text("tablet")


# ------------------------------------------------------------------------------- setup (H6)


def set_up_table(page: Page, base_url: str, seed: int, start: str, names: list[str]) -> None:
    """Fill the setup page (3 players: a person in seat 0, two bots, named ``names``; a fixed
    deal) and name the first start player (``""``: random)."""
    page.goto(f"{base_url}#/setup/hitokai")
    expect(page.get_by_test_id("start-game")).to_be_visible(timeout=30_000)
    page.get_by_test_id("players-3").click()
    for seat, kind in enumerate(("human", "bot", "bot")):
        page.get_by_test_id(f"seat-kind-{seat}-{kind}").click()
        page.get_by_test_id(f"seat-name-{seat}").fill(names[seat])
    page.get_by_test_id("seed-fixed").click()
    page.get_by_test_id("seed-input").fill(str(seed))
    select = page.get_by_test_id("opt-start")
    expect(select.locator("option")).to_have_count(4)  # random and the three seats
    select.select_option(start)


def test_the_setup_page_names_the_first_start_player(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    """H6: the seat named on the setup page opens the first auction, the game link carries the
    option and opens the same game again; left random, the option stays out of the link."""
    seed = 2
    names = ["Aya", "Bes", "Nut"]
    set_up_table(page, base_url, seed, "2", names)
    expect(page.get_by_test_id("opt-start-help")).to_contain_text("bought a daughter")
    expect(page.get_by_test_id("opt-start").locator("option").nth(3)).to_have_text(names[2])
    shot(page, "hitokai-setup", both=True)
    page.get_by_test_id("start-game").click()
    assert wait_turn(page, timeout=90_000) == "bid"
    record = current_record(page)
    # one human: the setup allows hints by default and records it
    assert record["options"] == {"start": 2, "hints": True} and record["seed"] == seed
    # left random, this deal's first start player would be another seat
    drawn = snapshot({**record, "options": {}, "actions": []}, None)["view"]["auction"]["start"]
    assert drawn != 2
    # the bot in seat 2 moved first, and the log says it starts
    assert record["actions"] and record["actions"][0].startswith("2:"), record["actions"]
    first = snapshot({**record, "actions": []}, None)
    assert first["to_move"] == [2] and first["view"]["auction"]["start"] == 2
    expect(page.get_by_test_id("log").locator(".log-item").first).to_contain_text(
        f"{names[2]} starts."
    )
    # the link opens the same game: the same seat starts and plays the same first move
    page.goto(base_url + link({**record, "actions": []}))
    assert wait_turn(page, timeout=90_000) == "bid"
    again = current_record(page)
    assert again["options"] == {"start": 2, "hints": True}
    assert again["actions"][0] == record["actions"][0]

    # in Japanese, the person in seat 0 starts: he must open (no withdrawing), nothing played
    switch_lang(page, "ja")
    set_up_table(page, base_url, seed, "0", ["あや", "ベス", "ヌト"])
    expect(page.get_by_text("最初の手番プレイヤー", exact=True)).to_be_visible()
    expect(page.get_by_test_id("opt-start-help")).to_contain_text("最近娘を買った人")
    expect(page.get_by_test_id("opt-start").locator("option").first).to_have_text("ランダム")
    shot(page, "hitokai-setup-ja", both=True)
    page.get_by_test_id("start-game").click()
    assert wait_turn(page, timeout=90_000) == "bid"
    record = current_record(page)
    assert record["options"] == {"start": 0, "hints": True} and record["actions"] == []
    expect(page.get_by_test_id("current-bid")).to_have_attribute("data-bid", "0")
    expect(page.get_by_test_id("withdraw")).to_be_disabled()
    expect(page.get_by_test_id("bid")).to_be_enabled()

    # random: the option is left out of the link and the engine draws the seat (seed 2: seat 1)
    set_up_table(page, base_url, seed, "", names)
    page.get_by_test_id("start-game").click()
    page.wait_for_selector(READY, timeout=90_000)
    record = current_record(page)
    assert record["options"] == {"hints": True}  # no start option; one human: hints allowed
    assert record["actions"][0].startswith(f"{drawn}:"), record["actions"]
