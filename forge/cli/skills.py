"""`forge skills build|stats|show|sample`: the taxonomy's source, its numbers and its mix.

This module is where the taxonomy meets the workflow library: `WorkflowFamilies` answers the
builder's questions from `workflows.WORKFLOWS` (the `skills` package never imports workflows).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from forge.errors import ForgeError
from forge.models import Skill

console = Console()
err = Console(stderr=True)


class WorkflowFamilies:
    """The builder's view of the registered workflow families."""

    def problem(self, skill: Skill) -> str | None:
        from workflows import validate_skills

        problems = validate_skills([skill])
        return problems[0] if problems else None

    def exists(self, workflow: str) -> bool:
        from workflows import WORKFLOWS

        return workflow in WORKFLOWS

    def file_types(self, skill: Skill) -> list[str]:
        """The family's file slots (an `in_place` slot is one file; a site's database is none); a skill
        fixing `in_place = true` edits its input where it lies, so each output slot folds into an input
        slot of its type."""
        from workflows import WORKFLOWS

        slots = [(slot.role, slot.type_for(skill.params)) for slot in WORKFLOWS.get(skill.workflow).spec.files
                 if not slot.environment]
        types = [kind for _, kind in slots]
        if skill.params.get("in_place") is True:
            inputs = Counter(kind for role, kind in slots if role == "input")
            for role, kind in slots:
                if role == "output" and inputs[kind] > 0:
                    inputs[kind] -= 1
                    types.remove(kind)
        return types


