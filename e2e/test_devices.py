"""Seats on other devices (issue 34), with real WebRTC between browser contexts inside the
``lan`` fixture's private network (e2e/lan.py): a host (a tablet, no seat of its own) sets up a
game with two seats on "Own device" and one bot; each guest (a phone, 390x844) opens the invite
link the host shows, and the host takes the answer code the guest shows; both codes are the app's
own compact codes, passed as text (the QR path has a test of its own). The two guests then play a
whole game to the end, each from its phone.

Checked along the way and at the end:
- the host's screen never shows a private view: it stays on the spectator's view, and no hand
  of a seat is drawn there;
- every message a guest receives over its data channel (recorded on the guest's page, as the
  channel delivers it) is its own seat's: each snapshot's view is the engine's view of that seat
  at that ply, recomputed here in CPython from the finished game's record; nothing of the host's
  save, link or record reaches a guest;
- the finished game on the host is the game the guests played (its record's seats and winners).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Shot, current_record, engine_snapshot, switch_lang, unlink, wait_true
from lan import Lan
from playwright.sync_api import BrowserContext, Page, expect
from policies import marie_act

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
SEED = 20261127
STEPS = 600

# Every message the page's data channels deliver, in order (window.__received); the app's own
# listener is wrapped, nothing else changes
RECORD_CHANNEL = """
window.__received = [];
const add = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, fn, options) {
  if (type !== 'message') return add.call(this, type, fn, options);
  window.__channel = this;
  const wrapped = function (ev) {
    window.__received.push(String(ev.data));
    return fn.call(this, ev);
  };
  return add.call(this, type, wrapped, options);
};
localStorage.setItem('pygames.speed', 'fast');
"""

# What a guest must never receive (the host's save, link, record, seed, session, undo)
NEVER = ("save", "keep", "share", "record", "seed", "session", "can_undo")


def host_table(
    lan: Lan,
    game: str,
    players: int,
    kinds: list[str],
    options: Callable[[Page], None] | None = None,
) -> Page:
    """The host's page: the game set up with ``kinds`` (``device``, ``bot``, ``human``) and
    started; the Devices dialog opens by itself."""
    host = lan.new_page(viewport=TABLET, engine=True)
    # the host's bots unpaced: its screen is read by the checks, which look at every step anyway
    host.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    host.emulate_media(reduced_motion="reduce")
    host.goto(lan.base_url + f"#/setup/{game}")
    expect(host.get_by_test_id("start-game")).to_be_visible(timeout=90_000)
    host.get_by_test_id(f"players-{players}").click()
    for seat, kind in enumerate(kinds):
        host.get_by_test_id(f"seat-kind-{seat}-{kind}").click()
    if "device" in kinds:
        expect(host.get_by_test_id("devices-note")).to_be_visible()
    # hints go off by default with a second person seated, and the setup says why
    why = host.get_by_test_id("hints-off-why")
    if sum(kind != "bot" for kind in kinds) > 1:
        expect(why).to_contain_text("several people")
    else:
        expect(why).to_have_count(0)
    host.get_by_test_id("seed-fixed").click()
    host.get_by_test_id("seed-input").fill(str(SEED))
    if options:
        options(host)
    host.get_by_test_id("start-game").click()
    expect(host.get_by_test_id("devices-dialog")).to_be_visible(timeout=120_000)
    expect(host).to_have_url(re.compile(r"#play/"))  # the table's own address, as without phones
    return host


def invite_link(host: Page, seat: int) -> str:
    """The invite link the host's Devices dialog shows for ``seat``."""
    expect(host.get_by_test_id(f"invite-qr-{seat}")).to_be_visible(timeout=20_000)
    link = host.get_by_test_id(f"invite-link-{seat}").input_value()
    assert re.fullmatch(
        r"http://127\.0\.0\.1:\d+/#join=[A-Za-z0-9_-]+&t=[\w-]+&s=" + str(seat) + r"&g=[a-z]+", link
    ), link
    return link


