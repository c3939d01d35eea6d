"""The coach at the table: the bridge's ``hint`` request ranks the moves of a human seat to move,
thinks in slices, and never changes the game or its random stream."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from pygames import coach, web
from pygames.core.play import play_bots
from pygames.core.record import Record, Seat, new_state, parse_record_text, record_from_json
from pygames.core.registry import all_games
from pygames.core.review import FLOOR
from pygames.core.rng import Rng
from pygames.games.hitokai.rules import HitokaiState
from tests.conftest import ask, bridge, engine
from tests.support import shown_keys

GAMES = [g.id for g in all_games()]


def short_hints_of(monkeypatch: pytest.MonkeyPatch, iterations: int, slice_seconds: float) -> None:
    """Hints of ``iterations`` in every game, in slices of ``slice_seconds``."""
    monkeypatch.setattr(coach, "HINT_ITERATIONS", {g: iterations for g in GAMES})
    monkeypatch.setattr(web, "THINK_SLICE", slice_seconds)


@pytest.fixture(autouse=True)
def short_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints of 60 iterations in slices of 5 ms (the page's are HINT_ITERATIONS in slices of
    0.15 s)."""
    short_hints_of(monkeypatch, 60, 0.005)


def record(game: str, kinds: list[str], seed: int = 5, hints: bool | None = True) -> dict[str, Any]:
    """A new game's record: ``kinds[s]`` is ``human`` or a bot level for seat ``s``; ``hints``
    the table's hints option (``None``: left out, the default rule)."""
    seats = [
        {"name": f"H{s}", "kind": "human"}
        if kind == "human"
        else {"name": f"B{s}", "kind": "bot", "level": kind}
        for s, kind in enumerate(kinds)
    ]
    options = {} if hints is None else {"hints": hints}
    return {"v": 1, "game": game, "players": len(kinds), "seed": seed, "options": options,
            "seats": seats, "actions": []}  # fmt: skip


def human_choice(sid: str, rng: Rng) -> tuple[int, str] | None:
    """The seat to move and a legal action for it, drawn from ``rng`` (``None`` once over)."""
    state = engine().sessions[sid].state
    if state.is_over():
        return None
    seat = state.to_move()[0]
    return seat, rng.choice(state.legal_actions(seat))


def position_with_a_choice(game: str, steps: int) -> tuple[str, int]:
    """A session of human seats after about ``steps`` random actions, where the seat to move
    has at least two legal actions; and that seat."""
    info = next(g for g in all_games() if g.id == game)
    sid = str(ask(cmd="start", record=record(game, ["human"] * info.min_players))["session"])
    rng = Rng.from_seed(41)
    for step in range(400):
        state = engine().sessions[sid].state
        seat = state.to_move()[0]
        if step >= steps and len(state.legal_actions(seat)) >= 2:
            return sid, seat
        choice = human_choice(sid, rng)
        assert choice is not None, "the game ended before a position with a choice"
        ask(cmd="act", session=sid, seat=choice[0], action=choice[1])
    raise AssertionError("no position with a choice")


