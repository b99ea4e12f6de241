"""A model-backed GUI/hybrid episode against a scripted local OpenAI-protocol server on real Calc:
`terminate` ends the loop (no further request); a bash command that times out ends only its own
processes, so the display and Calc are still there for the next computer_use call; and the apps
run without the per-command CPU-time limit that bounds terminal commands."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

import workflows
from forge.desktop import Desktop, png_size
from forge.environment import TaskEnvironment
from forge.harness import HARNESSES, ModelTeacher, run_episode
from forge.harness.computer_use import desktop_limits, episode_desktop
from forge.judge import ProgrammaticJudge
from forge.llm import EndpointConfig, ModelClient
from forge.models import Skill
from forge.sandbox import SandboxLimits
from tests.conftest import require
from tests.support.openai_server import FakeOpenAI, reply, tool

pytestmark = [pytest.mark.gui, require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool", "soffice")),
                                       "GUI episodes need Xvfb, openbox, xdotool and LibreOffice")]

SKILL = Skill(id="spreadsheet.sort.model_loop", apps=["spreadsheet"], category="spreadsheet.sort",
              description="sort rows", workflow="spreadsheet.sort_rows", params={})


def _client(server: FakeOpenAI) -> ModelClient:
    return ModelClient(EndpointConfig(role="teacher", base_url=server.base_url, model="teacher-model", api_key="k",
                                      max_retries=0), None)


def test_terminate_ends_a_model_episode_and_a_timed_out_command_leaves_the_desktop(tmp_path: Path) -> None:
    task = workflows.WORKFLOWS.get("spreadsheet.sort_rows").build(SKILL, 1)
    script = [
        reply("<think>look</think>\nAction: wait", tool_calls=[tool("computer_use", action="wait", time=0.2)]),
        reply("<think>slow</think>\nAction: sleep", tool_calls=[tool("bash", command="X=kept; sleep 60", timeout_s=2)]),
        reply("<think>again</think>\nAction: move", tool_calls=[tool("computer_use", action="mouse_move",
                                                                     coordinate=[500, 500])]),
        reply("<think>state</think>\nAction: echo", tool_calls=[tool("bash", command="echo $X")]),
        reply("<think>done</think>\nAction: stop", tool_calls=[tool("computer_use", action="terminate",
                                                                    status="failure")]),
        reply("never asked for"),
    ]
    with FakeOpenAI(script) as server:
        episode = run_episode(task, HARNESSES.get("hybrid"), ModelTeacher(_client(server)), ProgrammaticJudge(),
                              scratch_root=tmp_path, limits=SandboxLimits(cpu_seconds=2))
        assert len(server.chat_requests()) == 5  # nothing asked after terminate
    assert episode.end_reason == "finished" and len(episode.steps) == 5
    assert episode.error == "the teacher ended with terminate(failure)"
    slow, move, echo = episode.steps[1], episode.steps[2], episode.steps[3]
    assert slow.observation.timed_out and "desktop is still there" in slow.observation.text
    assert move.observation.exit_code == 0, move.observation.text
    assert png_size(move.observation.screenshot_png) == (1920, 1080)
    assert echo.observation.text.strip() == "kept"  # the shell (and its state) survived too


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_desktop_apps_outlive_the_per_command_cpu_limit(tmp_path: Path) -> None:
    limits = desktop_limits(SandboxLimits(cpu_seconds=1, wall_time_s=900))
    assert limits.cpu_seconds == 900
    task = workflows.WORKFLOWS.get("spreadsheet.sort_rows").build(SKILL, 1)
    with TaskEnvironment(task, tmp_path, limits=limits) as env:
        env.materialize()
        with episode_desktop(env, task, HARNESSES.get("gui")) as desktop:
            assert isinstance(desktop, Desktop)
            desktop.wait_window(desktop.title_for(task.reference.gui_plan.opens[0]), 90)
            xvfb = desktop.display.xvfb_pid
            # Every grab is X server work: past one CPU second, the old limit killed it. Grab until Xvfb
            # has used 1.5 s, however fast this machine grabs (a count of grabs was too few on a fast one);
            # the deadline only guards against a hang.
            hang_guard = time.monotonic() + 600
            while _cpu_s(xvfb) <= 1.5 and desktop.display.alive() and time.monotonic() < hang_guard:
                desktop.screenshot()
            assert _cpu_s(xvfb) > 1.5 and desktop.display.alive()
            soffice = [p for p in desktop.app_pids() if Path(f"/proc/{p}/comm").read_text().strip() == "soffice.bin"]
            assert soffice and all(Path(f"/proc/{p}").exists() for p in soffice)