def answer_invite(host: Page, guest: Page, seat: int) -> None:
    """The guest's page opens ``seat``'s invite; the host takes the answer code it shows."""
    guest.goto(invite_link(host, seat))
    answer = guest.get_by_test_id("join-answer")
    expect(answer).to_be_visible(timeout=20_000)
    host.get_by_test_id(f"answer-input-{seat}").fill(answer.input_value())
    host.get_by_test_id(f"answer-connect-{seat}").click()


def join(lan: Lan, host: Page, seat: int, shot: Shot | None = None) -> Page:
    """A guest's phone joins ``seat``: it opens the invite link the host shows, and the host
    takes the answer code the phone shows. Returns the guest's page, on its seat's table."""
    link = invite_link(host, seat)
    guest = lan.new_page(viewport=PHONE)
    guest.add_init_script(RECORD_CHANNEL)
    guest.emulate_media(reduced_motion="reduce")
    guest.goto(link)
    answer = guest.get_by_test_id("join-answer")
    expect(answer).to_be_visible(timeout=20_000)
    expect(guest.get_by_test_id("join-qr")).to_be_visible()
    expect(guest.get_by_test_id("join-for")).to_have_text(re.compile(f": seat {seat + 1}$"))
    code = answer.input_value()
    assert len(code) < 200, code
    if shot:  # the guest's answer, and the host's dialog waiting for it
        shot(guest, "devices-join")
        shot(host, "devices-dialog", both=True)
    host.get_by_test_id(f"answer-input-{seat}").fill(code)
    host.get_by_test_id(f"answer-connect-{seat}").click()
    expect(guest.get_by_test_id("table")).to_be_visible(timeout=20_000)
    expect(host.get_by_test_id(f"device-state-{seat}")).to_have_attribute("data-state", "joined")
    expect(guest.locator("html")).to_have_attribute("data-engine", "idle")  # no engine on a guest
    return guest


def hitokai_act(page: Page, phase: str) -> None:
    """One legal choice of The Egyptian Buyer: withdraw when allowed, else the lowest bid (an
    opening above the hand is confirmed); a payment card by card until complete."""
    if phase == "bid":
        withdraw = page.get_by_test_id("withdraw")
        if withdraw.is_enabled():
            withdraw.click()
            return
        bid = page.get_by_test_id("bid")
        over = bid.get_attribute("data-over") == "yes"  # a bid above the hand: asked once
        bid.click()
        if over:
            page.get_by_test_id("waste-confirm").get_by_test_id("confirm-yes").click()
        return
    assert phase == "pay", phase
    selection = page.get_by_test_id("selection")
    for _ in range(64):
        expect(selection).to_have_attribute("data-waiting", "no")
        if selection.get_attribute("data-complete") == "yes":
            break
        page.get_by_test_id("controls").locator(
            "[data-action=hk-pick]:not([disabled])"
        ).first.click()
    page.get_by_test_id("pay-selected").click()


def host_shows_nothing_private(host: Page) -> None:
    """The host's table is on the spectator's view, with no seat's hand drawn."""
    table = host.get_by_test_id("table")
    assert table.get_attribute("data-viewer") == "spectator"
    assert host.get_by_test_id("hand-card").count() == 0


def guest_step(guest: Page, act: Callable[[Page, str], None]) -> str:
    """What the guest's table waits for; a person's step is taken (a move, a Continue)."""
    table = guest.get_by_test_id("table")
    waiting = str(table.get_attribute("data-waiting"))
    if waiting == "hold":
        for testid in ("moment-continue", "summary-continue"):
            if guest.get_by_test_id(testid).count():
                guest.get_by_test_id(testid).first.click()
    elif waiting == "pass" and guest.get_by_test_id("privacy-continue").count():
        guest.get_by_test_id("privacy-continue").click()  # (the host's own seat, behind a cover)
    elif waiting == "human":
        if guest.get_by_test_id("summary-continue").count():
            guest.get_by_test_id("summary-continue").click()
            return "continue"
        act(guest, str(table.get_attribute("data-phase")))
        return "moved"
    return waiting


