"""What the site and the tests fetch, pinned: Pyodide, the QR code decoder (and the JavaScript
checkers) from npm, micropip and packaging from PyPI for the site, pytest and hypothesis for the
tests inside Pyodide (sha256-checked)."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from buildsite.common import ROOT, VENV, BuildError, check, log, sha256_file

WHEEL_CACHE = ROOT / ".cache" / "wheels"
TEST_WHEEL_CACHE = ROOT / ".cache" / "test-wheels"
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
# The QR code decoder that web/net/scan.js loads where the browser has no BarcodeDetector: npm's
# `qr` (pinned in package.json; MIT OR Apache-2.0, THIRD_PARTY.md). Its decode.js imports
# ./index.js (the tables it shares with the package's encoder); both go to dist/vendor/qr/ with
# the two license texts.
QR_DECODER_DIR = "vendor/qr"
QR_DECODER_FILES = ("decode.js", "index.js", "LICENSE", "LICENSE-MIT")
QR_DECODER_USER = "net/scan.js"
RELATIVE_IMPORT = re.compile(r"""\b(?:from|import)\s*\(?\s*['"](\./[^'"]+)['"]""")
# The JavaScript checkers of `build.py test`, installed by `npm ci` (pinned in package.json):
# ESLint with eslint.config.js, TypeScript's checker over JSDoc with jsconfig*.json.
NODE_TOOLS = {
    "eslint": ROOT / "node_modules" / ".bin" / "eslint",
    "tsc": ROOT / "node_modules" / ".bin" / "tsc",
}


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
        log(f"npm ci (pyodide {PYODIDE_VERSION}, qr, axe-core, eslint, typescript)")
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


def copy_qr_decoder(out_dir: Path, source: Path | None = None) -> int:
    """Copy the QR decoder's files (from ``source``, by default the pinned npm package, installed
    if missing) into ``out_dir``; return their total size. Every module they import must be
    among them, so that the decoder loads from the site alone."""
    if source is None:
        ensure_pyodide()  # npm ci: every package of package.json, this one too
        source = ROOT / "node_modules" / "qr"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in QR_DECODER_FILES:
        if not (source / name).is_file():
            raise BuildError(f"{source / name} is missing: is package.json's `qr` installed?")
        shutil.copy2(source / name, out_dir / name)
    for name in QR_DECODER_FILES:
        if name.endswith(".js"):
            text = (out_dir / name).read_text(encoding="utf-8")
            missing = {m[2:] for m in RELATIVE_IMPORT.findall(text)} - set(QR_DECODER_FILES)
            if missing:
                raise BuildError(f"{QR_DECODER_DIR}/{name} imports {sorted(missing)}, not copied")
    return sum((out_dir / name).stat().st_size for name in QR_DECODER_FILES)


def check_qr_decoder_path(site: Path) -> None:
    """Make sure web/net/scan.js loads the decoder from where the build puts it."""
    user = site / QR_DECODER_USER
    wanted = f"'../{QR_DECODER_DIR}/decode.js'"
    if wanted not in user.read_text(encoding="utf-8"):
        raise BuildError(f"{QR_DECODER_USER} does not load the QR decoder from {wanted}")


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
            raise BuildError(f"{path.name}: sha256 differs from the pin in buildsite/downloads.py")
    return paths


def check_worker_pins(worker: Path) -> None:
    """Make sure web/worker.js loads exactly the wheel files pinned here."""
    text = worker.read_text(encoding="utf-8")
    missing = [name for name in PINNED_WHEELS if name not in text]
    if missing:
        raise BuildError(f"{worker.name} does not load the pinned wheels {missing}")
