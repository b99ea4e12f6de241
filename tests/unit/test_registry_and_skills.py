from __future__ import annotations

import pytest

from forge.errors import ConfigError, DuplicateKeyError, UnknownKeyError
from forge.registry import Registry
from skills import load_taxonomy, sample_skills


def test_registry_refuses_duplicates_and_lists_known_names() -> None:
    reg: Registry[int] = Registry("widget")
    reg.add("a", 1)
    reg.register("b")(2)
    with pytest.raises(DuplicateKeyError, match="widget 'a' is registered twice"):
        reg.add("a", 3)
    with pytest.raises(UnknownKeyError, match="unknown widget 'c'; known: a, b"):
        reg.get("c")


def test_sampling_is_seeded_and_stratified() -> None:
    taxonomy = load_taxonomy()
    first = sample_skills(taxonomy, 20, seed=3)
    assert [s.skill.id for s in first] == [s.skill.id for s in sample_skills(taxonomy, 20, seed=3)]
    assert [s.skill.id for s in first] != [s.skill.id for s in sample_skills(taxonomy, 20, seed=4)]
    per_category: dict[str, int] = {}
    for s in first:
        per_category[s.skill.category] = per_category.get(s.skill.category, 0) + 1
    assert max(per_category.values()) - min(per_category.values()) <= 1  # categories take turns
    assert len({s.seed for s in first}) == 20


def test_explicit_skills_cycle_and_unknown_ids_say_what_exists() -> None:
    taxonomy = load_taxonomy()
    picked = sample_skills(taxonomy, 3, seed=0, skill_ids=["spreadsheet.data.sort.ascending"])
    assert {s.skill.id for s in picked} == {"spreadsheet.data.sort.ascending"}
    with pytest.raises(UnknownKeyError, match="unknown skill 'spreadsheet.nope'.*similar: spreadsheet"):
        sample_skills(taxonomy, 1, seed=0, skill_ids=["spreadsheet.nope"])


def test_every_skill_names_a_registered_workflow_unless_it_awaits_its_environment() -> None:
    import json

    from skills.taxonomy import DEFAULT_TAXONOMY
    from workflows import WORKFLOWS

    taxonomy = load_taxonomy()
    pending = json.loads((DEFAULT_TAXONOMY / "manifest.json").read_text())["awaiting_families"]
    for skill in taxonomy.skills.values():
        if skill.id in taxonomy.awaiting:
            assert skill.workflow in WORKFLOWS or skill.workflow in pending, skill.id
        else:
            assert skill.workflow in WORKFLOWS, skill.id
    assert not any(name in WORKFLOWS for name in pending)  # a family once written is checked like any other


def test_skills_awaiting_their_environment_are_never_drawn() -> None:
    from skills.sampler import sample_mix

    taxonomy = load_taxonomy()
    assert taxonomy.awaiting, "the web-site skills await their environment"
    assert set(taxonomy.ready).isdisjoint(taxonomy.awaiting) and len(taxonomy.ready) + len(taxonomy.awaiting) == len(taxonomy)
    drawn = {s.skill.id for s in sample_skills(taxonomy, 500, seed=3)} | {s.skill.id for s in sample_mix(taxonomy, 500, seed=3)}
    assert drawn and drawn.isdisjoint(taxonomy.awaiting)
    assert {c for c in taxonomy.ready_by_category} == {s.category for s in taxonomy.ready.values()}


def test_a_broken_taxonomy_line_is_named(tmp_path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"id": "a.b", "apps": ["x"], "category": "c", "description": "d", "workflow": "w"}\n{"id": 5}\n')
    with pytest.raises(ConfigError, match=r"t.jsonl:2: not a valid skill"):
        load_taxonomy(path)


def test_a_broken_manifest_is_named_with_the_fix(tmp_path) -> None:
    (tmp_path / "t.jsonl").write_text('{"id": "a.b", "apps": ["x"], "category": "c", "description": "d", "workflow": "w"}\n')
    (tmp_path / "manifest.json").write_text('{"awaiting_environment": ["a.b"]}')
    with pytest.raises(ConfigError, match=r"manifest.json: awaiting_environment is not a mapping.*forge skills build"):
        load_taxonomy(tmp_path)
    (tmp_path / "manifest.json").write_text('{"awaiting_environment": {"a.b": "web", "gone.skill": "web"}}')
    taxonomy = load_taxonomy(tmp_path)
    assert taxonomy.awaiting == {"a.b": "web"} and taxonomy.ready == {} and taxonomy.ready_by_category == {}
    with pytest.raises(ConfigError, match="no skill ready to sample"):
        sample_skills(taxonomy, 1, seed=0)


def test_a_slot_whose_type_follows_a_param_is_typed_so_in_the_bundle_and_the_profile() -> None:
    """pdf.fill_form_from_data's data file is csv, json or txt by `source`: the sampler plans with the
    types the tasks really reference."""
    from forge.cli.skills import WorkflowFamilies
    from skills.sampler import load_profiles
    from workflows import WORKFLOWS

    profiles = load_profiles()
    skills = [s for s in load_taxonomy().skills.values() if s.workflow == "pdf.fill_form_from_data"]
    assert {s.params.get("source") for s in skills} >= {"csv", "json", "notes"}
    for skill in skills:
        bundle = WORKFLOWS.get(skill.workflow).build(skill, 1)
        data = next(f for f in bundle.files if f.path.startswith("data/"))
        assert data.type == {"csv": "csv", "json": "json", "notes": "txt"}[skill.params["source"]], skill.id
        assert data.type in WorkflowFamilies().file_types(skill) and data.type in profiles[skill.id].file_types
