"""What the engine tests share, written once: the cases of every registered game, the command
line run as a user runs it, a game of random moves checked at every step, a position in the
middle of a game, the JSON round trip, and a bot's win share (the arena's own count).

The tests import it as ``tests.support``, in CPython and in Pyodide alike
(tools/pyodide_tests.mjs copies the whole ``tests/`` folder). The bridge helpers and the
fixtures stay in ``conftest.py``.
"""

from __future__ import annotations

import importlib
import json
import math
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from pygames.core.arena import arena
from pygames.core.protocol import GameState, JSONDict
from pygames.core.registry import all_games, get_game
from pygames.core.rng import Rng
from tests.conftest import IN_PYODIDE, ROOT

S = TypeVar("S", bound=GameState)

# every registered game with every player count it allows
CASES = [(g.id, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
CASE_IDS = [f"{game}-{players}" for game, players in CASES]

STEP_CAP = 20_000  # a random game longer than this did not terminate


def processor_clock() -> Callable[[], float]:
    """This process's processor time, in seconds: ``time.process_time`` in CPython; in Pyodide
    (run by Node.js, where ``process_time`` is the wall clock) Node's ``process.cpuUsage()``."""
    if not IN_PYODIDE:
        return time.process_time
    node = importlib.import_module("js").process

    def clock() -> float:
        usage = node.cpuUsage()
        return float(usage.user + usage.system) / 1e6

    return clock


def cli_command(*args: str) -> list[str]:
    """``python -m pygames ARGS`` with this Python."""
    return [sys.executable, "-m", "pygames", *args]


def run_cli(
    *args: str, stdin: str | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m pygames ARGS`` from the repository root, as a user would; its exit
    status and output (text), never raising on a failing status."""
    return subprocess.run(
        cli_command(*args), cwd=ROOT, input=stdin, capture_output=True, text=True,
        timeout=timeout, check=False,
    )  # fmt: skip


def run_cli_twice(*args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run the same command twice at the same time (two processes: half the wall time on two
    cores); the first run, and the second's output (which must have exited 0)."""
    procs = [
        subprocess.Popen(
            cli_command(*args), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    first = subprocess.CompletedProcess(procs[0].args, procs[0].returncode, *outs[0])
    assert procs[1].returncode == 0, outs[1][1]
    return first, outs[1][0]


def no_check(before: GameState, state: GameState, seat: int, action: str) -> None:
    """The step check of a game that has none of its own."""


def play_random(
    state: S,
    seed: int,
    check: Callable[[S, S, int, str], None] = no_check,
    *,
    deep: Callable[[S, Rng], None] | None = None,
    cap: int = STEP_CAP,
) -> tuple[S, list[str]]:
    """Play ``state`` to its end with uniformly random moves (stream 77 of ``seed``); return it
    and the actions played, as a record writes them (``seat:action``).

    Before every action: a seat to move, each with a legal action, and fewer than ``cap``
    actions so far. After it: ``check(before, state, seat, action)`` (``before``: a copy of the
    state before the action), and with ``deep``, the JSON round trip (:func:`assert_round_trip`)
    and ``deep(state, rng)`` (``rng`` is the game's stream: copy it, do not draw from it). At the
    end, the round trip again. Of several seats to move, a random one acts.
    """
    rng = Rng.from_seed(seed, stream=77)
    actions: list[str] = []
    while not state.is_over():
        assert len(actions) < cap, "the game did not terminate"
        movers = state.to_move()
        assert movers, "a running game must have a seat to move"
        for mover in movers:
            assert state.legal_actions(mover), f"seat {mover} to move has no legal action"
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        action = rng.choice(state.legal_actions(seat))
        before = cast(S, state.clone())
        state.apply(seat, action)
        actions.append(f"{seat}:{action}")
        check(before, state, seat, action)
        if deep is not None:
            assert_round_trip(state)
            deep(state, rng)
    assert_round_trip(state)
    return state, actions


def midgame(
    game: str, players: int, seed: int, most: int = 40, options: JSONDict | None = None
) -> GameState:
    """A position reached by random play, somewhere in the game: the new game of ``seed`` after
    fewer than ``most`` random moves (stream 9 of ``seed``: how many, and which; the first seat
    to move acts), or its end if it comes first."""
    state = get_game(game).state_class.new(players, seed, {} if options is None else options)
    rng = Rng.from_seed(seed, 9)
    for _ in range(rng.below(most)):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def assert_round_trip(state: GameState) -> None:
    """The state's JSON reads back to the same JSON, and its clone writes the same JSON."""
    text = json.dumps(state.to_json())
    again = type(state).from_json(json.loads(text))
    assert json.dumps(again.to_json()) == text
    assert json.dumps(state.clone().to_json()) == text


def win_share(game: str, players: int, games: int, seed: int, level: str = "normal") -> float:
    """The share of wins of one ``level`` bot against random bots (a k-way shared win counts
    1/k), its seat rotated over ``games`` seeded games: the arena's count
    (:func:`pygames.core.arena.arena`). Every game must finish."""
    run = arena(game, players, [level] + ["random"] * (players - 1), games, seed)
    assert run.finished == games, f"{games - run.finished} of {games} games did not finish"
    return statistics.fmean(run.tallies[level].wins)


def shown_keys(moves: list[dict[str, Any]], basis: str) -> list[tuple[float, ...]]:
    """The figures of a hint's moves as the page shows them (a whole percent as JavaScript's
    ``Math.round``, the place and the points to one decimal), in the order the hint promises:
    on the ``win`` basis the chance to win (higher first), then the place (lower first), then
    the points (more first); on the ``place`` basis the place, then the points, then the chance.
    A hint is in order when these keys are sorted."""
    keys: list[tuple[float, ...]] = []
    for m in moves:
        win = math.floor(round(100 * m["win"], 6) + 0.5)
        place, points = round(m["place"], 1), round(m["points"], 1)
        keys.append((place, -points, -win) if basis == "place" else (-win, place, -points))
    return keys
