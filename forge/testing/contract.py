"""The contract every workflow must meet, as one call a plugin's own tests make.

    from forge.testing import assert_workflow_contract

    def test_my_workflow(tmp_path):
        assert_workflow_contract("myapp.my_workflow", tmp_path)

For each seed it builds the bundle twice (same seed, same bundle id; two seeds, two tasks), then
runs every gate for real: the file gate (each file opens with its own library, survives the
LibreOffice round trip where its type has one), the consistency gate (the checks read the
declared outputs, only the instruction's values), and the package gate in bubblewrap sandboxes
(setup runs, do-nothing FAILS, the reference solution PASSES, every mutation probe FAILS).
The skill comes from the taxonomy when one names the workflow, so its params are validated too.

This kit sits above the gates (like the CLI): it imports them when called, never at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.models import GateResult, Skill


class ContractReport(BaseModel):
    """What the contract run found for one workflow; `problems` empty means it holds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    workflow: str
    skill: str
    bundle_ids: list[str] = Field(default_factory=list)
    gates: list[GateResult] = Field(default_factory=list)
    roundtrip: bool = Field(description="Whether the LibreOffice round trip ran (soffice installed).")
    problems: list[str] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def mutations(self) -> dict[str, JsonValue]:
        """The package gate's mutation probes (name -> caught/passed) of the last seed."""
        found = [g for g in self.gates if g.gate == "package" and g.passed]
        return dict(found[-1].details.get("mutations", {})) if found else {}  # type: ignore[arg-type]


def _skill_for(workflow: str, params: dict[str, Any] | None) -> Skill:
    from skills import load_taxonomy

    if params is None:
        named = sorted((s for s in load_taxonomy().skills.values() if s.workflow == workflow), key=lambda s: s.id)
        if named:
            return named[0]
    apps = workflow.split(".")[0]
    return Skill(id=f"{workflow}.contract", apps=[apps], category=f"{apps}.contract",
                 description=f"contract test of {workflow}", workflow=workflow, params=params or {})


def workflow_contract(workflow: str, scratch: Path, *, seeds: Sequence[int] = (0, 1),
                      skill_params: dict[str, Any] | None = None, roundtrip: bool = True,
                      libreoffice_profiles: Path | None = None) -> ContractReport:
    """Run the contract for `workflow` under `scratch`; the report lists every problem found.

    `libreoffice_profiles`: where the round trip keeps its LibreOffice profiles (default: under
    `scratch`). A test session that passes one folder to all its contract runs starts soffice
    once per round-trip thread instead of once per run (seconds each)."""
    from gates import GateContext, run_gates
    from gates.roundtrip import libreoffice_roundtrip
    from workflows import WORKFLOWS

    skill = _skill_for(workflow, skill_params)
    flow = WORKFLOWS.get(workflow)
    check = libreoffice_roundtrip(libreoffice_profiles or scratch / "lo") if roundtrip else None
    ctx = GateContext(scratch_root=scratch / "gates", roundtrip=check)
    (scratch / "gates").mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    ids: list[str] = []
    results: list[GateResult] = []
    for seed in seeds:
        bundle = flow.build(skill, seed)
        if flow.build(skill, seed).id != bundle.id:
            problems.append(f"seed {seed}: building twice gave two different bundles (not deterministic)")
        ids.append(bundle.id)
        for result in run_gates(bundle, ctx):
            results.append(result)
            if not result.passed:
                problems.append(f"seed {seed}: {result.gate} gate rejected it ({result.reason}): {result.message}")
    if len(seeds) > 1 and len(set(ids)) == 1:
        problems.append(f"seeds {list(seeds)} all gave the same task {ids[0]}")
    if roundtrip and check is None:
        problems.append("LibreOffice (soffice) is not installed, so the round trip did not run; "
                        "install it (`bash scripts/dev.sh`) or pass roundtrip=False")
    return ContractReport(workflow=workflow, skill=skill.id, bundle_ids=ids, gates=results,
                          roundtrip=check is not None, problems=problems)


def assert_workflow_contract(workflow: str, scratch: Path, **kwargs: Any) -> ContractReport:
    """`workflow_contract`, raising AssertionError that lists the problems when it does not hold."""
    report = workflow_contract(workflow, scratch, **kwargs)
    if not report.ok:
        raise AssertionError(f"workflow {workflow!r} breaks the contract:\n- " + "\n- ".join(report.problems))
    return report
