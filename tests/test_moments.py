"""Moments that matter (issue 31): the engine marks the log lines of a moment (``moment``: its
kind; ``moment_for``: the seats it matters to), and every seat's log carries the marks. The table
holds them on screen (web/ui/moments.js); which lines are a moment is the engine's word alone."""

from __future__ import annotations

import random
from collections import Counter

from pygames.core.protocol import GameState, JSONDict
from pygames.core.registry import get_game


def played(game: str, players: int, seed: int = 7) -> GameState:
    """A whole game of random moves."""
    info = get_game(game)
    state = info.state_class.new(players, seed, dict(info.default_options))
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def marked(log: list[JSONDict]) -> list[JSONDict]:
    return [e for e in log if "moment" in e]


def test_every_seat_reads_the_marks_of_the_log() -> None:
    state = played("hitokai", 3)
    lines = [len(marked(state.log_for(s))) for s in (None, 0, 1, 2)]
    assert lines[0] > 0 and len(set(lines)) == 1


def test_baggai_shopping_parties_and_round_results() -> None:
    kinds = Counter(e["moment"] for e in marked(played("baggai", 4).log_for(0)))
    assert set(kinds) == {"shopping", "party", "round"}
    log = played("baggai", 4).log_for(None)
    for e in log:
        en = e["text"]["en"]
        if en.startswith(("Prices revealed", "{0} buys the")):
            assert e.get("moment") == "shopping", en
        if en.startswith("Party, "):
            assert e.get("moment") == "party", en
        if en.startswith("Clean-up:"):
            assert e.get("moment") == "round", en
        if en.startswith("{0} has chosen a price"):
            assert "moment" not in e  # a move like any other


def test_marie_pairs_and_round_results() -> None:
    log = played("marie", 4).log_for(0)
    assert all(e["moment"] == "pairs" for e in log if "reveals" in e["text"]["en"])
    assert all(
        e.get("moment") == "round" for e in log if e["text"]["en"] == "All decisions are in:"
    )
    assert all("moment" not in e for e in log if e["text"]["en"].endswith("has voted."))
    assert any(e.get("moment") == "round" for e in log)


def test_marie_redistribution_marks_only_the_decision_that_ends_the_round() -> None:
    # a redistributed round: each decision is shown as it is made; the last one ends the round
    for seed in range(1, 40):
        log = played("marie", 4, seed).log_for(None)
        starts = [i for i, e in enumerate(log) if "pairs change hands" in e["text"]["en"]]
        if not starts:
            continue
        i = starts[0]
        end = next(
            j
            for j in range(i, len(log))
            if log[j]["text"]["en"].startswith(("Round ", "Game over"))
        )
        settles = [e for e in log[i:end] if "keeps" in e["text"]["en"] or "eats" in e["text"]["en"]]
        assert [e.get("moment") for e in settles] == [None] * (len(settles) - 1) + ["round"]
        return
    raise AssertionError("no redistributed round found")


def test_pharaoh_round_end() -> None:
    log = played("pharaoh", 3).log_for(1)
    ends = [e for e in log if " ends: " in e["text"]["en"]]
    assert len(ends) == 5 and all(e["moment"] == "round" for e in ends)


def test_yadokashi_a_roll_and_its_outcome_matter_to_the_roller() -> None:
    state = played("yadokashi", 3)
    log = state.log_for(None)
    rolls = [e for e in log if " rolls " in e["text"]["en"]]
    assert rolls
    for e in rolls:
        assert e["moment"] == "roll" and e["moment_for"] == e["seats"][:1]
    # the outcome: growth, moves and income of the same ply are the roller's moment too
    for e in log:
        if e["text"]["en"].startswith("The crab of size"):
            assert e.get("moment") == "roll"
        if " buys shell " in e["text"]["en"] or "rearranges" in e["text"]["en"]:
            assert "moment" not in e
    assert getattr(state, "rolling") is None  # noqa: B009 (only Yadokashi has it)


def test_egyptian_buyer_an_auction_matters_to_its_bidders() -> None:
    log = played("hitokai", 3).log_for(None)
    sold = [e for e in log if " buys daughter " in e["text"]["en"]]
    assert sold
    for e in sold:
        assert e["moment"] == "auction" and e["seats"][0] in e["moment_for"]
    assert all("moment" not in e for e in log if " bids " in e["text"]["en"])


def test_a_moment_still_unfolding_is_said_in_the_view() -> None:
    """``moment_open``: an auction's payments, a round's shopping, a roller's choices; the table
    holds a moment only once it is over."""
    info = get_game("hitokai")
    state = info.state_class.new(3, 7, {})
    rng = random.Random(7)
    seen = set()
    while not state.is_over():
        seen.add((state.view(None).get("moment_open", False), state.view(0)["phase"]))
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert (True, "pay") in seen and (False, "bid") in seen and (True, "bid") not in seen
    assert "moment_open" not in played("marie", 3).view(0)