def play_to_end(
    host: Page, guests: list[Page], act: Callable[[Page, str], None], until: int | None = None
) -> int:
    """Each guest acts on its phone when its seat is to act, until every table says the game is
    over (or, with ``until``, the host's table is at that ply or beyond). Returns the number of
    moves made on the phones."""
    moves = 0
    for _ in range(STEPS):
        steps = [guest_step(guest, act) for guest in guests]
        moves += steps.count("moved")
        host_shows_nothing_private(host)
        if (
            until is not None
            and int(str(host.get_by_test_id("table").get_attribute("data-ply"))) >= until
        ):
            return moves
        if steps.count("over") == len(guests):
            return moves
        guests[0].wait_for_timeout(60)
    raise AssertionError("the game did not end")


def received(guest: Page) -> list[dict[str, Any]]:
    """The messages the guest's data channel delivered, parsed."""
    return [json.loads(text) for text in guest.evaluate("window.__received")]


def check_messages(guest: Page, seat: int, record: dict[str, Any]) -> int:
    """Every snapshot the guest received is its seat's view, as the engine gives it at that
    ply; nothing of the host's own reached it. Returns the number of snapshots checked."""
    checked = 0
    cache: dict[int, dict[str, Any]] = {}
    for msg in received(guest):
        leaked = [key for key in NEVER if key in msg]
        assert not leaked, (leaked, msg)
        if msg.get("push") == "changed":
            assert set(msg) == {"push", "rev"}, msg
            continue
        view = msg.get("view")
        if not isinstance(view, dict):
            continue
        assert view["seat"] == seat, (view["seat"], seat)
        ply = int(msg["ply"])
        if ply not in cache:
            at = {**record, "actions": record["actions"][:ply]}
            cache[ply] = engine_snapshot(at, seat)["view"]
        expected = {k: v for k, v in cache[ply].items() if k != "log"}
        shown = {k: v for k, v in view.items() if k != "log"}
        assert shown == expected, f"seat {seat}, ply {ply}"
        checked += 1
    return checked


def finished_record(host: Page) -> dict[str, Any]:
    """The record of the finished game, from the host's address (public once it is over)."""
    expect(host.get_by_test_id("end-screen")).to_be_visible(timeout=60_000)
    deadline = time.monotonic() + 10
    while "g=" not in host.url and time.monotonic() < deadline:
        host.wait_for_timeout(100)
    return unlink(host.url.split("#", 1)[1])


def shoot_both_languages(host: Page, guests: list[Page], game: str, shot: Shot) -> None:
    """Screenshots of the host's board (landscape and portrait) and of a guest's phone on its
    turn, in English and in Japanese."""
    ready = "[data-testid=table][data-waiting=human]"
    deadline = time.monotonic() + 30
    while not any(g.locator(ready).count() for g in guests) and time.monotonic() < deadline:
        guests[0].wait_for_timeout(100)
    guest = next((g for g in guests if g.locator(ready).count()), guests[0])
    for lang in ("en", "ja"):
        for page in (host, guest):
            switch_lang(page, lang)
        shot(host, f"devices-{game}-host-{lang}", both=lang == "en")
        shot(guest, f"devices-{game}-guest-{lang}")
    for page in (host, guest):
        switch_lang(page, "en")
    # the phone's column puts the hand first; one tap goes to the public board and back
    top = "document.querySelector('[data-testid=action-zone]').getBoundingClientRect().top"
    before = float(guest.evaluate(top))
    guest.get_by_test_id("jump-board").click()
    wait_true(guest, f"({top}) < {before - 150}", 5_000)  # the column scrolled to the board
    # ... to just under the sticky status bar, not under it (a beginner saw the board's first row
    # hidden there)
    board_under_bar = """(() => {
      const zone = document.querySelector('[data-testid=action-zone]');
      const board = [...zone.parentElement.children].find((el) => el !== zone);
      const bar = document.querySelector('.status-bar').getBoundingClientRect().bottom;
      const at = board.getBoundingClientRect().top;
      return at >= bar - 1 && at <= bar + 40;
    })()"""
    wait_true(guest, board_under_bar, 5_000)
    shot(guest, f"devices-{game}-guest-board")
    guest.get_by_test_id("jump-hand").click()
    expect(guest.get_by_test_id("action-zone")).to_be_in_viewport()


