"""``dist/``: the static shell from ``web/``, the engine wheel, the pinned Pyodide runtime and
wheels, the QR code decoder from npm (``vendor/qr/``), ``catalog.json``, ``build.json`` and
``sw.js`` with the list of every file of the site, in two tiers, and a version hash written into
it (the offline precache). The icons are files of ``web/icons/`` (the PNGs drawn by
``tools/icons.py``); the build only checks that every icon the site names is there."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from buildsite.common import DIST, ROOT, WEB, BuildError, human_size, log, tree_size
from buildsite.downloads import (
    PYODIDE_VERSION,
    QR_DECODER_DIR,
    check_qr_decoder_path,
    check_worker_pins,
    copy_pyodide,
    copy_qr_decoder,
    fetch_pinned_wheels,
)
from buildsite.preload import add_module_preloads
from buildsite.wheel import build_wheel, engine_version

ICON_LINK = re.compile(r'<link\s[^>]*rel="[^"]*icon[^"]*"[^>]*>')
LINK_HREF = re.compile(r'href="([^"]+)"')
PRECACHE_LINE = re.compile(r"^const PRECACHE = .*$", re.MULTILINE)


# --------------------------------------------------------------------------------------------
# Icons: committed in web/icons/ (the PNGs drawn by tools/icons.py), copied with web/


def icon_files(dist: Path) -> list[str]:
    """The icon files the site names, relative to ``dist``: the manifest's ``icons`` and the
    ``<link rel="...icon...">`` of index.html."""
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    names = [str(icon["src"]) for icon in manifest.get("icons", [])]
    page = (dist / "index.html").read_text(encoding="utf-8")
    for link in ICON_LINK.findall(page):
        href = LINK_HREF.search(link)
        if href is not None:
            names.append(href.group(1))
    return sorted({name.removeprefix("./") for name in names})


def check_icons(dist: Path) -> list[str]:
    """Make sure every icon the site names is in ``dist``; return their names."""
    names = icon_files(dist)
    missing = [name for name in names if not (dist / name).is_file()]
    if missing:
        raise BuildError(
            f"web/ lacks the icons {missing}: draw the PNGs with `python3 tools/icons.py`"
        )
    return names


# --------------------------------------------------------------------------------------------
# The service worker's precache: every file of dist/ in two tiers and a version hash, written
# into sw.js. The shell (the page's own files) is stored when the service worker installs; the
# engine (Pyodide, the wheels, the worker and what only it reads) the first time the device runs
# the engine: a device that has only ever been a guest's (issue 34) never downloads it.

#: the engine's tier: folders (ending in ``/``) and files that only the engine worker loads
ENGINE_TIER = ("pyodide/", "wheels/", "worker.js", "vault.js")


def precache_files(dist: Path) -> list[str]:
    """The site's files, relative to dist/, sorted (the service worker itself excluded)."""
    return sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.relative_to(dist).as_posix() != "sw.js"
    )


def engine_file(name: str) -> bool:
    """Whether ``name`` (relative to dist/) is of the engine's tier (:data:`ENGINE_TIER`)."""
    return any(name.startswith(e) if e.endswith("/") else name == e for e in ENGINE_TIER)


def precache_tiers(files: Sequence[str]) -> tuple[list[str], list[str]]:
    """``files`` split into the shell's and the engine's, each in the given order."""
    return [f for f in files if not engine_file(f)], [f for f in files if engine_file(f)]


def site_version(dist: Path, files: Sequence[str]) -> str:
    """A hash of every file's content; build.json counts without its build time (and without
    this version, written into it afterwards for the engine snapshot's key), so building the
    same sources again gives the same version (and installed copies are not invalidated)."""
    digest = hashlib.sha256()
    for name in files:
        if name == "build.json":
            info = json.loads((dist / name).read_text(encoding="utf-8"))
            info.pop("built", None)
            info.pop("site", None)
            data = json.dumps(info, sort_keys=True).encode()
        else:
            data = (dist / name).read_bytes()
        digest.update(f"{name}\0{hashlib.sha256(data).hexdigest()}\n".encode())
    return digest.hexdigest()[:16]


