"""A browser task (browser.update_member) on a local site in real Chromium under Xvfb: solved GUI-only
(clicks at DOM boxes located on the live page), terminal-only and hybrid by the replay teacher; the
rubric passes on the state file the site itself saved, and the sandbox reaches nothing but loopback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import workflows
from forge.desktop import Desktop
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.harness.computer_use import web_app
from forge.judge import ProgrammaticJudge
from forge.models import Skill
from forge.models.gui_plan import AppLaunch
from forge.sandbox import SandboxLimits, open_sandbox
from tests.conftest import require

CHROMIUM = shutil.which("chromium") or Path("/usr/lib/chromium/chromium").exists()
pytestmark = [pytest.mark.gui, require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool")) and CHROMIUM,
                                       "browser episodes need Xvfb, openbox, xdotool and chromium")]

SKILL = Skill(id="browser.forms.gui_e2e", apps=["browser"], category="browser.forms",
              description="update a record", workflow="browser.update_member", params={})


def test_a_browser_task_through_three_harnesses(tmp_path: Path) -> None:
    task = workflows.WORKFLOWS.get("browser.update_member").build(SKILL, 4)
    plan = task.reference.gui_plan
    assert plan is not None and plan.opens[0].app == "browser"
    limits = SandboxLimits(cpu_seconds=300)
    episodes = {}
    for name in ("gui", "terminal", "hybrid"):
        episode = run_episode(task, HARNESSES.get(name), ReplayTeacher(), ProgrammaticJudge(),
                              scratch_root=tmp_path, limits=limits)
        assert episode.passed, (name, episode.error, episode.rubric)
        episodes[name] = episode
    gui = episodes["gui"].steps
    assert {s.channel for s in gui} == {"gui"}
    clicks = [s.tool_call.arguments for s in gui if s.tool_call.arguments["action"] == "left_click"]
    assert clicks and all(len(c["coordinate"]) == 2 and all(0 <= v <= 999 for v in c["coordinate"]) for c in clicks)
    assert {s.channel for s in episodes["hybrid"].steps} == {"gui", "terminal"}


def test_the_site_serves_loopback_only_and_saves_what_the_form_posts(tmp_path: Path) -> None:
    state = {"team": "T", "members": [{"name": "Ann Lee", "email": "a@x.org", "role": "Engineer",
                                       "phone": "1", "active": True}]}
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "team.json").write_text(json.dumps(state))
    launch = AppLaunch(app="browser", file="site/team.json", site="team_directory")
    with open_sandbox(tmp_path, SandboxLimits()) as box, \
            Desktop.open(box, tmp_path, [launch], web_apps={"team_directory": web_app("team_directory")}) as d:
        d.wait_window("Team directory", 60)
        post = box.run("python3 -c \"import urllib.request as u; print(u.urlopen(u.Request('http://127.0.0.1:8000/"
                       "member/0', data=b'email=b%40y.org&role=Lead&phone=1')).status)\"", timeout_s=30)
        assert post.stdout.strip() == "200", post
        outside = box.run("python3 -c \"import socket; socket.create_connection(('1.1.1.1', 80), 3)\"", timeout_s=30)
        assert outside.exit_code != 0 and "unreachable" in outside.stderr.lower(), outside
        x, y = d.locate("#edit-0")
        assert 0 <= x <= 999 and 0 <= y <= 999
    saved = json.loads((tmp_path / "site" / "team.json").read_text())
    assert saved["members"][0] == {"name": "Ann Lee", "email": "b@y.org", "role": "Lead", "phone": "1", "active": False}
    assert not list((tmp_path / "site").glob(".team-*"))


def test_the_accessibility_tree_is_an_optional_observation(tmp_path: Path) -> None:
    task = workflows.WORKFLOWS.get("browser.update_member").build(SKILL, 2)
    gui = HARNESSES.get("gui")
    with_tree = gui.model_copy(update={"version": "1+a11y", "environment": gui.environment.model_copy(
        update={"accessibility_tree": True})})
    episode = run_episode(task, with_tree, ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path,
                          limits=SandboxLimits())
    assert episode.passed, (episode.error, episode.rubric)
    texts = [s.observation.text for s in episode.steps]
    assert all("[accessibility tree]" in t for t in texts), texts
    assert any('button "Save"' in t and "textbox" in t for t in texts)  # the member's form, as roles and names
    assert any(task.params["member"] in t for t in texts)
    plain = run_episode(task, gui, ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path, limits=SandboxLimits())
    assert plain.passed and not any("[accessibility tree]" in s.observation.text for s in plain.steps)
