#!/usr/bin/env python3
"""A long strong-against-normal arena, played in saved parts that a later run resumes (issue 7).

Usage::

    python3 tools/arena_parts.py GAME PLAYERS [--games 200] [--size 10] [--jobs 2]
                                 [--seed 7100] [--out docs/arena]

The arena seats one ``strong`` bot and ``normal`` bots in the other seats, rotated. Each part
(games ``first`` .. ``first + size - 1``) is played by ``python -m pygames arena --first F
--save`` into ``OUT/GAME-PLAYERS/part-FFF.json``; parts already saved are skipped, so a run
stopped at any point loses at most the parts in progress. ``--jobs`` parts run at once (one per
core). The folder's ``engine`` file holds the git tree of ``pygames/`` the parts were played
with: parts of different engines are never mixed (the run refuses, unless the folder is new).
At the end it prints the report of every part saved so far (``python -m pygames arena-merge``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def engine_tree() -> str:
    """The git tree of ``pygames/`` in the working copy (refused if it has local changes)."""
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "pygames"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    if dirty.strip():
        sys.exit("arena_parts: pygames/ has uncommitted changes; commit them first")
    return subprocess.run(
        ["git", "rev-parse", "HEAD:pygames"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def missing(games: int, size: int, folder: Path) -> list[int]:
    """The first games of the parts not yet saved in ``folder``."""
    return [f for f in range(0, games, size) if not (folder / f"part-{f:03d}.json").exists()]


def play(game: str, players: int, seed: int, first: int, size: int, folder: Path) -> str:
    """Play one part into ``folder``; a line saying how it went."""
    bots = ",".join(["strong"] + ["normal"] * (players - 1))
    target = folder / f"part-{first:03d}.json"
    partial = target.with_suffix(".tmp")
    start = time.monotonic()
    args = ["arena", game, "--players", str(players), "--bots", bots, "--games", str(size)]
    args += ["--first", str(first), "--seed", str(seed), "--save", str(partial)]
    run = subprocess.run(
        [sys.executable, "-m", "pygames", *args], cwd=ROOT, capture_output=True, text=True
    )
    if run.returncode != 0:
        partial.unlink(missing_ok=True)
        return f"part {first}: failed: {run.stderr.strip()}"
    partial.replace(target)
    return (
        f"part {first}: {size} game{'s' if size != 1 else ''} in {time.monotonic() - start:.0f} s"
    )


def main() -> int:
    """Play the missing parts, then print the report of all saved parts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--size", type=int, default=10, help="games per part")
    parser.add_argument("--jobs", type=int, default=2, help="parts played at once")
    parser.add_argument("--seed", type=int, default=7100)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "arena")
    args = parser.parse_args()
    folder = args.out / f"{args.game}-{args.players}"
    folder.mkdir(parents=True, exist_ok=True)
    tree, stamp = engine_tree(), folder / "engine"
    if stamp.exists() and stamp.read_text().strip() != tree:
        sys.exit(
            f"arena_parts: {folder} holds parts of another engine ({stamp.read_text().strip()})"
        )
    stamp.write_text(tree + "\n")
    todo = missing(args.games, args.size, folder)
    print(f"{len(todo)} parts of {args.size} games to play into {folder}", flush=True)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        jobs = [
            pool.submit(
                play, args.game, args.players, args.seed, f, min(args.size, args.games - f), folder
            )
            for f in todo
        ]
        for job in jobs:
            print(job.result(), flush=True)
    parts = sorted(str(p) for p in folder.glob("part-*.json"))
    if parts:
        subprocess.run([sys.executable, "-m", "pygames", "arena-merge", *parts], cwd=ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
