"""Rule NAME-1 (docs/protocol.md) in the engine, on the shared corpus ``tests/names.json``.

The page checks the same cases with its own check of the same rule (tests/js/names.test.mjs): a
name is trimmed of spaces, then refused if empty, longer than 24 code points, holding a control,
format (but a joiner between two visible characters), surrogate, private-use or line/paragraph
separator character, or with no letter, number, punctuation or symbol. The engine applies it
wherever a name enters: a record in a link, a record in a ``start`` or ``deal`` request, a
record's file.
"""

from __future__ import annotations

import base64
import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from pygames.core.errors import RecordError
from pygames.core.record import MAX_NAME, name_problem, parse_record_text, trim_name
from pygames.web import Bridge

CORPUS = Path(__file__).with_name("names.json")
CASES: list[dict[str, Any]] = json.loads(CORPUS.read_text(encoding="utf-8"))


def record(name: str) -> dict[str, Any]:
    seats = [{"name": name, "kind": "human"}, {"name": "Ben", "kind": "human"},
             {"name": "Cy", "kind": "bot", "level": "random"}]  # fmt: skip
    return {"v": 1, "game": "marie", "players": 3, "seed": 7, "options": {}, "seats": seats}


def link(data: dict[str, Any]) -> str:
    """A share link of ``data`` (a lone surrogate stays a ``\\ud800`` escape: valid text)."""
    raw = json.dumps(data).encode("ascii")
    return "https://example.org/pygames/#g=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_the_corpus_holds_the_cases_the_rule_names() -> None:
    names = {case["name"] for case in CASES}
    for must in ("\u202e", "\u200b", "\ufeff", "\u200e", "\u0301", "\u0000"):
        assert any(must in name for name in names), hex(ord(must))
    assert any(unicodedata.bidirectional(n[0]) in ("R", "AL") and c["ok"]
               for c in CASES for n in [c["name"]])  # fmt: skip
    assert {c["ok"] for c in CASES} == {True, False} and len(CASES) >= 60
    assert all(set(c) <= {"name", "ok", "why"} and isinstance(c["ok"], bool) for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: repr(c["name"])[:40])
def test_the_engine_judges_each_name_as_the_corpus_says(case: dict[str, Any]) -> None:
    name, ok = case["name"], case["ok"]
    assert (name_problem(name) is None) == ok, case
    bridge = Bridge()
    for request in (
        {"cmd": "start", "record": record(name), "seat": 0},
        {"cmd": "start", "link": link(record(name)), "seat": 0},
        {"cmd": "deal", "record": record(name)},
    ):
        answer = json.loads(bridge.handle(json.dumps(request)))
        assert answer["ok"] is ok, (case, request["cmd"], answer)
        if ok:  # kept trimmed, as the page shows it
            seats = answer["record"]["seats"] if request["cmd"] == "deal" else answer["seats"]
            assert seats[0]["name"] == trim_name(name) and len(seats[0]["name"]) <= MAX_NAME
        else:
            assert answer["kind"] == "RecordError" and answer["error"]["ja"], answer
            assert not bridge.sessions
    # a record file (the CLI's replay, the page's import) reads the same
    if ok:
        assert parse_record_text(json.dumps(record(name))).seats[0].name == trim_name(name)
    else:
        with pytest.raises(RecordError):
            parse_record_text(json.dumps(record(name)))


def test_a_refused_name_says_why_in_both_languages() -> None:
    for name, words in (
        ("Aya\u202e", "text-direction"),
        ("\u200b", "invisible"),
        ("\u0301", "visible character"),
        ("x" * 25, "1 to 24"),
        ("   ", "1 to 24"),
    ):
        problem = name_problem(name)
        assert problem is not None and words in problem["en"] and problem["ja"], name
        answer = json.loads(Bridge().handle(json.dumps({"cmd": "start", "record": record(name)})))
        assert answer["error"]["en"].startswith("Seat 0: ") and words in answer["error"]["en"]
