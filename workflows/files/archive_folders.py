"""Pack each subfolder of a folder into an archive of its own beside it: every client's folder zipped
to send, finished project folders or past years' trips packed away. Zip or tar.gz; the archive
holding the subfolder itself (opening it gives the folder) or its contents at the root; every
subfolder, or only those whose name starts with a year before a stated one; the subfolders deleted
afterwards or kept. Loose files at the top stay as they are."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Format = Literal["zip", "tar.gz"]
PROJECT_FILES = ["brief.docx", "budget.xlsx", "contract.pdf", "final/report.pdf", "final/slides.pptx",
                 "notes.txt", "drafts/report_v1.docx", "drafts/report_v2.docx", "assets/logo.png"]
TRIPS = ["Lisbon", "Kyoto", "Edinburgh", "Oslo", "Prague", "Cape Town", "Vancouver"]


class Options(SkillParams):
    format: Format | None = None
    wrapped: bool | None = None
    dated: bool | None = None
    remove_folders: bool | None = None


class Params(Prepared):
    folder: str
    what: str
    format: Format
    wrapped: bool
    before_year: int | None
    remove_folders: bool
    example: str


def _projects(rng: random.Random, faker: Faker, dated: bool) -> tuple[str, str, dict[str, list[str]]]:
    """A studio's project folders (by year and client when dated, by client otherwise)."""
    clients = rng.sample([faker.last_name() for _ in range(12)], 5)
    years = sorted(rng.choices([2020, 2021, 2022, 2023, 2024], k=5))
    names = [f"{y} {c}" if dated else f"{c} {rng.choice(['Ltd', 'and Co', 'Studio'])}"
             for y, c in zip(years, clients, strict=True)]
    layout = {name: rng.sample(PROJECT_FILES, rng.randint(3, 6)) for name in dict.fromkeys(names)}
    return "Projects", "project folder", layout


def _trips(rng: random.Random, faker: Faker, dated: bool) -> tuple[str, str, dict[str, list[str]]]:
    """Photo folders of trips (named with their year first when dated)."""
    places = rng.sample(TRIPS, 5)
    layout = {}
    for n, place in enumerate(places):
        year = 2019 + n + rng.randint(0, 1)
        photos = [f"IMG_{year}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}_{k:04d}.jpg" for k in range(3)]
        layout[f"{year} {place}" if dated else place] = photos + rng.sample(["best/cover.jpg", "map.pdf",
                                                                             "itinerary.txt"], 2)
    return "Photos", "trip folder", layout


SCENES = {"projects": _projects, "trips": _trips}


@register_workflow
class ArchiveFolders(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.archive_folders", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Pack {% if before_year %}each subfolder of {{ folder }}/ whose name starts with a year before "
            "{{ before_year }}{% else %}every subfolder of {{ folder }}/{% endif %} into a {{ format }} archive of "
            "its own, saved in {{ folder }}/ and named after the subfolder ({{ example }}). "
            "{% if wrapped %}The archive holds the subfolder itself, so unpacking it gives back the folder."
            "{% else %}The subfolder's contents go straight at the archive's root, without the folder level."
            "{% endif %} Include everything in it, subfolders too. {% if remove_folders %}Delete each subfolder "
            "once it is packed.{% else %}Keep the subfolders as they are.{% endif %} Loose files in {{ folder }}/ "
            "stay as they are.",
            "Could you {% if format == 'zip' %}zip{% else %}tar.gz{% endif %} up {% if before_year %}the "
            "{{ what }}s in {{ folder }} from before {{ before_year }} (the year is at the start of the name)"
            "{% else %}each {{ what }} in {{ folder }}{% endif %}, one archive per folder, named like the folder "
            "({{ example }})? {% if wrapped %}When it's opened it should give the folder itself."
            "{% else %}Put the files right at the top of the archive, not inside a folder.{% endif %} "
            "{% if remove_folders %}Then delete the folders you packed, the archives are enough.{% else %}Leave "
            "the folders where they are.{% endif %}",
            "{{ folder }}/: for each {% if before_year %}subfolder named '<year> ...' with year < {{ before_year }}"
            "{% else %}subfolder{% endif %} S, create {{ folder }}/S.{{ format }} with all of S's files "
            "(recursive){% if wrapped %} under S/{% else %} at the archive root (no S/ prefix){% endif %}"
            "{% if remove_folders %}, then rm -r S{% endif %}. Loose top-level files untouched.",
        ],
        criteria=["Each chosen subfolder has its own archive, named after it, holding all its files as asked.",
                  "Packed subfolders are deleted or kept as asked; nothing else changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of {{ what }}s")],
        checks=[CheckTemplate(func="tree.folders_archived", bind={
            "format": "format", "wrapped": "wrapped", "before_year": "before_year",
            "remove_folders": "remove_folders"})],
    )
    states_values = ("example", "before_year")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        dated = opts.dated if opts.dated is not None else rng.random() < 0.5
        fmt = opts.format or rng.choice(["zip", "tar.gz"])
        while True:
            folder, what, layout = SCENES[rng.choice(sorted(SCENES))](rng, ctx.faker, dated)
            years = sorted({int(name[:4]) for name in layout}) if dated else []
            if not dated or len(years) >= 3:
                break
        before = rng.choice(years[1:-1]) + rng.choice([0, 1]) if dated else None
        params = Params(folder=folder, what=what, format=fmt, wrapped=opts.wrapped if opts.wrapped is not None
                        else rng.random() < 0.5, before_year=before,
                        remove_folders=opts.remove_folders if opts.remove_folders is not None else rng.random() < 0.5,
                        example=f"{next(iter(layout))}.{fmt}")
        files: dict[str, bytes] = {}
        for name, inside in layout.items():
            for path in inside:
                ext = path[path.rfind("."):]
                files[f"{name}/{path}"] = jpeg(rng, rng.randrange(1_500, 6_000)) if ext == ".jpg" else _filler(
                    rng, rng.randrange(600, 12_000), ext)
        files["index.txt"] = f"{folder} kept by {ctx.faker.name()}\n".encode()
        files["todo.md"] = b"- pack the folders\n- send the archives\n"
        return params.with_files(folder=pack_tree(dict(sorted(files.items()))))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, shutil, tarfile, zipfile
            root, fmt, wrapped = {lit(params.folder)}, {lit(params.format)}, {params.wrapped!r}
            before = {lit(params.before_year)}
            for name in sorted(os.listdir(root)):
                folder = os.path.join(root, name)
                if not os.path.isdir(folder):
                    continue
                year = re.match(r"(\\d{{4}})(?!\\d)", name)
                if before is not None and not (year and int(year[1]) < before):
                    continue
                files = sorted(os.path.relpath(os.path.join(d, f), folder)
                               for d, _, fs in os.walk(folder) for f in fs)
                target = os.path.join(root, name + "." + fmt)
                if fmt == "zip":
                    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, strict_timestamps=False) as z:
                        for f in files:
                            z.write(os.path.join(folder, f), os.path.join(name, f) if wrapped else f)
                else:
                    with tarfile.open(target, "w:gz") as t:
                        for f in files:
                            t.add(os.path.join(folder, f), os.path.join(name, f) if wrapped else f)
                print("packed", name, len(files), "files")
                if {params.remove_folders!r}:
                    shutil.rmtree(folder)
        """
        return solution(
            shell_step(f"ls -la {params.folder}", "First I look at the subfolders.", "List the folder"),
            script_step(script, f"I pack each chosen subfolder into its own {params.format} archive.",
                        "Pack the subfolders"),
            shell_step(f"ls -la {params.folder}", "Then I check the archives.", "Check the archives"))
