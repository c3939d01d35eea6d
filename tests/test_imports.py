"""Dependencies inside ``pygames/`` point one way: no module imports, directly or through
others, a module that imports it back (issue 30).

The graph is read with :mod:`ast` from every ``.py`` file of the installed package (found
through ``pygames.__file__``, so the test reads the wheel's files inside Pyodide). An edge is an
import that runs when the module is loaded (anywhere outside a function body: at the top, in a
class body, under ``if``/``try``), and an import under ``if TYPE_CHECKING:``, which the type
checker follows just as well: a cycle through it is still two modules that cannot be read apart.

Imports inside a function do not count. They run when the function is called, after every
module-level import has finished, so they cannot meet a half-loaded module; they are the
deliberate way to load something late (the command line's arena, soak and bench stay out of
the browser's memory snapshot; :mod:`pygames.core.registry` loads the game packages, which
register themselves with it, when the catalogue is first asked for).

Importing ``a.b.c`` loads the packages ``a`` and ``a.b`` first, but that is not counted as an
edge either: a module of a game naming a sibling by its full path does not depend on the
package's ``__init__``. Nor is a module loaded by name through :mod:`importlib` (each game
package, which ``pygames/games/__init__.py`` loads from its list of games).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pygames

PACKAGE = Path(pygames.__file__).resolve().parent

Graph = dict[str, set[str]]


def module_names(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name (a package by its own)."""
    names: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _load_time_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of ``body`` that run when the module loads, or that sit under
    ``if TYPE_CHECKING:`` (every branch of ``if``/``try``/``with``, class bodies; not function
    bodies)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    statements = [s for s in inner if isinstance(s, ast.stmt)]
                    handlers = [h for h in inner if isinstance(h, ast.ExceptHandler)]
                    yield from _load_time_imports(statements)
                    for handler in handlers:
                        yield from _load_time_imports(handler.body)


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> Iterator[str]:
    """The dotted names one import statement of ``module`` may load (relative ones resolved)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        parts = module.split(".")
        keep = len(parts) - node.level + (1 if is_package else 0)
        base = ".".join(parts[:keep] + ([base] if base else []))
    yield base
    yield from (f"{base}.{alias.name}" for alias in node.names)


def imports_of(source: str, module: str, known: set[str], is_package: bool = False) -> set[str]:
    """The modules of ``known`` that ``module`` (with this ``source``) imports at load time or
    for the type checker. ``from p import m`` counts as an import of the module ``p.m`` when
    there is one, else of ``p``."""
    found: set[str] = set()
    for node in _load_time_imports(ast.parse(source).body):
        targets = list(_targets(node, module, is_package))
        if isinstance(node, ast.ImportFrom):
            submodules = [t for t in targets[1:] if t in known]
            found.update(submodules or [t for t in targets[:1] if t in known])
        else:
            found.update(t for t in targets if t in known)
    found.discard(module)
    return found


def import_graph(root: Path = PACKAGE) -> Graph:
    """Each module of the package and the package modules it imports (see :func:`imports_of`)."""
    names = module_names(root)
    known = set(names)
    return {
        name: imports_of(
            path.read_text("utf-8"), name, known, is_package=path.name == "__init__.py"
        )
        for name, path in names.items()
    }


def cycles(graph: Graph) -> list[list[str]]:
    """One cycle, as ``[a, b, ..., a]``, for each group of modules that reach each other
    (Tarjan's strongly connected components), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(_one_cycle(graph, group) for group in groups)


def _one_cycle(graph: Graph, group: set[str]) -> list[str]:
    """A path from the group's first module back to itself, inside the group (breadth first:
    a shortest one)."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start] if node != start else [start, start]
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # Tarjan's group always has one


def test_no_import_cycle_inside_pygames() -> None:
    graph = import_graph()
    assert "pygames.core.protocol" in graph and len(graph) > 30, sorted(graph)
    found = cycles(graph)
    assert found == [], "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_the_cycle_finder_names_a_cycle_and_nothing_else() -> None:
    graph: Graph = {
        "a": {"b"},
        "b": {"c", "d"},
        "c": {"a"},
        "d": set(),
        "e": {"f"},
        "f": {"e"},
    }
    assert cycles(graph) == [["a", "b", "c", "a"], ["e", "f", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_imports_count_at_load_time_and_for_the_type_checker_only() -> None:
    known = {"p", "p.rules", "p.page", "p.bot", "p.late", "p.util", "p.x", "q"}
    source = """
from __future__ import annotations
from typing import TYPE_CHECKING
import q
from p import util
from . import bot
if TYPE_CHECKING:
    from p.rules import State
try:
    from .page import choices
except ImportError:
    pass
def f():
    from p import late
class C:
    import p
"""
    found = imports_of(source, "p.x", known)
    assert found == {"q", "p.util", "p.bot", "p.rules", "p.page", "p"}
    assert imports_of("from . import rules", "p", known, is_package=True) == {"p.rules"}
