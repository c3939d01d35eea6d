"""Every ruling the code cites is defined in the repository: ``docs/rules/<id>.md``.

A ruling id is a game's letter and a number: ``M`` Marie's Table, ``H`` The Egyptian Buyer, ``P``
Return of the Pharaoh, ``B`` BAG-GAI, ``Y`` Yadokashi (``Y1``, ``H4``, ``B12``). The rules files
define each as a bold ``**Y1.**`` at the start of a list item under ``## Rulings``. A citation is
such an id standing alone in ``pygames/``, ``web/`` or ``tests/`` (a comment, a docstring, a
message), or the ends of a range (``Y1-Y8`` cites Y1 to Y8). Two look-alikes are not citations:
a whole quoted string (BAG-GAI's card codes ``"B2"``, seat names ``"P1"``) and SVG path data
(``d: 'M12 2.5 L21.5 12 ...'``), which is removed before the search.

In Pyodide only ``tests/`` is copied (tools/pyodide_tests.mjs), so there this module is skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pygames.core.registry import all_games

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
GAMES = {"marie": "M", "hitokai": "H", "pharaoh": "P", "baggai": "B", "yadokashi": "Y"}
# the rulings of the working rules; BAG-GAI's start at B10 ("B1" to "B3" are card codes)
EXPECTED = {
    "M": range(1, 5),
    "H": range(1, 10),
    "P": range(1, 7),
    "B": range(10, 17),
    "Y": range(1, 11),
}
SCANNED = {
    "pygames": (".py",),
    "web": (".js", ".mjs", ".html", ".css", ".json"),
    "tests": (".py",),
}

pytestmark = pytest.mark.skipif(
    not RULES.is_dir() or not (ROOT / "pygames").is_dir(),
    reason="the repository's docs/ and sources are not here (the Pyodide run copies tests/ only)",
)

_EDGE_BEFORE = r"(?<![\w.'\"`$])"
_EDGE_AFTER = r"(?![\w.'\"`])"
_NUMBER = r"[1-9][0-9]?"
CITED_ID = re.compile(_EDGE_BEFORE + rf"([BHMPY])({_NUMBER})" + _EDGE_AFTER)
CITED_RANGE = re.compile(
    _EDGE_BEFORE + rf"([BHMPY])({_NUMBER})\s*[-\u2013]\s*\1({_NUMBER})" + _EDGE_AFTER
)
SVG_PATH = re.compile(
    r"'\s*[Mm][\s\d$.-][^'\n]*'|\"\s*[Mm][\s\d$.-][^\"\n]*\"|`\s*[Mm][\s\d$.-][^`\n]*`"
)
DEFINED_ID = re.compile(r"^- \*\*([A-Z])([0-9]+)\.\*\* ", re.MULTILINE)


def cited_in(text: str) -> set[str]:
    """The ruling ids a source text cites (ranges spelled out)."""
    text = SVG_PATH.sub("''", text)
    ids = {f"{m[1]}{int(m[2])}" for m in CITED_ID.finditer(text)}
    for m in CITED_RANGE.finditer(text):
        low, high = int(m[2]), int(m[3])
        assert low < high, f"a backwards range of rulings: {m[0]!r}"
        ids.update(f"{m[1]}{n}" for n in range(low, high + 1))
    return ids


def citations() -> dict[str, set[str]]:
    """Every cited ruling id, with the files that cite it."""
    found: dict[str, set[str]] = {}
    for folder, suffixes in SCANNED.items():
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in suffixes or not path.is_file():
                continue
            for rid in cited_in(path.read_text(encoding="utf-8")):
                found.setdefault(rid, set()).add(str(path.relative_to(ROOT)))
    return found


def rulings_section(game: str) -> str:
    """The ``## Rulings`` section of a game's rules file."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    _, sep, rest = text.partition("\n## Rulings\n")
    assert sep, f"docs/rules/{game}.md has no '## Rulings' section"
    return rest.split("\n## ", 1)[0]


def defined() -> dict[str, str]:
    """Every ruling id defined in docs/rules/, with its game."""
    out: dict[str, str] = {}
    for game in GAMES:
        for m in DEFINED_ID.finditer(rulings_section(game)):
            rid = f"{m[1]}{m[2]}"
            assert rid not in out, f"{rid} is defined twice ({out[rid]} and {game})"
            out[rid] = game
    return out


def test_the_scanner_finds_citations_and_skips_look_alikes() -> None:
    text = """
    # ruling Y3; see (H4) and B12: ...  Rulings P1-P6 apply, not M9x or xM9 or M9.5
    owned = ["B1", "B2"], seats == ['P1', 'P2'], ``R3`` ``B2``
    svg('path', { d: 'M12 2.5 L21.5 12 H17 Q22 9 22 14z' }); `M${pts.join(' L')} Z M12 8.6 H4`
    """
    assert cited_in(text) == {"Y3", "H4", "B12", "P1", "P2", "P3", "P4", "P5", "P6"}


def test_every_game_has_a_rules_file_defining_exactly_its_rulings() -> None:
    assert sorted(p.stem for p in RULES.glob("*.md") if p.stem != "README") == sorted(GAMES)
    found = defined()
    for game, letter in GAMES.items():
        mine = {rid for rid, g in found.items() if g == game}
        assert mine == {f"{letter}{n}" for n in EXPECTED[letter]}, game


def test_every_cited_ruling_is_defined() -> None:
    cited = citations()
    # not vacuous: the code and tests do cite rulings, of every game
    assert {"Y1", "Y8", "H4", "H2", "P5", "B10", "B15", "M2"} <= set(cited), sorted(cited)
    assert {rid[0] for rid in cited} == set(GAMES.values())
    missing = {rid: sorted(files) for rid, files in cited.items() if rid not in defined()}
    assert missing == {}, f"cited but defined in no docs/rules/<id>.md: {missing}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_files_credit_the_designer(game: str) -> None:
    info = {g.id: g for g in all_games()}[game]
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    design = info.credits[0]["en"]
    assert design.startswith("Game design: ")
    designer = re.split(r" \(|,", design.removeprefix("Game design: "))[0]
    assert designer and designer in text, (game, designer)
