"""A move in words (:mod:`pygames.core.words`): what a hint says of each move, in English and in
Japanese, from the seat's own information only."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygames.core.protocol import GameState
from pygames.core.registry import all_games, get_game
from pygames.core.rng import Rng
from pygames.core.words import ELLIPSIS, GENERIC, action_words, advice, entry, written
from tests.support import midgame
from tests.test_review import positions

GAMES = [g.id for g in all_games()]


def check_words(words: list[dict[str, Any]], state: GameState) -> None:
    """Non-empty words in both languages, each a log entry whose placeholders name seats."""
    assert words
    for line in words:
        assert set(line) == {"text", "seats"}
        assert line["text"]["en"].strip() and line["text"]["ja"].strip()
        assert line["seats"] and all(0 <= s < state.players for s in line["seats"])
        for text in line["text"].values():
            assert "{" + str(len(line["seats"])) + "}" not in text
            assert "{0}" in text  # every move is someone's: it names the mover


@pytest.mark.parametrize("game", GAMES)
def test_every_move_at_many_positions_has_words_in_both_languages(game: str) -> None:
    info = get_game(game)
    checked = 0
    for players in range(info.min_players, info.max_players + 1):
        for seed in range(12):
            state = midgame(game, players, seed)
            if state.is_over():
                continue
            before = json.dumps(state.to_json(), sort_keys=True)
            for seat in state.to_move():
                for action in state.legal_actions(seat):
                    words = action_words(state, seat, action, Rng.from_seed(seed, 2))
                    check_words(words, state)
                    assert words[0]["seats"][0] == seat  # the mover is named first
                    checked += 1
            assert json.dumps(state.to_json(), sort_keys=True) == before  # untouched
    assert checked >= 100


@pytest.mark.parametrize("game", GAMES)
def test_words_are_the_same_for_true_states_the_seat_cannot_tell_apart(game: str) -> None:
    """The state, and a world determinized from it for the seat to move (every hidden card,
    secret choice and future chance drawn again), give every move the very same words."""
    info = get_game(game)
    pairs = 0
    for seed, state, seat in positions(game, info.max_players, 12):
        other = state.determinize(seat, Rng.from_seed(seed, 5))
        for action in state.legal_actions(seat)[:40]:
            rng = Rng.from_seed(seed, 8)
            assert action_words(state, seat, action, rng) == action_words(
                other, seat, action, rng
            ), (game, seed, action)
        pairs += 1
    assert pairs >= 5


def cheat(state: GameState, seat: int, action: str, rng: Rng) -> list[dict[str, Any]]:
    """Words read from the true state itself (the action applied to a copy of it)."""
    lines = written(state.clone(), seat, action) or []
    return [entry(lines[0]["text"], lines[0]["seats"])] if lines else [entry(GENERIC, [seat])]


def test_words_read_from_the_true_state_would_fail_that_check() -> None:
    """The check can tell: reading the line off the true state gives some move different words
    in two true states the seat cannot tell apart (a roll of the dice, a card drawn)."""
    differ = 0
    for game in ("yadokashi", "pharaoh", "marie"):
        for seed, state, seat in positions(game, get_game(game).max_players, 12):
            other = state.determinize(seat, Rng.from_seed(seed, 5))
            for action in state.legal_actions(seat)[:40]:
                rng = Rng.from_seed(seed, 8)
                if cheat(state, seat, action, rng) != cheat(other, seat, action, rng):
                    differ += 1
    assert differ >= 1


def test_a_roll_the_move_makes_is_not_told_as_if_known() -> None:
    """Yadokashi's Move dice rolls as it is played: its words stop before the roll."""
    found = 0
    for seed in range(30):
        state = midgame("yadokashi", 4, seed)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        for action in ("hi", "lo"):
            if action not in state.legal_actions(seat):
                continue
            words = action_words(state, seat, action, Rng.from_seed(seed))
            en, ja = words[0]["text"]["en"], words[0]["text"]["ja"]
            assert en.endswith(ELLIPSIS) and ja.endswith(ELLIPSIS), words
            assert ("High" if action == "hi" else "Low") in en
            for text in (en, ja):  # no number but the placeholder of the seat
                assert not any(c.isdigit() for c in text.replace("{0}", "")), text
            found += 1
    assert found >= 4


def test_words_are_deterministic_and_leave_the_stream_alone() -> None:
    state = midgame("pharaoh", 4, 3)
    seat = state.to_move()[0]
    rng = Rng.from_seed(9)
    kept = rng.get_state()
    first = [action_words(state, seat, a, rng) for a in state.legal_actions(seat)]
    assert rng.get_state() == kept
    assert first == [
        action_words(state, seat, a, Rng.from_seed(9)) for a in state.legal_actions(seat)
    ]


def payment_step() -> tuple[GameState, int, str]:
    """A Egyptian Buyer payment where one card does not cover the bid (a step of the move)."""
    for seed in range(200):
        state = midgame("hitokai", 4, seed)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        for action in state.legal_actions(seat):
            if action.startswith("pay") and written(state.clone(), seat, action) == []:
                return state, seat, action
    raise AssertionError("no payment in steps")


def test_a_step_that_writes_no_line_is_said_by_the_game() -> None:
    state, seat, action = payment_step()
    words = action_words(state, seat, action, Rng.from_seed(1))
    check_words(words, state)
    card = action[3:]
    assert f"puts the {card}" in words[0]["text"]["en"] and card in words[0]["text"]["ja"]
    assert words[0]["text"] != GENERIC


def test_a_step_no_game_words_reach_gets_the_general_words(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat, action = payment_step()
    monkeypatch.setattr(type(state), "step_words", GameState.step_words)
    words = action_words(state, seat, action, Rng.from_seed(1))
    assert words == [entry(GENERIC, [seat])]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_says_in_japanese_what_to_do_not_what_was_done(game: str) -> None:
    """:func:`advice` puts the Japanese polite past that ends a log line in the present, and
    leaves everything else as it was."""
    info = get_game(game)
    changed = 0
    for seed in range(8):
        state = midgame(game, info.max_players, seed)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        for action in state.legal_actions(seat)[:20]:
            words = action_words(state, seat, action, Rng.from_seed(seed))
            said = advice(words)
            assert [w["seats"] for w in said] == [w["seats"] for w in words]
            assert [w["text"]["en"] for w in said] == [w["text"]["en"] for w in words]
            for before, after in zip(words, said, strict=True):
                ja = after["text"]["ja"]
                assert not re.search(r"ました(\([^)]*\)|（[^）]*）)?。?$", ja), ja
                if before["text"]["ja"] != ja:
                    changed += 1
                    assert before["text"]["ja"].replace("ました", "ます") == ja
    assert changed >= 1
