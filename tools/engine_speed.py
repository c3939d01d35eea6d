"""How fast the engine of the current directory's tree plays: ``normal``-bot games and strong
search iterations per second of processor time, per game (4 players; Pharaoh 3).

* games: whole games of ``normal`` bots as ``simulate`` plays them
  (:func:`pygames.core.play.play_bots`: a determinization per decision, the bot's choice, the
  checked ``apply``), seeds from 1000;
* search: the positions of ``tools/engine_fingerprint.py``, each searched by the ``strong`` bot
  for exactly ``--iterations`` iterations (its time limits lifted); iterations per second of
  the search alone.

Processor time, not wall time, so a busy machine skews the figures less (in Pyodide,
``time.process_time`` follows the browser's clock, so there it is wall time). Each measure runs
for at least ``--seconds`` and at least 3 games / ``--iterations`` iterations.

``--players N`` measures N players instead (every game that seats N), ``--players all`` every
player count of each game. ``--json`` prints the rows as JSON, each with ``engine``, the
``pygames`` package measured. ``tools/engine_bench.py`` (``python3 build.py bench-engine``)
runs this file in two trees side by side (and imports it in Pyodide: :func:`measure`). Usage::

    python3 tools/engine_speed.py [--game ID] [--players N|all] [--seconds S] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_fingerprint import position  # type: ignore[import-not-found]

import pygames
from pygames.core.play import play_bots
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import GameInfo, all_games
from pygames.core.rng import Rng
from pygames.core.search import Search, SearchBot


def seats_for(info: GameInfo) -> int:
    """The player count measured: 4, or Pharaoh's 3 (its most common table)."""
    return 3 if info.id == "pharaoh" else min(max(4, info.min_players), info.max_players)


def player_counts(info: GameInfo, players: str | None) -> list[int]:
    """The player counts measured for ``--players``: None the usual one (:func:`seats_for`),
    ``all`` every count the game allows, a number that count if the game seats it."""
    if players is None:
        return [seats_for(info)]
    if players == "all":
        return list(range(info.min_players, info.max_players + 1))
    return [int(players)] if info.min_players <= int(players) <= info.max_players else []


def games_rate(info: GameInfo, seconds: float, players: int) -> tuple[float, int]:
    """(games per processor second, games played) of ``normal`` bots for about ``seconds``."""
    start, games = time.process_time(), 0
    while time.process_time() - start < seconds or games < 3:
        seats = [Seat(f"normal-{s}", "bot", "normal") for s in range(players)]
        record = Record(info.id, players, 1000 + games, {}, seats, [])
        play_bots(record, new_state(record))
        games += 1
    return games / (time.process_time() - start), games


def search_rate(info: GameInfo, seconds: float, iterations: int, players: int) -> tuple[float, int]:
    """(iterations per processor second, iterations run) of strong searches of seeded
    positions for about ``seconds``."""
    seed, done, spent = 9000, 0, 0.0
    while spent < seconds or done < iterations:
        spot = position(info, players, seed)
        seed += 1
        if spot is None:
            continue
        state, seat = spot
        bot = info.make_bot("strong")
        assert isinstance(bot, SearchBot)
        bot.iterations, bot.seconds, bot.max_seconds = iterations, 1e9, 1e9
        rng = Rng.from_seed(seed, stream=7)
        start = time.process_time()
        search = Search(bot, state.determinize(seat, rng), seat, rng)
        while not search.run(1e9):
            pass
        spent += time.process_time() - start
        done += search.iterations
    return done / spent, done


def measure(
    game: str | None,
    seconds: float,
    iterations: int = 200,
    players: str | None = None,
    part: str | None = None,
) -> list[dict[str, Any]]:
    """The rows: per game (``game`` only if given) and player count, games and iterations per
    second, how many were played and run, and the ``pygames`` package measured. ``part``
    (``games`` or ``search``): that measure only (the other's figures are 0), so that each can
    run in a process of its own, where no memo of the engine was filled by the other."""
    rows = []
    for info in all_games():
        if game not in (None, info.id):
            continue
        for count in player_counts(info, players):
            games, played = games_rate(info, seconds, count) if part != "search" else (0.0, 0)
            iters, ran = (
                search_rate(info, seconds, iterations, count) if part != "games" else (0.0, 0)
            )
            rows.append({"game": info.id, "players": count, "games_per_s": games,
                         "games": played, "iterations_per_s": iters, "iterations": ran,
                         "engine": str(Path(pygames.__file__).resolve().parent)})  # fmt: skip
    return rows


def main() -> int:
    """Print the rates."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game only")
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and measure")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per search")
    parser.add_argument("--players", help="a player count, or all (default: 4; Pharaoh 3)")
    parser.add_argument("--part", choices=("games", "search"), help="one measure only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(args.game, args.seconds, args.iterations, args.players, args.part)
    if args.json:
        print(json.dumps(rows))
    else:
        for row in rows:
            print(f"{row['game']:10} {row['players']}p  {row['games_per_s']:8.1f} games/s"
                  f"  {row['iterations_per_s']:8.1f} iterations/s")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
