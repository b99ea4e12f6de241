"""Package-level gate: the task behaves as a task should, probed in isolated, fresh environments.

One fresh sandbox runs setup, as an agent's episode does; the state it leaves is captured
(`JobState`) and copied to a probe dir outside the sandbox. Then:

1. do-nothing: the rubric must FAIL on that untouched copy.
2. oracle: the reference solution runs in the same sandbox, on from setup, as an agent's
   actions would; the rubric must PASS, every declared output must exist and nothing
   undeclared may appear (a folder output declares what is in it: `gates._folders`); no new number the oracle wrote may be given away by the instruction.
   Each office file the oracle wrote must survive the LibreOffice round trip (`ctx.roundtrip`),
   as the inputs must in the file gate.
3. mutations: the oracle's outputs perturbed like a wrong agent would leave them (gates.mutations),
   each laid over the post-setup copy (one dir, put back after each: checks only read); the
   rubric must FAIL on every one.

Setup runs once per task, not once per probe: the do-nothing probe reads a host-side copy, so
no process of the sandbox can touch what it checks, and the oracle starts from exactly the state
the do-nothing probe judged. So the two run at once (the do-nothing probe on a probe thread,
`gates._offload`); its verdict is still the first one given, as if it had run alone first.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from pydantic import JsonValue

from forge.checks import FinalState, run_rubric
from forge.environment import JobState, SetupError, TaskEnvironment
from forge.errors import CheckError, PreparerError
from forge.harness import HARNESSES, ReplayTeacher, run_loop
from forge.models import RubricResult, TaskBundle
from forge.tree import TreeLimitError
from gates import _offload as offload
from gates._folders import expand, folder_outputs, inside, read_folder
from gates._numbers import numbers_in
from gates.mutations import MUTATORS, MutationInput, mutants
from gates.spec import GateContext, Rejection, RoundTripVerdict, register_gate
from preparers.spec import inspect_file

ORACLE_HARNESS = "terminal"
T = TypeVar("T")


def _summary(rubric: RubricResult) -> list[JsonValue]:
    return [{"func": c.func, "passed": c.passed, "message": c.message} for c in rubric.checks]


@register_gate("package")
class PackageGate:
    name = "package"

    def check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        try:
            return self._check(bundle, ctx)
        except TreeLimitError as exc:  # setup or reference left a tree the host will not read whole
            raise Rejection("job_dir_over_bounds", str(exc)) from exc

    def _check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        clock = _Clock()
        inputs = {f.path: f.content or b"" for f in bundle.inputs()}
        ctx.scratch_root.mkdir(parents=True, exist_ok=True)
        probe_dir = Path(tempfile.mkdtemp(prefix="probes-", dir=ctx.scratch_root))
        try:
            with contextlib.ExitStack() as sandbox:
                started = time.perf_counter()
                env = clock.time("sandbox_setup", sandbox.enter_context, _environment(bundle, ctx))
                setup_state = clock.time("setup_state", self._setup_state, env, probe_dir)
                nothing = offload.probe(clock.time, "do_nothing", self._do_nothing, bundle,
                                        FinalState(probe_dir, inputs))
                try:  # the do-nothing probe reads its host-side copy meanwhile; its rejection comes first
                    solved, outputs = clock.time("oracle", self._oracle, bundle, ctx, env, setup_state, started)
                finally:
                    untouched = nothing.result()
                clock.time("sandbox_close", sandbox.close)
            clock.time("answer_leak", _no_answer_in_instruction, bundle, outputs)
            round_trips = _start_round_trips(bundle, ctx, outputs)  # soffice works while the mutants are probed
            survived, probed = clock.time("mutations", self._mutations, bundle, setup_state, probe_dir, outputs)
            clock.time("output_roundtrip", _outputs_survived_libreoffice, round_trips)
        finally:
            shutil.rmtree(probe_dir, ignore_errors=True)
        if survived:
            raise Rejection("mutation_survives", "the rubric passes a wrong solution: " + "; ".join(
                f"{name} ({desc})" for name, desc in survived.items()), mutations=probed)
        return {"do_nothing": _summary(untouched), "oracle": _summary(solved), "mutations": probed,
                "probe_seconds": clock.seconds}

    @staticmethod
    def _setup_state(env: TaskEnvironment, probe_dir: Path) -> JobState:
        """The job dir as setup left it, copied into `probe_dir` (outside any sandbox)."""
        state = JobState.capture(env.job_dir)
        state.restore(probe_dir)
        return state

    def _do_nothing(self, bundle: TaskBundle, untouched: FinalState) -> RubricResult:
        rubric = run_rubric(bundle.rubric.checks, untouched)
        if rubric.passed:
            raise Rejection("rubric_passes_untouched", "the rubric passes when the agent does nothing",
                            checks=_summary(rubric))
        return rubric

    def _oracle(self, bundle: TaskBundle, ctx: GateContext, env: TaskEnvironment, setup_state: JobState,
                started: float) -> tuple[RubricResult, dict[str, bytes]]:
        harness = HARNESSES.get(ORACLE_HARNESS)
        loop = run_loop(env, bundle, harness, ReplayTeacher())
        failed = [s for s in loop.steps if s.observation.exit_code not in (0, None)]
        if failed:
            s = failed[0]
            raise Rejection("oracle_step_failed", f"reference step {s.index + 1} ({s.action}) exited "
                            f"{s.observation.exit_code}: {s.observation.text[-400:]}")
        state = env.final_state()
        rubric = run_rubric(bundle.rubric.checks, state)
        if not rubric.passed:
            failures = "; ".join(f"{c.func}: {c.message}" for c in rubric.failures())
            raise Rejection("oracle_fails", f"the reference solution does not satisfy the rubric: {failures}",
                            checks=_summary(rubric))
        declared, folders = {f.path for f in bundle.files}, folder_outputs(bundle)
        outputs = {f.path: (read_folder(state, f.path, folders[f.path]) if f.path in folders
                            else state.read_bytes(f.path) if state.exists(f.path) else None)
                   for f in bundle.outputs()}
        missing = sorted(p for p, data in outputs.items() if data is None)
        if missing:
            raise Rejection("declared_output_missing", f"the reference did not write {', '.join(missing)}")
        extra = sorted(p for p in set(state.listing) - declared - set(setup_state.files) if not inside(p, folders))
        if extra:
            raise Rejection("undeclared_file", f"the reference left undeclared files: {', '.join(extra[:5])}",
                            files=extra[:20])
        if ctx.on_oracle_run is not None:
            ctx.on_oracle_run(env, harness, loop, rubric, started)
        return rubric, {p: data for p, data in outputs.items() if data is not None}

    def _mutations(self, bundle: TaskBundle, setup_state: JobState, probe_dir: Path,
                   outputs: dict[str, bytes]) -> tuple[dict[str, str], dict[str, JsonValue]]:
        inputs = {f.path: f.content or b"" for f in bundle.inputs()}
        probe = MutationInput(bundle=bundle, oracle_outputs=outputs, inputs=inputs)
        survived: dict[str, str] = {}
        probed: dict[str, JsonValue] = {}
        try:
            found = mutants(probe)
        except CheckError as exc:
            raise Rejection("oracle_output_unreadable", f"cannot build the mutation probes: {exc}") from exc
        folders = folder_outputs(bundle)
        for name, files in found.items():
            with setup_state.overlaid(probe_dir, expand(files, folders, outputs, setup_state.files)):
                rubric = run_rubric(bundle.rubric.checks, FinalState(probe_dir, inputs))
            probed[name] = "caught" if not rubric.passed else "passed"
            if rubric.passed:
                survived[name] = MUTATORS.get(name).description
        return survived, probed


class _Clock:
    """Seconds per probe, kept in the gate's details so reports can show where gate time goes."""

    def __init__(self) -> None:
        self.seconds: dict[str, JsonValue] = {}

    def time(self, probe: str, fn: Callable[..., T], *args: Any) -> T:
        started = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.seconds[probe] = round(time.perf_counter() - started, 4)


