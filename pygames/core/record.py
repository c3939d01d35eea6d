"""Game records: ``{v, game, players, seed, options, seats, actions}``, and ``hints_used``.

``hints_used`` (only once a hint was asked): the hints each seat asked, by seat. The table option
``options["hints"]`` says whether hints may be asked; absent, they may when exactly one seat is
human (:func:`hints_allowed`). Both are the table's, not the game's: they change no deal and no
rule.

A record travels as a JSON file and as a URL fragment ``#g=<base64url of the JSON>`` (a fragment is
never sent to a server). Each action is ``"<seat>:<notation>"``. Replaying a record is
deterministic.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from pygames.core.errors import GameError, RecordError, ReplayError
from pygames.core.protocol import GameState, JSONDict
from pygames.core.registry import GameInfo, get_game
from pygames.core.rng import SEED_LIMIT
from pygames.core.text import Text, t

VERSION = 1
MAX_NAME = 24  # code points of a seat's name, once trimmed (NAME-1, docs/protocol.md)
#: the most actions a record may hold: the longest game bots played (random, easy and normal
#: bots, every game at its fewest and most players, 30 games each) took 451 actions (The
#: Egyptian Buyer, hitokai, 5 normal bots); a person bidding one coin at a time takes more, but
#: not ten times more
MAX_ACTIONS = 5000
MAX_ACTION = 64  # characters of one action (``"<seat>:<notation>"``)
MAX_HINTS = 100_000  # hints one seat may have asked, as a record holds them
MAX_DEPTH = 32  # nesting of JSON read from outside; a record needs 3
#: the longest text a record is read from (a link, a ``g=...`` fragment, a record's JSON), in
#: characters: the longest record of those bot games (451 actions, 24-character Japanese names)
#: is a link of 6.0 kB, 40 times less; MAX_ACTIONS actions of a usual length fit too. Longer
#: text is refused before it is read.
MAX_TEXT = 256 * 1024
MAX_OPTION = 64  # characters of an option's value, as JSON (the games' options are a seat, a flag)
#: the options every game has: the table's own (docs/protocol.md), not the game's
TABLE_OPTIONS = ("hints",)
FRAGMENT_KEY = "g="
#: the characters the depth scan of :func:`strict_json` stops at: one character each, so the
#: search is linear (no pattern that can backtrack)
_JSON_SPECIAL = re.compile(r'["\\\[\]{}]')


@dataclass
class Seat:
    """Who sits at a seat: a human with a name, or a bot with a level."""

    name: str
    kind: str = "human"
    level: str | None = None

    def to_json(self) -> JSONDict:
        """JSON-safe form."""
        data: JSONDict = {"name": self.name, "kind": self.kind}
        if self.kind == "bot":
            data["level"] = self.level
        return data


@dataclass
class Record:
    """A game record: enough to rebuild every position of a game."""

    game: str
    players: int
    seed: int
    options: JSONDict = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    v: int = VERSION
    #: the hints each seat asked (empty: none yet)
    hints_used: list[int] = field(default_factory=list)

    def to_json(self) -> JSONDict:
        """JSON-safe form, keys in a fixed order (``hints_used`` once a hint was asked)."""
        data: JSONDict = {
            "v": self.v,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "actions": list(self.actions),
        }
        if any(self.hints_used):
            data["hints_used"] = self.hints_counts()
        return data

    def hints_counts(self) -> list[int]:
        """The hints each seat asked, one count per seat."""
        counts = self.hints_used[: self.players]
        return counts + [0] * (self.players - len(counts))

    def count_hint(self, seat: int) -> None:
        """Count one hint asked by ``seat``."""
        counts = self.hints_counts()
        counts[seat] = min(MAX_HINTS, counts[seat] + 1)
        self.hints_used = counts

    def hints_allowed(self) -> bool:
        """Whether hints may be asked at this table: the ``hints`` option, or when it is
        absent, whether exactly one seat is human."""
        allowed = self.options.get("hints")
        if isinstance(allowed, bool):
            return allowed
        return sum(1 for s in self.seats if s.kind == "human") == 1

    def dumps(self) -> str:
        """Compact JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    def to_fragment(self) -> str:
        """The URL fragment (without ``#``) that carries this record."""
        raw = self.dumps().encode("utf-8")
        return FRAGMENT_KEY + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")

    def info(self) -> GameInfo:
        """The game's catalogue entry."""
        return get_game(self.game)


