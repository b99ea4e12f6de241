"""The text editor (Mousepad) and the terminal window (xterm) as apps of a GUI task: text.ini_edit
solved GUI-only by editing lines in the editor, text.log_filter by typing its commands into a
terminal window; the rubric passes on the saved files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import workflows
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import Skill
from forge.sandbox import SandboxLimits
from tests.conftest import require

pytestmark = [pytest.mark.gui, require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool", "mousepad", "xterm")),
                                       "text GUI episodes need Xvfb, openbox, xdotool, mousepad and xterm")]


@pytest.mark.parametrize(("workflow", "app"), [("text.ini_edit", "editor"), ("text.log_filter", "terminal")])
def test_text_family_passes_gui_only(workflow: str, app: str, tmp_path: Path) -> None:
    skill = Skill(id=f"{workflow}.gui_e2e", apps=["text"], category="text.gui", description="gui",
                  workflow=workflow, params={})
    task = workflows.WORKFLOWS.get(workflow).build(skill, 5)
    assert task.reference.gui_plan is not None and task.reference.gui_plan.opens[0].app == app
    episode = run_episode(task, HARNESSES.get("gui"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path,
                          limits=SandboxLimits())
    assert episode.passed, (episode.error, episode.rubric)
    assert {s.channel for s in episode.steps} == {"gui"} and episode.screen is not None
