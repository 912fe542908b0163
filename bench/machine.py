"""What the benchmarks print about the machine they ran on."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, or "unknown"."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def package_versions(names, missing: str | None = None) -> list[str]:
    """"name version" for each installed distribution; one not installed is left out, or
    shown as "name MISSING" when ``missing`` is given."""
    out = []
    for name in names:
        try:
            out.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            if missing is not None:
                out.append(f"{name} {missing}")
    return out
