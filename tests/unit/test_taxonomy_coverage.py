"""Coverage of the taxonomy through the gates: a stratified sample (every family at least once, a
seeded variant rather than always the first) and a value cover (every param value at least once);
a sampled skill of every app goes through the bench's own path, and a skill that cannot be realised
is recorded with its cause, never raised. The whole taxonomy is the bench's job
(`bench/taxonomy_coverage.py`)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from forge.models import Skill
from forge.registry import restore, snapshot
from gates import GateContext
from gates.roundtrip import libreoffice_roundtrip
from skills import derive_seed, load_taxonomy
from skills.sampler import coverage_sample, value_cover
from tests.conftest import require
from tests.support.bench import load_bench
from workflows import WORKFLOWS



def _bench() -> ModuleType:
    return load_bench("taxonomy_coverage")


def test_the_coverage_sample_has_every_family_and_its_strata_and_no_awaiting_skill() -> None:
    taxonomy = load_taxonomy()
    families = {s.workflow for s in taxonomy.ready.values()}
    small = coverage_sample(taxonomy, 1, seed=0)
    assert {s.workflow for s in small} == families and len(small) == len(families)  # never fewer than one each
    assert coverage_sample(taxonomy, 1, seed=0) == small and coverage_sample(taxonomy, 1, seed=1) != small
    larger = coverage_sample(taxonomy, len(families) + 10, seed=0)
    assert len(larger) == len(families) + 10 and {s.workflow for s in larger} == families
    extra = [s for s in larger if s not in small]
    left = {(s.category, s.difficulty) for s in taxonomy.ready.values() if s not in small}
    assert len(extra) == 10 and len({(s.category, s.difficulty) for s in extra}) == min(10, len(left))  # strata take turns
    assert not {s.id for s in larger} & set(taxonomy.awaiting)
    everything = coverage_sample(taxonomy, 10**6, seed=0)
    assert {s.id for s in everything} == set(taxonomy.ready)


def test_the_value_cover_takes_every_value_of_every_param_in_fewer_skills() -> None:
    def skill(n: int, **params: object) -> Skill:
        return Skill(id=f"x.s{n:02d}", apps=["x"], category="x.c", description="d", workflow="x.w", params=params)

    crossed = [skill(10 * a + b, order=o, scope=sc, messy=m)
               for a, (o, sc) in enumerate([(o, sc) for o in ["asc", "desc", "any"] for sc in ["one", "all"]])
               for b, m in enumerate([True, False])]
    chosen = value_cover(crossed)
    taken = {(k, repr(v)) for s in chosen for k, v in s.params.items()}
    assert taken == {(k, repr(v)) for s in crossed for k, v in s.params.items()}
    assert len(chosen) == 3 < len(crossed)  # three orders need three skills; they carry the rest
    assert chosen[0].id == "x.s00" and value_cover(list(reversed(crossed))) == chosen
    assert value_cover([]) == [] and value_cover(crossed[:1]) == crossed[:1]
    for family in {s.workflow for s in load_taxonomy().ready.values()}:
        skills = [s for s in load_taxonomy().ready.values() if s.workflow == family]
        assert {(k, repr(v)) for s in value_cover(skills) for k, v in s.params.items()} == \
            {(k, repr(v)) for s in skills for k, v in s.params.items()}, family


def test_failures_are_grouped_by_family_with_distinct_reasons() -> None:
    bench = _bench()
    outcome = bench.SkillCoverage
    outcomes = [outcome(skill="a.x.1", workflow="f", verified=True),
                outcome(skill="a.x.2", workflow="f", verified=False, stage="file", reason="bad zip"),
                outcome(skill="a.x.3", workflow="f", verified=False, stage="file", reason="bad zip"),
                outcome(skill="b.x.1", workflow="g", verified=True)]
    assert bench.by_family(outcomes) == {"f": {"tried": 3, "failed": 2, "reasons": ["file: bad zip"]}}


def test_a_skill_its_family_cannot_realise_is_recorded_not_raised(tmp_path: Path) -> None:
    cover = _bench().cover
    ctx = GateContext(scratch_root=tmp_path)
    bad_params = Skill(id="spreadsheet.data.sort.sideways", apps=["spreadsheet"], category="spreadsheet.data",
                       description="Sort sideways.", workflow="spreadsheet.sort_rows", params={"sideways": True})
    outcome = cover(bad_params, 1, ctx)
    assert not outcome.verified and outcome.stage == "workflow" and "sideways" in outcome.reason
    no_family = bad_params.model_copy(update={"workflow": "spreadsheet.teleport"})
    outcome = cover(no_family, 1, ctx)
    assert not outcome.verified and "spreadsheet.teleport" in outcome.reason


class _RaisesOnOddSeeds:
    """A family with a seed-dependent bug: delegates to a real family, raises on odd seeds."""

    def __init__(self, real: object) -> None:
        self.real, self.spec = real, real.spec  # type: ignore[attr-defined]

    def build(self, skill: Skill, seed: int) -> object:
        if seed % 2:
            raise IndexError(f"list index out of range (seed {seed})")
        return self.real.build(skill.model_copy(update={"workflow": "spreadsheet.sort_rows"}), seed)  # type: ignore[attr-defined]


def test_a_family_that_raises_on_some_seeds_is_named_with_the_seed_and_the_rest_go_on(tmp_path: Path) -> None:
    bench = _bench()
    state = snapshot()
    try:
        WORKFLOWS.add("spreadsheet.flaky_sort", _RaisesOnOddSeeds(WORKFLOWS.get("spreadsheet.sort_rows")))
        flaky = Skill(id="spreadsheet.data.flaky", apps=["spreadsheet"], category="spreadsheet.data",
                      description="Sort, sometimes.", workflow="spreadsheet.flaky_sort", params={"descending": True})
        seeds = [s for s in range(2, 200, 2) if any(derive_seed(s, k) % 2 for k in range(1, 4))]
        outcome = bench.cover(flaky, seeds[0], GateContext(scratch_root=tmp_path), builds=4)
        odd = next(derive_seed(seeds[0], k) for k in range(1, 4) if derive_seed(seeds[0], k) % 2)
        assert not outcome.verified and outcome.stage == "workflow"
        assert outcome.reason.startswith(f"seed {odd}: IndexError") and outcome.workflow == "spreadsheet.flaky_sort"
        assert bench.by_family([outcome]) == {"spreadsheet.flaky_sort": {"tried": 1, "failed": 1, "reasons": [
            f"workflow: {outcome.reason}"]}}
    finally:
        restore(state)
    assert "spreadsheet.flaky_sort" not in WORKFLOWS


@pytest.mark.slow
@require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")
@require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")
def test_the_bench_verifies_a_sampled_skill_of_every_app(tmp_path: Path) -> None:
    """Through the bench's own path; every family's run through the gates is the contract's."""
    cover = _bench().cover
    taxonomy = load_taxonomy()
    sample = coverage_sample(taxonomy, 1, seed=11)  # one seeded variant of every family
    skills = list({s.id.split(".")[0]: s for s in sample}.values())  # the last of each app
    assert len(skills) >= 9
    ctx = GateContext(scratch_root=tmp_path, roundtrip=libreoffice_roundtrip(tmp_path / "lo"))
    failed = {o.skill: f"{o.stage}: {o.reason}" for o in (cover(s, 11, ctx) for s in skills) if not o.verified}
    assert failed == {}


@require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")
def test_a_rerun_with_a_results_file_skips_the_skills_it_finished(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    bench, results = _bench(), tmp_path / "coverage.jsonl"
    argv = ["taxonomy_coverage", "--only", "spreadsheet.sheets.arrange.a_to_z", "--workers", "1", "--no-libreoffice",
            "--results", str(results)]
    monkeypatch.setattr(sys, "argv", argv)
    bench.main()
    first = json.loads(capsys.readouterr().out)
    lines = results.read_text().splitlines()
    assert first["tried"] == first["verified"] == len(lines) == 2 and first["parameters"]["resumed_skills"] == 0
    results.write_text(lines[0] + "\n" + lines[1][:20])  # stopped while writing the second
    bench.main()
    again = json.loads(capsys.readouterr().out)
    assert again["parameters"]["resumed_skills"] == 1 and again["verified"] == 2
    assert sorted(results.read_text().splitlines()) == sorted(lines)
    monkeypatch.setattr(sys, "argv", [*argv, "--builds", "2"])  # other settings: measured afresh, not mixed in
    bench.main()
    assert json.loads(capsys.readouterr().out)["parameters"]["resumed_skills"] == 0
    assert len(results.read_text().splitlines()) == 4
