"""Each seat's place at the end of a game (1st, tied 2nd...) and the tie-breaks that settled it.

Seats are ranked by score. Seats tied on a score are settled by the game's own tie-break
(:meth:`~pygames.core.protocol.GameState.tie_break`, the one its result uses for the win),
applied again to those it leaves behind: the seats it puts first take the place (several of
them share it), the others are settled the same way for the next place. So the winners of a
finished game are exactly the seats in first place.
"""

from __future__ import annotations

from pygames.core.protocol import GameState, JSONDict


def places(state: GameState) -> JSONDict | None:
    """``{"places": [...], "ties": [...]}`` of a finished game (None before the end, or for a
    game an engine cap stopped unfinished).

    ``places``: one entry per seat, best first, ``{"seat", "place", "shared", "score"}``
    (``place`` counts from 1; seats sharing a place have the same one, and the next place
    skips as many: 1, 1, 3). ``ties``: each time seats tied on a score were settled,
    ``{"place", "score", "seats", "first", "key", "text"}``: the place at stake, the tied seats,
    those the tie-break put first (several: they share the place), its key (``shared``: it
    settled nothing) and its words (``{"en", "ja"}``, empty when the game has no tie-break)."""
    if not state.is_over():
        return None
    result = state.result()
    if not result.finished:
        return None
    scores = result.scores
    rows: list[JSONDict] = []
    ties: list[JSONDict] = []
    for score in sorted(set(scores), reverse=True):
        group = [s for s in range(len(scores)) if scores[s] == score]
        while group:
            place = len(rows) + 1
            first = _first(state, group, score, place, ties)
            shared = len(first) > 1
            rows += [{"seat": s, "place": place, "shared": shared, "score": score} for s in first]
            group = [s for s in group if s not in first]
    return {"places": rows, "ties": ties}


def _first(
    state: GameState, group: list[int], score: int, place: int, ties: list[JSONDict]
) -> list[int]:
    """The seats of ``group`` that take ``place`` (all of a group the tie-break cannot settle),
    noting the tie-break in ``ties``."""
    if len(group) == 1:
        return list(group)
    tie = state.tie_break(list(group))
    first = [s for s in group if s in tie.first] or list(group)
    ties.append(
        {
            "place": place,
            "score": score,
            "seats": list(group),
            "first": first,
            "key": tie.key if len(first) < len(group) else "shared",
            "text": dict(tie.text),
        }
    )
    return first
