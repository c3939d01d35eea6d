"""The Egyptian Buyer's tutorial (pygames/tutorials/hitokai.py) beyond the checks every tutorial
passes (tests/test_tutorials.py): what its words say is what the table shows at that step, each
move it expects is offered by the page as it is drawn, and its scripted seats bid within their
hands but for the one bid over a hand the tutorial is about."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pygames.core.record import new_state, split_action
from pygames.games.hitokai import page
from pygames.games.hitokai.rules import HitokaiState
from pygames.tutorials import Compose, Step, line, move_actions
from pygames.tutorials.hitokai import TUTORIAL

LEARNER = TUTORIAL.learner


def walk() -> Iterator[tuple[Step, HitokaiState]]:
    """Each step with the position its words are shown in (its scripted moves played); the
    script's own line is played on after it."""
    state = new_state(TUTORIAL.record())
    assert isinstance(state, HitokaiState)
    done = 0
    for step in TUTORIAL.steps:
        for entry in step.play:
            seat, notation = split_action(entry, done, TUTORIAL.players)
            state.apply(seat, notation)
            done += 1
        yield step, state
        if step.expect:
            for notation in move_actions(TUTORIAL.game, state, LEARNER, step.expect[0]):
                state.apply(LEARNER, notation)
                done += 1


def positions() -> dict[str, HitokaiState]:
    """A copy of each step's position, by step id."""
    return {step.id: state.clone() for step, state in walk()}


def test_every_expected_move_is_offered_as_the_page_draws_it() -> None:
    for step, state in walk():
        for move in step.expect:
            if isinstance(move, Compose):
                (choice,) = page.choices(state, LEARNER)
                assert choice["id"] == move.choice, step.id
                assert page.compose(state, LEARNER, move.choice, list(move.picks)).complete
            else:
                offered = {m["a"] for m in page.discrete_moves(state, LEARNER)}
                assert move in offered, step.id


def test_each_payment_is_a_real_choice_and_the_line_pays_the_suggestion() -> None:
    for step, state in walk():
        pays = [move for move in step.expect if isinstance(move, Compose)]
        if not pays:
            continue
        assert state.payer() == LEARNER, step.id  # the engine did not settle it alone
        assert sorted(pays[0].picks) == state.suggestion(LEARNER), step.id


def test_the_opener_cannot_withdraw_and_the_others_can() -> None:
    at = positions()
    assert "pass" not in at["open"].legal_actions(LEARNER)
    assert "pass" in at["withdraw"].legal_actions(LEARNER)


def test_the_lessons_happen_as_the_words_say() -> None:
    at = positions()
    lost = at["pay-lost"]
    assert lost.buyers[0] == 1 and lost.bid_due() == 2 and lost.hands[LEARNER].count(4) == 2
    assert at["pay-few"].bid_due() == 6 and at["pay-few"].hands[LEARNER].count(5) == 3
    alone = at["alone"]
    assert alone.auctions[-1]["bids"] == [6, 1, 5]  # Nadia lost daughter 5 and paid her 5
    assert alone.last_bid == [5, None, None] and alone.buyers[2] == LEARNER
    start = at["open-12"]
    assert (start.daughter, start.start) == (12, LEARNER)
    assert [len(hand) for hand in start.hands] == [15, 9, 3]
    assert start.buyers[7] == LEARNER  # daughter 11
    over = at["overbid"]
    assert over.last_bid[2] == 4 and over.value(2) == 3


def test_nadia_is_eliminated_and_sits_out_the_last_auction() -> None:
    at = positions()
    out = at["eliminated"]
    assert out.eliminated == [False, False, True] and out.hands[2] == []
    assert out.buyers[3] == 2 and out.buyers[5] == 2  # her daughters 7 and 9 stay hers
    assert (out.daughter, out.phase, out.status[2]) == (13, "bid", "out")


def test_the_rounds_end_as_the_words_say() -> None:
    at = positions()
    (first,) = at["round-end"].summaries
    mine = first["seats"][LEARNER]
    assert (mine["daughter_points"], mine["bonus"], mine["total"]) == (47, 3, 50)
    assert first["winner"] == LEARNER and first["next_start"] == LEARNER
    assert first["seats"][2]["eliminated"]
    end = at["end"]
    assert end.is_over() and end.points == [2, 0, 0]
    assert [summary["winner"] for summary in end.summaries] == [LEARNER, LEARNER]


