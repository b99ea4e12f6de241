"""Two Impress families solved GUI-only by replaying their plans on real LibreOffice under Xvfb."""

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

pytestmark = [pytest.mark.gui, require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool", "soffice")),
                                       "GUI episodes need Xvfb, openbox, xdotool and LibreOffice")]


@pytest.mark.parametrize("workflow", ["presentation.remove_slide", "presentation.move_slide"])
def test_impress_family_passes_gui_only(workflow: str, tmp_path: Path) -> None:
    skill = Skill(id=f"{workflow}.gui_e2e", apps=["presentation"], category="presentation.edit",
                  description="edit", workflow=workflow, params={})
    task = workflows.WORKFLOWS.get(workflow).build(skill, 6)
    episode = run_episode(task, HARNESSES.get("gui"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path,
                          limits=SandboxLimits(cpu_seconds=300))
    assert episode.passed, (episode.error, episode.rubric)
    assert {s.tool_call.name for s in episode.steps} == {"computer_use"}
