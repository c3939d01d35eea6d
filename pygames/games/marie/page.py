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
from pygames.core.text import Text, t
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


def waste(state: GameState, seat: int, action: str) -> Text | None:
    """Eating a card of a number the seat keeps already (counting the card of the pair it keeps
    now). From one kept card of a number on, each more card of it is worth at least 1 point at
    the end (the table: +2 up to the fifth card, +1 after), as much as eating it, and keeping
    also saves one of the two eats and counts in the tie-break: eating it can only lose.
    docs/rules/marie.md, "Moves the table warns about"."""
    assert isinstance(state, MarieState)
    act = Action.parse(action)
    if act.kind != "eat":
        return None
    kept = without(state.held(seat), list(act.args))
    for card in act.args:
        count = state.kept[seat][card] + kept.count(card)
        if count:
            return _eat_warning(card, count)
    return None


def _eat_warning(card: int, count: int) -> Text:
    cards = "card" if count == 1 else "cards"
    return t(
        f"You would keep {count} {cards} of {card} already: keeping this {card} too is worth at "
        f"least 1 point at the end, as much as eating it, and eating spends one of your two eats. "
        f"Keep it instead.",
        f"{card}はすでに{count}枚確定することになります。この{card}も確定すれば最後に1点以上になり、"
        f"食べるのと同じかそれ以上です。食べると2回しかない「食べる」を1回使ってしまいます。"
        f"確定しましょう。",
    )


def alike(state: GameState, seat: int, action: str) -> str | None:
    """The piles are face down and alike (ruling M1): to the coach, choosing any of them is one
    move, whose chance is the same whichever is chosen (its estimates apart were only noise:
    a beginner's hint gave one pile 77% and another 57%). Every other action is its own move."""
    return "pile" if action.startswith("pile") else None
