"""Boundary cases for the check registry's contract, one module per owner.

`tests/unit/test_check_boundaries.py` requires every check in `forge.checks.CHECKS` to have
passing AND failing cases on both sides of each boundary it enforces. The cases live here so
that whoever adds a check gives it cases in a module of their own, without editing the shared
test file:

1. Create `tests/unit/boundary_cases/<your_area>.py` (a name not starting with `_`).
2. In it, define `CASES: dict[str, list[Case]]` keyed by the check's registered name, e.g.
   `CASES = {"table.my_check": [Case("just inside", table, {...}, True), Case(...False)]}`.
   Import `Case` from this package (`from tests.unit.boundary_cases import Case`).
3. Run `.venv/bin/python -m pytest tests/unit/test_check_boundaries.py -q`.

A check's name may appear in ONE module only: a duplicate key fails the contract, naming both
modules. Modules starting with `_` are helpers and are not collected. `BOUNDARY_CASE_MODULES`
(a comma-separated list of module names, possibly empty) narrows the collection for a run that
needs only some checks' cases (the mutation bench's table mutants); the full contract then fails,
as it should, for the checks left out.

What a case is: the check runs in a fresh job dir. By default the task's input is the workbook
`inputs/data.xlsx` (`input`, or the contract's standard five-row table) and the output is the
workbook `outputs/result.xlsx` (`output`; None: no output file). A check on other files (a docx,
a pdf, a folder tree) gives `files` (job-relative path -> bytes, written into the job dir) and
`originals` (the task's given files, path -> bytes, which the check compares against), and its
own `file` / `input_file` options; then leave `output` None. Options named `file`,
`input_file` and `table` default to the workbook's when the check has them and the case does
not set them.

Boundaries to try where the check has them: a discrepancy only in the LAST row/item/page (a loop
that stops one short passes everything else), an extra or missing part, a value just inside and
just outside the tolerance, rounding ("rounded to 2 decimals" must fail an unrounded value), and
where the check points in its message (`says`).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Case:
    """One output of one check, and whether the check must pass it."""

    label: str
    output: list[list[Any]] | None  # the output table (header included); None: no output workbook
    options: dict[str, Any]
    passes: bool
    says: str = ""  # a part of the verdict's message: where it points (row, cell) is part of the contract
    input: list[list[Any]] | None = None  # the task's input table (header included); None: the standard table
    files: Mapping[str, bytes] = field(default_factory=dict)  # other job files: relative path -> bytes
    originals: Mapping[str, bytes] | None = None  # the task's given files; None: the input workbook


class DuplicateCases(Exception):
    """Two modules give cases for the same check: one check's cases have one owner."""


def modules() -> list[ModuleType]:
    """Every case module of this package, by name (helpers starting with `_` excluded)."""
    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    if (only := os.environ.get("BOUNDARY_CASE_MODULES")) is not None:
        names = [n for n in names if n in only.split(",")]
    return [importlib.import_module(f"{__name__}.{name}") for name in names]


def collect(sources: Iterable[tuple[str, Mapping[str, list[Case]]]]) -> dict[str, tuple[str, list[Case]]]:
    """Merge (module name, CASES) pairs into check name -> (owning module, cases)."""
    merged: dict[str, tuple[str, list[Case]]] = {}
    for source, cases in sources:
        for check, items in cases.items():
            if check in merged:
                raise DuplicateCases(f"cases for {check!r} are given by both {merged[check][0]} and {source}; "
                                     "keep them in one module")
            merged[check] = (source, list(items))
    return merged


def module_cases() -> list[tuple[str, Mapping[str, list[Case]]]]:
    """(module name, CASES) for every case module; a module without CASES is an error."""
    found = []
    for module in modules():
        cases = getattr(module, "CASES", None)
        if not isinstance(cases, Mapping):
            raise TypeError(f"{module.__name__} defines no CASES dict; see {__name__}'s docstring")
        found.append((module.__name__, cases))
    return found