def test_the_scripted_seats_bid_within_their_hands_but_once() -> None:
    state = new_state(TUTORIAL.record())
    assert isinstance(state, HitokaiState)
    over = []
    for i, entry in enumerate(line(TUTORIAL)):
        seat, notation = split_action(entry, i, TUTORIAL.players)
        bid = int(notation[1:]) if notation.startswith("b") else 0
        if seat != LEARNER and bid > state.value(seat):
            over.append((state.round, state.daughter, seat, bid))
        state.apply(seat, notation)
    assert over == [(1, 12, 2, 4)]


def test_the_skips_are_announced() -> None:
    for step in TUTORIAL.steps:
        if step.fast:
            assert "skip" in step.text["en"] and "進めます" in step.text["ja"], step.id


def test_the_learner_is_sam_and_the_words_still_say_you() -> None:
    assert dict(TUTORIAL.names[LEARNER]) == {"en": "Sam", "ja": "サム"}
    welcome = TUTORIAL.steps[0].text
    assert "Sam" in welcome["en"] and "サム" in welcome["ja"]
    for step in TUTORIAL.steps[1:]:
        assert "Sam" not in step.text["en"] and "サム" not in step.text["ja"], step.id


def test_the_words_name_the_learner_who_buys() -> None:
    """A step whose words say a daughter was bought by the learner says who: あなたが."""
    for step, state in walk():
        if "落札しました" in step.text["ja"]:
            assert state.payer() == LEARNER and state.buyers[state.daughter - 4] == LEARNER
            assert "あなたが" in step.text["ja"], step.id


def test_the_first_picks_are_the_doubled_cards_the_words_name_first() -> None:
    at = positions()
    for key in ("alone", "pay-12"):
        step = next(s for s in TUTORIAL.steps if s.id == key)
        pay = step.expect[0]
        assert isinstance(pay, Compose)
        k = at[key].daughter
        assert pay.picks[:2] == (k, k) and pay.picks[2] != k, key


def test_round_2_starts_once_its_result_is_closed_then_skips_to_13() -> None:
    ids = [step.id for step in TUTORIAL.steps]
    assert ids.index("round-2") == ids.index("round-end") + 1
    at = positions()
    start = at["round-2"]
    assert (start.round, start.daughter, start.phase, start.bid) == (2, 4, "bid", 0)
    assert start.to_move() == [LEARNER] and len(start.summaries) == 1
    assert "第2ラウンドへ進む" in TUTORIAL.steps[ids.index("round-2")].text["ja"]
    assert at["skip-2"].daughter == 13 and at["skip-2"].round == 2


COUNTS = {"two": 2, "three": 3, "four": 4}


def test_the_words_count_the_cards_the_hand_holds() -> None:
    """Words "your two 12s": all the 12s of the hand; "two of your 12s", some of them (the second
    trial read "your two 12s" beside a hand of three)."""
    for step, state in walk():
        hand = state.hands[LEARNER]
        for word, n in COUNTS.items():
            for m in re.finditer(rf"\byour {word} (\d+)s\b", step.text["en"]):
                assert hand.count(int(m.group(1))) == n, (step.id, m.group(0), hand)
            for m in re.finditer(rf"\b{word} of your (\d+)s\b", step.text["en"]):
                assert hand.count(int(m.group(1))) > n, (step.id, m.group(0), hand)


def test_an_eliminated_player_is_named_with_the_tables_word() -> None:
    """The table says "Eliminated" / 脱落 (web/games/hitokai.js hk_eliminated); "Out" / 不参加 is
    another state (no cards left), never said of an eliminated player."""
    for step, state in walk():
        if any(state.eliminated):
            assert not re.search(r"\bOut\b", step.text["en"]), step.id
            assert "不参加" not in step.text["ja"], step.id
    words = [s.text for s in TUTORIAL.steps if s.id in ("eliminated", "open-13")]
    assert all("eliminated" in w["en"] and "脱落" in w["ja"] for w in words)