class _environment:
    """A fresh sandboxed environment with setup applied; setup and sandbox failures reject."""

    def __init__(self, bundle: TaskBundle, ctx: GateContext) -> None:
        self.env = TaskEnvironment(bundle, ctx.scratch_root, limits=ctx.limits, backend=ctx.backend)

    def __enter__(self) -> TaskEnvironment:
        try:
            self.env.materialize()
        except SetupError as exc:
            self.env.close()
            raise Rejection("setup_failed", str(exc)) from exc
        except BaseException:  # a SandboxError is the host's trouble, not the task's: it propagates
            self.env.close()
            raise
        return self.env

    def __exit__(self, *exc: object) -> None:
        self.env.close()


def _visible_text(path: str, data: bytes, file_type: str) -> str:
    try:
        return inspect_file(file_type, data).text
    except PreparerError as exc:
        raise Rejection("oracle_output_unreadable", f"{path}: {exc}") from exc


def _start_round_trips(bundle: TaskBundle, ctx: GateContext,
                       outputs: dict[str, bytes]) -> dict[str, Future[RoundTripVerdict | None]]:
    """Each office file the oracle wrote goes through the LibreOffice round trip, as the inputs do
    (file gate): the agent's work is judged on what the reference shows is possible in the app."""
    if ctx.roundtrip is None:
        return {}
    types = {f.path: f.type for f in bundle.outputs()}
    return {path: offload.submit(ctx.roundtrip, data, types[path]) for path, data in outputs.items()}


def _outputs_survived_libreoffice(round_trips: dict[str, Future[RoundTripVerdict | None]]) -> None:
    for path, pending in round_trips.items():
        verdict = pending.result()
        if verdict is not None and not verdict.ok:
            raise Rejection("output_roundtrip_failed", f"{path}: the reference's output does not survive the "
                            f"LibreOffice round trip: {verdict.message}", path=path)


def _stated_numbers(bundle: TaskBundle) -> set[float]:
    """Numbers the task states on purpose: those in the params named by `provenance["stated_params"]`
    (a workflow whose instruction gives the values to write: set `port` to 8443), and only where
    the instruction really shows them. Every other number the oracle wrote is still probed."""
    names = bundle.provenance.get("stated_params", [])
    if not isinstance(names, list) or not all(isinstance(n, str) and n in bundle.params for n in names):
        raise Rejection("invalid_stated_params", f"provenance stated_params={names!r} must list names of the "
                        f"task's params; its params are {sorted(bundle.params)}")
    found = [numbers_in(json.dumps(bundle.params[name])) for name in names]
    return set().union(*found) & numbers_in(bundle.instruction)


def _no_answer_in_instruction(bundle: TaskBundle, outputs: dict[str, bytes]) -> None:
    """A number the oracle computed (in an output, in no input) must not appear in the instruction,
    unless the task states it as a value to write (`_stated_numbers`)."""
    types = {f.path: f.type for f in bundle.files}
    given = set().union(*(numbers_in(_visible_text(f.path, f.content or b"", f.type)) for f in bundle.inputs()))
    computed = set().union(*(numbers_in(_visible_text(p, d, types[p]), distinctive=True)
                             for p, d in outputs.items())) - given
    leaked = sorted(computed & numbers_in(bundle.instruction) - _stated_numbers(bundle))
    if leaked:
        raise Rejection("answer_in_instruction", f"the instruction gives away the expected result {leaked[:3]}",
                        values=[str(v) for v in leaked[:10]])
