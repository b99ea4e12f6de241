"""The terminal harness replays a reference through the real sandbox and records every step."""

from __future__ import annotations

from pathlib import Path

from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import HarnessConfig, ReferenceSolution, ReferenceStep, ScaffoldConfig, TaskBundle
from forge.sandbox import SandboxLimits


def steps(*commands: str, tool: str = "bash") -> ReferenceSolution:
    return ReferenceSolution(steps=[ReferenceStep(thought=f"thinking {i}", action=f"Action {i}", tool=tool,  # type: ignore[arg-type]
                                                  arguments={"command": c}) for i, c in enumerate(commands)])


def test_replay_records_real_observations_and_passes(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    episode = run_episode(sort_bundle, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path)
    assert episode.passed and episode.status == "completed"
    assert episode.teacher.kind == "reference-replay" and episode.teacher.model is None
    assert [s.thought for s in episode.steps] == [s.thought for s in sort_bundle.reference.steps]
    assert all(s.channel == "terminal" and s.tool_call.name == "bash" for s in episode.steps)
    assert all(s.observation.exit_code == 0 for s in episode.steps)
    assert episode.steps[0].observation.text.strip(), "the inspect step printed nothing"
    assert episode.judge_verdict["checks_passed"] == len(sort_bundle.rubric.checks)
    assert list(tmp_path.iterdir()) == []  # the job dir is gone


def test_shell_state_persists_between_steps(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    task = sort_bundle.model_copy(update={"reference": steps("cd inputs && export X=42", "pwd; echo $X")})
    episode = run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path)
    assert episode.steps[1].observation.text == "/job/inputs\n42\n"
    assert episode.status == "completed" and not episode.passed  # nothing was sorted


def test_timeouts_are_observed_not_fatal(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    task = sort_bundle.model_copy(update={"reference": steps("sleep 30", "echo after")})
    episode = run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path,
                          limits=SandboxLimits(command_timeout_s=1))
    first, second = episode.steps
    assert first.observation.timed_out and first.observation.exit_code == 124
    assert second.observation.text.startswith("after")


def test_step_limit_ends_the_episode_as_failed(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    harness = HARNESSES.get("terminal")
    tight = HarnessConfig(**{**harness.model_dump(), "scaffold": ScaffoldConfig(max_steps=1)})
    episode = run_episode(sort_bundle, tight, ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path)
    assert episode.status == "failed" and len(episode.steps) == 1 and "step limit 1" in (episode.error or "")


def test_a_tool_outside_the_harness_is_an_error_episode(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    task = sort_bundle.model_copy(update={"reference": steps("x", tool="computer_use")})
    episode = run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path)
    assert episode.status == "error" and "tool 'computer_use' is not in this harness" in (episode.error or "")
