"""The engine wheel (PEP 427), written with :mod:`zipfile`: the site's copy (``dist/wheels/``)
and ``pip install .`` (through :mod:`buildsite.backend`) both come from :func:`build_wheel`.

Every entry gets the same timestamp and permissions, so the same sources give the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
import zipfile
from collections.abc import Sequence
from pathlib import Path

from buildsite.common import PACKAGE, ROOT, BuildError

WHEEL_TIMESTAMP = (2020, 1, 1, 0, 0, 0)
WHEEL_TEXT = (
    "Wheel-Version: 1.0\nGenerator: pygames build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
)


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


def write_wheel(out_dir: Path, files: Sequence[tuple[str, bytes]]) -> Path:
    """Write ``pygames-<version>-py3-none-any.whl`` into ``out_dir`` holding ``files`` and the
    dist-info (METADATA, WHEEL, RECORD); return its path."""
    version = engine_version()
    dist_info = f"pygames-{version}.dist-info"
    entries = [
        *files,
        (f"{dist_info}/METADATA", project_metadata(version).encode()),
        (f"{dist_info}/WHEEL", WHEEL_TEXT.encode()),
    ]
    record_name = f"{dist_info}/RECORD"
    record = [record_line(name, data) for name, data in entries] + [f"{record_name},,"]
    entries.append((record_name, ("\n".join(record) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"pygames-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, data in entries:
            archive.writestr(zip_entry(name), data, compresslevel=9)
    return wheel


def build_wheel(out_dir: Path) -> Path:
    """Write the engine wheel (the ``pygames`` package) into ``out_dir``; return its path."""
    files = [(path.relative_to(ROOT).as_posix(), path.read_bytes()) for path in package_files()]
    return write_wheel(out_dir, files)
