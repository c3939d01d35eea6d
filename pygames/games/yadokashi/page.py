"""Yadokashi's moves as data for the page (docs/table-layer.md), registered on the game's
:class:`~pygames.core.registry.GameInfo`.

Discrete moves (:func:`discrete_moves`): ``hi`` / ``lo`` (kind ``move-dice``, ``call`` and
``preview``: what each roll would do, :func:`move_preview`),
``re1`` / ``re2`` (kind ``rebirth``, ``shell``), ``adv`` (kind ``advance``), ``new`` (kind
``new-tenants``) and every purchase ``b7@2`` (kind ``buy``: ``shell``, ``position``, ``price``,
``from``, the seat paid, and ``freed``, the empty shells of the buyer's row it leaves free for the
others: :func:`pygames.games.yadokashi.rules.freed_by`).

Two choices (:func:`choices`, :func:`compose`), too many to list:

- ``tenants`` (New tenants, ``order: set``): picks are shells that get a die; complete from one
  pick on, played as the one action ``p3.7.11``. ``info``: the dice left in the centre and the
  shells whose crabs would be evicted.
- ``rearrange`` (Rearrange): picks are shells in the order of the empty slots still to fill
  (``slots``); the last slot is filled by the engine, so ``len(slots) - 1`` picks complete it,
  played as the steps ``["r5", "r3", ...]``. ``info``: the row as the picks leave it and the slot
  the next pick fills.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import illegal
from pygames.core.protocol import Composed, GameState, JSONDict
from pygames.core.registry import Picks
from pygames.core.text import Text, t
from pygames.games.yadokashi.bot import ScriptedRng
from pygames.games.yadokashi.rules import FACES, REBIRTH_SHELLS, Action, YadokashiState

TENANTS = "tenants"
REARRANGE = "rearrange"


def discrete_moves(state: GameState, seat: int) -> list[JSONDict]:
    """The seat's legal actions that are not steps of a choice, as data; the Move dice calls
    carry their ``preview`` (:func:`move_preview`)."""
    assert isinstance(state, YadokashiState)
    out = []
    for action in state.legal_actions(seat):
        move = state.describe(action)
        if move is not None:
            if move["kind"] == "move-dice":
                move["preview"] = move_preview(state, seat, action)
            out.append(move)
    return out


# --- the preview of Move dice -----------------------------------------------------------------
def move_preview(state: YadokashiState, seat: int, action: str) -> list[JSONDict]:
    """What Move dice with ``action`` (``hi`` / ``lo``) does for each roll of the die, found by
    playing that roll in a copy with the engine's own rules: rolls in a row with the same outcome
    make one entry ``{"rolls": [first, last], "grow", "leave", "reborn", "choose", "moves",
    "stars", "over", "winner"}``: the crabs that grow ``{"shell", "from", "to"}``, the shells
    whose size-12 crab leaves
    for the centre, the shells a crab is reborn on (``choose``: the empty shells 1 and 2 the
    player will choose from, the outcome shown for the first), the moves ``{"from", "to",
    "size"}`` (``to`` None: back to the centre), every seat's stars gained by the two incomes,
    and whether the turn ends the game (and who wins). Every roll is listed: which one comes is
    not known to anyone."""
    out: list[JSONDict] = []
    for face in range(1, FACES + 1):
        outcome = _roll_outcome(state, seat, action, face)
        if out and _same_outcome(out[-1], outcome):
            out[-1]["rolls"][1] = face
        else:
            out.append({"rolls": [face, face], **outcome})
    return out


def _same_outcome(entry: JSONDict, outcome: JSONDict) -> bool:
    return all(entry[key] == value for key, value in outcome.items())


def _roll_outcome(state: YadokashiState, seat: int, action: str, face: int) -> JSONDict:
    """The outcome of ``action`` if the die shows ``face`` (the state is left unchanged)."""
    world = state.sandbox(ScriptedRng([face], state.rng.copy()))
    world.quiet = False  # keep the record of the move (the copy's log is its own)
    world.apply_unchecked(seat, action)
    choose: list[int] = []
    if world.phase == "rebirth":
        assert world.pending is not None
        choose = [s for s in REBIRTH_SHELLS if s not in world.crabs]
        world.apply_unchecked(seat, f"re{choose[0]}")
    move = world.last_move
    assert move is not None
    over = world.phase == "over"
    return {
        "grow": [dict(g) for g in move["growth"]],
        "leave": list(move["left"]),
        "reborn": list(move["rebirth"]),
        "choose": choose,
        "moves": [dict(m) for m in move["moves"]],
        "stars": [b + a for b, a in zip(move["income_before"], move["income_after"], strict=True)],
        "over": over,
        "winner": world.winners()[0] if over else None,
    }


def choices(state: GameState, seat: int) -> list[JSONDict]:
    """The New tenants placement (while it is asked) or a Rearrange (when the row allows one)."""
    assert isinstance(state, YadokashiState)
    if seat not in state.to_move():
        return []
    if state.phase == "tenants":
        assert state.pending is not None
        placeable = list(state.pending["placeable"])
        return [
            {
                "id": TENANTS,
                "kind": TENANTS,
                "order": "set",
                "rolls": list(state.pending["rolls"]),
                "shells": placeable,
                "next": placeable,
            }
        ]
    shells = state.rearrange_shells(seat)
    if not shells:
        return []
    slots, remaining = _rearrange_slots(state, seat)
    return [
        {
            "id": REARRANGE,
            "kind": REARRANGE,
            "slots": slots,
            "shells": remaining,
            "picks": len(slots) - 1,
            "next": shells,
        }
    ]


def compose(state: GameState, seat: int, choice: str, picks: list[Any]) -> Composed:
    """Judge the picks of ``choice``; :class:`IllegalAction` for a choice not offered now or
    picks that are not shell numbers."""
    assert isinstance(state, YadokashiState)
    offered = {c["id"] for c in choices(state, seat)}
    if choice not in offered:
        raise illegal("That choice is not offered now.", "その選択は今はできません。")
    shells = _shell_numbers(picks)
    if choice == TENANTS:
        return _compose_tenants(state, shells)
    return _compose_rearrange(state, seat, shells)


def _shell_numbers(picks: list[Any]) -> list[int]:
    if not isinstance(picks, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in picks
    ):
        raise illegal("Each pick must be a shell number.", "選ぶものはヤドの番号です。")
    return list(picks)


def _refused(why: Text, info: JSONDict | None = None) -> Composed:
    return Composed(valid=False, why=why, info=info or {})


# --- New tenants ------------------------------------------------------------------------------
def _compose_tenants(state: YadokashiState, picks: list[int]) -> Composed:
    assert state.pending is not None
    placeable = list(state.pending["placeable"])
    if len(set(picks)) != len(picks):
        return _refused(t("A shell may be named only once.", "同じヤドは一度しか指定できません。"))
    wrong = [s for s in picks if s not in placeable]
    if wrong:
        return _refused(
            t(
                f"Shell {wrong[0]} cannot take a new tenant: no roll matches it or it is taken.",
                f"ヤド{wrong[0]}には入居できません（同じ出目がないか、空いていません）。",
            )
        )
    left = state.centre - len(picks)
    info: JSONDict = {
        "placed": sorted(picks),
        "centre_after": left,
        "evicts": state.eviction(picks) if picks and left == 0 else [],
    }
    rest = [s for s in placeable if s not in picks]
    if not picks:
        return Composed(valid=True, next=rest, info=info)
    return Composed(
        valid=True,
        complete=True,
        next=rest,
        actions=[state.placement_action(picks)],
        info=info,
    )


# --- Rearrange --------------------------------------------------------------------------------
def _rearrange_slots(state: YadokashiState, seat: int) -> tuple[list[int], list[int]]:
    """The positions of the empty slots still to fill and the shells now in them."""
    row = state.rows[seat]
    if state.phase == "rearrange":
        assert state.pending is not None
        slots = list(state.pending["slots"][state.pending["done"] :])
    else:
        slots = [i + 1 for i, s in enumerate(row) if s not in state.crabs]
    return slots, [row[p - 1] for p in slots]


def _compose_rearrange(state: YadokashiState, seat: int, picks: list[int]) -> Composed:
    slots, _ = _rearrange_slots(state, seat)
    needed = len(slots) - 1
    sandbox = state.sandbox()
    for i, shell in enumerate(picks):
        info: JSONDict = {"row": list(sandbox.rows[seat]), "slot": slots[i] if i < needed else None}
        if i >= needed:
            return _refused(
                t("Every empty slot is filled already.", "空きの位置はもう全部決まっています。"),
                info,
            )
        if shell not in sandbox.rows[seat] or shell in sandbox.crabs or shell in picks[:i]:
            return _refused(
                t(
                    f"Shell {shell} is not an empty shell of your row still to place.",
                    f"ヤド{shell}は、まだ並べていない自分の空きヤドではありません。",
                ),
                info,
            )
        if shell not in sandbox.rearrange_shells(seat):
            why = sandbox.explain_illegal(seat, state.rearrange_action(shell))
            return _refused(why, info)
        sandbox.apply_unchecked(seat, state.rearrange_action(shell))
    complete = len(picks) == needed
    info = {
        "row": list(sandbox.rows[seat]),
        "slot": None if complete else slots[len(picks)],
        "last_slot": slots[-1],
    }
    if not complete:
        return Composed(valid=True, next=sandbox.rearrange_shells(seat), info=info)
    return Composed(
        valid=True,
        complete=True,
        actions=[state.rearrange_action(s) for s in picks],
        info=info,
    )


def action_picks(state: GameState, seat: int, action: str) -> Picks | None:
    """New tenants: the shells that get a die; a Rearrange step: the whole new order it begins
    (the picks of the ``rearrange`` choice), the rest of it as the search's rollouts make it
    (:func:`rearrangement`), so that the coach's move is one whole Rearrange, played at once."""
    assert isinstance(state, YadokashiState)
    act = Action.parse(action)
    if act.kind == "p" and state.phase == "tenants":
        return Picks(TENANTS, act.args)
    return Picks(REARRANGE, tuple(rearrangement(state, seat, action))) if act.kind == "r" else None


def rearrangement(state: YadokashiState, seat: int, action: str) -> list[int]:
    """The shells of a Rearrange begun (or carried on) with the step ``action``, in the order
    they fill the empty places: that step, then each next step the ``normal`` bot takes (its
    first legal one, as in every rollout of the search), until the engine fills the last place.
    A step that is not legal here is its shell alone."""
    if action not in state.legal_actions(seat):
        return [int(Action.parse(action).args[0])]  # compose refuses it with its reason
    world = state.sandbox()  # a Rearrange step draws nothing
    shells: list[int] = []
    step = action
    while True:
        shells.append(int(Action.parse(step).args[0]))
        world.apply_unchecked(seat, step)
        if world.phase != "rearrange" or seat not in world.to_move():
            return shells
        step = world.legal_actions(seat)[0]
