"""What the LLM judge is shown of a long trajectory: a bounded subsample, in order, ends included."""

from __future__ import annotations

from forge.judge.evidence import TRAJECTORY_STEPS, subsample, trajectory_evidence
from forge.models import Observation, Step, ToolCall


def steps(n: int) -> list[Step]:
    return [Step(index=i, channel="terminal", thought="", action=f"Action: step {i}",
                 tool_call=ToolCall(name="bash", arguments={"command": f"echo {i}"}),
                 observation=Observation(text=f"out {i}", exit_code=0)) for i in range(n)]


def test_a_long_trajectory_is_subsampled_with_its_first_and_last_steps() -> None:
    for n in (TRAJECTORY_STEPS + 1, TRAJECTORY_STEPS + 2, 40, 50):
        shown = [s.index for s in subsample(steps(n))]
        assert len(shown) == TRAJECTORY_STEPS and shown == sorted(set(shown)), (n, shown)
        assert shown[:2] == [0, 1] and shown[-3:] == [n - 3, n - 2, n - 1], (n, shown)
    assert [s.index for s in subsample(steps(TRAJECTORY_STEPS))] == list(range(TRAJECTORY_STEPS))


def test_the_evidence_of_a_50_step_episode_says_how_much_it_shows() -> None:
    text = trajectory_evidence(steps(50), "done")
    assert text.startswith(f"50 steps in all; {TRAJECTORY_STEPS} shown.")
    assert "[step 1] Action: step 0" in text and "[step 50] Action: step 49" in text
    assert text.count("[step ") == TRAJECTORY_STEPS and text.endswith("[final message] done")
