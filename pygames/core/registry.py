"""The catalogue of games: metadata, state class and bots of each."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pygames.core.bots import Bot
from pygames.core.errors import RecordError
from pygames.core.protocol import GameState, JSONDict
from pygames.core.text import Text, t


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata and entry points."""

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
    # each seat's standing in a game not yet over, higher is better (the heuristic's own
    # evaluation): where a whole rollout is too dear, the strong bot cuts its rollouts short and
    # scores them with it
    values: Callable[[GameState], list[float]] | None = None
    # the stage a state is in, for a game of independent stages (The Egyptian Buyer's rounds):
    # the strong bot's rollouts then run to the end of the decision's stage, scored by values
    horizon: Callable[[GameState], int] | None = None
    # with a horizon: each seat's chance to win the game from a state at the end of a stage (the
    # strong bot then scores its rollouts by it, instead of by the leaders by values)
    chances: Callable[[GameState], list[float]] | None = None
    # the actions the strong bot weighs for a seat, given the legal ones (a few bids that differ
    # in kind out of a long list); it must keep the heuristic's own choice
    moves: Callable[[GameState, int, list[str]], list[str]] | None = None

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
        }

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
                horizon=self.horizon,
                chances=self.chances,
                moves=self.moves,
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
