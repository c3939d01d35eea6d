"""Yadokashi's trusted fast paths against the checked ones: a quiet lookahead copy (no log, no
last-action records) plays exactly like the game; the heuristic's shortcuts (roll classes,
Move dice rolls that grow the same crabs evaluated once, the considered actions) agree with
their plain definitions; determinize keeps what the seat may read of the log.

``YADOKASHI_FAST_GAMES`` raises the number of seeded games per player count (default 40, a few
seconds; thousands of actions)."""

from __future__ import annotations

import os
from itertools import combinations

import pytest

from pygames.core.rng import Rng
from pygames.games.yadokashi.bot import (
    CRAB,
    EMPTY,
    LAST_CRAB,
    THREAT,
    VACANT,
    PaidDice,
    ScriptedRng,
    YadokashiHeuristicBot,
    considered,
    evaluate,
    roll_classes,
    seat_values,
    shell_worths,
)
from pygames.games.yadokashi.rules import FACES, GOAL, YadokashiState
from tests.support import play_random

GAMES = int(os.environ.get("YADOKASHI_FAST_GAMES", "40"))
PLAY = ("rows", "crabs", "centre", "stars", "income_total", "current", "turn", "phase")


def same_play(loud: YadokashiState, quiet: YadokashiState) -> None:
    """Everything but the log and the records of the last action is the same."""
    for name in PLAY:
        assert getattr(quiet, name) == getattr(loud, name), name
    assert list(quiet.crabs.items()) == list(loud.crabs.items())  # the same order as well
    assert quiet.pending == loud.pending and quiet.ply == loud.ply
    assert quiet.rng.get_state() == loud.rng.get_state()
    assert quiet.legal_actions(quiet.current) == loud.legal_actions(loud.current)
    assert quiet.log == [] and quiet.invariant_errors() == []


def same_copy(state: YadokashiState) -> None:
    """A clone (its copy made attribute by attribute) has every attribute of the state."""
    copy = state.clone()
    for name, value in vars(state).items():
        if name == "rng":
            assert copy.rng.get_state() == value.get_state() and copy.rng is not value
        else:
            assert getattr(copy, name) == value, name
    assert set(vars(copy)) <= set(vars(state)) | {"quiet"}


def check_quiet(before: YadokashiState, state: YadokashiState, seat: int, action: str) -> None:
    same_copy(state)
    quiet = before.sandbox()
    quiet.apply_unchecked(seat, action)
    same_play(state, quiet)
    assert before.rows == before.clone().rows  # a copy never changes the rows it shares


@pytest.mark.parametrize("players", [3, 4])
def test_quiet_copies_play_exactly_like_the_game(players: int) -> None:
    steps = 0
    for seed in range(GAMES):
        _, actions = play_random(YadokashiState.new(players, 7000 + seed), seed, check_quiet)
        steps += len(actions)
    assert steps > 50 * GAMES


def reference_roll_classes(crabs: dict[int, int], high: bool) -> list[tuple[list[int], float]]:
    """The plain definition: group the faces by the set of crabs that a roll makes move or
    leave (those filling their shell, and 12s); each group's first face and its share."""
    sizes = {z for shell, z in crabs.items() if z in (shell, FACES)}
    groups: dict[frozenset[int], list[int]] = {}
    for face in range(1, FACES + 1):
        key = frozenset(z for z in sizes if (z >= face if high else z <= face))
        groups.setdefault(key, []).append(face)
    return [([faces[0]], len(faces) / FACES) for faces in groups.values()]


def test_roll_classes_group_the_faces_as_defined() -> None:
    rng = Rng.from_seed(11)
    state = YadokashiState.new(4, 1)
    for _ in range(3000):
        shells = [s + 1 for s in range(16) if rng.below(3) == 0][:6]
        state.crabs = {
            s: [min(s, FACES), FACES, rng.below(FACES) + 1][rng.below(3)] for s in shells
        }
        for high in (True, False):
            assert roll_classes(state, high) == reference_roll_classes(state.crabs, high)


def reference_considered(state: YadokashiState, action: str) -> bool:
    """The plain definition: no Rearrange; a buy only to position 1, of a shell up to 12 (any
    while a crab of 11 fills shell 11)."""
    if action.startswith("b"):
        shell, _, pos = action[1:].partition("@")
        return pos == "1" and (int(shell) <= FACES or state.crabs.get(FACES - 1) == FACES - 1)
    return not action.startswith("r")


