"""One `forge generate` run produces the same tasks through all three harnesses: a Calc task with a
GUI plan gets a GUI-only, a terminal-only and a hybrid episode in the shards; a terminal-only task
gets its terminal episode and a recorded `harness_unsupported` rejection for the other two (the
replay teacher has no GUI plan to follow); a rerun resumes without running or writing anything."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from PIL import Image

from forge.dataset import read_manifest
from forge.store import open_store
from tests.conftest import require

pytestmark = [pytest.mark.e2e, pytest.mark.gui, pytest.mark.slow,
              require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool", "soffice")),
                      "GUI episodes need Xvfb, openbox, xdotool and LibreOffice")]

GUI_SKILL = "spreadsheet.data.sort.ascending"  # spreadsheet.sort_rows has a GUI plan
TERMINAL_SKILL = "data.json.edit_config"  # data.json_edit is terminal-only so far


def _generate(env: dict[str, str], out: Path) -> dict:
    done = subprocess.run(
        ["forge", "generate", "--tasks", "2", "--harness", "all", "--skill", GUI_SKILL, "--skill", TERMINAL_SKILL,
         "--output-dir", str(out), "--json"], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def test_one_run_solves_the_same_task_gui_only_terminal_only_and_hybrid(cli_env: dict[str, str],
                                                                        tmp_path: Path) -> None:
    env = {**cli_env, "FORGE_LIBREOFFICE_ROUNDTRIP": "false"}
    out = tmp_path / "shards"
    result = _generate(env, out)
    assert result["harnesses"] == ["gui", "hybrid", "terminal"]
    counts = result["counts"]
    assert (counts["accepted"], counts["episodes"], counts["episodes_passed"]) == (2, 4, 4), result
    assert result["rejections"] == {"episode:harness_unsupported": 2}

    rows = pq.ParquetDataset([str(out / s.name) for s in read_manifest(out).shards]).read().to_pylist()
    by_task = Counter(r["task_id"] for r in rows)
    assert sorted(by_task.values()) == [1, 3]
    calc_task = next(t for t, n in by_task.items() if n == 3)
    calc_rows = {r["harness"]: r for r in rows if r["task_id"] == calc_task}
    assert set(calc_rows) == {"gui", "hybrid", "terminal"}
    assert {s["channel"] for s in calc_rows["gui"]["steps"]} == {"gui"}
    assert {s["channel"] for s in calc_rows["terminal"]["steps"]} == {"terminal"}
    assert {s["channel"] for s in calc_rows["hybrid"]["steps"]} == {"gui", "terminal"}
    assert len({r["episode_id"] for r in rows}) == 4  # one episode per (task, harness)
    for step in calc_rows["gui"]["steps"]:
        image = Image.open(io.BytesIO(step["screenshot_png"]))
        image.load()
        assert image.size == (calc_rows["gui"]["screen_width"], calc_rows["gui"]["screen_height"])

    store = open_store(f"sqlite:///{tmp_path / 'data' / 'forge.db'}")
    unsupported = [r for r in store.rejections(result["run_id"]) if r.reason == "harness_unsupported"]
    assert sorted(r.subject.rpartition("@")[2] for r in unsupported) == ["gui", "hybrid"]
    assert all("no GUI plan" in r.message for r in unsupported)

    again = _generate(env, out)  # the same run: every episode is found stored, nothing runs or is written
    assert again["run_id"] == result["run_id"]
    assert (again["counts"]["episodes"], again["counts"]["episodes_run"], again["counts"]["rows_written"]) == (4, 0, 0)
    assert read_manifest(out).rows == 4
