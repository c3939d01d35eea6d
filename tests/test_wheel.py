"""One wheel builder (issue 30): ``pip install .`` goes through the project's own PEP 517
backend (pyproject.toml: ``buildsite.backend``), which writes the very wheel the site ships
(``dist/wheels/``, :func:`buildsite.wheel.build_wheel`). pip runs offline here: the backend needs
nothing from an index.

In Pyodide only ``tests/`` is copied (tools/pyodide_tests.mjs) and no process can start, so there
this module is skipped.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

if sys.platform == "emscripten" or not (ROOT / "buildsite" / "backend.py").is_file():
    pytest.skip(
        "buildsite/ is not here and pip cannot run (the Pyodide run copies tests/ only)",
        allow_module_level=True,
    )

from buildsite import backend, wheel  # noqa: E402

# What pip adds to an installed distribution's metadata folder (RECORD it writes anew)
INSTALLER_FILES = {"INSTALLER", "REQUESTED", "direct_url.json", "RECORD"}
# Offline, and without pip's wheel cache: it keeps a wheel built from an sdist and would hand it
# back on the next run, after the sources changed.
PIP_OPTIONS = ["--no-deps", "--no-index", "--no-cache-dir", "-q"]


def pip(*args: str | Path) -> None:
    """Run this interpreter's pip offline, quietly; fail the test with its output if it fails."""
    command = [sys.executable, "-m", "pip", *map(str, args), *PIP_OPTIONS]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def files_of(archive: Path) -> dict[str, bytes]:
    """Every file of a wheel, by name."""
    with zipfile.ZipFile(archive) as zipped:
        return {name: zipped.read(name) for name in zipped.namelist()}


def installed_files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by its path relative to it."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file()
    }


def test_pip_install_holds_the_files_of_the_sites_wheel(tmp_path: Path) -> None:
    site = files_of(wheel.build_wheel(tmp_path / "site"))
    pip("install", "--no-compile", "--target", tmp_path / "installed", ".")
    installed = installed_files(tmp_path / "installed")
    dist_info = f"pygames-{wheel.engine_version()}.dist-info"
    added = {f"{dist_info}/{name}" for name in INSTALLER_FILES}
    assert set(installed) - added == set(site) - added
    assert {name: installed[name] for name in site if name not in added} == {
        name: data for name, data in site.items() if name not in added
    }
    assert "pygames/core/record.py" in installed


def test_pip_wheel_from_the_sdist_is_the_sites_wheel_byte_for_byte(tmp_path: Path) -> None:
    site = wheel.build_wheel(tmp_path / "site")
    sdist = tmp_path / "sdist" / backend.build_sdist(str(tmp_path / "sdist"))
    with tarfile.open(sdist) as archive:
        assert f"{sdist.name.removesuffix('.tar.gz')}/buildsite/backend.py" in archive.getnames()
    pip("wheel", "--wheel-dir", tmp_path / "built", sdist)
    built = tmp_path / "built" / site.name
    assert built.read_bytes() == site.read_bytes()