def build(
    check: Annotated[bool, typer.Option("--check", help="Write nothing; exit 1 if the committed files differ.")] = False,
    spec_dir: Annotated[Path | None, typer.Option("--spec-dir", help="Source TOML files.")] = None,
    out_dir: Annotated[Path | None, typer.Option("--out-dir", help="Where the built files go.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Build the taxonomy from data/skills/spec/*.toml into data/skills/ (all files or none)."""
    from skills.builder import SPEC_DIR, build_taxonomy, diff_taxonomy, render, write_taxonomy
    from skills.taxonomy import DEFAULT_TAXONOMY

    result = build_taxonomy(WorkflowFamilies(), spec_dir or SPEC_DIR)
    files, target = render(result), out_dir or DEFAULT_TAXONOMY
    differences = diff_taxonomy(files, target) if check else []
    if not check:
        write_taxonomy(files, target)
    report = {"skills": len(result.skills), "families": len({s.workflow for s in result.skills}),
              "awaiting_environment": len(result.awaiting_environment),
              "awaiting_families": len(result.awaiting_families), "written": not check,
              "problems": [p.model_dump() for p in result.problems], "differences": differences}
    if as_json:
        typer.echo(json.dumps(report, indent=2))
    else:
        console.print(f"{report['skills']} skills over {report['families']} families"
                      + (f" ({report['awaiting_environment']} awaiting their environment, over "
                         f"{report['awaiting_families']} families not written yet)" if result.awaiting_environment else "")
                      + ("" if check else f", written to {target}"))
        for problem in result.problems:
            where = f"{problem.source} [{problem.combination}]" if problem.combination else problem.source
            err.print(f"[red]left out[/red] {problem.skill} ({where}): {problem.cause}")
        for difference in differences:
            err.print(f"[red]out of date[/red] {difference}")
    raise typer.Exit(1 if result.problems or differences else 0)


def stats(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The taxonomy against the published shape (6,915 skills, per-app quotas, >=150 families, none
    over 2%), skills awaiting their environment, counts by area, channel and difficulty, and the
    default sample mix's plan."""
    from skills import load_taxonomy
    from skills.mix import PUBLISHED_MIX, predicted_mix
    from skills.quota import taxonomy_report
    from skills.sampler import load_profiles, mix_weights
    from workflows import WORKFLOWS

    taxonomy = load_taxonomy()
    skills = list(taxonomy.skills.values())
    profiles = load_profiles()
    weights = mix_weights(taxonomy, profiles)
    shape = taxonomy_report(taxonomy, {name for name, _ in WORKFLOWS.items()})
    report = {
        **shape.model_dump(),
        "by_area": dict(sorted(Counter(s.category for s in skills).items())),
        "by_channel": dict(sorted(Counter(s.channel_affinity for s in skills).items())),
        "by_difficulty": {str(k): v for k, v in sorted(Counter(s.difficulty for s in skills).items())},
        "planned_mix": {k: round(v, 4) for k, v in predicted_mix(
            {s: w for s, w in weights.items() if s in profiles}, profiles).items()},
        "target_mix": PUBLISHED_MIX.model_dump(),
    }
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    console.print(f"skills: {shape.skills} of {shape.target} ({shape.gap:+d}); ready {shape.ready}, "
                  f"awaiting their environment {shape.awaiting}")
    console.print(f"families: {shape.families} ({shape.families_written} written) of at least {shape.families_target}; "
                  f"largest {shape.largest_family} with {shape.largest_family_skills} skills "
                  f"({shape.largest_family_share:.2%} of today's; cap {shape.family_cap} = 2% of {shape.target})"
                  + (f"; [red]over the cap: {shape.over_cap}[/red]" if shape.over_cap else ""))
    apps = Table("app", "skills", "quota", "gap", "awaiting")
    for app, count in shape.by_app.items():
        apps.add_row(app, str(count.skills), str(count.quota or "-"), f"{count.gap:+d}", str(count.awaiting))
    console.print(apps)
    table = Table("figure", "value")
    for key in ("by_channel", "by_difficulty", "planned_mix"):
        table.add_row(key, json.dumps(report[key]))
    console.print(table)


def show(skill_id: str, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """One skill: its row, its family's file types and phrasing count."""
    from skills import load_taxonomy
    from skills.sampler import load_profiles
    from workflows import WORKFLOWS

    try:
        taxonomy = load_taxonomy()
        skill = taxonomy.get(skill_id)
    except ForgeError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    profile = load_profiles().get(skill.id)
    family = WORKFLOWS.get(skill.workflow).spec if skill.workflow in WORKFLOWS else None
    report = {**skill.model_dump(mode="json"), "category_path": skill.id.split(".")[:3],
              "awaiting_environment": taxonomy.awaiting.get(skill.id),
              "family_written": family is not None,
              "file_types": profile.file_types if profile else [s.type for s in family.files] if family else [],
              "phrasings": len(family.phrasings) if family else 0}
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    for key, value in report.items():
        console.print(f"[bold]{key}[/bold]: {value}")


def sample(
    tasks: Annotated[int, typer.Option("--tasks", "-n", min=1, help="How many skills to draw.")] = 2000,
    seed: Annotated[int, typer.Option(help="Sample seed.")] = 0,
    ceiling: Annotated[float, typer.Option(min=0.0, max=1.0, help="The most of the batch one skill may take.")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the draws and their mix as JSON.")] = False,
) -> None:
    """Draw a seeded sample at the published mix and say how close it lands."""
    from skills import load_taxonomy
    from skills.mix import PUBLISHED_MIX
    from skills.sampler import load_profiles, sample_mix, sample_profile_mix

    taxonomy = load_taxonomy()
    drawn = sample_mix(taxonomy, tasks, seed, ceiling=ceiling)
    mix = sample_profile_mix(drawn, load_profiles())
    target = {"multi_app": PUBLISHED_MIX.multi_app, "with_files": PUBLISHED_MIX.with_files,
              "references_per_task": PUBLISHED_MIX.references_per_task,
              **{f"files.{k}": v for k, v in PUBLISHED_MIX.file_mix.items()}}
    report = {"tasks": len(drawn), "skills": len({d.skill.id for d in drawn}), "mix": mix, "target": target,
              "gap": {k: round(mix[k] - target[k], 4) for k in target},
              "strata": {"apps": dict(sorted(Counter(d.skill.id.split(".")[0] for d in drawn).items())),
                         "areas": len({d.skill.category for d in drawn}),
                         "difficulty": {str(k): v for k, v in sorted(Counter(d.skill.difficulty for d in drawn).items())}},
              "awaiting_left_out": len(taxonomy.awaiting)}
    if as_json:
        typer.echo(json.dumps({**report, "draws": [[d.skill.id, d.seed] for d in drawn]}))
        return
    table = Table("share", "sample", "target", "gap")
    for key, goal in target.items():
        table.add_row(key, f"{mix[key]:.4f}", f"{goal:.4f}", f"{report['gap'][key]:+.4f}")
    console.print(f"{report['tasks']} draws over {report['skills']} skills and {report['strata']['areas']} areas "
                  f"(seed {seed}; {report['awaiting_left_out']} skills awaiting their environment left out)")
    console.print(f"by app: {report['strata']['apps']}; by difficulty: {report['strata']['difficulty']}")
    console.print(table)


def register(app: typer.Typer, skills_app: typer.Typer) -> None:
    """Add the taxonomy commands to `forge skills` and `forge stats` to `forge`."""
    from forge.cli.stats import stats as batch_stats

    skills_app.command("build")(build)
    skills_app.command("stats")(stats)
    skills_app.command("show")(show)
    skills_app.command("sample")(sample)
    app.command("stats")(batch_stats)
