#!/usr/bin/env python3
"""Build, serve and test the pygames site (standard library only).

Usage::

    python3 build.py [build]            # write dist/ from scratch
    python3 build.py serve [--port N] [--base /sub/path/]
                                        # build, then serve dist/ on http://127.0.0.1:N
    python3 build.py test [PYTEST ARGS] # install what is missing, build, lint, type-check, test
    python3 build.py pyodide-tests [PYTEST ARGS]
                                        # only the engine tests inside Pyodide (Node.js)
    python3 build.py bench [--quick]    # the browser benchmark of BENCHMARKS.md

``dist/`` holds everything the site loads: the static shell from ``web/``, the engine wheel
(built here with :mod:`zipfile`, byte-reproducible), the pinned Pyodide runtime from npm,
micropip and packaging from PyPI (sha256-checked), ``catalog.json``, ``build.json`` and
``sw.js``, the service worker, with the list of every file of the site and a version hash
written into it (the offline precache). The icons are files of ``web/icons/`` (the PNGs drawn
by ``tools/icons.py``); the build only checks that every icon the site names is there.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
PACKAGE = ROOT / "pygames"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
TEST_WHEEL_CACHE = ROOT / ".cache" / "test-wheels"
PYODIDE_RUNNER = ROOT / "tools" / "pyodide_tests.mjs"
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
CHROMIUM = Path("/usr/bin/chromium")
# How the e2e tests and the browser benchmark launch it (headless, in a container)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    # containers often give /dev/shm only 64 MB; Chromium then hangs or crashes its tabs
    "--disable-dev-shm-usage",
]

PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Pure wheels from PyPI that Pyodide loads by URL; pinned by sha256.
PINNED_WHEELS = {
    "micropip-0.11.1-py3-none-any.whl": (
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
    ),
    "packaging-26.1-py3-none-any.whl": (
        "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f"
    ),
}
# pytest, hypothesis and their dependencies for running tests/ inside Pyodide (the versions of
# requirements-dev.txt); never part of the site. Pinned by sha256. Hypothesis publishes no pure
# wheel of this version, but one for Pyodide's platform (PEP 783), which micropip installs.
PYODIDE_TEST_WHEELS = {
    "hypothesis-6.170.15-cp314-cp314-pyemscripten_2026_0_wasm32.whl": (
        "1138c03edf4c4401afb28e50255644b4ab4e1ad52864456cd4e84458ba8c671a"
    ),
    "iniconfig-2.3.1-py3-none-any.whl": (
        "9121e2c1fdb355232495be3194c8dfe87ccc2d5dee45947b78e68f499790d7a7"
    ),
    "pluggy-1.7.0-py3-none-any.whl": (
        "7dd7b0d8832ba3cb632c306926ded123429211b83641b35dc5c41ad2d34f9bec"
    ),
    "pygments-2.21.0-py3-none-any.whl": (
        "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"
    ),
    "pytest-9.2.0-py3-none-any.whl": (
        "07acdcf88ec174f907dc01af70bf52d49b014bbab03faeeade31c96b18c2e588"
    ),
    "sortedcontainers-2.4.0-py2.py3-none-any.whl": (
        "a163dcaede0f1c021485e957a39245190e74249897e2ae4b2aa38595db237ee0"
    ),
}
PIP_DOWNLOAD_PYTHON = "3.14"
# The JavaScript checkers of `build.py test`, installed by `npm ci` (pinned in package.json):
# ESLint with eslint.config.js, TypeScript's checker over JSDoc with jsconfig*.json.
NODE_TOOLS = {
    "eslint": ROOT / "node_modules" / ".bin" / "eslint",
    "tsc": ROOT / "node_modules" / ".bin" / "tsc",
}
# Every entry of the engine wheel gets this timestamp, so the same sources give the same bytes.
WHEEL_TIMESTAMP = (2020, 1, 1, 0, 0, 0)
APT_PACKAGES = ("chromium", "fonts-noto-cjk")
T = TypeVar("T")

MIME_TYPES = {
    "": "application/octet-stream",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}


class BuildError(RuntimeError):
    """A build step could not be completed; the message says what to do."""


# --------------------------------------------------------------------------------------------
# Small helpers


def log(message: str) -> None:
    """Print one progress line of this script."""
    print(f"[build.py] {message}", flush=True)


def human_size(size: int) -> str:
    """Format a byte count briefly, e.g. ``9.6 MB``."""
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} kB"
    return f"{size / (1024 * 1024):.1f} MB"


def sha256_file(path: Path) -> str:
    """The hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command: Sequence[str | Path], cwd: Path = ROOT, limit: float | None = None) -> int:
    """Run a command with inherited output; return its exit code.

    With ``limit`` (seconds), a command still running then is killed with its whole process
    group (a browser included) and the exit code is 124, as with coreutils' ``timeout``.
    """
    args = [str(part) for part in command]
    if limit is None:
        return subprocess.call(args, cwd=cwd)
    with subprocess.Popen(args, cwd=cwd, start_new_session=True) as proc:
        try:
            return proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            log(f"still running after {limit:.0f} s: killing {args[0]} and its children")
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return 124