def play_with_two_guests(
    lan: Lan,
    game: str,
    kinds: list[str],
    act: Callable[[Page, str], None],
    shot: Shot,
    options: Callable[[Page], None] | None = None,
) -> None:
    """The whole test of one game: set up, two guests join, they play to the end, and every
    message they received is checked."""
    host = host_table(lan, game, len(kinds), kinds, options)
    seats = [s for s, kind in enumerate(kinds) if kind == "device"]
    guests = [
        join(lan, host, seat, shot if game == "marie" and seat == seats[0] else None)
        for seat in seats
    ]
    host.get_by_test_id("dialog-close").click()
    expect(host.get_by_test_id("devices")).to_contain_text("2/2")
    shoot_both_languages(host, guests, game, shot)
    moves = play_to_end(host, guests, act)
    assert moves >= 4
    record = finished_record(host)
    assert [s["kind"] for s in record["seats"]] == ["bot" if k == "bot" else "human" for k in kinds]
    for guest, seat in zip(guests, seats, strict=True):
        expect(guest.get_by_test_id("guest-over")).to_be_visible()
        expect(guest.get_by_test_id("rematch")).to_have_count(0)
        checked = check_messages(guest, seat, record)
        print(
            f"{game}: seat {seat} received {checked} snapshots, each its own view; "
            f"{moves} moves on the phones, {len(record['actions'])} in all"
        )
        assert checked >= moves // 2


@pytest.mark.timeout(240)
def test_two_guests_and_a_bot_play_marie_to_the_end(lan: Lan, shot: Shot) -> None:
    play_with_two_guests(
        lan,
        "marie",
        ["device", "device", "bot"],
        marie_act,
        shot,
        options=lambda page: page.get_by_test_id("opt-elder").select_option("0"),
    )


@pytest.mark.timeout(240)
def test_two_guests_and_a_bot_play_the_egyptian_buyer_to_the_end(lan: Lan, shot: Shot) -> None:
    play_with_two_guests(lan, "hitokai", ["device", "bot", "device"], hitokai_act, shot)


def host_ply(host: Page) -> int:
    """The ply of the game on the host's table."""
    return int(str(host.get_by_test_id("table").get_attribute("data-ply")))


def steady_ply(host: Page) -> int:
    """The host's ply once it has not changed for half a second."""
    ply = host_ply(host)
    for _ in range(40):
        host.wait_for_timeout(500)
        now = host_ply(host)
        if now == ply:
            return ply
        ply = now
    raise AssertionError("the host's game does not settle")


def rejoin(host: Page, context: BrowserContext, seat: int) -> Page:
    """The guest's phone (``context``, which keeps its seat token) opens a new invite for
    ``seat`` in a new page; it gets its seat back."""
    guest = context.new_page()
    guest.add_init_script(RECORD_CHANNEL)
    guest.emulate_media(reduced_motion="reduce")
    answer_invite(host, guest, seat)
    expect(guest.get_by_test_id("table")).to_be_visible(timeout=20_000)
    expect(guest.get_by_test_id("table")).to_have_attribute("data-viewer", str(seat))
    expect(host.get_by_test_id(f"device-state-{seat}")).to_have_attribute("data-state", "joined")
    return guest


def token_of(guest: Page, seat: int) -> str:
    """The seat token the guest's device keeps for ``seat``."""
    tokens: dict[str, str] = guest.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage)"
        ".filter((k) => k.startsWith('pygames.seat.')).map((k) => [k, localStorage.getItem(k)]))"
    )
    mine = [value for key, value in tokens.items() if key.endswith(f".{seat}")]
    assert len(mine) == 1, tokens
    return mine[0]


def refused_without_token(lan: Lan, host: Page, seat: int) -> None:
    """A device that never held ``seat`` opens its invite: the host refuses it, and says why."""
    stranger = lan.new_page(viewport=PHONE)
    answer_invite(host, stranger, seat)
    expect(stranger.get_by_test_id("join-error")).to_contain_text("held by another device")
    expect(host.get_by_test_id(f"device-state-{seat}")).not_to_have_attribute(
        "data-state", "joined"
    )
    stranger.close()


