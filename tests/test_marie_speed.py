"""The shortcuts that make Marie's Table fast, checked against the plain ways over thousands of
seeded games: a copy shares the lists a change replaces (so playing a copy, or a world, to its
end must leave the original as its JSON was), log lines are written out only when the log is
read (so reading it after every action or only at the end gives the same log), a world reads
its log as its seat reads it only when the log is read (so it must be the seat's reading, the
same read at once or late), and the heuristic reads a table of values (built from the values).

``MARIE_SPEED_GAMES`` raises the number of games (default 1000 per test)."""

from __future__ import annotations

import os

from pygames.core.bots import Bot, RandomBot
from pygames.core.rng import Rng
from pygames.games.marie.bot import MarieHeuristicBot, best_value, settle_values, value_table
from pygames.games.marie.rules import MarieState

GAMES = int(os.environ.get("MARIE_SPEED_GAMES", "1000"))
BOTS: list[Bot] = [MarieHeuristicBot(), RandomBot()]


def play_out(state: MarieState, rng: Rng, stop: int = 10**6) -> list[tuple[int, str]]:
    """Play ``state`` on with the two bots taking turns (at most ``stop`` actions), through
    the checked ``apply``; the actions played."""
    played: list[tuple[int, str]] = []
    while not state.is_over() and len(played) < stop:
        seat = state.to_move()[0]
        action = BOTS[state.ply % 2].choose(state, seat, rng)
        state.apply(seat, action)  # checked: a legal action
        played.append((seat, action))
    return played


def midgame(seed: int) -> MarieState:
    """A seeded game stopped at a seeded point (its log not yet read)."""
    state = MarieState.new(3 + seed % 3, seed)
    rng = Rng.from_seed(seed, stream=1)
    play_out(state, rng, rng.below(60))
    return state


def test_copies_and_worlds_leave_the_original_alone() -> None:
    for seed in range(GAMES):
        state = midgame(seed)
        before = state.to_json()
        rng = Rng.from_seed(seed, stream=2)
        copy = state.clone()
        again = MarieState.from_json(before)  # the plain copy: through JSON
        played = play_out(copy, rng.copy())
        for seat, action in played:
            again.apply(seat, action)
        assert copy.to_json() == again.to_json()
        if not state.is_over():
            seat = state.to_move()[0]
            world = state.determinize(seat, rng)
            play_out(world, rng)
        assert state.to_json() == before, seed


def test_the_log_written_late_is_the_log_written_at_once() -> None:
    for seed in range(GAMES):
        late = MarieState.new(3 + seed % 3, seed)
        early = MarieState.new(3 + seed % 3, seed)
        rng = Rng.from_seed(seed, stream=3)
        for seat, action in play_out(late, rng):
            early.apply(seat, action)
            assert len(early.log) >= 1  # reading it writes out the lines told so far
        assert late.log == early.log, seed
        assert late.to_json() == early.to_json()


def test_a_world_reads_the_log_as_its_seat() -> None:
    for seed in range(GAMES):
        state = midgame(seed)
        if state.is_over():
            continue
        rng = Rng.from_seed(seed, stream=4)
        seat = state.to_move()[0]
        other = (seat + 1) % state.players
        unread, read, deep = (state.determinize(seat, rng.copy()) for _ in range(3))
        assert read.log == state.log_for(seat), seed
        assert deep.determinize(other, rng.copy()).log == read.log_for(other), seed
        assert state.determinize(other, rng.copy()).log == state.log_for(other), seed
        for seat_moving, action in play_out(unread, Rng.from_seed(seed)):
            read.apply(seat_moving, action)
            assert read.log  # written out at every action
        assert unread.log == read.log, seed


def test_the_value_table_is_the_best_choice() -> None:
    for eats in range(3):
        for left in range(6):
            table = value_table(eats, left)
            for a in range(8):
                for b in range(8):
                    best = max(settle_values(a, b, False, eats, left))
                    assert table[False][a][b] == best_value(a, b, False, eats, left) == best
                if a <= 6:
                    assert table[True][a][a] == max(settle_values(a, a, True, eats, left))
