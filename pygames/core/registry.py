"""The catalogue of games: metadata, state class, bots and page data of each.

A game's package registers a :class:`GameInfo` that names its entry points: the state class
(``rules.py``), the bots (``bot.py``) and the functions that describe its moves as data for the
page (``page.py``: :attr:`GameInfo.discrete_moves`, :attr:`GameInfo.choices` and
:attr:`GameInfo.compose`, docs/table-layer.md). The rules know nothing of the page: its
functions read a state, the state never calls them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from pygames.core.bots import Bot
from pygames.core.errors import IllegalAction, RecordError
from pygames.core.parts import ScoreParts
from pygames.core.protocol import Composed, GameState, JSONDict
from pygames.core.text import Text, t


def every_legal_action(state: GameState, seat: int) -> list[JSONDict]:
    """The default discrete moves: every legal action of ``seat`` as a move of kind ``move``."""
    return [{"a": a, "kind": "move"} for a in state.legal_actions(seat)]


def no_choices(state: GameState, seat: int) -> list[JSONDict]:
    """The default choices: none (every move is listed as a discrete move)."""
    return []


def nothing_to_compose(state: GameState, seat: int, choice: str, picks: list[Any]) -> Composed:
    """The default judge of a selection, for a game with no choices: always refused."""
    raise IllegalAction(t("Nothing to choose now.", "今は選ぶものがありません。"))


def nothing_wasted(state: GameState, seat: int, action: str) -> Text | None:
    """The default: no legal action is marked as wasteful."""
    return None


def nothing_alike(state: GameState, seat: int, action: str) -> Hashable | None:
    """The default: every action is a move of its own to the coach."""
    return None


def nothing_unavailable(state: GameState, seat: int) -> dict[str, Text]:
    """The default: no control is greyed out with a reason."""
    return {}


@dataclass(frozen=True)
class Picks:
    """The selection of a choice that makes a legal action (:attr:`GameInfo.action_picks`): the
    choice's id, its picks in tap order, and what the move ``covers`` on the table beyond them
    (a BAG-GAI range: every spot from one end to the other; empty: the picks alone)."""

    choice: str
    picks: tuple[Any, ...]
    covers: tuple[Any, ...] = ()


def no_picks(state: GameState, seat: int, action: str) -> Picks | None:
    """The default: no action is made through a choice."""
    return None


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata and entry points.

    The page's data for a seat to move (the bridge's snapshot and ``compose``):

    - ``discrete_moves(state, seat)``: the seat's discrete legal moves, one dict per move with
      ``a`` (its notation, which the page sends back unchanged), ``kind`` and the fields of that
      kind. Actions reached only through a choice are left out (a single step that is a move of
      its own, such as one card of a payment, may be listed too). Default: every legal action,
      kind ``move``.
    - ``choices(state, seat)``: compact descriptions of the seat's combinatorial choices (too many
      actions to list), each ``{"id", "kind", ...}``; the page builds a selection pick by pick
      and asks ``compose`` about it. Default: none.
    - ``compose(state, seat, choice, picks)``: the :class:`Composed` judgement of the partial
      selection ``picks`` of the choice ``choice``: whether it can still be completed, which
      picks may come next, and the actions a complete one plays. Unknown choice or unreadable
      picks: :class:`IllegalAction`.

    - ``waste(state, seat, action)``: why the legal ``action`` of ``seat`` (to move) can only
      lose something, as a sentence, or None. A game marks a move only when it is provably a
      loss: another legal move does everything it could do for the seat, without its cost
      (docs/rules/<id>.md, "Moves the table warns about"). Default: no mark. The page receives
      the mark as ``warn`` (:meth:`page_moves`, :meth:`page_compose`) and asks once before
      playing such a move.
    - ``unavailable(state, seat)``: the kinds of move the table draws for ``seat`` (to move)
      that it may not play now, each with why (``{"withdraw": Text}``): the page shows the
      reason on the greyed-out control. Default: none.
    - ``action_picks(state, seat, action)``: the inverse of ``compose``: the :class:`Picks` of a
      choice that make the legal ``action`` (or its first step, for a move played in several
      steps), or None for an action that is no choice's (the coach marks a hinted move's picks
      on the table: :mod:`pygames.coach_picks`). Default: none.

    Together the discrete moves and the complete selections of the choices offer exactly the
    legal actions (``tests/page_walk.py`` checks it for every game).
    """

    id: str
    titles: Text
    min_players: int
    max_players: int
    minutes: int
    credits: list[Text]
    summary: list[Text]
    state_class: type[GameState]
    bots: dict[str, Callable[[], Bot]] = field(default_factory=dict)
    default_options: JSONDict = field(default_factory=dict)
    # whether a seat may see less than the whole table (hidden hands, a hidden deck); False: every
    # seat and the spectator see everything (the replay then hides nothing from its spectator)
    hidden: bool = True
    # each seat's standing in a game not yet over, higher is better (the heuristic's own
    # evaluation): where a whole rollout is too dear, the strong bot cuts its rollouts short and
    # scores them with it
    values: Callable[[GameState], list[float]] | None = None
    # with values and no horizon: the plies after which the strong bot's rollouts stop
    cut: int = 16
    # the stage a state is in, for a game of independent stages (The Egyptian Buyer's rounds):
    # the strong bot's rollouts then run to the end of the decision's stage, scored by values
    horizon: Callable[[GameState], int] | None = None
    # with values: each seat's chance to win the game from where a cut rollout stops (the end of
    # a stage, or ``cut`` plies on); the strong bot then scores its rollouts by it, instead of by
    # the leaders by values
    chances: Callable[[GameState], list[float]] | None = None
    # the shortlist of actions the strong bot's search weighs for a seat, given the legal ones
    # (a few bids that differ in kind out of a long list); it must keep the heuristic's choice
    shortlist: Callable[[GameState, int, list[str]], list[str]] | None = None
    # the key under which the coach counts as one move the actions that ``seat`` (to move)
    # cannot tell apart (Marie's face-down piles, ruling M1): ``None`` for an action that is a
    # move of its own; default: every action is
    alike: Callable[[GameState, int, str], Hashable | None] = nothing_alike
    # the score categories the coach averages over its rollouts and names in its reasons
    # (:mod:`pygames.core.reasons`); none: it names the points only
    parts: ScoreParts | None = None
    # the moves as data for the page (see above)
    discrete_moves: Callable[[GameState, int], list[JSONDict]] = every_legal_action
    choices: Callable[[GameState, int], list[JSONDict]] = no_choices
    compose: Callable[[GameState, int, str, list[Any]], Composed] = nothing_to_compose
    waste: Callable[[GameState, int, str], Text | None] = nothing_wasted
    unavailable: Callable[[GameState, int], dict[str, Text]] = nothing_unavailable
    action_picks: Callable[[GameState, int, str], Picks | None] = no_picks

    def to_json(self) -> JSONDict:
        """Metadata for the lobby and the CLI."""
        return {
            "id": self.id,
            "titles": dict(self.titles),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "minutes": self.minutes,
            "credits": [dict(c) for c in self.credits],
            "summary": [dict(s) for s in self.summary],
            "levels": self.levels(),
            "options": dict(self.default_options),
            "hidden": self.hidden,
            "tutorial": self.tutorial_steps(),
        }

    def page_moves(self, state: GameState, seat: int) -> list[JSONDict]:
        """:attr:`discrete_moves`, each wasteful one carrying ``warn`` (``{en, ja}``: why it
        can only lose, from :attr:`waste`)."""
        moves = self.discrete_moves(state, seat)
        if self.waste is nothing_wasted:
            return moves
        for move in moves:
            why = self.waste(state, seat, str(move["a"]))
            if why is not None:
                move["warn"] = dict(why)
        return moves

    def page_compose(self, state: GameState, seat: int, choice: str, picks: list[Any]) -> Composed:
        """:attr:`compose`, with ``warn`` set when the selection is complete and its move (its
        first action: the one the seat chooses) is wasteful (:attr:`waste`)."""
        composed = self.compose(state, seat, choice, picks)
        if composed.complete and composed.actions and composed.warn is None:
            composed.warn = self.waste(state, seat, composed.actions[0])
        return composed

    def tutorial_steps(self) -> int | None:
        """How many steps the game's guided first game has ("Learn to play"; None: none yet)."""
        from pygames.tutorials import get_tutorial  # the tutorials import the registry

        tutorial = get_tutorial(self.id)
        return len(tutorial.steps) if tutorial is not None else None

    def levels(self) -> list[str]:
        """The bot levels: the game's own, then ``strong`` (search over the ``normal`` bot)."""
        extra = ["strong"] if "normal" in self.bots and "strong" not in self.bots else []
        return list(self.bots) + extra

    def make_bot(self, level: str) -> Bot:
        """A bot of the given level, or :class:`RecordError` for an unknown level."""
        if level == "strong" and "strong" not in self.bots and "normal" in self.bots:
            from pygames.core.search import SearchBot

            return SearchBot(
                self.bots["normal"](),
                values=self.values,
                cut=self.cut,
                horizon=self.horizon,
                chances=self.chances,
                shortlist=self.shortlist,
            )
        if level not in self.bots:
            raise RecordError(
                t(
                    f"Unknown bot level {level!r} for {self.titles['en']}.",
                    f"{self.titles['ja']}に「{level}」という強さはありません。",
                )
            )
        return self.bots[level]()


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game to the catalogue."""
    _GAMES[info.id] = info
    return info


def all_games() -> list[GameInfo]:
    """Every registered game, in registration order."""
    _load()
    return list(_GAMES.values())


def get_game(game_id: str) -> GameInfo:
    """The game with this id, or :class:`RecordError`."""
    _load()
    if game_id not in _GAMES:
        raise RecordError(
            t(f"Unknown game {game_id!r}.", f"「{game_id}」というゲームはありません。")
        )
    return _GAMES[game_id]


def _load() -> None:
    import pygames.games  # noqa: F401  (registers the games)
