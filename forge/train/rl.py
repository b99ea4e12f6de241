"""The online RL stage: GRPO over Forge tasks, rollouts in the sandbox ahead of the learner.

Rollout workers (threads) each hold a copy of the policy, refreshed from the learner's newest
weights before each group, and put groups of `group_size` rollouts of one frontier-sampled task
into a bounded queue. The learner takes `tasks_per_step` groups, drops any more than
`max_policy_lag` versions old, computes group-relative advantages and one truncated-importance-
sampled policy-gradient update, then publishes the new version. Checkpoints hold the weights, the
optimizer and the sampler's EMAs; a rerun resumes from the newest.
"""

from __future__ import annotations

import copy
import json
import logging
import queue
import random
import threading
from pathlib import Path
from typing import Any

from forge.harness.configs import HARNESSES
from forge.models import TaskBundle
from forge.train._deps import require
from forge.train.config import StageConfig, TrainConfig
from forge.train.grpo import FrontierSampler, Rollout, RolloutBuffer, group_advantages, truncated_is_loss
from forge.train.rollout import PolicyTeacher, rollout
from forge.train.sft import StageResult, latest_checkpoint, load_model
from forge.train.tokenize import Processor

logger = logging.getLogger(__name__)


class _Published:
    """The learner's newest weights, for workers to copy (under a lock)."""

    def __init__(self, model: Any) -> None:
        self.lock = threading.Lock()
        self.version = 0
        self.state = copy.deepcopy(model.state_dict())

    def publish(self, model: Any, version: int) -> None:
        with self.lock:
            self.state, self.version = copy.deepcopy(model.state_dict()), version

    def refresh(self, local: Any, have: int) -> int:
        with self.lock:
            if self.version != have:
                local.load_state_dict(self.state)
            return self.version


def sequence_logps(model: Any, turns: list[tuple[list[int], list[int], list[float]]], temperature: float) -> Any:
    """Log-probs under `model` of each turn's generated tokens, as a padded (turns, tokens) tensor."""
    torch = require("torch")
    width = max(len(gen) for _, gen, _ in turns)
    rows = []
    for prompt, gen, _ in turns:
        ids = torch.tensor([prompt + gen])
        logits = model(input_ids=ids, use_cache=False).logits[0, len(prompt) - 1:-1].float() / temperature
        logp = torch.log_softmax(logits, dim=-1).gather(-1, torch.tensor(gen)[:, None])[:, 0]
        rows.append(torch.nn.functional.pad(logp, (0, width - len(gen))))
    return torch.stack(rows)


def grpo_update(model: Any, optimizer: Any, groups: list[list[Rollout]], cap: float, temperature: float) -> float:
    """One policy update over groups of rollouts (each group: one task); returns the loss."""
    torch = require("torch")
    turns, advantages = [], []
    for group in groups:
        for r, advantage in zip(group, group_advantages([r.reward for r in group]), strict=True):
            for turn in r.turns:
                if turn[1]:
                    turns.append(turn)
                    advantages.append(advantage)
    if not turns:
        return 0.0
    width = max(len(gen) for _, gen, _ in turns)
    behaviour = torch.tensor([lp + [0.0] * (width - len(lp)) for _, _, lp in turns])
    mask = torch.tensor([[1] * len(gen) + [0] * (width - len(gen)) for _, gen, _ in turns])
    model.train()
    loss = truncated_is_loss(sequence_logps(model, turns, temperature), behaviour, torch.tensor(advantages), mask, cap)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return float(loss.detach())


def run_grpo(stage: StageConfig, config: TrainConfig, init: Path, out: Path, tasks: list[TaskBundle],
             scratch_root: Path, backend: str = "bwrap") -> StageResult:
    torch = require("torch")
    params = stage.grpo
    if not tasks:
        from forge.errors import ConfigError
        raise ConfigError(f"stage {stage.name}: no tasks to roll out; generate tasks first (FORGE_DB_URL's store)")
    harness = HARNESSES.get(params.harness)
    processor = Processor.from_pretrained(str(init))
    resume = latest_checkpoint(out)
    model = load_model(Path(resume) if resume else init)
    optimizer = torch.optim.AdamW(model.parameters(), lr=params.learning_rate, weight_decay=params.weight_decay)
    sampler = FrontierSampler(target=params.target_success, floor=params.sampling_floor, decay=params.ema_decay)
    version = 0
    if resume:
        state = json.loads((Path(resume) / "grpo_state.json").read_text())
        version, sampler = state["version"], FrontierSampler.model_validate(state["sampler"])
        optimizer.load_state_dict(torch.load(Path(resume) / "optimizer.pt"))
    by_id = {t.id: t for t in tasks}
    rng = random.Random(config.seed + version)
    published = _Published(model)
    published.version = version
    groups: queue.Queue[list[Rollout]] = queue.Queue(maxsize=params.tasks_per_step * 2)
    stop = threading.Event()
    lock = threading.Lock()

    def worker(index: int) -> None:
        local, have = copy.deepcopy(model).eval(), -1
        n = 0
        while not stop.is_set():
            have = published.refresh(local, have)
            with lock:
                task_id = sampler.sample(list(by_id), 1, rng)[0]
            group = []
            for g in range(params.group_size):
                teacher = PolicyTeacher(local, processor, params, have, seed=config.seed + 1000 * index + n * 31 + g)
                group.append(rollout(by_id[task_id], harness, teacher, have, scratch_root / f"w{index}", backend))
            n += 1
            while not stop.is_set():
                try:
                    groups.put(group, timeout=0.5)
                    break
                except queue.Full:
                    continue

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(params.rollout_workers)]
    for t in threads:
        t.start()
    buffer, losses, rewards = RolloutBuffer(params.max_policy_lag), [], []
    try:
        while version < params.steps:
            batch = [groups.get() for _ in range(params.tasks_per_step)]
            for group in batch:
                for r in group:
                    buffer.put(r)
            fresh = buffer.take(version)
            kept = [[r for r in group if r in fresh] for group in batch]
            kept = [g for g in kept if len(g) >= 2]
            with lock:
                for group in kept:
                    for r in group:
                        sampler.update(r.task_id, r.reward)
            losses.append(grpo_update(model, optimizer, kept, params.importance_cap, params.temperature))
            rewards.extend(r.reward for g in kept for r in g)
            version += 1
            published.publish(model, version)
            if version % params.save_steps == 0 or version == params.steps:
                _save(model, processor, optimizer, sampler, version, out / f"checkpoint-{version}")
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=600)
    final = out / "final"
    model.save_pretrained(final)
    processor.save_pretrained(str(final))
    logger.info("stage %s: %d updates, mean reward %.3f, %d stale rollouts dropped", stage.name, version,
                sum(rewards) / max(1, len(rewards)), buffer.dropped_stale)
    return StageResult(stage=stage.name, init_dir=init, final_dir=final, steps=version, losses=losses, resumed_from=resume,
                       examples=len(rewards))


def _save(model: Any, processor: Processor, optimizer: Any, sampler: FrontierSampler, version: int, folder: Path) -> None:
    torch = require("torch")
    model.save_pretrained(folder)
    processor.save_pretrained(str(folder))
    torch.save(optimizer.state_dict(), folder / "optimizer.pt")
    (folder / "grpo_state.json").write_text(json.dumps({"version": version, "sampler": sampler.model_dump()}))
