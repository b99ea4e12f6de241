"""The test every `*_variants.py` file shares: the workflow contract, for real (gates, sandbox,
LibreOffice), on hand-listed skill params the contract's one run per family does not reach.

    VARIANTS = [("data.csv_chunk", {"by_size": False, "sort": True}), ...]
    test_variant_meets_the_contract = contract_variants(VARIANTS)
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
         require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]


def _variant_id(value: object) -> str:
    return value if isinstance(value, str) else "-".join(f"{k}={v}" for k, v in value.items())  # type: ignore[attr-defined]


def contract_variants(variants: list[tuple[str, dict[str, Any]]], *, seeds: Sequence[int] = (0,),
                      roundtrip: bool = True) -> Callable[..., None]:
    """A slow test, one case per (workflow, params): every seed builds its own task, every mutation
    probe is caught, and (with `roundtrip`) every office output survived LibreOffice."""

    @pytest.mark.slow
    @pytest.mark.parametrize(("name", "params"), variants, ids=_variant_id)
    def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                        libreoffice_profiles: Path) -> None:
        report = assert_workflow_contract(name, tmp_path, skill_params=params, seeds=tuple(seeds),
                                          libreoffice_profiles=libreoffice_profiles)
        assert len(set(report.bundle_ids)) == len(seeds)
        assert report.roundtrip or not roundtrip
        assert report.mutations() and all(v == "caught" for v in report.mutations().values())

    for mark in NEEDS:
        test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
    return test_variant_meets_the_contract
