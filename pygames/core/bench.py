"""Engine benchmark: random full games per second for every game and player count, and the cost
of one action in CPython (or whatever Python runs it).

A game here is a random playout as the search bots run them: the legal actions of the seat to
move, computed once, one of them drawn from a fixed random stream and applied without checking
it again (:meth:`GameState.apply_unchecked`; it was just taken from the legal list). The cost
per action is therefore one ``legal_actions`` plus one ``apply``. Each row gives wall-clock
rates and CPU-time rates (``cpu_*``): on a busy machine only the latter mean much.
"""

from __future__ import annotations

import time

from pygames.core.protocol import GameState, JSONDict
from pygames.core.registry import all_games
from pygames.core.rng import Rng

ACTION_CAP = 20000


def random_game(state_class: type[GameState], players: int, seed: int) -> int:
    """Play one game with uniformly random legal actions; returns the number of actions."""
    state = state_class.new(players, seed, {})
    rng = Rng.from_seed(seed, stream=31)
    count = 0
    while not state.is_over() and count < ACTION_CAP:
        seat = state.to_move()[0]
        state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
        count += 1
    return count


def bench(seconds: float = 1.0, only: str | None = None) -> JSONDict:
    """For each game and player count, play random games for about ``seconds``."""
    rows = []
    for info in all_games():
        if only not in (None, info.id):
            continue
        for players in range(info.min_players, info.max_players + 1):
            games, actions, seed = 0, 0, 0
            start, cpu_start = time.perf_counter(), time.process_time()
            while time.perf_counter() - start < seconds or games == 0:
                actions += random_game(info.state_class, players, seed)
                games += 1
                seed += 1
            elapsed = time.perf_counter() - start
            cpu = max(time.process_time() - cpu_start, 1e-9)
            rows.append({
                "game": info.id, "players": players, "games": games,
                "games_per_second": round(games / elapsed, 2),
                "actions_per_game": round(actions / games, 1),
                "us_per_action": round(elapsed / actions * 1e6, 1) if actions else 0.0,
                "cpu_games_per_second": round(games / cpu, 2),
                "cpu_us_per_action": round(cpu / actions * 1e6, 1) if actions else 0.0,
            })  # fmt: skip
    return {"seconds_per_case": seconds, "rows": rows}
