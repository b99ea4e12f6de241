"""One tiny end-to-end GRPO step over a real Forge task, rolled out in the real sandbox.

A random tiny model writes garbage: every turn must become an error observation (or a closing
turn), every reward 0, and the update must still run and change the weights without crashing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import torch
from safetensors.torch import load_file

from forge.harness import HARNESSES
from forge.harness.teacher import ReplayTeacher
from forge.models import TaskBundle
from forge.train.config import GRPOParams, StageConfig, TrainConfig
from forge.train.rl import run_grpo
from forge.train.rollout import PolicyTeacher, parse_student_reply, rollout
from forge.train.run import run as train
from forge.train.sft import load_model
from forge.train.tiny import build_tiny_model
from forge.train.tokenize import Processor


def test_garbage_policy_rolls_out_in_the_sandbox_scores_zero_and_updates(sort_bundle: TaskBundle,
                                                                          tmp_path: Path) -> None:
    tiny = build_tiny_model(tmp_path / "tiny", corpus=[sort_bundle.instruction])
    params = GRPOParams(steps=1, tasks_per_step=1, group_size=2, max_new_tokens=12, max_episode_steps=4,
                        rollout_workers=1, learning_rate=1e-2, save_steps=1)
    stage = StageConfig(name="online_rl", kind="grpo", grpo=params)
    # the curriculum's last stage starts from the stage before it: here a finished hybrid SFT
    shutil.copytree(tiny, tmp_path / "ckpt" / "hybrid_sft" / "final")
    before_rl = StageConfig(name="hybrid_sft", kind="sft", data=["hybrid_sft"])
    config = TrainConfig(model_path=tmp_path / "nowhere", export_dir=tmp_path, output_dir=tmp_path / "ckpt",
                         stages=[before_rl, stage], use_cpu=True)
    trained = train(config, tasks=[sort_bundle], scratch_root=tmp_path / "scratch")
    assert trained.skipped == ["hybrid_sft"] and [r.stage for r in trained.stages] == ["online_rl"]
    (result,) = trained.stages
    assert result.init_dir == tmp_path / "ckpt" / "hybrid_sft" / "final" and trained.final_dir == result.final_dir
    assert result.steps == 1 and len(result.losses) == 1 and torch.isfinite(torch.tensor(result.losses[0]))
    assert result.examples == 2  # two rollouts of the one task, both used
    state = (tmp_path / "ckpt" / "online_rl" / "checkpoint-1" / "grpo_state.json").read_text()
    assert '"version": 1' in state and sort_bundle.id in state  # the task's EMA moved
    before, after = load_file(tiny / "model.safetensors"), load_file(result.final_dir / "model.safetensors")
    assert before.keys() == after.keys()
    # all rewards were 0, so advantages are 0 and the policy-gradient step leaves the weights as they were:
    for name in before:
        torch.testing.assert_close(before[name], after[name], msg=name)
    more = stage.model_copy(update={"grpo": params.model_copy(update={"steps": 2})})
    resumed = run_grpo(more, config, tiny, tmp_path / "ckpt" / "online_rl", [sort_bundle], tmp_path / "scratch")
    assert resumed.resumed_from is not None and resumed.resumed_from.endswith("checkpoint-1")
    assert resumed.steps == 2 and len(resumed.losses) == 1  # one more update, from version 1
    assert '"version": 2' in (tmp_path / "ckpt" / "online_rl" / "checkpoint-2" / "grpo_state.json").read_text()


def test_a_garbage_rollout_is_error_observations_and_reward_zero(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    tiny = build_tiny_model(tmp_path / "tiny", corpus=[sort_bundle.instruction])
    params = GRPOParams(max_new_tokens=10)
    teacher = PolicyTeacher(load_model(tiny).eval(), Processor.from_pretrained(str(tiny)), params, version=0, seed=1)
    result = rollout(sort_bundle, HARNESSES.get("terminal"), teacher, 0, tmp_path / "scratch")
    assert result.reward == 0.0 and result.episode_status in ("completed", "failed")
    assert len(result.turns) >= 1 and all(len(gen) <= 10 and len(lp) == len(gen) for _, gen, lp in result.turns)
    assert all(lp <= 0 for _, _, lps in result.turns for lp in lps)  # log-probabilities of the sampled tokens
    assert result.end_reason == "malformed_calls"  # 10 random tokens never close a <tool_call>
    assert len(result.step_errors) == 3 and all("cut before a complete <tool_call>" in e for e in result.step_errors)
    assert list((tmp_path / "scratch").iterdir()) == []  # each sandbox's job dir is gone


def test_garbage_becomes_malformed_turns_not_crashes() -> None:
    harness = HARNESSES.get("terminal")
    cut = parse_student_reply("xq<|im_start|> ]]{", stopped=False, harness=harness)
    assert cut.malformed and "cut before a complete <tool_call>" in cut.malformed and cut.tool_call.name == "bash"
    bad_json = parse_student_reply("<tool_call>\n{nope}\n</tool_call>", stopped=True, harness=harness)
    assert bad_json.malformed and "not valid JSON" in bad_json.malformed
    unknown = parse_student_reply('<tool_call>{"name": "rm", "arguments": {}}</tool_call>', stopped=True, harness=harness)
    assert unknown.malformed and "unknown tool 'rm'" in unknown.malformed
    good = parse_student_reply('<think>\nlook\n</think>\nAction: list\n<tool_call>\n{"name": "bash", "arguments": '
                               '{"command": "ls"}}\n</tool_call>', stopped=True, harness=harness)
    assert good.malformed is None and good.tool_call.arguments == {"command": "ls"}
    assert good.thought == "look" and good.action == "Action: list"
    closing = parse_student_reply("All done.", stopped=True, harness=harness)
    assert closing.final and closing.content == "All done."


class _SolvingPolicy(ReplayTeacher):
    """A policy that writes the reference solution (no tokens): what a trained policy would do."""

    def __init__(self) -> None:
        self.turns: list = []


def test_a_rollout_that_solves_the_task_is_rewarded_by_the_rubric(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    solved = rollout(sort_bundle, HARNESSES.get("terminal"), _SolvingPolicy(), 3, tmp_path / "scratch")  # type: ignore[arg-type]
    assert (solved.reward, solved.episode_status, solved.policy_version) == (1.0, "completed", 3)
    idle = _SolvingPolicy()
    idle.next_turn = lambda *args, **kwargs: None  # type: ignore[method-assign]  # ends at once: does nothing
    nothing = rollout(sort_bundle, HARNESSES.get("terminal"), idle, 3, tmp_path / "scratch")  # type: ignore[arg-type]
    assert (nothing.reward, nothing.end_reason) == (0.0, "finished")  # it ended cleanly, and the checks fail
