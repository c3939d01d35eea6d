"""Marie's Table's moves as data for the page (docs/table-layer.md), registered on the game's
:class:`~pygames.core.registry.GameInfo`.

Every move is discrete (:func:`discrete_moves`; no combinatorial choice): the page draws from the
kind and the fields and sends back ``a`` unchanged.

- ``pile``: ``{"a": "pile3", "kind": "pile", "pile": 3, "size": 8}`` (1-based, as dealt);
- ``pick``: ``{"a": "pick35", "kind": "pick", "cards": [3, 5], "passed": [...], "to": 2}``: keep
  ``cards`` from the draft hand and pass the rest (``passed``) to seat ``to``;
- ``vote``: ``{"a": "up", "kind": "vote", "vote": "up"}`` and ``"down"``;
- ``take``: ``{"a": "take2", "kind": "take", "owner": 2, "cards": [1, 6]}``: take seat 2's pair;
- ``keep``: ``{"a": "keep", "kind": "keep", "cards": [3, 5]}``: keep both cards of the pair the
  seat decides about (the one it took, M2, or its own, M4);
- ``eat``: ``{"a": "eat3", "kind": "eat", "cards": [3], "keep": [5]}``: eat ``cards``, keep the
  rest (``keep``, empty when both are eaten).

In the simultaneous decision (M4) every seat that may still eat has its own keep/eat moves at
once, each about its own pair.
"""

from __future__ import annotations

from pygames.core.protocol import GameState, JSONDict
from pygames.games.marie.rules import Action, MarieState, without


def discrete_moves(state: GameState, seat: int) -> list[JSONDict]:
    """Every legal action of ``seat`` as a move with its kind and fields."""
    assert isinstance(state, MarieState)
    return [describe(state, seat, a, Action.parse(a)) for a in state.legal_actions(seat)]


def describe(state: MarieState, seat: int, a: str, act: Action) -> JSONDict:
    """The move of the legal action ``a`` (parsed as ``act``) of ``seat``, a seat to act."""
    kind, args = act.kind, list(act.args)
    if kind == "pile":
        return {"a": a, "kind": "pile", "pile": args[0], "size": len(state.piles[args[0] - 1])}
    if kind == "pick":
        return {
            "a": a,
            "kind": "pick",
            "cards": args,
            "passed": without(state.hand, args),
            "to": state.order[state.drafter_pos + 1],
        }
    if kind in ("up", "down"):
        return {"a": a, "kind": "vote", "vote": kind}
    if kind == "take":
        return {
            "a": a,
            "kind": "take",
            "owner": args[0],
            "cards": sorted(state.pairs[args[0]] or []),
        }
    holding = state.held(seat)
    if kind == "keep":
        return {"a": a, "kind": "keep", "cards": holding}
    return {"a": a, "kind": "eat", "cards": args, "keep": without(holding, args)}