@pytest.mark.timeout(240)
def test_a_guest_that_leaves_and_a_host_that_reloads_lose_nothing(lan: Lan) -> None:
    """A guest's page closed in mid-game comes back to its seat with its token; a device
    without the token is refused; the host reloads, resumes the game from its save and the
    guests rejoin; the game then goes on."""
    host = host_table(
        lan, "marie", 3, ["device", "device", "bot"],
        lambda page: page.get_by_test_id("opt-elder").select_option("0"),
    )  # fmt: skip
    guests = [join(lan, host, 0), join(lan, host, 1)]
    host.get_by_test_id("dialog-close").click()
    contexts = [guest.context for guest in guests]
    tokens = [token_of(guests[0], 0), token_of(guests[1], 1)]
    play_to_end(host, guests, marie_act, until=8)

    # the first guest's page closes: the host says so, and the seat waits for that device
    spent = guests[0].url
    guests[0].close()
    # its spent invite, opened again on that phone, says so (it cannot connect again)
    again = contexts[0].new_page()
    again.goto(spent)
    expect(again.get_by_test_id("join-error")).to_contain_text("This invite was used already")
    again.close()
    expect(host.get_by_test_id("devices")).to_contain_text("1/2")
    host.get_by_test_id("devices").click()
    expect(host.get_by_test_id("device-state-0")).to_have_attribute("data-state", "gone")
    refused_without_token(lan, host, 0)
    guests[0] = rejoin(host, contexts[0], 0)
    assert token_of(guests[0], 0) == tokens[0]  # the same token: the seat was given back
    host.get_by_test_id("dialog-close").click()
    play_to_end(host, guests, marie_act, until=host_ply(host) + 6)

    # the host reloads while it waits for a guest: the game resumes from its save, each guest is
    # told and rejoins
    expect(host.get_by_test_id("table")).to_have_attribute("data-waiting", "remote")
    before = steady_ply(host)  # (a guest's last tap may still be on its way)
    assert len(current_record(host)["actions"]) == before  # kept on the host (its vault)
    host.reload()
    expect(host.get_by_test_id("devices-dialog")).to_be_visible(timeout=60_000)
    expect(host.get_by_test_id("table")).to_have_attribute("data-ply", str(before))
    for guest in guests:
        expect(guest.get_by_test_id("join-error")).to_contain_text(
            "connection to the host was lost"
        )
        guest.close()
    guests = [rejoin(host, contexts[seat], seat) for seat in (0, 1)]
    assert [token_of(guests[0], 0), token_of(guests[1], 1)] == tokens
    host.get_by_test_id("dialog-close").click()
    play_to_end(host, guests, marie_act, until=before + 6)


def send_raw(guest: Page, texts: list[str]) -> list[str]:
    """Send each text as it is over the guest's data channel, as a hostile client would; the
    errors the guest's own browser raised (none when all went out)."""
    errors: list[str] = guest.evaluate(
        """(texts) => texts.flatMap((text) => {
          try { window.__channel.send(text); return []; } catch (e) { return [String(e.name)]; }
        })""",
        texts,
    )
    return errors


def answers_to(guest: Page, ids: set[int | None]) -> dict[int | None, list[dict[str, Any]]]:
    """The host's answers the guest received to the messages of ``ids`` (None: unread)."""
    out: dict[int | None, list[dict[str, Any]]] = {}
    for msg in received(guest):
        if "re" in msg and msg["re"] in ids:
            out.setdefault(msg["re"], []).append(msg)
    return out