def positions(players: int, count: int) -> list[YadokashiState]:
    """Turn positions of seeded games of random moves."""
    out: list[YadokashiState] = []

    def keep(before: YadokashiState, state: YadokashiState, seat: int, action: str) -> None:
        if state.phase == "turn" and not state.is_over() and len(out) < count:
            out.append(state.clone())

    for seed in range(count // 20 + 1):
        play_random(YadokashiState.new(players, 8000 + seed), seed, keep)
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_considered_actions_and_dice_shortcut_match_their_definitions(players: int) -> None:
    bot = YadokashiHeuristicBot()
    for state in positions(players, 150):
        seat = state.current
        legal = state.legal_actions(seat)
        assert considered(state, legal) == [a for a in legal if reference_considered(state, a)]
        # the shortlist the bot builds from: the same considered actions, in the same order
        shortlist = state.turn_actions(seat, first_only=True)
        assert considered(state, shortlist) == considered(state, legal)
        assert set(shortlist) <= set(legal)
        # Buy and Advance leave the shells' worths: the turn's table's serve their evaluation
        for action in considered(state, shortlist):
            if action[0] in "ba":
                world = state.sandbox()
                world.apply_unchecked(seat, action)
                assert shell_worths(world) == shell_worths(state)
                mine = evaluate(world, seat, shell_worths(state))
                assert mine.hex() == evaluate(world, seat).hex()
                # the bot works them out without a copy (a copy when the game may end): the same
                scored = bot._score(state, seat, action, Rng(1, 2), None, shell_worths(state))
                assert scored.hex() == mine.hex()
        if "hi" not in legal:
            continue
        # rolls that grow the same crabs leave the same table: one evaluation serves them all
        values: dict[frozenset[int], float] = {}
        dice = PaidDice(state)
        sets: dict[tuple[int, int], frozenset[int]] = {}
        for high, action in ((True, "hi"), (False, "lo")):
            for face in range(1, FACES + 1):
                value = bot._outcome(state.sandbox(), seat, action, [face], Rng(1, 2))
                key = grown(state, face, high)
                assert values.setdefault(key, value).hex() == value.hex()
                assert sets.setdefault(dice.grown(face, high), key) == key  # the key tells it
        # and the roll classes' keys tell apart the sets they grow
        classes = [(f[0], high) for high in (True, False) for f, _ in roll_classes(state, high)]
        assert len({dice.grown(*c) for c in classes}) == len({grown(state, *c) for c in classes})


def grown(state: YadokashiState, face: int, high: bool) -> frozenset[int]:
    """The shells whose crabs a Move dice roll of ``face`` makes grow (the definition)."""
    if high:
        return frozenset([shell for shell, size in state.crabs.items() if size >= face])
    return frozenset([shell for shell, size in state.crabs.items() if size <= face])


def test_determinize_keeps_the_log_the_seat_may_read() -> None:
    for players in (3, 4):
        state = positions(players, 30)[-1]
        for seat in range(players):
            world = state.determinize(seat, Rng.from_seed(seat))
            assert world.log == state.log_for(seat) and world.log is not state.log
        state.say("secret", "秘密", [0], {0: {"en": "for 0", "ja": "0へ"}})
        world = state.determinize(1, Rng.from_seed(1))
        assert world.log == state.log_for(1) and "private" not in world.log[-1]


def reference_home(ring: list[int], crabs: dict[int, int], start: int, size: int) -> int | None:
    """The plain definition: step counterclockwise to the first empty shell of ``size`` or
    ``size + 1``."""
    for step in range(1, len(ring)):
        shell = ring[(start + step) % len(ring)]
        if shell not in crabs and shell in (size, size + 1):
            return shell
    return None


@pytest.mark.parametrize("players", [3, 4])
def test_ring_and_homes_match_their_definitions(players: int) -> None:
    for state in positions(players, 60):
        for seat in range(players):
            ring = state.ring_from(seat)
            assert ring == [s for p in state.ccw_seats(seat) for s in state.rows[p]]
        layout = state.layout()
        for start, size in combinations(range(1, FACES + 1), 2):
            start -= 1
            assert layout.home(state.crabs, layout.index[ring[start]], size) == reference_home(
                ring, state.crabs, start, size
            )
        # the layout: each shell's place in the ring from seat 0, its owner, the rows' starts
        ring = state.ring_from(0)
        assert [layout.index[shell] for shell in ring] == list(range(len(ring)))
        assert all(layout.owner[shell] == state.owner(shell)[0] for shell in ring)
        for seat in range(players):
            first = layout.starts[seat]
            assert state.ring_from(seat) == ring[first:] + ring[:first]


def test_a_scripted_roll_plays_the_face_then_the_stream() -> None:
    fallback = Rng.from_seed(5)
    rng = ScriptedRng([3, 12], fallback)
    assert [rng.below(FACES) + 1 for _ in range(3)] == [3, 12, Rng.from_seed(5).below(12) + 1]
    state = YadokashiState.new(3, 2)
    assert evaluate(state, 0) == evaluate(state.sandbox(), 0)


@pytest.mark.parametrize("players", [3, 4])
def test_turn_actions_come_sorted(players: int) -> None:
    for state in positions(players, 200):
        for seat in range(players):
            state.current = seat
            legal = state.legal_actions(seat)
            assert legal == sorted(legal) and len(set(legal)) == len(legal)


def reference_seat_values(state: YadokashiState) -> list[float]:
    """The plain definition, shell by shell in row order."""
    crabs = state.crabs
    near = {z + d for shell, z in crabs.items() if z == shell for d in (1, 2)}
    values = []
    for row, star in zip(state.rows, state.stars, strict=True):
        value, housed = float(star), 0
        for i, shell in enumerate(row):
            if shell in crabs:
                housed += 1
                value += LAST_CRAB if i == len(row) - 1 and i > 0 else CRAB
            elif shell in near:
                value += EMPTY
            elif shell <= (FACES if state.centre else 0):
                value += VACANT
        values.append(value + THREAT if star + 2 * housed >= GOAL else value)
    return values


@pytest.mark.parametrize("players", [3, 4])
def test_seat_values_are_the_plain_sums_to_the_bit(players: int) -> None:
    rng = Rng.from_seed(players)
    for state in positions(players, 400):
        for _ in range(5):
            got, want = seat_values(state), reference_seat_values(state)
            assert [v.hex() for v in got] == [v.hex() for v in want]
            # other tables: more stars, crabs anywhere (rows of one or none), no dice waiting
            state.stars = [rng.below(40) for _ in state.stars]
            cut = rng.below(len(state.rows[0]) + 1)
            state.rows = [state.rows[0][:cut], state.rows[1] + state.rows[0][cut:], *state.rows[2:]]
            state.crabs = {s: rng.below(FACES) + 1 for s in state.shells() if rng.below(3) == 0}
            state.centre = rng.below(2)


@pytest.mark.parametrize("players", [3, 4])
def test_new_tenants_rolls_naming_the_same_shells_are_evaluated_once(players: int) -> None:
    """The shortcut against the plain expectation (every sampled roll evaluated), to the bit."""
    bot, rng, compared = YadokashiHeuristicBot(), Rng(5, 9), 0
    for state in positions(players, 12 * GAMES):
        if not state.centre:
            continue
        seat = state.current
        for _ in range(4):
            faces = [[rng.below(FACES) + 1 for _ in range(state.centre)] for _ in range(3)]
            if rng.below(2):  # the same shells named in another order, now and then
                faces[2] = faces[0][::-1]
            rolls = [(f, 1 / 3) for f in faces]
            plain = 0.0
            for f, weight in rolls:
                plain += weight * bot._outcome(state.sandbox(), seat, "new", f, Rng(1, 2))
            got = bot._tenants(state.sandbox(), seat, rolls, Rng(1, 2))
            assert got.hex() == plain.hex()
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("players", [3, 4])
def test_move_dice_from_the_income_paid_once_is_the_plain_expectation(players: int) -> None:
    """Each roll class played whole from the turn's table (``_outcome``), and the tables, against
    the shortcut (the income paid once, each grown set evaluated once), to the bit."""
    bot, compared = YadokashiHeuristicBot(), 0
    for state in positions(players, 12 * GAMES):
        if not state.centre:
            continue
        seat, dice = state.current, PaidDice(state)
        for high, action in ((True, "hi"), (False, "lo")):
            plain = 0.0
            for faces, weight in roll_classes(state, high):
                plain += weight * bot._outcome(state.sandbox(), seat, action, faces, Rng(1, 2))
                whole = state.sandbox(ScriptedRng(faces, Rng(1, 2)))
                whole.apply_unchecked(seat, action)
                # the scripted face played, the stream after it is the fallback's: the world
                # given the face draws from that stream
                assert isinstance(whole.rng, ScriptedRng) and whole.rng.faces == []
                whole.rng = whole.rng.fallback
                same_play(whole, dice.world(seat, high, faces, Rng(1, 2)))
            got = bot._dice(state.sandbox(), seat, high, Rng(1, 2), dice)
            assert got.hex() == plain.hex()
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("players", [3, 4])
def test_placements_worked_out_on_the_crabs_are_the_placed_worlds(players: int) -> None:
    """New tenants' placements evaluated on the crabs alone (``placed``) against each placement
    applied to a copy of the table and evaluated, to the bit; and the rules' ``placed`` against
    the table the placement leaves."""
    bot, rng, compared = YadokashiHeuristicBot(), Rng(3, 4), 0
    for state in positions(players, 12 * GAMES):
        if not state.centre:
            continue
        seat = state.current
        rolled = state.sandbox()
        rolled.tenants_rolled(seat, [rng.below(FACES) + 1 for _ in range(state.centre)])
        if rolled.phase != "tenants":
            continue
        legal = rolled.legal_actions(seat)
        for action in legal:
            world = rolled.sandbox()
            world.apply_unchecked(seat, action)
            shells = [int(n) for n in action[1:].split(".")]
            crabs, _ = rolled.placed(shells)
            assert list(crabs.items()) == list(world.crabs.items())
            got = bot._placements(rolled, seat, {action: shells})
            assert got[0].hex() == evaluate(world, seat).hex() or world.is_over()
            compared += 1
    assert compared > 100