def _bad(en: str, ja: str) -> RecordError:
    return RecordError(t(en, ja))


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def json_depth_ok(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text ``text`` nests no deeper than ``limit``, in one pass over it.

    A small state machine reads only the characters that matter (quotes, backslashes and
    brackets, found by a one-character pattern): inside a string a backslash escapes the next
    character and brackets do not count. The time is linear in the text's length whatever it
    holds: an unterminated string of ``\\"`` pairs costs what any text of its length does.
    Text that is not JSON may pass: :func:`json.loads` refuses it next.
    """
    depth = 0
    in_string = False
    escaped = -1  # the index of the character a backslash escapes
    for match in _JSON_SPECIAL.finditer(text):
        i = match.start()
        if i == escaped:
            continue
        char = text[i]
        if in_string:
            if char == '"':
                in_string = False
            elif char == "\\":
                escaped = i + 1
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return False
        elif char in "]}":
            depth -= 1
    return True


def strict_json(text: str) -> Any:
    """Parse JSON text from outside (a link, a file, the page's request), or raise ValueError.

    Nesting deeper than :data:`MAX_DEPTH` is refused before parsing (:func:`json_depth_ok`, one
    linear pass): deep nesting overflows the stack of Pyodide's interpreter, a fatal error that
    kills the engine in the page. ``NaN`` and ``Infinity``, which Python's json reads but no JSON
    reader of the page does, are refused too. The length is the caller's to bound
    (:data:`MAX_TEXT`); the time is linear in it.
    """
    if not json_depth_ok(text):
        raise ValueError("JSON nested too deeply")
    return json.loads(text, parse_constant=_not_json)


def _readable(data: Any) -> bool:
    """Whether ``data`` is plain JSON that can be written back as UTF-8: no lone surrogates, no
    NaN or infinite numbers (``1e999`` reads as infinity), nothing else."""
    try:
        json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (ValueError, TypeError, RecursionError):  # UnicodeEncodeError is a ValueError
        return False
    return True


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(
            f"The record's {name} must be a whole number from {lo} to {hi}.",
            f"記録の{name}は{lo}から{hi}までの整数でなければなりません。",
        )
    return value


#: the categories a name may not hold (NAME-1): controls, format characters (bidi controls,
#: zero-width characters, the byte-order mark), surrogates, private use, line and paragraph
#: separators
REFUSED_IN_NAMES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
#: format characters a name may hold between two visible characters (NAME-1): the zero-width
#: non-joiner and joiner, which emoji sequences and Indic and Persian scripts need
JOINERS = frozenset({"\u200c", "\u200d"})
#: characters of a visible category that draw nothing (NAME-1): the Hangul fillers and the
#: blank braille pattern, refused like the format characters
BLANK_LOOKING = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"})
_ASCII_SPACE = frozenset(" \t\n\x0b\x0c\r")


def _trimmed(char: str) -> bool:
    return char in _ASCII_SPACE or unicodedata.category(char) == "Zs"


def trim_name(name: str) -> str:
    """The name without leading and trailing spaces (category Zs and ASCII whitespace)."""
    start, end = 0, len(name)
    while start < end and _trimmed(name[start]):
        start += 1
    while end > start and _trimmed(name[end - 1]):
        end -= 1
    return name[start:end]


def _visible(char: str) -> bool:
    """A letter, mark, number, punctuation or symbol (what a joiner may stand between)."""
    return unicodedata.category(char)[0] in "LMNPS"


def name_problem(name: str) -> Text | None:
    """What is wrong with a seat's name under rule NAME-1 (docs/protocol.md), or ``None``.

    The name is trimmed (:func:`trim_name`); it is refused if empty or longer than
    :data:`MAX_NAME` code points, if it holds a character of a category of
    :data:`REFUSED_IN_NAMES` (but a joiner of :data:`JOINERS` between two letters, marks,
    numbers, punctuation or symbols), or if it has no letter, number, punctuation or symbol.
    """
    name = trim_name(name)
    if not name or len(name) > MAX_NAME:
        return t(
            f"a name must be 1 to {MAX_NAME} characters.",
            f"名前は1〜{MAX_NAME}文字にしてください。",
        )
    for i, char in enumerate(name):
        if unicodedata.category(char) not in REFUSED_IN_NAMES and char not in BLANK_LOOKING:
            continue
        between = 0 < i < len(name) - 1 and _visible(name[i - 1]) and _visible(name[i + 1])
        if char in JOINERS and between:
            continue
        return t(
            "a name may not hold control, invisible or text-direction characters.",
            "名前に制御文字・見えない文字・文字の向きを変える文字は使えません。",
        )
    if not any(unicodedata.category(char)[0] in "LNPS" for char in name):
        return t("a name needs a visible character.", "名前には見える文字が必要です。")
    return None


def _seats(raw: Any, info: GameInfo, players: int) -> list[Seat]:
    if raw is None:
        return [Seat(f"P{i + 1}") for i in range(players)]
    if not isinstance(raw, list) or len(raw) != players:
        raise _bad(
            "The record's seats do not match its number of players.",
            "記録の席の数が人数と合いません。",
        )
    seats = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise _bad(f"Seat {i} of the record is unreadable.", f"記録の席{i}が読めません。")
        name = item.get("name", f"P{i + 1}")
        kind = item.get("kind", "human")
        level = item.get("level")
        if not isinstance(name, str):
            raise _bad(f"Seat {i}'s name is unreadable.", f"席{i}の名前が読めません。")
        problem = name_problem(name)
        if problem is not None:
            raise _bad(f"Seat {i}: {problem['en']}", f"席{i}：{problem['ja']}")
        if kind not in ("human", "bot"):
            raise _bad(f"Seat {i} must be human or bot.", f"席{i}は人かボットのどちらかです。")
        if kind == "bot":
            if not isinstance(level, str):
                raise _bad(f"Seat {i}'s bot has no level.", f"席{i}のボットに強さがありません。")
            info.make_bot(level)
        seats.append(Seat(trim_name(name), kind, level if kind == "bot" else None))
    return seats


def _actions(raw: Any, players: int) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise _bad("The record's action list is unreadable.", "記録の手の一覧が読めません。")
    if len(raw) > MAX_ACTIONS:
        raise _bad(
            f"The record holds more than {MAX_ACTIONS} actions: no game is that long.",
            f"記録の手が{MAX_ACTIONS}より多すぎます。そんなに長いゲームはありません。",
        )
    for i, action in enumerate(raw):
        if not isinstance(action, str) or len(action) > MAX_ACTION:
            shown = str(action)[:MAX_ACTION] if isinstance(action, str) else type(action).__name__
            raise ReplayError(i, shown, t("not an action string", "手の文字列ではない"))
        split_action(action, i, players)
    return list(raw)


def draw() -> int:
    """A new game's seed, drawn by the engine (0 to :data:`SEED_LIMIT`)."""
    return secrets.randbits(53)


def record_from_json(data: Any, draw_seed: bool = False) -> Record:
    """Validate and build a :class:`Record`, or raise :class:`RecordError`. With ``draw_seed``
    (a new game: the bridge's ``start`` and ``deal``), a record whose ``seed`` is absent or null
    gets one drawn by the engine (:func:`draw`) when it has no actions; with actions it is
    refused (they were played on a deal that cannot be known)."""
    if not isinstance(data, dict):
        raise _bad("This is not a game record.", "これはゲームの記録ではありません。")
    if not _readable(data):
        raise _bad(
            "The record holds text or numbers that cannot be read.",
            "記録に読めない文字か数があります。",
        )
    version = data.get("v", VERSION)
    if version != VERSION:
        raise _bad(
            f"This record has version {version!r}; this app reads version {VERSION}.",
            f"この記録の版は{version!r}です。このアプリが読めるのは版{VERSION}です。",
        )
    game = data.get("game")
    if not isinstance(game, str):
        raise _bad("The record does not name its game.", "記録にゲーム名がありません。")
    info = get_game(game)
    players = _int(data.get("players"), "number of players", info.min_players, info.max_players)
    seed = data.get("seed")
    if seed is None and draw_seed:
        # a new game only: moves played on a deal nobody knows could not be replayed
        if data.get("actions"):
            raise _bad(
                "A record with moves needs the seed of its deal.",
                "手のある記録には配りのシードが必要です。",
            )
        seed = draw()
    seed = _int(seed, "seed", 0, SEED_LIMIT)
    options = _options(data.get("options") or {}, info)
    seats = _seats(data.get("seats"), info, players)
    actions = _actions(data.get("actions"), players)
    hints_used = _hints_used(data.get("hints_used"), players)
    return Record(game, players, seed, options, seats, actions, hints_used=hints_used)


def _options(options: Any, info: GameInfo) -> JSONDict:
    """The record's options: only the game's own (its catalogue's ``options``) and the table's
    (:data:`TABLE_OPTIONS`), each value at most :data:`MAX_OPTION` characters of JSON."""
    if not isinstance(options, dict):
        raise _bad("The record's options are unreadable.", "記録のオプションが読めません。")
    known = [*info.default_options, *TABLE_OPTIONS]
    for key, value in options.items():
        if key not in known:
            raise _bad(
                f"The record has an option {info.titles['en']} does not have "
                f"(its options: {', '.join(known)}).",
                f"記録に{info.titles['ja']}にはないオプションがあります"
                f"（オプションは{'、'.join(known)}です）。",
            )
        if len(json.dumps(value, ensure_ascii=False)) > MAX_OPTION:
            raise _bad(
                f"The record's option {key} is too long (at most {MAX_OPTION} characters).",
                f"記録のオプション{key}が長すぎます（{MAX_OPTION}文字まで）。",
            )
    if options.get("hints") is not None and not isinstance(options.get("hints"), bool):
        raise _bad(
            "The record's hints option must be on or off.",
            "記録のヒントの設定は「使える」か「使えない」のどちらかです。",
        )
    return options


def _hints_used(raw: Any, players: int) -> list[int]:
    """The record's hint counts (none when absent): one whole number per seat."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) != players:
        raise _bad(
            "The record's hint counts do not match its number of players.",
            "記録のヒントの回数が人数と合いません。",
        )
    for n in raw:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_HINTS:
            raise _bad(
                f"Each hint count of the record must be a whole number from 0 to {MAX_HINTS}.",
                f"記録のヒントの回数は0から{MAX_HINTS}までの整数でなければなりません。",
            )
    return list(raw)


def split_action(entry: str, index: int, players: int) -> tuple[int, str]:
    """Split ``"<seat>:<notation>"`` into its parts, or raise :class:`ReplayError`."""
    head, sep, notation = entry.partition(":")
    # ASCII digits only: str.isdigit() also accepts "²" (int() refuses it) and "٣" (int() reads 3)
    if (
        not sep
        or not notation
        or not (head.isascii() and head.isdigit())
        or len(head) > 3
        or int(head) >= players
    ):
        raise ReplayError(
            index, entry, t("expected <seat>:<action>", "「席:手」の形ではありません")
        )
    return int(head), notation


def too_long() -> RecordError:
    """The refusal of a text longer than :data:`MAX_TEXT`."""
    return _bad(
        f"This link or record is too long (more than {MAX_TEXT // 1024} kB): "
        "a game's record is far shorter. It was not opened.",
        f"このリンクか記録は長すぎます（{MAX_TEXT // 1024}kBを超えています）。"
        "ゲームの記録はもっと短いので、開きませんでした。",
    )


def parse_record_text(text: str, draw_seed: bool = False) -> Record:
    """Read a record from JSON text, a share URL, or a bare ``g=...`` fragment (at most
    :data:`MAX_TEXT` characters: longer text is refused before it is read). ``draw_seed``: as
    :func:`record_from_json`'s."""
    if len(text) > MAX_TEXT:
        raise too_long()
    text = text.strip()
    if not text:
        raise _bad("The record is empty.", "記録が空です。")
    if text.startswith(("{", "[")):
        try:
            data = strict_json(text)
        except (ValueError, RecursionError) as exc:  # a JSONDecodeError is a ValueError
            raise _bad("The record is not valid JSON.", "記録のJSONが壊れています。") from exc
        return record_from_json(data, draw_seed)
    fragment = text.split("#", 1)[1] if "#" in text else text
    for part in fragment.split("&"):
        if part.startswith(FRAGMENT_KEY):
            return record_from_json(_decode_fragment(part[len(FRAGMENT_KEY) :]), draw_seed)
    raise _bad("This link carries no game.", "このリンクにはゲームが入っていません。")


def _decode_fragment(payload: str) -> Any:
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        return strict_json(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise _bad("The link is damaged.", "リンクが壊れています。") from exc


def new_state(record: Record) -> GameState:
    """The state at the start of the record's game."""
    info = record.info()
    try:
        return info.state_class.new(record.players, record.seed, record.options)
    except GameError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        raise _bad(
            "The record's options are not valid for this game.",
            "記録のオプションがこのゲームに合いません。",
        ) from exc


def replay(record: Record, upto: int | None = None) -> GameState:
    """Replay the record's first ``upto`` actions (all by default); :class:`ReplayError` names the
    first action that does not apply."""
    state = new_state(record)
    for i, entry in enumerate(record.actions[:upto]):
        seat, notation = split_action(entry, i, record.players)
        try:
            state.apply(seat, notation)
        except GameError as exc:
            raise ReplayError(i, entry, exc.text) from exc
    return state