@pytest.mark.timeout(180)
def test_forged_messages_are_refused_and_seats_without_devices_are_handed_over(lan: Lan) -> None:
    """Two of three device seats never get a device: the host lets a bot play one and plays the
    other itself. From the guest's channel: another seat's move, an illegal move, a command no
    guest may send, garbage, a message over the host's limit, 1 MB, and 1,000 messages within a
    second. Each is refused in words, the game is unchanged, and the host goes on answering: once
    the flood is over, the guest's own move is played, and the game goes on."""
    host = host_table(
        lan, "marie", 4, ["device", "device", "device", "bot"],
        lambda p: p.get_by_test_id("opt-elder").select_option("0"),
    )  # fmt: skip
    expect(host.get_by_test_id("table")).to_have_attribute("data-waiting", "remote")
    expect(host.get_by_test_id("prompt")).to_contain_text("Waiting for Player 1’s device")
    guest = join(lan, host, 0)
    host.get_by_test_id("device-bot-1").click()
    expect(host.get_by_test_id("device-1")).to_have_count(0)
    host.get_by_test_id("device-here-2").click()  # the tablet is to be passed: the dialog closes
    expect(host.get_by_test_id("devices-dialog")).to_have_count(0)
    expect(host.get_by_test_id("devices")).to_contain_text("1/1")
    expect(host.get_by_test_id("seats").locator(".seat-c1").first).to_contain_text("Bot")
    expect(guest.locator("[data-testid=table][data-waiting=human]")).to_be_visible(timeout=30_000)
    check_forged(host, guest)
    # the host still answers: after a pause the guest's own move is played, and the game goes
    # on between the guest, the host's own seat and the bots
    guest.wait_for_timeout(2500)
    ply = host_ply(host)
    play_to_end(host, [guest], marie_act, until=ply + 1)
    covers = moved = 0
    table = host.get_by_test_id("table")
    for _ in range(STEPS):
        # the board in the middle of the table: the host's own seat is shown behind a cover,
        # only while it acts
        waiting = table.get_attribute("data-waiting")
        viewer = table.get_attribute("data-viewer")
        assert viewer == ("2" if waiting == "human" else "spectator") or waiting in ("busy", "pass")
        steps = [guest_step(page, marie_act) for page in (guest, host)]
        covers += steps[1] == "pass"
        moved += steps[1] == "moved"
        if moved >= 2:
            break
        host.wait_for_timeout(60)
    assert moved >= 2 and covers >= 1, (moved, covers)


def check_forged(host: Page, guest: Page) -> None:
    """The forged messages of the test above, each refused; the game unchanged."""
    ply = host_ply(host)
    move = guest.evaluate(
        "() => document.querySelector('[data-action=move][data-a]')?.dataset.a ?? 'p1'"
    )
    forged = [
        json.dumps({"id": 9001, "cmd": "act", "seat": 1, "action": move}),
        json.dumps({"id": 9002, "cmd": "act", "action": "no-such-move"}),
        json.dumps({"id": 9003, "cmd": "undo"}),
        json.dumps({"id": 9004, "cmd": "view", "reveal": True}),
        "}{ not json",
        json.dumps({"id": 9005, "cmd": "act", "action": "x" * 200_000}),
    ]
    assert send_raw(guest, forged) == []
    wait_true(guest, "window.__received.some((m) => m.includes('\"re\":9005'))", 10_000)
    got = answers_to(guest, {9001, 9002, 9003, 9004, 9005, None})
    kinds = {re: [a["kind"] for a in answers] for re, answers in got.items()}
    assert kinds[9001] == ["WrongSeat"]
    assert kinds[9002] == ["IllegalAction"]
    assert kinds[9003] == ["NotAllowed"]
    assert kinds[9004] == ["BadMessage"]
    assert kinds[9005] == ["TooLarge"]
    assert "BadMessage" in kinds[None]
    for answers in got.values():
        for answer in answers:
            assert answer["ok"] is False and answer["error"]["en"] and answer["error"]["ja"]
    # 1 MB never leaves a browser: the channel's largest message is 256 KiB (the SDP's)
    assert send_raw(guest, ["y" * 1_000_000]) != []
    # a flood: the host answers the first few, refuses the rest for the rate, cheaply
    flood = [json.dumps({"id": 10_000 + i, "cmd": "view"}) for i in range(1000)]
    started = time.monotonic()
    assert send_raw(guest, flood) == []
    assert time.monotonic() - started < 1.0
    wait_true(guest, "window.__received.some((m) => m.includes('\"re\":10999'))", 20_000)
    answered = answers_to(guest, {10_000 + i for i in range(1000)})
    limited = sum(1 for a in answered.values() if a[0].get("kind") == "RateLimited")
    assert limited >= 900, limited
    print(f"refused: {kinds}; flood: {limited} of 1000 refused for the rate")
    assert host_ply(host) == ply  # nothing of it changed the game
