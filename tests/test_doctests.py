"""The examples in the engine's docstrings run and show what they say: every ``pygames``
module with an example is one case (found with :mod:`pkgutil`, so that this works on the
installed wheel in Pyodide as well as on the repository in CPython)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import pygames


def engine_modules() -> list[ModuleType]:
    """Every module of the ``pygames`` package (``__main__`` left out: importing it runs the
    command line)."""
    names = [m.name for m in pkgutil.walk_packages(pygames.__path__, "pygames.")]
    return [importlib.import_module(n) for n in sorted(names) if not n.endswith(".__main__")]


def has_examples(module: ModuleType) -> bool:
    """Whether a docstring of ``module`` holds an example (``>>>``)."""
    return any(test.examples for test in doctest.DocTestFinder().find(module))


WITH_EXAMPLES = [m.__name__ for m in engine_modules() if has_examples(m)]


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result


def test_the_examples_are_found() -> None:
    """The walk finds the whole engine, and the examples it is known to hold (the core's random
    generator and each game's notation), so that no example is silently left out."""
    names = [m.__name__ for m in engine_modules()]
    assert {"pygames.cli", "pygames.web", "pygames.core.record"} <= set(names)
    assert "pygames.core.rng" in WITH_EXAMPLES
    games = {name.split(".")[2] for name in WITH_EXAMPLES if name.startswith("pygames.games.")}
    assert games >= {"baggai", "hitokai", "marie", "pharaoh", "yadokashi"}