def full_hint(sid: str, seat: int) -> tuple[list[dict[str, Any]], int]:
    """The hint's last answer's moves, and how many answers said it was still thinking."""
    for thinking in range(100):
        answer = ask(cmd="hint", session=sid, seat=seat)
        if not answer["thinking"]:
            return list(answer["moves"]), thinking
        assert answer["moves"], "a partial ranking while thinking"
    raise AssertionError("the hint never finished")


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_ranks_legal_moves_the_page_can_play(game: str) -> None:
    sid, seat = position_with_a_choice(game, 12)
    state = engine().sessions[sid].state
    snap = ask(cmd="view", session=sid, seat=seat)
    moves, thinking = full_hint(sid, seat)
    assert thinking >= 1  # it answered in slices
    actions = [m["a"] for m in moves]
    assert len(set(actions)) == len(actions)
    # every move is one the page offers: a discrete move's `a`, or the action of a complete
    # selection of a choice (tests/test_page.py: together they are exactly the legal actions)
    listed = {m["a"] for m in snap["moves"]}
    legal = set(state.legal_actions(seat))
    assert set(actions) <= legal
    if legal == listed:
        assert set(actions) <= listed
    answer = ask(cmd="hint", session=sid, seat=seat)
    assert answer["basis"] in ("win", "place")
    # the place and points are the game's end's only where the rollouts reach it: The Egyptian
    # Buyer's stop at the round's end and Yadokashi's sixteen plies on (scored by the game)
    assert answer["whole"] is (game not in ("hitokai", "yadokashi"))
    # best first by the figure shown: never a lower chance (or, on the place basis, a worse
    # place) above a better one
    shown = shown_keys(moves, answer["basis"])
    assert shown == sorted(shown), shown
    for m in moves:
        assert 0.0 <= m["win"] <= 1.0 and m["visits"] >= 1
        assert 1.0 <= m["place"] <= state.players
    hint = engine().sessions[sid].hint
    assert hint is not None
    weighed = hint.appraisal
    if len(weighed.legal) <= 24:  # a short list: every weighed move is ranked, on a floor
        # (actions that begin the same whole move, as a payment of the same cards begun with
        # another card, are ranked once: hint.same)
        same = hint.same
        assert same is not None
        assert {same(a) for a in actions} == {same(a) for a in weighed.legal}
        assert len({same(a) for a in actions}) == len(actions)
        assert 1 <= weighed.floor <= FLOOR
        assert min(m["visits"] for m in moves) >= weighed.floor
        if game == "marie":  # every legal action is a listed move, and every one is ranked
            assert set(actions) == listed
    ask(cmd="close", session=sid)


def test_a_hint_is_asked_again_while_thinking_and_restarts_after_a_move() -> None:
    sid, seat = position_with_a_choice("marie", 3)
    first = ask(cmd="hint", session=sid, seat=seat)
    assert first["thinking"] and first["iterations"] >= 1
    second = ask(cmd="hint", session=sid, seat=seat)
    assert second["iterations"] > first["iterations"]  # the same search went on
    moves, _ = full_hint(sid, seat)
    done = ask(cmd="hint", session=sid, seat=seat)  # asked again once done: the same ranking
    assert not done["thinking"] and done["moves"] == moves
    ask(cmd="act", session=sid, seat=seat, action=moves[0]["a"])
    state = engine().sessions[sid].state
    nxt = state.to_move()[0]
    if len(state.legal_actions(nxt)) >= 2:
        again = ask(cmd="hint", session=sid, seat=nxt)
        assert again["iterations"] < done["iterations"]  # a new search for the new position
        assert {m["a"] for m in again["moves"]} <= set(state.legal_actions(nxt))
    ask(cmd="close", session=sid)