def write_precache(dist: Path) -> tuple[str, int]:
    """Fill the ``const PRECACHE = ...`` line of dist/sw.js (``{version, shell, engine}``);
    return the version and the count of files."""
    worker = dist / "sw.js"
    text = worker.read_text(encoding="utf-8")
    if len(PRECACHE_LINE.findall(text)) != 1:
        raise BuildError("web/sw.js needs exactly one line starting with `const PRECACHE = `")
    files = precache_files(dist)
    version = site_version(dist, files)
    shell, engine = precache_tiers(files)
    if not shell or not engine:
        raise BuildError(f"the precache's tiers: {len(shell)} shell files, {len(engine)} engine's")
    data = json.dumps({"version": version, "shell": shell, "engine": engine}, separators=(",", ":"))
    line = f"const PRECACHE = {data}; // written by build.py"
    worker.write_text(PRECACHE_LINE.sub(lambda _: line, text), encoding="utf-8")
    return version, len(files)


# --------------------------------------------------------------------------------------------
# dist/


def write_catalog(out: Path) -> None:
    """Write ``python -m pygames list --json`` to ``out`` (validated as JSON)."""
    result = subprocess.run(
        [sys.executable, "-m", "pygames", "list", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise BuildError(f"python -m pygames list --json failed:\n{result.stderr}")
    catalog = json.loads(result.stdout)
    out.write_text(json.dumps(catalog, ensure_ascii=False, separators=(",", ":")) + "\n")


def write_json(path: Path, data: dict[str, str]) -> None:
    """Write a small JSON file."""
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def copy_web(dist: Path) -> None:
    """Replace ``dist`` with a copy of web/ (caches and hidden files left out)."""
    if not WEB.is_dir():
        raise BuildError("web/ is missing")
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    log(f"web/ -> {dist.name}/ ({human_size(tree_size(dist))})")
    check_worker_pins(dist / "worker.js")


def add_runtime(dist: Path) -> Path:
    """The engine wheel, Pyodide and the pinned wheels into ``dist``; return the engine wheel."""
    wheel = build_wheel(dist / "wheels")
    log(f"engine wheel wheels/{wheel.name} ({human_size(wheel.stat().st_size)})")
    size = copy_pyodide(dist / "pyodide")
    log(f"pyodide {PYODIDE_VERSION} -> pyodide/ ({human_size(size)})")
    for path in fetch_pinned_wheels():
        shutil.copy2(path, dist / "wheels" / path.name)
        log(f"wheels/{path.name} ({human_size(path.stat().st_size)}, sha256 ok)")
    return wheel


def add_vendored(dist: Path) -> None:
    """The QR code decoder from npm into ``dist/vendor/qr/`` (web/net/scan.js loads it)."""
    check_qr_decoder_path(dist)
    size = copy_qr_decoder(dist / QR_DECODER_DIR)
    log(f"qr decoder -> {QR_DECODER_DIR}/ ({human_size(size)})")


def build(dist: Path = DIST) -> Path:
    """Write ``dist`` from scratch and return it."""
    started = time.monotonic()
    copy_web(dist)
    log(f"index.html: {add_module_preloads(dist)} module preloads")
    wheel = add_runtime(dist)
    add_vendored(dist)
    write_catalog(dist / "catalog.json")
    built = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    info = {
        "version": engine_version(),
        "wheel": wheel.name,
        "pyodide": PYODIDE_VERSION,
        "built": built,
    }
    write_json(dist / "build.json", info)
    log(f"icons: {', '.join(check_icons(dist))}")
    version, count = write_precache(dist)
    shell, _ = precache_tiers(precache_files(dist))
    shell_size = human_size(sum((dist / name).stat().st_size for name in shell))
    log(f"sw.js: precache of {count} files, the shell's {len(shell)} ({shell_size}), {version}")
    # the site's version in build.json too: the engine worker keys its memory snapshot with it
    write_json(dist / "build.json", {**info, "site": version})
    elapsed = time.monotonic() - started
    log(f"catalog.json, build.json; {dist} = {human_size(tree_size(dist))} in {elapsed:.1f} s")
    return dist
