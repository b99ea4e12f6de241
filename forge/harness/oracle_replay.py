"""The package gate's oracle run, kept as the replay teacher's episode where it is one.

With no teacher model the episode is the task's reference replayed through a harness, in a fresh
sandbox after setup, judged by the rubric's checks; the package gate's oracle probe is exactly
that run under the `terminal` harness (gates.package_gate). Where the run's harness is that very
harness (same prompt, tools, environment: no evolved version, no domain libraries, no desktop), the
teacher is the replay, the judge the programmatic checks and nothing annotates, running the
episode again would redo the same steps in an identical sandbox and the same checks on the same
state: the gate hands its oracle run and its checks' result to an `OracleReplay`, which records
the Episode as `run_episode` would (its `duration_s` runs from the sandbox's opening to the
checks' verdict, the gate's own copy of the post-setup state included). The caller stores it once
every gate has passed (`flows.stages.gates`). Anything else runs its own episode.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from forge.environment import TaskEnvironment
from forge.harness.domain_libraries import sandbox_packages
from forge.harness.episode import Annotator, Judge, record_episode
from forge.harness.runner import LoopResult
from forge.harness.teacher import ReplayTeacher, Teacher
from forge.judge.programmatic import ProgrammaticJudge
from forge.models import Episode, HarnessConfig, RubricResult, TaskBundle


class OracleReplay:
    """Per task (`OracleReplay.of`): pass `keep` as the gate context's `on_oracle_run`; `episodes`
    (by harness name) then holds the episode of each harness the oracle's run stands for."""

    def __init__(self, task: TaskBundle, harnesses: Mapping[str, HarnessConfig], teacher: ReplayTeacher,
                 judge: ProgrammaticJudge, run_id: str | None = None) -> None:
        self.task, self.harnesses, self.teacher, self.judge, self.run_id = task, harnesses, teacher, judge, run_id
        self.episodes: dict[str, Episode] = {}

    @classmethod
    def of(cls, task: TaskBundle, teacher: Teacher, judge: Judge, annotator: Annotator | None,
           harnesses: Callable[[], Mapping[str, HarnessConfig]], run_id: str | None = None) -> OracleReplay | None:
        """An OracleReplay where it applies, else None. Only the replay's episode, judged without a
        model, is the oracle's run: a model's turns differ, and a model judge or annotator would be
        called for tasks that a later check rejects. `harnesses`: the run's, by name, as it runs them."""
        if type(teacher) is ReplayTeacher and type(judge) is ProgrammaticJudge and annotator is None:
            return cls(task, harnesses(), teacher, judge, run_id)
        return None

    def keep(self, env: TaskEnvironment, harness: HarnessConfig, loop: LoopResult, rubric: RubricResult,
             started: float) -> None:
        """The oracle passed in `env` (still open) under `harness`, `rubric` its checks on the state it
        left; `started`: when `env` was opened."""
        if sandbox_packages(harness.environment) or harness.environment.desktop:
            return  # the oracle's sandbox has neither
        for name, wanted in self.harnesses.items():
            if wanted == harness and self.teacher.cannot_drive(self.task, wanted) is None:
                self.episodes[name] = record_episode(self.task, wanted, self.teacher, self.judge, loop,
                                                     self.judge.outcome(rubric), started=started, run_id=self.run_id)
