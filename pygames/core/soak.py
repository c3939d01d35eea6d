"""Soak: play many seeded games of every game and player count, checking invariants at every step.

Checked after each action: the game's own invariants (conservation of its components), a seat to
move with a legal action while the game runs, legal lists sorted and given exactly to the seats to
move, JSON round trip and clone of the state, and, every ``deep_every`` steps, hidden information
(a determinized world shows each seat the same view and legal actions, and two worlds a seat cannot
tell apart determinize identically). At the end: termination (or a reported cap) and replay of the
record to the same state. Each violation comes with the record that reproduces it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from pygames.core.bots import Bot, RandomBot, bot_rng, decide
from pygames.core.protocol import GameState, JSONDict
from pygames.core.record import Record, Seat, replay
from pygames.core.registry import all_games, get_game
from pygames.core.rng import Rng

STEP_CAP = 20000


@dataclass
class Outcome:
    """One soaked game."""

    game: str
    players: int
    seed: int
    policy: str
    finished: bool
    actions: int
    violations: list[str]
    record: JSONDict


def check_step(state: GameState, deep: bool, rng: Rng) -> list[str]:
    """The invariants of one position."""
    errors = list(state.invariant_errors())
    movers = state.to_move()
    if not state.is_over() and not movers:
        errors.append("no seat to move in a running game")
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        if legal != sorted(legal):
            errors.append(f"seat {seat}: legal actions not sorted")
        if bool(legal) != (seat in movers):
            errors.append(f"seat {seat}: legal actions do not match the seats to move")
        if deep:
            errors.extend(check_hidden(state, seat, rng))
    text = json.dumps(state.to_json(), sort_keys=True)
    again = json.dumps(type(state).from_json(json.loads(text)).to_json(), sort_keys=True)
    if again != text:
        errors.append("JSON round trip changes the state")
    if json.dumps(state.clone().to_json(), sort_keys=True) != text:
        errors.append("clone differs from the state")
    json.dumps(state.view(None))
    return errors


def check_hidden(state: GameState, seat: int, rng: Rng) -> list[str]:
    """A world the seat cannot tell apart gives it the same view, legal actions and worlds."""
    errors = []
    world = state.determinize(seat, rng.copy())
    if world.view(seat) != state.view(seat):
        errors.append(f"seat {seat}: view shows hidden information")
    if world.legal_actions(seat) != state.legal_actions(seat):
        errors.append(f"seat {seat}: legal actions depend on hidden information")
    probe = Rng.from_seed(state.ply, stream=seat)
    if (
        state.determinize(seat, probe.copy()).to_json()
        != world.determinize(seat, probe.copy()).to_json()
    ):
        errors.append(f"seat {seat}: determinize depends on hidden information")
    return errors


def soak_game(
    game: str, players: int, seed: int, policy: str = "random", deep_every: int = 1
) -> Outcome:
    """Play one game (``policy``: ``random`` or a bot level for every seat) and check it."""
    info = get_game(game)
    bot: Bot = RandomBot() if policy == "random" else info.make_bot(policy)
    seats = [Seat(f"{policy}-{i}", "bot", policy) for i in range(players)]
    record = Record(game, players, seed, {}, seats, [])
    state = info.state_class.new(players, seed, {})
    rng = Rng.from_seed(seed, stream=424242)
    violations: list[str] = []
    while not state.is_over() and len(record.actions) < STEP_CAP and not violations:
        seat = state.to_move()[0]
        action = decide(state, seat, bot, bot_rng(seed, state.ply, seat))
        state.apply(seat, action)
        record.actions.append(f"{seat}:{action}")
        deep = deep_every > 0 and len(record.actions) % deep_every == 0
        violations.extend(
            f"after action {len(record.actions) - 1}: {e}" for e in check_step(state, deep, rng)
        )
    if not violations:
        try:
            if replay(record).to_json() != state.to_json():
                violations.append("replaying the record gives another state")
        except Exception as exc:
            violations.append(f"replay failed: {exc}")
    finished = False
    if state.is_over() and not violations:
        result = state.result()
        finished = result.finished
        if len(result.scores) != players or (finished and not result.winners):
            violations.append("result without scores for every seat or without a winner")
        if not finished and result.winners:
            violations.append("a game stopped by a cap names a winner")
    return Outcome(
        game,
        players,
        seed,
        policy,
        finished,
        len(record.actions),
        violations,
        record.to_json(),
    )


def soak(
    games: int, seconds: float | None, seed: int = 0, deep_every: int = 1, only: str | None = None
) -> JSONDict:
    """Soak every game and player count in turn, alternating random and ``normal`` bots, until
    ``games`` games per case were played or ``seconds`` ran out."""
    cases = [
        (g.id, n)
        for g in all_games()
        if only in (None, g.id)
        for n in range(g.min_players, g.max_players + 1)
    ]
    start = time.perf_counter()
    played, capped, actions = 0, 0, 0
    violations: list[JSONDict] = []
    per_case: dict[str, int] = {f"{g}/{n}": 0 for g, n in cases}
    i = 0
    while i < games:
        for game, players in cases:
            if seconds is not None and time.perf_counter() - start > seconds:
                i = games
                break
            policy = "random" if i % 2 == 0 else "normal"
            out = soak_game(game, players, seed + i, policy, deep_every)
            played += 1
            actions += out.actions
            capped += not out.finished
            per_case[f"{game}/{players}"] += 1
            if out.violations:
                violations.append(
                    {
                        "game": game,
                        "players": players,
                        "seed": out.seed,
                        "policy": policy,
                        "violations": out.violations[:5],
                        "record": out.record,
                    }
                )
        i += 1
    elapsed = time.perf_counter() - start
    return {
        "games": played,
        "actions": actions,
        "capped": capped,
        "seconds": round(elapsed, 2),
        "games_per_second": round(played / elapsed, 2) if elapsed else 0.0,
        "per_case": per_case,
        "violations": violations,
    }
