"""The trainer's heavy dependencies load here, turning ImportError into the install hint."""

from __future__ import annotations

from typing import Any

from forge.errors import ConfigError


def require(module: str) -> Any:
    """Import `module` (torch, transformers, ...) or raise ConfigError naming the extra to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ConfigError(f"the trainer needs {module.split('.')[0]}: pip install 'mage-cua-forge[train]' "
                          f"({exc})") from exc
