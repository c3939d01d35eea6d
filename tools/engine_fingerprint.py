"""The engine's behaviour as a handful of hashes, to prove that a faster engine plays the same.

Two parts, each a sha256 per case:

* ``games/<game>-<players>p``: ``--games`` seeded bot games per game and player count, the bots
  of each seat rotating through ``random``, ``easy`` and ``normal`` (as ``simulate`` plays them,
  through :func:`pygames.core.play.play_bots`). Each game adds its summary line (record, scores,
  winners, tie-break), its final state's JSON and every seat's and the spectator's final view
  (with the log) to the hash.
* ``search/<game>-<players>p``: ``--positions`` seeded positions per game (a game of ``normal``
  bots stopped after a seeded number of plies), each searched by the ``strong`` bot for exactly
  ``--iterations`` iterations (its time limits lifted): every root action's visits,
  availability, reward and win sums (``repr`` of the floats), the iterations and the action it
  plays.

Usage::

    python3 tools/engine_fingerprint.py --out before.json          # at the earlier commit
    python3 tools/engine_fingerprint.py --compare before.json      # after: differences, exit 1

Run it from the repository to fingerprint (it imports ``pygames`` from the current directory's
tree). The thousands-of-games check: ``--games 200`` (about 3,000 games).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

from pygames.core.play import play_bots, summary
from pygames.core.protocol import GameState
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import GameInfo, all_games
from pygames.core.rng import Rng
from pygames.core.search import Search, SearchBot

LEVELS = ("random", "easy", "normal")


def canonical(data: Any) -> bytes:
    """Canonical JSON bytes (sorted keys, no spaces)."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def game_digest(info: GameInfo, players: int, seed: int) -> bytes:
    """The bytes one seeded bot game contributes to its case's hash."""
    levels = [LEVELS[(seed + s) % len(LEVELS)] for s in range(players)]
    seats = [Seat(f"{level}-{s}", "bot", level) for s, level in enumerate(levels)]
    record = Record(info.id, players, seed, {}, seats, [])
    state = new_state(record)
    play_bots(record, state)
    views = [state.view(s) for s in [*range(players), None]]
    return canonical([summary(record, state), state.to_json(), views])


def games_hash(info: GameInfo, players: int, count: int, base: int) -> str:
    """The hash of ``count`` seeded games from seed ``base``."""
    digest = hashlib.sha256()
    for seed in range(base, base + count):
        digest.update(game_digest(info, players, seed))
    return digest.hexdigest()


def position(info: GameInfo, players: int, seed: int) -> tuple[GameState, int] | None:
    """A seeded position of a ``normal``-bot game, with the seat to decide there (``None``
    when the game ends first or the seat has a single legal action)."""
    seats = [Seat(f"normal-{s}", "bot", "normal") for s in range(players)]
    record = Record(info.id, players, seed, {}, seats, [])
    state = new_state(record)
    play_bots(record, state, cap=5 + seed % 40)
    if state.is_over():
        return None
    seat = state.to_move()[0]
    return (state, seat) if len(state.legal_actions(seat)) > 1 else None


def search_stats(info: GameInfo, state: GameState, seat: int, seed: int, iterations: int) -> Any:
    """The root statistics of an exactly ``iterations``-long strong search of the position."""
    bot = info.make_bot("strong")
    assert isinstance(bot, SearchBot)
    bot.iterations, bot.seconds, bot.max_seconds = iterations, 1e9, 1e9
    rng = Rng.from_seed(seed, stream=7)
    search = Search(bot, state.determinize(seat, rng), seat, rng)
    while not search.run(1e9):
        pass
    root = {
        a: [n.visits, n.available, repr(n.reward), repr(n.wins), repr(n.squares)]
        for a, n in sorted(search.root.children.items())
    }
    return [search.iterations, search.best(), root]


def search_hash(info: GameInfo, players: int, count: int, iterations: int) -> str:
    """The hash of ``count`` seeded positions' searches."""
    digest = hashlib.sha256()
    found, seed = 0, 9000
    while found < count and seed < 9000 + 20 * count:
        spot = position(info, players, seed)
        if spot is not None:
            digest.update(canonical(search_stats(info, *spot, seed, iterations)))
            found += 1
        seed += 1
    return digest.hexdigest()


def fingerprint(games: int, positions: int, iterations: int, only: str | None) -> dict[str, str]:
    """Every case's hash."""
    out: dict[str, str] = {}
    for info in all_games():
        if only not in (None, info.id):
            continue
        for players in range(info.min_players, info.max_players + 1):
            out[f"games/{info.id}-{players}p"] = games_hash(info, players, games, 4000)
            print(f"games/{info.id}-{players}p", file=sys.stderr, flush=True)
        players = min(max(4, info.min_players), info.max_players)
        out[f"search/{info.id}-{players}p"] = search_hash(info, players, positions, iterations)
        print(f"search/{info.id}-{players}p", file=sys.stderr, flush=True)
    return out


def main() -> int:
    """Print or compare the fingerprint."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and player count")
    parser.add_argument("--positions", type=int, default=6, help="searched positions per game")
    parser.add_argument("--iterations", type=int, default=150, help="iterations per search")
    parser.add_argument("--game", help="one game only")
    parser.add_argument("--out", help="write the fingerprint (JSON) here")
    parser.add_argument("--compare", help="compare with a fingerprint written before")
    args = parser.parse_args()
    prints = fingerprint(args.games, args.positions, args.iterations, args.game)
    text = json.dumps(
        {"games": args.games, "positions": args.positions, "iterations": args.iterations,
         "hashes": prints}, indent=1, sort_keys=True,
    )  # fmt: skip
    if args.out:
        Path(args.out).write_text(text + "\n")
    if not args.compare:
        print(text)
        return 0
    before = json.loads(Path(args.compare).read_text())
    differ = [k for k, v in prints.items() if before["hashes"].get(k) != v]
    for key in differ:
        print(f"DIFFERS: {key}")
    print(f"{len(prints) - len(differ)} of {len(prints)} cases identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
