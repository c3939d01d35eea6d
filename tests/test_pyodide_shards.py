"""The shards of the test run inside Pyodide (tools/pyodide_pytest.py): every test in exactly
one shard, the longest first to the emptiest shard, unknown tests at the median."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

RUNNER = Path(__file__).resolve().parents[1] / "tools" / "pyodide_pytest.py"


def runner() -> ModuleType:
    if not RUNNER.is_file():
        pytest.skip("tools/ is not copied where the tests run (inside Pyodide)")
    spec = importlib.util.spec_from_file_location("pyodide_pytest", RUNNER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("pyodide_pytest", module)
    spec.loader.exec_module(module)
    return module


def test_the_longest_go_first_to_the_emptiest_shard() -> None:
    deal = runner().deal_shards
    names = ["a", "b", "c", "d", "e"]
    seconds = {"a": 10.0, "b": 6.0, "c": 5.0, "d": 4.0, "e": 1.0}
    shard_of = deal(names, seconds, 2)
    loads = [
        sum(seconds[n] for n, k in zip(names, shard_of, strict=True) if k == s) for s in (0, 1)
    ]
    assert shard_of == [0, 1, 1, 0, 1]  # a; b; c joins b (6 < 10); d joins a (11 > 10); e
    assert sorted(loads) == [12.0, 14.0]


def test_unknown_tests_count_the_median_and_every_test_is_dealt_once() -> None:
    deal = runner().deal_shards
    names = [f"t{i}" for i in range(9)]
    seconds = {"t0": 1.0, "t1": 2.0, "t2": 3.0}
    shard_of = deal(names, seconds, 3)
    assert len(shard_of) == len(names) and set(shard_of) == {0, 1, 2}
    counts = [shard_of.count(k) for k in range(3)]
    assert counts == [3, 3, 3]  # six unknown tests of 2 s each spread the load evenly
    assert deal(names, {}, 1) == [0] * 9
