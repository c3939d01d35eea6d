"""Golden records: seeded bot games give the very same record in every Python the engine runs in.

For each game and player count, two seeded games with the ``random``, ``easy`` and ``normal``
bots (``strong`` is bounded by time, so it is left out), and the games that parted CPython 3.11
from Pyodide before the fix, among them the one of issue 25: Yadokashi, 4 players, seed 5002, bots
``random,normal,easy,normal``.
Each game is played as ``python -m pygames simulate`` plays it, and the sha256 of its summary
line (the record, scores, winners, tie-break), as canonical JSON, must equal the golden hash
below. The same test runs in CPython and in Pyodide (Python 3.14, ``build.py pyodide-tests``), so
the records are byte-identical in both.

A hash that changes means a bot or a rule decides differently. After a deliberate change of
rules or bots, print the new table with ``python3 tests/test_golden_records.py`` (in CPython), paste
it here, and check that ``python3 build.py pyodide-tests -k golden`` agrees. A change that only
one Python sees is a bug: a float sum or a near tie that rounds differently (use ``math.fsum``,
integers, or break ties by the action's notation).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script: the repository's engine, not an installed one
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames.core.play import play_bots, summary
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games

SEEDS = (2501, 2502)
MIXES = (
    ("normal", "easy", "random"),  # seat 0 normal, seat 1 easy, seat 2 random, seat 3 normal, ...
    ("easy", "normal", "normal", "random"),
)
# games that parted CPython 3.11 from Python 3.12+ before the bots summed with math.fsum: the
# one of issue 25 (its normal bot played b9@1 or b5@1 at action 72), and a BAG-GAI game found by
# a sweep of 2,340 seeded games (27 parted, every one a Yadokashi 4p game but this one)
PARTED = (
    ("yadokashi", 4, 5002, ("random", "normal", "easy", "normal")),
    ("baggai", 4, 5040, ("random", "normal", "easy", "normal")),
)


def cases() -> list[tuple[str, int, int, tuple[str, ...]]]:
    """(game, players, seed, one bot level per seat) of every golden game."""
    out = []
    for info in all_games():
        for players in range(info.min_players, info.max_players + 1):
            for seed, mix in zip(SEEDS, MIXES, strict=True):
                levels = tuple(mix[s % len(mix)] for s in range(players))
                out.append((info.id, players, seed, levels))
    out.extend(PARTED)
    return out


def case_id(game: str, players: int, seed: int, levels: tuple[str, ...]) -> str:
    """The key of a golden game: ``yadokashi-4p-5002`` (the seed fixes the bots of the seats)."""
    return f"{game}-{players}p-{seed}"


def record_hash(game: str, players: int, seed: int, levels: tuple[str, ...]) -> str:
    """The sha256 of the game's summary line as canonical JSON (sorted keys, no spaces)."""
    seats = [Seat(f"{level}-{s}", "bot", level) for s, level in enumerate(levels)]
    record = Record(game, players, seed, {}, seats, [])
    state = new_state(record)
    play_bots(record, state)
    line = json.dumps(
        summary(record, state), ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(line.encode("utf-8")).hexdigest()


# computed in CPython 3.11.7; Python 3.12.1, 3.13.0 and Pyodide give the same
GOLDEN: dict[str, str] = {
    "marie-3p-2501": "1206681a2f20f0d5ae4b1fd7a294ecb624806e69d7ab64a5dedd15eb752e8090",
    "marie-3p-2502": "02cecae4606eb1498bb4cc6180b7f1a0b548fabf7cd6c33b273f91c51ad3083c",
    "marie-4p-2501": "37bb7ec3a762a1de161c101f17fd2be4743acba096708a7c676ef80eb267eba5",
    "marie-4p-2502": "22e964d529ea3a35185174a1453cee9721f2760b69a1b2a16b83bf1b2bb398bf",
    "marie-5p-2501": "32c315d41d8fa58829494b9aaa157cfef7e915a5455935c753282e9561c7e0a6",
    "marie-5p-2502": "6239fc88c7ea4b31c7b0ec7a8fda7958a51e3d711df061c15add4d2d16f9efa4",
    "hitokai-3p-2501": "659b8bf46e7541dab1a509d44a315597df9b68f17c4ea4f64bf03b7d5a367e85",
    "hitokai-3p-2502": "3c8c9faf328b5a4fba7d1a28b5ac8c7b35c76c2421b5ce8bd0ed540280d6073b",
    "hitokai-4p-2501": "cc4904d12f50957b6ec665fd05cef2f8ba56f3e0f0836b8995ad54c81cb36870",
    "hitokai-4p-2502": "1735278634b0cb915b69ee18560fe21b690d78ec8aa223df000ec81a3361d9cf",
    "hitokai-5p-2501": "35f929a085f3367b30db76059938bccf03141ce8463841e2b525163ef785f636",
    "hitokai-5p-2502": "6feae96b7b708bb95ab5a604fc8ff6d08e24430fa48025f345218082a8541813",
    "pharaoh-2p-2501": "4bd335889d11cd9f41232021aecde7c44c1e9b609b9d20e1881a400cc7ef9567",
    "pharaoh-2p-2502": "dc9c7741247eb5073278ff8e264a3dc0f5df7a6c703f92e09980c6b44df400c4",
    "pharaoh-3p-2501": "15828f54994bc7706fda46443a1042a447149382383c013c2c9a52ad01ec5cb3",
    "pharaoh-3p-2502": "3b80b7cdda993fd7fc31510208086fb10536a0cf44f5811c2d8b1d2a24b64223",
    "pharaoh-4p-2501": "f8900e8adbbff690af6ae6c3d240e72fea7d09af4d5e6eb4317a160f1977eea9",
    "pharaoh-4p-2502": "2b87fad0d868ffba700488a64e02b82a8c0aee28342574b899530d8649007cbf",
    "baggai-4p-2501": "a2a08d15787af8debd91fc5d68f3fa999c0ae55388bcb14f991b2dafa8dde5c2",
    "baggai-4p-2502": "ce450fa2f1ec0aabf70dbf97fc7d784e73ba325577ba9754dbd5b8ed86afccb9",
    "baggai-5p-2501": "75f6ddb6ff36a7568f80590685e4cb35ea608df0ca5db8f86fbd484f3e49eadf",
    "baggai-5p-2502": "c1547d3ae238886c6d8347bec3eed00bb3305ab5b0380d83a3bfd59dac1cbbdc",
    "yadokashi-3p-2501": "539bdb70fbe0171b68b02d41ad6a7dfd7b6e043ed5c32e5a740a8fdce7c6ecbf",
    "yadokashi-3p-2502": "fe2a07158ac622deab59fb3ad2cd13674dce65056a2bd35640906d53bea482a0",
    "yadokashi-4p-2501": "ed0218ea4871d8142e79c6d3cc8513ff538dc2ca8e625687a378683054227e73",
    "yadokashi-4p-2502": "49e31649f637c876f195dba1172e92476540bf587a58efcbfba62118b75ecd87",
    "yadokashi-4p-5002": "4598fc7722e876e1b65824a83723d7c04463daa291dd6b235847d955ed355a06",
    "baggai-4p-5040": "304568b36993d54811eb7ac3f46bf7a79775ef286d5a28bdfc0d7f499dc0f70a",
}


@pytest.mark.every_case
@pytest.mark.parametrize(
    ("game", "players", "seed", "levels"), cases(), ids=[case_id(*c) for c in cases()]
)
def test_seeded_bot_games_give_the_golden_records(
    game: str, players: int, seed: int, levels: tuple[str, ...]
) -> None:
    key = case_id(game, players, seed, levels)
    assert key in GOLDEN, f"no golden hash for {key} (python3 tests/test_golden_records.py)"
    assert record_hash(game, players, seed, levels) == GOLDEN[key], (key, levels)


def test_the_goldens_cover_every_game_and_player_count() -> None:
    keys = [case_id(*c) for c in cases()]
    assert len(set(keys)) == len(keys) and set(GOLDEN) == set(keys)
    assert ("yadokashi", 4, 5002, ("random", "normal", "easy", "normal")) in cases()
    assert ("baggai", 4, 5040, ("random", "normal", "easy", "normal")) in cases()
    covered = {(g, n) for g, n, _, _ in cases()}
    assert covered == {
        (i.id, n) for i in all_games() for n in range(i.min_players, i.max_players + 1)
    }
    levels = {lvl for *_, lv in cases() for lvl in lv}
    assert levels == {"random", "easy", "normal"}


if __name__ == "__main__":
    print("GOLDEN: dict[str, str] = {")
    for c in cases():
        print(f'    "{case_id(*c)}": "{record_hash(*c)}",')
    print("}")