def check(command: Sequence[str | Path], cwd: Path = ROOT) -> None:
    """Run a command and raise :class:`BuildError` if it fails."""
    code = run(command, cwd)
    if code != 0:
        raise BuildError(f"command failed ({code}): {' '.join(str(p) for p in command)}")


def tree_size(path: Path) -> int:
    """Total size of the files under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


# --------------------------------------------------------------------------------------------
# The engine wheel (PEP 427)


def engine_version() -> str:
    """The ``__version__`` written in ``pygames/__init__.py``."""
    text = (PACKAGE / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.MULTILINE)
    if match is None:
        raise BuildError("pygames/__init__.py has no __version__")
    return match.group(1)


def project_metadata(version: str) -> str:
    """The METADATA file of the wheel, from pyproject.toml's [project] table."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = [
        "Metadata-Version: 2.1",
        "Name: pygames",
        f"Version: {version}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '>=3.11')}",
    ]
    license_text = project.get("license", {}).get("text")
    if license_text:
        lines.append(f"License: {license_text}")
    return "\n".join(lines) + "\n"


def package_files() -> list[Path]:
    """The files of the ``pygames`` package, sorted, without caches and compiled files."""
    files = [
        path
        for path in PACKAGE.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix not in {".pyc", ".pyo"}
        and not path.name.startswith(".")
    ]
    return sorted(files, key=lambda p: p.relative_to(ROOT).as_posix())


