"""Guided first games ("Learn to play"): a tutorial is data.

A tutorial is a real game on the real table: a fixed deal (a record's game, players, seed and
options, public by design), the learner in one seat and scripted seats in the others, and a line
of play cut into :class:`Step` s. Each step shows at most two short sentences in both languages.

- A **read** step (``expect`` empty) shows its words and waits for the learner's "Next".
- A **do** step waits for the learner's move: one of ``expect`` (the first is the script's own
  line; any other must leave the rest of the script legal). The table marks the controls of the
  expected move with ``data-tutorial="target"``; a tap elsewhere is explained, not played.

Before a step's words show, the scripted seats play the step's ``play`` entries (record entries
``"<seat>:<notation>"``), paced like bots, or at once when ``fast`` (a fast-forward between
lessons, which may include the learner's own seat). After the last step the game is over: the
table shows the real end screen.

Each game's tutorial is the module ``pygames.tutorials.<game id>`` with a module-level
``TUTORIAL``. :func:`get_tutorial` loads it; :func:`line` gives its whole line of play as record
entries; ``tests/test_tutorials.py`` replays every script, every alternative and checks the words
and the rule coverage (``covers``: every ruling id and every numbered rule of
``docs/rules/<id>.md``, keyed as in :func:`tests.tutorial_rules.rule_keys`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pygames.core.protocol import GameState, JSONDict
from pygames.core.record import Record, Seat, new_state, split_action
from pygames.core.registry import get_game
from pygames.core.text import Text


@dataclass(frozen=True)
class Compose:
    """A composed move the learner makes pick by pick: the choice's id (a ``choices[].id`` of
    the snapshot) and the picks in the order the learner taps them; the page then confirms."""

    choice: str
    picks: tuple[Any, ...]


#: a move the learner may make: a discrete move's notation (a ``moves[].a``) or a composed one
Move = str | Compose


@dataclass(frozen=True)
class Step:
    """One step of a tutorial (see the module's docstring)."""

    id: str
    text: Text
    expect: tuple[Move, ...] = ()
    play: tuple[str, ...] = ()
    fast: bool = False
    #: read steps: the ``data-testid`` s of what the words talk about (drawn as targets)
    mark: tuple[str, ...] = ()


@dataclass(frozen=True)
class Skip:
    """A rule the tutorial leaves out, and why (for the coverage check)."""

    why: str


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game."""

    game: str
    players: int
    seed: int
    learner: int
    names: tuple[Text, ...]
    steps: tuple[Step, ...]
    #: every rule of docs/rules/<game>.md: the id of the step that teaches it, or a Skip
    covers: dict[str, str | Skip]
    options: JSONDict = field(default_factory=dict)

    def record(self) -> Record:
        """The record the tutorial's game starts from (no action yet). The learner's seat is a
        human, the others bots (scripted at the table)."""
        seats = [
            Seat(self.names[i]["en"], "human" if i == self.learner else "bot", None)
            for i in range(self.players)
        ]
        for i, seat in enumerate(seats):
            if i != self.learner:
                seat.level = "normal"
        return Record(self.game, self.players, self.seed, dict(self.options), seats)


def get_tutorial(game: str) -> Tutorial | None:
    """The tutorial of ``game`` (a registered game id), or None if it has none yet."""
    get_game(game)  # an unknown id raises the registry's error
    try:
        module = importlib.import_module(f"pygames.tutorials.{game}")
    except ModuleNotFoundError:
        return None
    tutorial = getattr(module, "TUTORIAL", None)
    return tutorial if isinstance(tutorial, Tutorial) else None


def move_actions(game: str, state: GameState, seat: int, move: Move) -> list[str]:
    """The notation strings a learner's move applies in ``state`` of ``game`` (a composed move
    through the game's ``compose``); :class:`ValueError` if a composed move is not complete."""
    if isinstance(move, str):
        return [move]
    composed = get_game(game).compose(state, seat, move.choice, list(move.picks))
    if not composed.complete:
        raise ValueError(f"the picks {move.picks!r} of {move.choice!r} do not make a move")
    return list(composed.actions)


def line(tutorial: Tutorial, choose: dict[str, int] | None = None) -> list[str]:
    """The tutorial's whole line of play as record entries, replayed and checked on the way
    (:class:`pygames.core.errors.GameError` or :class:`ValueError` on the first that does not
    apply). ``choose`` maps a step id to the index of the ``expect`` alternative to take
    (default: the first)."""
    state = new_state(tutorial.record())
    entries: list[str] = []
    for step in tutorial.steps:
        for entry in step.play:
            seat, notation = split_action(entry, len(entries), tutorial.players)
            state.apply(seat, notation)
            entries.append(entry)
        if step.expect:
            move = step.expect[(choose or {}).get(step.id, 0)]
            for notation in move_actions(tutorial.game, state, tutorial.learner, move):
                state.apply(tutorial.learner, notation)
                entries.append(f"{tutorial.learner}:{notation}")
    return entries


def move_json(move: Move) -> JSONDict:
    """A learner's move as the page reads it: ``{"a"}`` (a discrete move's notation) or
    ``{"choice", "picks"}`` (a composed move, the picks in tap order)."""
    if isinstance(move, str):
        return {"a": move}
    return {"choice": move.choice, "picks": list(move.picks)}


def walk(tutorial: Tutorial) -> Iterator[tuple[Step, int, GameState, GameState]]:
    """Each step of the script's own line (the first ``expect`` of each): the step, how many
    entries of :func:`line` come before its ``play``, the game when its words show (after its
    scripted play) and after the learner's move (the same position for a read step)."""
    state = new_state(tutorial.record())
    done = 0
    for step in tutorial.steps:
        start = done
        for entry in step.play:
            seat, notation = split_action(entry, done, tutorial.players)
            state.apply(seat, notation)
            done += 1
        shown = state.clone()
        if step.expect:
            for notation in move_actions(tutorial.game, state, tutorial.learner, step.expect[0]):
                state.apply(tutorial.learner, notation)
                done += 1
        yield step, start, shown, state.clone()


def step_starts(tutorial: Tutorial) -> list[int]:
    """For each step, how many entries of :func:`line` come before its ``play``: the position a
    step starts from (a step back, a resumed tutorial) is the record with that many actions."""
    return [start for _, start, _, _ in walk(tutorial)]


def tutorial_json(tutorial: Tutorial) -> JSONDict:
    """The tutorial as the page receives it (the bridge's ``tutorial`` answer, docs/protocol.md):
    the deal to start from (``record``, no action: public by design), the whole ``line``, the
    learner's seat, the seats' names in both languages and the steps, each with ``at`` (the
    entries of ``line`` before it: its position)."""
    starts = step_starts(tutorial)
    return {
        "game": tutorial.game,
        "players": tutorial.players,
        "learner": tutorial.learner,
        "names": [dict(name) for name in tutorial.names],
        "record": tutorial.record().to_json(),
        "line": line(tutorial),
        "steps": [
            {
                "id": step.id,
                "words": dict(step.text),
                "expect": [move_json(move) for move in step.expect],
                "play": list(step.play),
                "fast": step.fast,
                "mark": list(step.mark),
                "at": at,
            }
            for step, at in zip(tutorial.steps, starts, strict=True)
        ],
    }
