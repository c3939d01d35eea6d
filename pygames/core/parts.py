"""A game's score categories, as the coach measures and names them (:mod:`pygames.core.reasons`).

A game gives :class:`ScoreParts` (the registry's ``parts``): ``read(state, seat, result)``, the
seat's figure in each category in a state where a search rollout stopped (the end of the game,
or, for a game whose rollouts are cut short, the end of its stage), given the state's
``result()`` (made once for the coach's other figures: a game reads its breakdown where it
can), and the words of each category: how
to say "this much more" and "this much less" of it (``{n}`` is the amount). The coach averages
the figures over the rollouts of each move and names the categories in which two moves differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pygames.core.protocol import GameState, Result
from pygames.core.text import Text


@dataclass(frozen=True)
class Part:
    """One score category's words: ``more`` and ``less`` say an amount of it (``{n}``), as a
    phrase that ends "On average you end with ..." (English) or goes before "終わります"
    (Japanese): ``t("{n} more VP from parties", "パーティーの勝利点が{n}多く")``."""

    more: Text
    less: Text


@dataclass(frozen=True)
class ScoreParts:
    """A game's score categories: the seat's figure in each (``read``, by key, in the order the
    words should name them on a tie) and each category's words (``words``, the same keys)."""

    read: Callable[[GameState, int, Result], dict[str, float]]
    words: Mapping[str, Part]