@pytest.mark.parametrize("game", GAMES)
def test_hints_change_nothing_a_game_with_hints_plays_as_one_without(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Humans in every seat but the last (a ``normal`` bot) play seeded moves; with a hint asked
    at every human turn, the state after each hint is the state before it, and the game's
    record and final state are those of the same game without hints."""
    short_hints_of(monkeypatch, 8, 0.01)
    info = next(g for g in all_games() if g.id == game)
    kinds = ["human"] * (info.min_players - 1) + ["normal"]

    def play(hints: bool) -> tuple[list[str], dict[str, Any], int, list[dict[str, Any]]]:
        sid = str(ask(cmd="start", record=record(game, kinds, seed=8))["session"])
        rng = Rng.from_seed(8, 3)
        asked = 0
        links = []  # the deal and the actions of the save, at every human turn
        for _ in range(3000):
            session = engine().sessions[sid]
            state = session.state
            if state.is_over():
                break
            seat = state.to_move()[0]
            if kinds[seat] != "human":
                ask(cmd="bot", session=sid, seat=seat, view_seat=0)
                continue
            if hints and len(state.legal_actions(seat)) >= 2:
                before, rng_before = state.to_json(), state.rng.get_state()
                answer = ask(cmd="hint", session=sid, seat=seat)
                assert answer["moves"]
                assert session.state is state and state.to_json() == before
                assert state.rng.get_state() == rng_before
                asked += 1
            saved = parse_record_text(ask(cmd="view", session=sid, seat=seat)["save"])
            links.append({**saved.to_json(), "hints_used": None})
            ask(cmd="act", session=sid, seat=seat, action=rng.choice(state.legal_actions(seat)))
        session = engine().sessions[sid]
        assert session.state.is_over()
        assert sum(session.record.hints_counts()) == asked  # one hint per decision asked
        ask(cmd="close", session=sid)
        return list(session.record.actions), session.state.to_json(), asked, links

    plain, with_hints = play(False), play(True)
    assert with_hints[2] >= 3
    assert with_hints[0] == plain[0] and with_hints[1] == plain[1]
    assert with_hints[3] == plain[3]  # the save deals and shows the same game


def test_a_hint_is_refused_for_a_bot_a_seat_not_to_move_and_a_finished_game() -> None:
    sid = str(ask(cmd="start", record=record("marie", ["human", "human", "normal"]))["session"])
    state = engine().sessions[sid].state
    to_move = state.to_move()[0]
    other = next(s for s in (0, 1) if s != to_move)
    for req, kind in (
        ({"seat": 2}, "BadRequest"),  # a bot seat
        ({"seat": other}, "NotYourTurn"),  # a human, not to move
        ({"seat": 7}, "BadRequest"),
        ({"seat": None}, "BadRequest"),
        ({"seat": "0"}, "BadRequest"),
    ):
        before = state.to_json()
        answer = bridge(cmd="hint", session=sid, **req)
        assert answer["ok"] is False and answer["kind"] == kind, req
        assert answer["error"]["en"] and answer["error"]["ja"], req
        assert state.to_json() == before
    assert engine().sessions[sid].hint is None
    assert bridge(cmd="hint", session="nope", seat=0)["ok"] is False
    ask(cmd="close", session=sid)
    # a finished game: nobody is to move
    rec = Record("pharaoh", 2, 5, {}, [Seat("a", "bot", "normal"), Seat("b", "bot", "normal")])
    play_bots(rec, new_state(rec))
    done = record("pharaoh", ["human", "human"], seed=5)
    done["actions"] = rec.actions
    sid = str(ask(cmd="start", record=done)["session"])
    assert engine().sessions[sid].state.is_over()
    for seat in (0, 1):
        answer = bridge(cmd="hint", session=sid, seat=seat)
        assert answer["ok"] is False and answer["kind"] == "NotYourTurn"
    ask(cmd="close", session=sid)


# --- the words of a hint's moves ------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_best_three_moves_carry_their_words_in_both_languages(game: str) -> None:
    sid, seat = position_with_a_choice(game, 9)
    moves, _ = full_hint(sid, seat)
    for rank, move in enumerate(moves):
        if rank >= coach.HINT_WORDS:
            assert "words" not in move  # the page shows three: the rest go without
            continue
        words = move["words"]
        assert words, move
        for line in words:
            assert line["text"]["en"].strip() and line["text"]["ja"].strip()
            assert line["seats"] and all(
                0 <= s < engine().sessions[sid].state.players for s in line["seats"]
            )
            # every placeholder names a seat the page can fill in
            for text in line["text"].values():
                assert "{" + str(len(line["seats"])) + "}" not in text
    ask(cmd="close", session=sid)


def test_the_words_of_a_move_are_made_once_per_decision() -> None:
    sid, seat = position_with_a_choice("hitokai", 6)
    first = ask(cmd="hint", session=sid, seat=seat)
    hint = engine().sessions[sid].hint
    assert hint is not None
    made = dict(hint.words)
    assert made and all(m["words"] == made[m["a"]] for m in first["moves"][: coach.HINT_WORDS])
    again = ask(cmd="hint", session=sid, seat=seat)
    for move in again["moves"][: coach.HINT_WORDS]:
        if move["a"] in made:
            assert hint.words[move["a"]] is made[move["a"]]  # kept, not made again
    ask(cmd="close", session=sid)


# --- the table's option and the counts kept with the game -----------------------------------


def test_hints_are_allowed_by_default_with_one_human_and_off_in_pass_and_play() -> None:
    one = ask(cmd="start", record=record("marie", ["human", "normal", "normal"], hints=None))
    assert one["hints"] is True and one["hints_used"] == [0, 0, 0]
    two = ask(cmd="start", record=record("marie", ["human", "human", "normal"], hints=None))
    assert two["hints"] is False
    bots = ask(cmd="start", record=record("marie", ["normal", "normal", "normal"], hints=None))
    assert bots["hints"] is False
    chosen_on = ask(cmd="start", record=record("marie", ["human", "human", "normal"], hints=True))
    chosen_off = ask(
        cmd="start", record=record("marie", ["human", "normal", "normal"], hints=False)
    )
    assert chosen_on["hints"] is True and chosen_off["hints"] is False
    for snap in (one, two, bots, chosen_on, chosen_off):
        ask(cmd="close", session=snap["session"])


def test_a_hint_at_a_table_without_hints_is_refused_and_changes_nothing() -> None:
    for hints, kinds in (
        (False, ["human", "normal", "normal"]),
        (None, ["human", "human", "normal"]),
    ):
        snap = ask(cmd="start", record=record("marie", kinds, hints=hints))
        sid = str(snap["session"])
        session = engine().sessions[sid]
        seat = session.state.to_move()[0]
        before, save = session.state.to_json(), snap["save"]
        answer = bridge(cmd="hint", session=sid, seat=seat)
        assert answer["ok"] is False and answer["kind"] == "BadRequest"
        assert "Hints are off" in answer["error"]["en"] and "ヒント" in answer["error"]["ja"]
        assert session.state.to_json() == before and session.hint is None
        after = ask(cmd="view", session=sid, seat=seat)
        assert after["hints_used"] == [0, 0, 0] and after["save"] == save
        ask(cmd="close", session=sid)


def test_hints_are_counted_once_per_decision_and_kept_in_the_record() -> None:
    rec = record("marie", ["human", "normal", "normal", "normal"], seed=11)
    snap = ask(cmd="start", record=rec)
    sid = str(snap["session"])
    assert snap["hints_used"] == [0, 0, 0, 0] and "hints_used" not in parse_json(snap["save"])
    asked = 0
    for _ in range(400):
        session = engine().sessions[sid]
        state = session.state
        if asked == 2 or state.is_over():
            break
        seat = state.to_move()[0]
        if seat != 0:
            ask(cmd="bot", session=sid, seat=seat, view_seat=0)
            continue
        if len(state.legal_actions(0)) >= 2:
            slices = [ask(cmd="hint", session=sid, seat=0) for _ in range(3)]  # three slices
            asked += 1
            assert [a["hints_used"][0] for a in slices] == [asked] * 3
            # the answer carries the save that now keeps the count (no share link: the game is
            # in progress)
            assert parse_json(slices[-1]["save"])["hints_used"] == [asked, 0, 0, 0]
            assert "share" not in slices[-1] and "seed" not in slices[-1]
        ask(cmd="act", session=sid, seat=0, action=state.legal_actions(0)[0])
    assert asked == 2
    snap = ask(cmd="view", session=sid, seat=0)
    assert snap["hints_used"] == [2, 0, 0, 0]
    # a saved game, opened again, keeps the counts and counts on from them
    resumed = ask(cmd="start", link=snap["save"], seat=0)
    assert resumed["hints_used"] == [2, 0, 0, 0]
    sessions = engine().sessions
    assert sessions[str(resumed["session"])].record.actions == sessions[sid].record.actions
    # so does the replay viewer's answer
    assert ask(cmd="replay", link=snap["save"])["hints_used"] == [2, 0, 0, 0]
    ask(cmd="close", session=sid)


def test_an_undo_keeps_the_counts() -> None:
    sid, seat = position_with_a_choice("hitokai", 2)  # a bid: it may be taken back
    session = engine().sessions[sid]
    ask(cmd="hint", session=sid, seat=seat)
    counts = session.record.hints_counts()
    assert counts[seat] == 1
    legal = session.state.legal_actions(seat)
    undoable = [a for a in legal if session.state.undo_allowed(seat, a)]
    assert undoable, "a bid can be taken back"
    ask(cmd="act", session=sid, seat=seat, action=undoable[0])
    answer = ask(cmd="undo", session=sid, seat=seat)
    assert answer["hints_used"] == counts
    ask(cmd="close", session=sid)


def parse_json(link: str) -> dict[str, Any]:
    """The JSON of a record link, as written (keys left out stay out)."""
    data: dict[str, Any] = json.loads(
        base64.urlsafe_b64decode(link[2:] + "=" * (-len(link[2:]) % 4)).decode("utf-8")
    )
    return data


def test_old_records_and_links_without_the_fields_load_with_the_default_rule() -> None:
    bot = {"kind": "bot", "level": "normal"}
    seats = [{"name": "A", "kind": "human"}, {"name": "B", **bot}, {"name": "C", **bot}]
    old = {"v": 1, "game": "hitokai", "players": 3, "seed": 4, "options": {}, "seats": seats,
           "actions": ["0:b5"]}  # fmt: skip
    rec = record_from_json(old)
    assert rec.hints_used == [] and rec.hints_counts() == [0, 0, 0] and rec.hints_allowed()
    assert rec.to_json() == old  # written back as it was: no new key until a hint is asked
    snap = ask(cmd="start", link=rec.to_fragment(), seat=0)
    assert snap["hints"] is True and snap["hints_used"] == [0, 0, 0]
    ask(cmd="close", session=snap["session"])
    rec.count_hint(2)
    assert record_from_json(rec.to_json()).hints_counts() == [0, 0, 1]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("hints_used", [1, 2], "hint counts"),
        ("hints_used", [1, -1, 0], "hint count"),
        ("hints_used", [1, True, 0], "hint count"),
        ("hints_used", "3", "hint counts"),
        ("options", {"hints": "yes"}, "hints option"),
    ],
)
def test_a_record_with_unreadable_hint_fields_is_refused_readably(
    field: str, value: Any, words: str
) -> None:
    data = record("hitokai", ["human", "normal", "normal"])
    data[field] = value
    answer = bridge(cmd="start", record=data)
    assert answer["ok"] is False and answer["kind"] == "RecordError"
    assert words in answer["error"]["en"] and "ヒント" in answer["error"]["ja"]


def test_a_payment_hint_names_whole_payments_once_and_plays_one_at_once() -> None:
    """The Egyptian Buyer: a hinted card of a payment is the whole payment it begins, paid on the
    way that keeps the most value (the rollouts' way): its picks are every card, its words say
    the whole payment, Play sends its steps at once; cards that begin the same payment are one
    move (a beginner saw the coach pay card by card, one Play each, without knowing how many
    cards it would cost)."""
    sid = str(ask(cmd="start", record=record("hitokai", ["human"] * 3, seed=7))["session"])
    rng = Rng.from_seed(41)
    for _ in range(600):
        state = engine().sessions[sid].state
        assert isinstance(state, HitokaiState)
        seat = state.to_move()[0]
        if state.phase == "pay" and not state.paying and len(state.legal_actions(seat)) >= 3:
            break
        choice = human_choice(sid, rng)
        assert choice is not None
        ask(cmd="act", session=sid, seat=choice[0], action=choice[1])
    else:
        raise AssertionError("no payment with a choice")
    moves, _ = full_hint(sid, seat)
    shown = moves[: coach.HINT_WORDS]
    payments = []
    for m in shown:
        steps = m.get("steps") or [m["a"]]
        assert steps[0] == m["a"] and m["picks"] == [s.removeprefix("pay") for s in steps]
        payments.append(tuple(sorted(steps)))
        picks = [int(p) for p in m["picks"]]
        composed = ask(cmd="compose", session=sid, seat=seat, choice="pay", picks=picks)
        assert composed["complete"] and composed["actions"] == steps
        text = m["words"][0]["text"]
        assert text["en"].startswith(f"{{0}} pays {state.bid_due()} with "), text
        assert "で支払います" in text["ja"], text
    assert len(set(payments)) == len(payments)  # one row a payment
    assert any(len(p) > 1 for p in payments)
    best = shown[0]
    due, hand = state.bid_due(), list(state.hands[seat])
    answer = ask(cmd="act", session=sid, seat=seat, actions=best.get("steps") or [best["a"]])
    assert answer["ok"] and answer["applied"] >= 1
    after = engine().sessions[sid].state
    assert isinstance(after, HitokaiState)
    assert after.payer() != seat  # the whole payment made with one request
    paid = sorted(s.removeprefix("pay") for s in best.get("steps") or [best["a"]])
    kept = list(hand)
    for card in paid:
        kept.remove(int(card))
    assert sorted(after.hands[seat]) == sorted(kept) and due > 0
    ask(cmd="close", session=sid)
