"""The project's PEP 517 build backend (pyproject.toml: ``build-backend =
"buildsite.backend"``, ``backend-path = ["."]``): ``pip install .`` gets the very wheel the site
ships, written by :func:`buildsite.wheel.build_wheel`. Standard library only, so a build needs
nothing from an index.
"""

from __future__ import annotations

import io
import tarfile
from pathlib import Path
from typing import Any

from buildsite import wheel
from buildsite.common import ROOT

# What an sdist carries besides the package: enough to build the wheel again from it
SDIST_FILES = ("pyproject.toml", "README.md")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing to install before building."""
    return []


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing to install before building."""
    return []


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing to install before building."""
    return []


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """Write the engine wheel into ``wheel_directory``; return its file name."""
    return wheel.build_wheel(Path(wheel_directory)).name


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """An editable wheel (PEP 660): a ``.pth`` file that puts this source tree on the path."""
    pth = ("_pygames_editable.pth", f"{ROOT}\n".encode())
    return wheel.write_wheel(Path(wheel_directory), [pth]).name


def sdist_members() -> list[Path]:
    """The files of the sdist: the package, this backend and :data:`SDIST_FILES`, sorted."""
    backend = sorted(p for p in (ROOT / "buildsite").glob("*.py"))
    return [*wheel.package_files(), *backend, *(ROOT / name for name in SDIST_FILES)]


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """Write ``pygames-<version>.tar.gz`` (fixed times and owners) into ``sdist_directory``;
    return its file name."""
    version = wheel.engine_version()
    base = f"pygames-{version}"
    files = [(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in sdist_members()]
    files.append(("PKG-INFO", wheel.project_metadata(version).encode()))
    path = Path(sdist_directory) / f"{base}.tar.gz"
    path.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as archive:
        for name, data in files:
            info = tarfile.TarInfo(f"{base}/{name}")
            info.size, info.mtime, info.mode = len(data), 1577836800, 0o644
            archive.addfile(info, io.BytesIO(data))
    return path.name