def record_line(name: str, data: bytes) -> str:
    """One RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A zip entry with a fixed timestamp and ordinary file permissions."""
    info = zipfile.ZipInfo(name, date_time=WHEEL_TIMESTAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o100644 << 16
    info.create_system = 3
    return info


def build_wheel(out_dir: Path) -> Path:
    """Write ``pygames-<version>-py3-none-any.whl`` into ``out_dir`` and return its path."""
    version = engine_version()
    dist_info = f"pygames-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (path.relative_to(ROOT).as_posix(), path.read_bytes()) for path in package_files()
    ]
    wheel_text = (
        "Wheel-Version: 1.0\nGenerator: pygames build.py\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    entries.append((f"{dist_info}/METADATA", project_metadata(version).encode()))
    entries.append((f"{dist_info}/WHEEL", wheel_text.encode()))
    record_name = f"{dist_info}/RECORD"
    record = [record_line(name, data) for name, data in entries] + [f"{record_name},,"]
    entries.append((record_name, ("\n".join(record) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"pygames-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, data in entries:
            archive.writestr(zip_entry(name), data, compresslevel=9)
    return wheel


# --------------------------------------------------------------------------------------------
# Pyodide from npm, micropip and packaging from PyPI


def installed_pyodide_version() -> str | None:
    """The version of ``node_modules/pyodide``, or ``None`` if it is not installed."""
    manifest = ROOT / "node_modules" / "pyodide" / "package.json"
    try:
        version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None
    return version if isinstance(version, str) else None


def npm_packages_current() -> bool:
    """Whether every package of package.json's devDependencies is in node_modules at exactly
    its pinned version (Pyodide for the site, axe-core for the accessibility tests, ESLint and
    TypeScript for the JavaScript checks) and the checkers' commands are in node_modules/.bin."""
    try:
        wanted = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    except (OSError, ValueError, KeyError):
        return False
    if not all(path.exists() for path in NODE_TOOLS.values()):
        return False
    for name, version in wanted.items():
        manifest = ROOT / "node_modules" / name / "package.json"
        try:
            if json.loads(manifest.read_text(encoding="utf-8")).get("version") != version:
                return False
        except (OSError, ValueError):
            return False
    return True


def ensure_pyodide() -> Path:
    """Run ``npm ci`` unless node_modules already holds every pinned package of package.json;
    return Pyodide's folder."""
    if installed_pyodide_version() != PYODIDE_VERSION or not npm_packages_current():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed to fetch Pyodide (Debian: apt-get install -y npm)")
        log(f"npm ci (pyodide {PYODIDE_VERSION}, axe-core, eslint, typescript)")
        check([npm, "ci", "--no-audit", "--no-fund"])
    if installed_pyodide_version() != PYODIDE_VERSION:
        raise BuildError(f"node_modules/pyodide is not version {PYODIDE_VERSION} after npm ci")
    return ROOT / "node_modules" / "pyodide"


def copy_pyodide(out_dir: Path) -> int:
    """Copy the Pyodide runtime files into ``out_dir``; return their total size."""
    source = ensure_pyodide()
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(source / name, out_dir / name)
    return sum((out_dir / name).stat().st_size for name in PYODIDE_FILES)


def pip_command() -> list[str]:
    """A pip to download with: the project's venv if it exists, else this interpreter's."""
    venv_python = VENV / "bin" / "python"
    python = venv_python if venv_python.exists() else Path(sys.executable)
    return [str(python), "-m", "pip"]


def wheel_is_valid(path: Path, pins: dict[str, str] = PINNED_WHEELS) -> bool:
    """Whether a cached wheel exists and matches its pinned sha256."""
    return path.is_file() and sha256_file(path) == pins[path.name]


def platform_options(names: Sequence[str]) -> list[str]:
    """pip download's target options for wheels built for a platform (e.g. Pyodide's
    ``cp314-cp314-pyemscripten_2026_0_wasm32``), read from their file names; none for pure
    wheels (``py3-none-any``), which any target accepts."""
    tags = [name.removesuffix(".whl").split("-")[-3:] for name in names]
    platforms = sorted({platform for _, _, platform in tags if platform != "any"})
    if not platforms:
        return []
    abis = sorted({abi for _, abi, _ in tags})
    return [
        *(f"--platform={platform}" for platform in platforms),
        "--implementation=cp",
        *(f"--abi={abi}" for abi in abis),
    ]


def fetch_pinned_wheels(
    pins: dict[str, str] = PINNED_WHEELS, cache: Path = WHEEL_CACHE
) -> list[Path]:
    """Download the pinned wheels (default: micropip and packaging) into ``cache`` if missing;
    verify their sha256."""
    paths = [cache / name for name in sorted(pins)]
    if not all(wheel_is_valid(path, pins) for path in paths):
        cache.mkdir(parents=True, exist_ok=True)
        requirements = ["==".join(name.split("-")[:2]) for name in sorted(pins)]
        log(f"pip download {' '.join(requirements)}")
        check(
            [
                *pip_command(),
                "download",
                "--quiet",
                "--no-deps",
                "--python-version",
                PIP_DOWNLOAD_PYTHON,
                *platform_options(sorted(pins)),
                "--only-binary=:all:",
                "--dest",
                str(cache),
                *requirements,
            ]
        )
    for path in paths:
        if not wheel_is_valid(path, pins):
            path.unlink(missing_ok=True)
            raise BuildError(f"{path.name}: sha256 differs from the pin in build.py")
    return paths


def check_worker_pins(worker: Path) -> None:
    """Make sure web/worker.js loads exactly the wheel files pinned here."""
    text = worker.read_text(encoding="utf-8")
    missing = [name for name in PINNED_WHEELS if name not in text]
    if missing:
        raise BuildError(f"{worker.name} does not load the pinned wheels {missing}")


# --------------------------------------------------------------------------------------------
# Icons: committed in web/icons/ (the PNGs drawn by tools/icons.py), copied with web/

ICON_LINK = re.compile(r'<link\s[^>]*rel="[^"]*icon[^"]*"[^>]*>')
LINK_HREF = re.compile(r'href="([^"]+)"')


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
# The service worker's precache: every file of dist/ and a version hash, written into sw.js

PRECACHE_LINE = re.compile(r"^const PRECACHE = .*$", re.MULTILINE)


def precache_files(dist: Path) -> list[str]:
    """The site's files, relative to dist/, sorted (the service worker itself excluded)."""
    return sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.relative_to(dist).as_posix() != "sw.js"
    )


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
    """Fill the ``const PRECACHE = ...`` line of dist/sw.js; return the version and the count."""
    worker = dist / "sw.js"
    text = worker.read_text(encoding="utf-8")
    if len(PRECACHE_LINE.findall(text)) != 1:
        raise BuildError("web/sw.js needs exactly one line starting with `const PRECACHE = `")
    files = precache_files(dist)
    version = site_version(dist, files)
    data = json.dumps({"version": version, "files": files}, separators=(",", ":"))
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


def build(dist: Path = DIST) -> Path:
    """Write ``dist`` from scratch and return it."""
    started = time.monotonic()
    if not WEB.is_dir():
        raise BuildError("web/ is missing")
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    log(f"web/ -> {dist.name}/ ({human_size(tree_size(dist))})")
    check_worker_pins(dist / "worker.js")
    wheel = build_wheel(dist / "wheels")
    log(f"engine wheel wheels/{wheel.name} ({human_size(wheel.stat().st_size)})")
    size = copy_pyodide(dist / "pyodide")
    log(f"pyodide {PYODIDE_VERSION} -> pyodide/ ({human_size(size)})")
    for path in fetch_pinned_wheels():
        shutil.copy2(path, dist / "wheels" / path.name)
        log(f"wheels/{path.name} ({human_size(path.stat().st_size)}, sha256 ok)")
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
    log(f"sw.js: precache of {count} files, version {version}")
    # the site's version in build.json too: the engine worker keys its memory snapshot with it
    write_json(dist / "build.json", {**info, "site": version})
    elapsed = time.monotonic() - started
    log(f"catalog.json, build.json; {dist} = {human_size(tree_size(dist))} in {elapsed:.1f} s")
    return dist


# --------------------------------------------------------------------------------------------
# serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, ``Cache-Control: no-cache`` and quiet logging.

    With a ``prefix`` other than ``/`` the site lives under that path only (as GitHub Pages
    serves a project at ``/<repo>/``); anything else is 404.
    """

    extensions_map = MIME_TYPES

    def __init__(self, *args: Any, prefix: str = "/", **kwargs: Any) -> None:
        self.prefix = prefix
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        """Redirect the prefix without its final slash to the site; else serve the file."""
        if self.prefix != "/" and self.path.split("?")[0] == self.prefix[:-1]:
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return
        super().do_GET()

    def translate_path(self, path: str) -> str:
        """Map a URL under the prefix to a file of the directory (elsewhere: no file)."""
        if self.prefix != "/":
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / ".outside-the-prefix")
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def end_headers(self) -> None:
        """Add the caching header to every answer."""
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log only failed requests."""
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)

    def log_error(self, format: str, *args: Any) -> None:
        """Say nothing more: the failed request itself is logged."""

    def log_message(self, format: str, *args: Any) -> None:
        """Log to stderr in one short line."""
        sys.stderr.write(f"[serve] {format % args}\n")


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that ignores clients hanging up early."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay quiet about connections the browser dropped; report anything else."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        super().handle_error(request, client_address)


def normalize_prefix(prefix: str) -> str:
    """``some/path`` -> ``/some/path/`` (and ``""`` -> ``/``)."""
    parts = [part for part in prefix.split("/") if part]
    return "/" + "".join(f"{part}/" for part in parts)


def start_server(
    directory: Path, port: int = 0, prefix: str = "/"
) -> tuple[SiteServer, threading.Thread]:
    """Serve ``directory`` on 127.0.0.1:``port`` (0: any free port) in a daemon thread, at the
    URL path ``prefix`` (``/`` by default)."""
    handler = functools.partial(
        SiteHandler, directory=str(directory), prefix=normalize_prefix(prefix)
    )
    server = SiteServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return server, thread


def stop_on_signal(signum: int, frame: object) -> None:
    """Turn SIGTERM into the same clean stop as Ctrl-C."""
    raise KeyboardInterrupt


def serve(port: int, prefix: str = "/") -> int:
    """Build, then serve dist/ (at the URL path ``prefix``) until Ctrl-C."""
    build()
    prefix = normalize_prefix(prefix)
    try:
        server, thread = start_server(DIST, port, prefix)
    except OSError as exc:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {exc}") from exc
    signal.signal(signal.SIGTERM, stop_on_signal)
    url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    log(f"serving {DIST} on {url} (Ctrl-C stops)")
    try:
        while thread.is_alive():
            thread.join(0.5)
    except KeyboardInterrupt:
        log("stopping")
    finally:
        server.shutdown()
        server.server_close()
    return 0


# --------------------------------------------------------------------------------------------
# test


@dataclass
class Step:
    """The outcome of one step of ``build.py test``."""

    name: str
    ok: bool
    seconds: float
    note: str = ""


def privileged(command: list[str]) -> list[str]:
    """Prefix ``sudo`` when not root and sudo exists."""
    if os.geteuid() != 0 and shutil.which("sudo"):
        return ["sudo", *command]
    return command


def apt_install(packages: Sequence[str]) -> None:
    """``apt-get update`` then ``apt-get install -y`` the packages (non-interactive)."""
    os.environ.setdefault("DEBIAN_FRONTEND", "noninteractive")
    log(f"apt-get install {' '.join(packages)}")
    check(privileged(["apt-get", "update"]))
    check(privileged(["apt-get", "install", "-y", "--no-install-recommends", *packages]))


def debian_package_missing(name: str) -> bool:
    """Whether dpkg knows ``name`` as not installed (False where there is no dpkg)."""
    if shutil.which("dpkg-query") is None:
        return False
    result = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True, check=False
    )
    return "install ok installed" not in result.stdout


def ensure_chromium() -> None:
    """Install Debian's chromium and CJK fonts when missing."""
    missing = [name for name in APT_PACKAGES if debian_package_missing(name)]
    if not CHROMIUM.exists() and "chromium" not in missing:
        missing.insert(0, "chromium")
    if not missing:
        return
    if shutil.which("apt-get") is None:
        raise BuildError(f"{CHROMIUM} is missing and there is no apt-get to install it")
    apt_install(missing)


def create_venv() -> None:
    """Create .venv; on Debian without ensurepip, install python3-venv first."""
    log("creating .venv")
    if run([sys.executable, "-m", "venv", VENV]) == 0:
        return
    shutil.rmtree(VENV, ignore_errors=True)
    if shutil.which("apt-get") is None:
        raise BuildError("python3 -m venv failed")
    minor = f"python3.{sys.version_info.minor}-venv"
    apt_install(["python3-venv", minor])
    check([sys.executable, "-m", "venv", VENV])


def ensure_venv() -> Path:
    """Create .venv and install requirements-dev.txt unless the stamp says it is current."""
    python = VENV / "bin" / "python"
    if not python.exists():
        create_venv()
    stamp = VENV / ".requirements.sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes() + sys.version.encode()).hexdigest()
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        log("pip install -r requirements-dev.txt")
        check([python, "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        check([python, "-m", "pip", "install", "--quiet", "-r", REQUIREMENTS])
        stamp.write_text(wanted + "\n")
    return python


def has_test_files(directory: Path) -> bool:
    """Whether pytest would find test modules under ``directory``."""
    return any(directory.rglob("test_*.py")) or any(directory.rglob("*_test.py"))


def attempt(name: str, action: Callable[[], T]) -> tuple[Step, T | None]:
    """Run a no-argument callable as a step; a build, OS or subprocess error fails it."""
    started = time.monotonic()
    log(f"--- {name}")
    try:
        value = action()
    except (BuildError, OSError, subprocess.SubprocessError) as exc:
        log(f"{name} failed: {exc}")
        return Step(name, False, time.monotonic() - started, str(exc).splitlines()[0]), None
    return Step(name, True, time.monotonic() - started), value


def command_step(name: str, command: Sequence[str | Path], limit: float | None = None) -> Step:
    """Run a command as a step (killed after ``limit`` seconds, if given)."""
    started = time.monotonic()
    log(f"--- {name}: {' '.join(str(p) for p in command)}")
    code = run(command, limit=limit)
    if code == 124 and limit is not None:
        return Step(name, False, time.monotonic() - started, f"killed after {limit:.0f} s")
    return Step(name, code == 0, time.monotonic() - started, "" if code == 0 else f"exit {code}")


# Wall-clock limits of the two pytest steps: well above a normal run (about 3 and 16 minutes on
# a 2-core machine), so that only a hang or a badly overloaded machine reaches them. A normal
# `test` run takes 21-23 minutes.
SUITE_LIMITS = {"tests": 10 * 60.0, "e2e": 22 * 60.0}
# e2e names each test as it starts (-vv, as pyproject says -q), so that a log cut short still
# says where it stopped.
SUITE_OPTIONS: dict[str, list[str]] = {"tests": [], "e2e": ["-vv", "--durations=8"]}


def node_tool_step(name: str, tool: str, args: Sequence[str | Path]) -> Step:
    """Run one of :data:`NODE_TOOLS` as a step, or fail it at once if npm did not install it."""
    path = NODE_TOOLS[tool]
    if not path.exists():
        return Step(name, False, 0.0, f"{path.relative_to(ROOT)} is missing: npm ci failed")
    return command_step(name, [path, *args])


def javascript_steps() -> list[Step]:
    """ESLint over the site, the Node tools, the e2e page scripts and the browser benchmark's
    (eslint.config.js), then TypeScript's checker over the JSDoc of web/: the page modules
    (DOM), the workers (the benchmark's bare worker too), then the benchmark's page side."""
    if not all(path.exists() for path in NODE_TOOLS.values()):
        attempt("npm packages", ensure_pyodide)  # a failed build may have stopped before npm ci
    return [
        node_tool_step("eslint", "eslint", ["--max-warnings", "0", "."]),
        node_tool_step("tsc --noEmit", "tsc", ["--noEmit", "-p", "jsconfig.json"]),
        node_tool_step("tsc --noEmit workers", "tsc", ["--noEmit", "-p", "jsconfig.workers.json"]),
        node_tool_step("tsc --noEmit bench", "tsc", ["--noEmit", "-p", "jsconfig.bench.json"]),
    ]


def no_tests_ran(step: Step, directory: Path, extra: Sequence[str]) -> Step:
    """pytest's "no tests ran" (exit 5) fails a step only where test files exist and no
    arguments narrowed the selection."""
    if step.note == "exit 5":
        if extra:
            return Step(step.name, True, step.seconds, "no test selected")
        if not has_test_files(directory):
            return Step(step.name, True, step.seconds, "no test files yet")
        step.note = "exit 5: no test ran"
    return step


def pytest_step(python: Path, suite: str, extra: Sequence[str]) -> Step:
    """Run pytest on one folder; "no tests ran" (exit 5) fails only where test files exist."""
    options = [*SUITE_OPTIONS.get(suite, []), *extra]
    command: list[str | Path] = [python, "-m", "pytest", suite, *options]
    step = command_step(f"pytest {suite}", command, SUITE_LIMITS.get(suite))
    return no_tests_ran(step, ROOT / suite, extra)


# Pyodide runs Python on one thread, so the suite is shared among this many Node processes
# (tools/pyodide_tests.mjs --shard K/N), one a core and two at most: each holds an interpreter.
PYODIDE_SHARDS = max(1, min(2, os.cpu_count() or 1))
# Wall-clock limit of the run of tests/ inside Pyodide: it needs 4.5 to 7 minutes of CPU (1.3 to
# 1.7 times the CPython run), 2.5 to 3.5 minutes on an idle 2-core machine with two processes,
# so only a hang or a badly overloaded machine reaches it. pytest-timeout's per-test limit
# cannot work inside Pyodide (no signals, no threads); a hang there would most likely have hung
# the CPython run first.
PYODIDE_TESTS_LIMIT = 10 * 60.0


def pyodide_runner(wheels: Path) -> list[str | Path]:
    """The command running tests/ inside Pyodide on the engine wheel of ``wheels``, after
    making sure Node.js, the pinned Pyodide and the pinned pytest wheels are there."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to run the tests in Pyodide (apt-get install nodejs)")
    ensure_pyodide()
    test_wheels = fetch_pinned_wheels(PYODIDE_TEST_WHEELS, TEST_WHEEL_CACHE)
    options = [part for path in test_wheels for part in ("--test-wheel", path)]
    return [node, PYODIDE_RUNNER, "--wheels", wheels, *options]


def run_together(
    commands: Sequence[Sequence[str | Path]], logs: Sequence[Path], limit: float
) -> list[int]:
    """Run the commands at the same time, each writing its output to its log file; return their
    exit codes. Those still running after ``limit`` seconds are killed with their process
    groups (exit code 124, as with :func:`run`)."""
    deadline = time.monotonic() + limit
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for command, path in zip(commands, logs, strict=True):
            with path.open("wb") as out:
                args = [str(part) for part in command]
                procs.append(
                    subprocess.Popen(
                        args, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
                    )
                )
        codes = []
        for proc in procs:
            try:
                codes.append(proc.wait(timeout=max(0.0, deadline - time.monotonic())))
            except subprocess.TimeoutExpired:
                log(f"still running after {limit:.0f} s: killing {proc.pid} and its children")
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                codes.append(124)
        return codes
    finally:
        for proc in procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def outcome_counts(reports: Sequence[Path]) -> dict[str, int]:
    """The outcome counts (``passed``, ``skipped``, ...) summed over the runner's JSON reports
    (missing reports count nothing)."""
    total: dict[str, int] = {}
    for path in reports:
        try:
            counts = json.loads(path.read_text(encoding="utf-8")).get("counts", {})
        except (OSError, ValueError):
            continue
        for key, value in counts.items():
            total[key] = total.get(key, 0) + int(value)
    return total


def pyodide_step(wheels: Path, extra: Sequence[str]) -> Step:
    """Run the engine's tests/ inside Pyodide (Node.js) against the engine wheel in ``wheels``
    (the built site's wheels/ folder: the engine, micropip and packaging), split over
    :data:`PYODIDE_SHARDS` processes; the outcome counts go into the summary."""
    name = "pytest in pyodide"
    prepared, command = attempt(
        f"{name}: node, pyodide, pytest wheels", lambda: pyodide_runner(wheels)
    )
    if command is None:
        return Step(name, False, prepared.seconds, prepared.note)
    started = time.monotonic()
    shards = PYODIDE_SHARDS
    shown = " ".join(str(part) for part in command)
    log(f"--- {name}: {shards} processes, output below when they end: {shown} --shard K/{shards}")
    with tempfile.TemporaryDirectory(prefix="pygames-pyodide-tests-") as folder:
        logs = [Path(folder) / f"shard-{k}.log" for k in range(1, shards + 1)]
        reports = [Path(folder) / f"shard-{k}.json" for k in range(1, shards + 1)]
        commands = [
            [*command, "--shard", f"{k}/{shards}", "--report", report, "--", *extra]
            for k, report in enumerate(reports, 1)
        ]
        codes = run_together(commands, logs, PYODIDE_TESTS_LIMIT)
        for k, (path, code) in enumerate(zip(logs, codes, strict=True), 1):
            log(f"{name}, shard {k}/{shards} (exit {code}):")
            sys.stdout.write(path.read_text(encoding="utf-8", errors="replace"))
            sys.stdout.flush()
        counts = outcome_counts(reports)
    seconds = prepared.seconds + time.monotonic() - started
    order = ("passed", "failed", "error", "skipped", "xfailed", "xpassed", "deselected")
    tally = ", ".join(f"{counts[key]} {key}" for key in order if counts.get(key))
    log(f"{name}: {tally or 'no outcome reported'} in {seconds:.1f} s")
    failures = [code for code in codes if code not in (0, 5)]
    if 124 in failures:
        return Step(name, False, seconds, f"killed after {PYODIDE_TESTS_LIMIT:.0f} s")
    if failures:
        return Step(name, False, seconds, f"exit {failures[0]}: {tally}")
    if all(code == 5 for code in codes):
        return no_tests_ran(Step(name, False, seconds, "exit 5"), ROOT / "tests", extra)
    return Step(name, True, seconds, tally)


def pyodide_tests(extra: Sequence[str]) -> int:
    """``build.py pyodide-tests``: only the engine tests inside Pyodide, on a wheel built from
    the sources into a private folder (dist/ is neither read nor written)."""
    with tempfile.TemporaryDirectory(prefix="pygames-pyodide-tests-") as folder:
        wheels = Path(folder)
        wheel_step, _ = attempt("engine wheel", lambda: build_wheel(wheels))
        steps = [wheel_step]
        support_step, support = attempt("micropip, packaging", fetch_pinned_wheels)
        steps.append(support_step)
        if wheel_step.ok and support is not None:
            for path in support:
                shutil.copy2(path, wheels / path.name)
            steps.append(pyodide_step(wheels, extra))
        return 0 if print_summary(steps) else 1


def print_summary(steps: Sequence[Step]) -> bool:
    """Print one line per step and return whether all passed."""
    print("\n==== build.py test summary ====", flush=True)
    for step in steps:
        status = "ok  " if step.ok else "FAIL"
        note = f"  ({step.note})" if step.note else ""
        print(f"  {status} {step.name:<22} {step.seconds:6.1f} s{note}", flush=True)
    failed = [step.name for step in steps if not step.ok]
    if failed:
        print(f"==== {len(failed)} of {len(steps)} steps FAILED: {', '.join(failed)}", flush=True)
    else:
        print(f"==== all {len(steps)} steps ok", flush=True)
    return not failed


def test(extra: Sequence[str]) -> int:
    """Install what is missing, build, then lint, type-check and run both test suites (tests/
    also inside Pyodide, on the engine wheel just built)."""
    venv_step, python = attempt("venv + requirements", ensure_venv)
    steps = [venv_step]
    if python is None:
        print_summary(steps)
        return 1
    steps.append(attempt("chromium", ensure_chromium)[0])
    build_step = attempt("build dist/", build)[0]
    steps.append(build_step)
    tools = python.parent
    steps.append(command_step("ruff check", [tools / "ruff", "check", "."]))
    steps.append(command_step("ruff format --check", [tools / "ruff", "format", "--check", "."]))
    mypy: list[str | Path] = [tools / "mypy", "--strict", "pygames", "build.py", "tools", "tests"]
    steps.append(command_step("mypy --strict", mypy))
    steps.extend(javascript_steps())
    steps.append(pytest_step(python, "tests", extra))
    if build_step.ok:
        steps.append(pyodide_step(DIST / "wheels", extra))
    else:
        steps.append(Step("pytest in pyodide", False, 0.0, "no engine wheel: the build failed"))
    # The e2e fixture builds dist/ itself unless told that this run already did.
    os.environ["PYGAMES_DIST_READY"] = "1" if build_step.ok else ""
    steps.append(pytest_step(python, "e2e", extra))
    return 0 if print_summary(steps) else 1


# --------------------------------------------------------------------------------------------
# command line


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
    return parser.parse_args(argv)


def bench(extra: Sequence[str]) -> int:
    """``build.py bench``: the browser benchmark of BENCHMARKS.md (tools/browser_bench.py), in
    the test tools' venv, which has Playwright."""
    python = ensure_venv()
    ensure_chromium()
    return run([python, ROOT / "tools" / "browser_bench.py", *extra])


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
