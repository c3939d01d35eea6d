"""A game's ``hidden`` flag (the catalogue's ``hidden``) says whether a seat may see less than the
whole table: the replay's spectator option says "hands hidden" only where something is. Checked
against the views themselves over seeded random games: with ``hidden`` False, every seat's view
is the spectator's at every position; with it True, some seat sees something the spectator does
not at some position."""

from __future__ import annotations

from typing import Any

import pytest

from pygames.core.protocol import GameState
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games, get_game
from tests.support import play_random

GAMES = [info.id for info in all_games()]


def differs(state: GameState) -> bool:
    """Whether some seat's view holds more than the spectator's (its own ``seat`` field aside)."""
    spectator = state.view(None)
    for seat in range(state.players):
        mine: dict[str, Any] = {k: v for k, v in state.view(seat).items() if k != "seat"}
        if mine != {k: v for k, v in spectator.items() if k != "seat"}:
            return True
    return False


def seen_hidden(game: str, seed: int) -> bool:
    """Whether a seeded random game of ``game`` shows a seat more than the spectator at some
    position (the first, then after every action)."""
    info = get_game(game)
    players = info.min_players
    record = Record(
        game, players, seed, {}, [Seat(f"s{i}", "bot", "random") for i in range(players)], []
    )
    found = [differs(new_state(record))]

    def check(_before: GameState, state: GameState, _seat: int, _action: str) -> None:
        found.append(differs(state))

    play_random(new_state(record), seed, check)
    return any(found)


@pytest.mark.parametrize("game", GAMES)
def test_the_hidden_flag_says_what_the_views_show(game: str) -> None:
    seen = any(seen_hidden(game, seed) for seed in (1, 2, 3))
    assert seen == get_game(game).hidden, game
    assert get_game(game).to_json()["hidden"] == seen
