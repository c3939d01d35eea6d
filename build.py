#!/usr/bin/env python3
"""Build, serve and test the pygames site (standard library only).

Usage::

    python3 build.py [build]            # write dist/ from scratch
    python3 build.py serve [--port N] [--base /sub/path/]
                                        # build, then serve dist/ on http://127.0.0.1:N
    python3 build.py test [PYTEST ARGS] # install what is missing, build, lint, type-check, test
    python3 build.py pyodide-tests [--save-durations] [PYTEST ARGS]
                                        # only the engine tests inside Pyodide (Node.js)
    python3 build.py bench [--quick]    # the browser benchmark of BENCHMARKS.md
    python3 build.py bench-engine --against COMMIT [--no-pyodide] [--game ID] [--seconds S]
                                        # this engine next to an earlier commit's, CPython and
                                        # Pyodide (tools/engine_bench.py)

``dist/`` holds everything the site loads: the static shell from ``web/``, the engine wheel
(built here with :mod:`zipfile`, byte-reproducible), the pinned Pyodide runtime from npm,
micropip and packaging from PyPI (sha256-checked), ``catalog.json``, ``build.json`` and
``sw.js``, the service worker, with the list of every file of the site (in two tiers: the
shell's, and the engine's, stored only on a device that runs it) and a version hash written into
it (the offline precache). The icons are files of ``web/icons/`` (the PNGs drawn
by ``tools/icons.py``); the build only checks that every icon the site names is there.

The work is done by the modules of ``buildsite/`` (not part of the engine wheel), one a part:

- :mod:`buildsite.site`: ``dist/`` (web/, icons, catalog.json, build.json, sw.js's precache);
- :mod:`buildsite.wheel`: the engine wheel, which :mod:`buildsite.backend` also gives
  ``pip install .`` (pyproject.toml's PEP 517 backend);
- :mod:`buildsite.downloads`: Pyodide and the checkers from npm, the pinned wheels from PyPI;
- :mod:`buildsite.serve`: the local server of ``serve``, the e2e tests and the benchmark;
- :mod:`buildsite.installers`: Chromium (apt-get) and ``.venv`` (pip);
- :mod:`buildsite.testrun` and :mod:`buildsite.steps`: ``test`` and ``pyodide-tests``.

The names other scripts use (``build.build``, ``build.start_server``, ``build.CHROMIUM_ARGS``,
``build.DIST``...) are imported here from those modules, so ``import build`` gives them all.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buildsite.common import (  # noqa: E402
    DIST,
    PACKAGE,
    VENV,
    WEB,
    BuildError,
    check,
    human_size,
    log,
    run,
    sha256_file,
    tree_size,
)
from buildsite.downloads import (  # noqa: E402
    NODE_TOOLS,
    PINNED_WHEELS,
    PYODIDE_FILES,
    PYODIDE_TEST_WHEELS,
    PYODIDE_VERSION,
    TEST_WHEEL_CACHE,
    WHEEL_CACHE,
    check_worker_pins,
    copy_pyodide,
    ensure_pyodide,
    fetch_pinned_wheels,
)
from buildsite.installers import (  # noqa: E402
    APT_PACKAGES,
    CHROMIUM,
    CHROMIUM_ARGS,
    REQUIREMENTS,
    ensure_chromium,
    ensure_venv,
)
from buildsite.serve import (  # noqa: E402
    MIME_TYPES,
    SiteHandler,
    SiteServer,
    normalize_prefix,
    serve,
    start_server,
)
from buildsite.site import (  # noqa: E402
    build,
    check_icons,
    icon_files,
    precache_files,
    precache_tiers,
    site_version,
    write_catalog,
    write_json,
    write_precache,
)
from buildsite.steps import Step, print_summary  # noqa: E402
from buildsite.testrun import (  # noqa: E402
    PYODIDE_RUNNER,
    PYODIDE_SHARDS,
    SUITE_LIMITS,
    SUITE_OPTIONS,
    pyodide_tests,
    test,
)
from buildsite.wheel import WHEEL_TIMESTAMP, build_wheel, engine_version  # noqa: E402

__all__ = [
    "APT_PACKAGES",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "DIST",
    "MIME_TYPES",
    "NODE_TOOLS",
    "PACKAGE",
    "PINNED_WHEELS",
    "PYODIDE_FILES",
    "PYODIDE_RUNNER",
    "PYODIDE_SHARDS",
    "PYODIDE_TEST_WHEELS",
    "PYODIDE_VERSION",
    "REQUIREMENTS",
    "ROOT",
    "SUITE_LIMITS",
    "SUITE_OPTIONS",
    "TEST_WHEEL_CACHE",
    "VENV",
    "WEB",
    "WHEEL_CACHE",
    "WHEEL_TIMESTAMP",
    "BuildError",
    "SiteHandler",
    "SiteServer",
    "Step",
    "bench",
    "bench_engine",
    "build",
    "build_wheel",
    "check",
    "check_icons",
    "check_worker_pins",
    "copy_pyodide",
    "engine_version",
    "ensure_chromium",
    "ensure_pyodide",
    "ensure_venv",
    "fetch_pinned_wheels",
    "human_size",
    "icon_files",
    "log",
    "main",
    "normalize_prefix",
    "precache_files",
    "precache_tiers",
    "print_summary",
    "pyodide_tests",
    "run",
    "serve",
    "sha256_file",
    "site_version",
    "start_server",
    "test",
    "tree_size",
    "write_catalog",
    "write_json",
    "write_precache",
]


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse ``[build] | serve [--port N] [--base PATH]``."""
    parser = argparse.ArgumentParser(
        prog="build.py",
        description="Build, serve and test the pygames site. "
        "`test [ARGS]` passes ARGS on to pytest.",
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="write dist/ (default)")
    serve_parser = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument(
        "--base",
        default="/",
        help="serve under this URL path, e.g. /pygames/ as on GitHub Pages (default: /)",
    )
    sub.add_parser("test", help="install, build, lint, type-check, run tests")
    sub.add_parser(
        "pyodide-tests", help="run tests/ inside Pyodide in Node.js (pytest arguments follow)"
    )
    sub.add_parser(
        "bench",
        help="browser benchmark (tools/browser_bench.py; its arguments follow, e.g. --quick)",
    )
    sub.add_parser(
        "bench-engine",
        help="this engine next to an earlier commit's (tools/engine_bench.py; --against COMMIT)",
    )
    return parser.parse_args(argv)


def bench(extra: Sequence[str]) -> int:
    """``build.py bench``: the browser benchmark of BENCHMARKS.md (tools/browser_bench.py), in
    the test tools' venv, which has Playwright."""
    python = ensure_venv()
    ensure_chromium()
    return run([python, ROOT / "tools" / "browser_bench.py", *extra])


def bench_engine(extra: Sequence[str]) -> int:
    """``build.py bench-engine``: this engine next to an earlier commit's, in CPython and in
    Pyodide (tools/engine_bench.py), in the test tools' venv, which has Playwright."""
    python = ensure_venv()
    if "--no-pyodide" not in extra:
        ensure_chromium()
    return run([python, ROOT / "tools" / "engine_bench.py", *extra])


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["test"]:
            return test(argv[1:])
        if argv[:1] == ["pyodide-tests"]:
            return pyodide_tests(argv[1:])
        if argv[:1] == ["bench"]:
            return bench(argv[1:])
        if argv[:1] == ["bench-engine"]:
            return bench_engine(argv[1:])
        args = parse_args(argv)
        if args.command == "serve":
            return serve(args.port, args.base)
        build()
    except BuildError as exc:
        log(f"error: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
