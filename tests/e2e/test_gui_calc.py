"""One Calc task (spreadsheet.sort_rows) solved GUI-only, terminal-only and hybrid by the replay
teacher on real LibreOffice under Xvfb; the Parquet rows hold valid PNGs of the screen's size and
the rubric passes on the saved file each time."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from PIL import Image

import workflows
from forge.dataset.writer import write_shard
from forge.desktop import png_size
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import Skill
from forge.sandbox import SandboxLimits
from tests.conftest import require

pytestmark = [pytest.mark.gui, require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool", "soffice")),
                                       "GUI episodes need Xvfb, openbox, xdotool and LibreOffice")]

SKILL = Skill(id="spreadsheet.sort.gui_e2e", apps=["spreadsheet"], category="spreadsheet.sort",
              description="sort rows", workflow="spreadsheet.sort_rows", params={})


def test_one_calc_task_through_three_harnesses(tmp_path: Path) -> None:
    task = workflows.WORKFLOWS.get("spreadsheet.sort_rows").build(SKILL, 3)
    assert task.reference.gui_plan is not None
    limits = SandboxLimits(cpu_seconds=300)
    episodes = {}
    for name in ("gui", "terminal", "hybrid"):
        episode = run_episode(task, HARNESSES.get(name), ReplayTeacher(), ProgrammaticJudge(),
                              scratch_root=tmp_path, limits=limits)
        assert episode.passed, (name, episode.error, episode.rubric)
        episodes[name] = episode
    assert {s.channel for s in episodes["gui"].steps} == {"gui"}
    assert {s.channel for s in episodes["terminal"].steps} == {"terminal"}
    assert {s.channel for s in episodes["hybrid"].steps} == {"gui", "terminal"}
    assert all(s.tool_call.name == "computer_use" for s in episodes["gui"].steps)

    write_shard(tmp_path, 0, [(e, task) for e in episodes.values()])
    rows = pq.read_table(next(tmp_path.glob("*.parquet"))).to_pylist()
    shots = [s["screenshot_png"] for r in rows for s in r["steps"] if s["channel"] == "gui"]
    assert len(shots) == sum(1 for e in episodes.values() for s in e.steps if s.channel == "gui") > 0
    for png in shots:
        image = Image.open(io.BytesIO(png))
        image.load()  # decodes every byte: a truncated PNG fails here
        assert image.format == "PNG" and image.size == png_size(png) == (1920, 1080)
    assert all(s["screenshot_png"] is None for r in rows for s in r["steps"] if s["channel"] == "terminal")
    assert episodes["gui"].screen is not None and episodes["terminal"].screen is None
    assert {(r["harness"], r["screen_width"], r["screen_height"]) for r in rows} == {
        ("gui", 1920, 1080), ("hybrid", 1920, 1080), ("terminal", None, None)}


def test_a_second_calc_family_passes_gui_only(tmp_path: Path) -> None:
    skill = SKILL.model_copy(update={"id": "spreadsheet.total.gui_e2e", "workflow": "spreadsheet.total_row"})
    task = workflows.WORKFLOWS.get("spreadsheet.total_row").build(skill, 2)
    episode = run_episode(task, HARNESSES.get("gui"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path,
                          limits=SandboxLimits(cpu_seconds=300))
    assert episode.passed, (episode.error, episode.rubric)
    assert {s.channel for s in episode.steps} == {"gui"}
