"""A `bench/` script loaded as a module, as running it would: its sibling modules importable and
its own functions picklable by name for the worker pools it starts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))  # its siblings (`_results`), as when run as a script
    sys.modules[name] = module  # the worker pool pickles the bench's functions by module name
    spec.loader.exec_module(module)
    return module
