"""The published taxonomy's shape, and how far the built one is from it.

The published system had exactly 6,915 atomic skills over at least 150 workflow families, none
realising more than 2% of them. `APP_QUOTAS` is the agreed split per app (web sites included, as
skills awaiting their environment). `taxonomy_report` measures a taxonomy against all of it; the
numbers are reported, never padded towards: a shortfall is a figure, not an error.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from skills.taxonomy import Taxonomy

PUBLISHED_SKILLS = 6915
MIN_FAMILIES = 150
MAX_FAMILY_SHARE = 0.02
FAMILY_CAP = int(PUBLISHED_SKILLS * MAX_FAMILY_SHARE)  # 138: the most skills one family may realise
# web: the sites' skills in web.toml; browser: the one Chromium skill on the team directory site,
# which with them makes the published web share of 515
APP_QUOTAS = {"spreadsheet": 1100, "document": 700, "presentation": 700, "pdf": 500, "text": 700, "data": 600,
              "code": 900, "files": 600, "multi": 600, "web": 514, "browser": 1}
assert sum(APP_QUOTAS.values()) == PUBLISHED_SKILLS


class AppCount(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    skills: int
    quota: int = Field(description="0 for an app with no agreed quota (e.g. a plugin's).")
    gap: int = Field(description="skills - quota: negative when short.")
    awaiting: int = Field(description="Of `skills`, those awaiting their environment.")


class TaxonomyReport(BaseModel):
    """The taxonomy against the published shape (what `forge skills stats` prints first)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    skills: int
    target: int = PUBLISHED_SKILLS
    gap: int
    ready: int = Field(description="Skills that yield tasks now.")
    awaiting: int = Field(description="Skills awaiting their environment (reported apart, never sampled).")
    by_app: dict[str, AppCount]
    families: int
    families_written: int = Field(description="Families registered in the workflow library.")
    families_target: int = MIN_FAMILIES
    largest_family: str
    largest_family_skills: int
    largest_family_share: float = Field(description="Of the taxonomy as it stands.")
    family_cap: int = Field(default=FAMILY_CAP, description="2% of 6,915: no family may realise more.")
    over_cap: dict[str, int] = Field(description="Families realising more than `family_cap` skills.")


def taxonomy_report(taxonomy: Taxonomy, written: set[str]) -> TaxonomyReport:
    """Measure `taxonomy`; `written` is the set of registered family names."""
    skills = list(taxonomy.skills.values())
    apps = Counter(s.id.split(".", 1)[0] for s in skills)
    waiting = Counter(s.split(".", 1)[0] for s in taxonomy.awaiting)
    families = Counter(s.workflow for s in skills)
    largest, count = max(families.items(), key=lambda kv: (kv[1], kv[0])) if families else ("", 0)
    by_app = {app: AppCount(skills=apps[app], quota=APP_QUOTAS.get(app, 0), gap=apps[app] - APP_QUOTAS.get(app, 0),
                            awaiting=waiting[app])
              for app in sorted(set(apps) | set(APP_QUOTAS))}
    return TaxonomyReport(
        skills=len(skills), gap=len(skills) - PUBLISHED_SKILLS, ready=len(skills) - len(taxonomy.awaiting),
        awaiting=len(taxonomy.awaiting), by_app=by_app, families=len(families),
        families_written=len(set(families) & written), largest_family=largest, largest_family_skills=count,
        largest_family_share=round(count / len(skills), 4) if skills else 0.0,
        over_cap={f: n for f, n in sorted(families.items()) if n > FAMILY_CAP})
