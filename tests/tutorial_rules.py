"""The rules a tutorial must cover: every ruling id and every numbered rule of
``docs/rules/<id>.md`` (the coverage check of tests/test_tutorials.py)."""

from __future__ import annotations

import re
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
_SECTION = re.compile(r"^##\s+(.+?)\s*$")
_NUMBERED = re.compile(r"^(\d+)\.\s")
_RULING = re.compile(r"^- \*\*([A-Z]+\d+)\.\*\*")


def rule_keys(game: str) -> list[str]:
    """The keys of the rules of ``docs/rules/<game>.md``, in the page's order: a ruling's id
    (``"Y4"``), and a numbered rule (a line starting ``"<n>. "`` at the left margin) as
    ``"<section heading>/<n>"`` (``"A turn/2"``, ``"Setup/1"``)."""
    keys: list[str] = []
    section = ""
    for text in (RULES / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if heading := _SECTION.match(text):
            section = heading.group(1)
        elif ruling := _RULING.match(text):
            keys.append(ruling.group(1))
        elif numbered := _NUMBERED.match(text):
            keys.append(f"{section}/{numbered.group(1)}")
    return keys
