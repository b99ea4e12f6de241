"""The capacity bench's results file: each skill's line is written as it ends, a rerun skips the
skills already measured (no line twice), a torn last line is redone, and a file measured with other
settings is refused by name rather than mixed in."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from skills import load_taxonomy
from tests.support.bench import load_bench

FAMILY = "spreadsheet.sheets.arrange.a_to_z"  # 2 quick skills


def _bench() -> ModuleType:
    return load_bench("skill_capacity")


def _run(bench: ModuleType, results: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         draws: int = 3) -> dict[str, object]:
    monkeypatch.setattr(sys, "argv", ["skill_capacity", "--only", FAMILY, "--draws", str(draws), "--workers", "1",
                                      "--no-libreoffice", "--results", str(results)])
    bench.main()
    return json.loads(capsys.readouterr().out)


def test_a_rerun_resumes_from_the_results_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    bench, results = _bench(), tmp_path / "capacity.jsonl"
    skills = sorted(s for s in load_taxonomy().ready if s.startswith(FAMILY))
    assert len(skills) == 2
    first = _run(bench, results, capsys, monkeypatch)
    lines = results.read_text().splitlines()
    assert first["skills"] == 2 and first["parameters"]["resumed_skills"] == 0
    assert sorted(json.loads(line)["skill"] for line in lines) == skills
    assert all(json.loads(line)["drawn"] == 3 for line in lines)

    results.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])  # stopped while writing the second
    again = _run(bench, results, capsys, monkeypatch)
    assert again["parameters"]["resumed_skills"] == 1 and again["skills"] == 2
    assert again["accepted"] == first["accepted"] and again["drawn"] == 6
    assert results.read_text().splitlines() == [lines[0], lines[1]]  # the torn line redone, on a line of its own

    whole = _run(bench, results, capsys, monkeypatch)
    assert whole["parameters"]["resumed_skills"] == 2 and whole["accepted"] == first["accepted"]


def test_a_results_file_from_other_settings_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    bench, results = _bench(), tmp_path / "capacity.jsonl"
    _run(bench, results, capsys, monkeypatch, draws=2)
    with pytest.raises(SystemExit, match=r"capacity\.jsonl: .*--draws 2 --gated 0, not 0, 3 and 0"):
        _run(bench, results, capsys, monkeypatch, draws=3)
    assert len(results.read_text().splitlines()) == 2  # nothing appended to the refused file
