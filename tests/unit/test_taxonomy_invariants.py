"""The builder's invariants on the taxonomy as it stands (not on how many skills it has today):
unique ids and descriptions, no padding, no family over 2% of the published 6,915, a web skill
awaiting its environment until its family is written, and, once the
total reaches 6,915, at least 150 families and none over 2% of the total. The exact count is the
integrator's assertion once the families are all in."""

from __future__ import annotations

import json

from forge.models import Skill
from skills import load_taxonomy
from skills.quota import APP_QUOTAS, FAMILY_CAP, MIN_FAMILIES, PUBLISHED_SKILLS, taxonomy_report
from skills.taxonomy import Taxonomy
from workflows import WORKFLOWS


def _written() -> set[str]:
    return {name for name, _ in WORKFLOWS.items()}


def test_ids_and_descriptions_are_unique_and_nothing_is_padding() -> None:
    skills = list(load_taxonomy().skills.values())
    assert len({s.id for s in skills}) == len(skills)
    assert len({s.description.casefold() for s in skills}) == len(skills)
    assert len({json.dumps([s.workflow, s.params], sort_keys=True) for s in skills}) == len(skills)


def test_no_family_realises_more_than_two_percent_of_the_published_total() -> None:
    report = taxonomy_report(load_taxonomy(), _written())
    assert FAMILY_CAP == 138 and report.over_cap == {}, report.over_cap
    if report.skills >= PUBLISHED_SKILLS:
        assert report.largest_family_share <= 0.02 and report.families >= MIN_FAMILIES


def test_a_web_skill_awaits_its_environment_until_its_family_is_written_and_apps_stay_within_quota() -> None:
    taxonomy = load_taxonomy()
    web = [taxonomy.skills[s] for s in taxonomy.skills if s.startswith("web.")]
    written = _written()
    assert web and all(s.workflow in written or taxonomy.awaiting.get(s.id) == "web" for s in web)
    assert all(s.workflow in written for s in web if s.id not in taxonomy.awaiting)
    report = taxonomy_report(taxonomy, _written())
    for app, count in report.by_app.items():
        assert count.quota == 0 or count.skills <= count.quota, (app, count)  # never beyond the agreed split


def test_the_report_measures_what_it_is_given() -> None:
    def skill(sid: str, workflow: str) -> Skill:
        return Skill(id=sid, apps=[sid.split(".")[0]], category=".".join(sid.split(".")[:2]),
                     description=f"Do {sid}.", workflow=workflow)

    taxonomy = Taxonomy([skill("text.a.x", "text.f"), skill("text.a.y", "text.f"), skill("web.b.z", "web.g"),
                         skill("extra.c.w", "text.f")], awaiting={"web.b.z": "web"})
    report = taxonomy_report(taxonomy, {"text.f"})
    assert (report.skills, report.gap, report.ready, report.awaiting) == (4, 4 - 6915, 3, 1)
    assert report.by_app["text"].model_dump() == {"skills": 2, "quota": 700, "gap": -698, "awaiting": 0}
    assert report.by_app["web"].awaiting == 1 and report.by_app["extra"].quota == 0
    assert report.by_app["code"].skills == 0 and set(report.by_app) == set(APP_QUOTAS) | {"extra"}
    assert (report.families, report.families_written) == (2, 1)
    assert (report.largest_family, report.largest_family_skills, report.largest_family_share) == ("text.f", 3, 0.75)
    assert report.over_cap == {}
    many = Taxonomy([skill(f"text.a.s{i}", "text.f") for i in range(FAMILY_CAP + 1)])
    assert taxonomy_report(many, set()).over_cap == {"text.f": FAMILY_CAP + 1}
