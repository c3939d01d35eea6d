"""No function of the engine is longer than 50 lines (issue 35: small functions, a fast path
that stays readable). A function's lines are counted from its ``def`` (its decorators left
out) to its last line, docstring and comments included, as a reader sees it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pygames

PACKAGE = Path(pygames.__file__).resolve().parent
LIMIT = 50


def long_functions(root: Path = PACKAGE, limit: int = LIMIT) -> list[str]:
    """``path:line name (N lines)`` of every function under ``root`` longer than ``limit``."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > limit:
                    where = path.relative_to(root.parent)
                    found.append(f"{where}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_of_the_engine_is_over_50_lines() -> None:
    assert long_functions() == []


def test_the_count_finds_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(50))
    (tmp_path / "long.py").write_text(f"def too_long() -> None:\n{body}\n", encoding="utf-8")
    (tmp_path / "short.py").write_text("def fine() -> int:\n    return 1\n", encoding="utf-8")
    assert long_functions(tmp_path) == [f"{tmp_path.name}/long.py:1 too_long (51 lines)"]
