"""Set up project folders from the office's standard structure, written down as people keep it
(relative paths, paths copied from a Windows PC, an indented outline, a wiki page's nested list, or
what `tree -F` printed): a new project, several at once, or the existing projects brought up to the
structure (what they lack added, their files untouched); listed files created empty; folders left
empty given a `.keep` file so a sync or a zip keeps them, or not."""

from __future__ import annotations

import random
from pathlib import PurePosixPath
from typing import Literal

from faker import Faker

from forge.checks.tree_scaffold import Source
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._structures import PROJECT_WORDS, STRUCTURES, write_structure
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Targets = Literal["new", "several", "existing"]
WRITTEN = {"paths": "one path a line, folders ending in /", "windows": "paths copied from a Windows PC, with "
           "backslashes, folders ending in \\", "indented": "an indented outline, folders ending in /",
           "markdown": "a nested bullet list, folders ending in /", "tree": "the output of tree -F (folders "
           "end in /; the summary line at the bottom is not part of it)"}
FILE_NAME = {"markdown": "project_template.md", "tree": "structure.txt"}


class Options(SkillParams):
    source: Source | None = None
    targets: Targets | None = None
    marker: bool | None = None


class Params(Prepared):
    folder: str
    structure: str
    source: Source
    written: str
    targets: Targets
    new: list[str]
    complete_existing: bool
    marker: str | None


def _project(rng: random.Random, faker: Faker, kind: str) -> str:
    return f"{faker.last_name()}_{rng.choice(PROJECT_WORDS[kind])}"


def make_projects(rng: random.Random, faker: Faker, kind: str, entries: list[str]) -> dict[str, bytes]:
    """Two or three projects set up by hand over the years: some of the structure's folders, with files
    in them, each lacking at least one; a listed file now and then already written; a loose file."""
    files: dict[str, bytes] = {}
    folders = [e for e in entries if e.endswith("/")]
    for _ in range(rng.randint(2, 3)):
        name = _project(rng, faker, kind)
        leaves = [f for f in folders if not any(e != f and e.startswith(f) for e in entries)]
        skip = rng.choice(leaves)  # at least one folder of the structure missing in every project
        filled = [f for f in folders if f != skip]
        for folder in rng.sample(filled, rng.randint(1, len(filled))):
            stem = rng.choice(["draft", "notes", "scan", "photo", "quote", "list"])
            ext = rng.choice([".pdf", ".docx", ".txt", ".jpg"])
            files[f"{name}/{folder}{stem}_{rng.randrange(1, 99)}{ext}"] = _filler(rng, rng.randrange(200, 3_000), ext)
        listed = [e for e in entries if not e.endswith("/")]
        if listed and rng.random() < 0.6:
            files[f"{name}/{rng.choice(listed)}"] = faker.paragraph().encode()
        files[f"{name}/{rng.choice(['old_notes.txt', 'misc/todo.txt', 'Archive/v1.zip'])}"] = \
            _filler(rng, 500, ".txt")
    files[rng.choice(["project_list.xlsx", "clients.csv", "_index.txt"])] = _filler(rng, 900, ".txt")
    return dict(sorted(files.items()))


@register_workflow
class ScaffoldProjects(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.scaffold_projects", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ structure }} holds our standard project structure ({{ written }}; the entries that don't end in a "
            "slash are files). {% if targets == 'existing' %}Bring every project folder already in {{ folder }}/ "
            "up to it: add the folders and files each one lacks, and leave what is there (files included) as it "
            "is.{% else %}Set up {% if new | length == 1 %}a new project {{ new[0] }}/{% else %}new projects "
            "{{ new | join('/, ') }}/{% endif %} in {{ folder }}/ with that structure.{% endif %} Files the "
            "structure lists are created empty{% if targets == 'existing' %} where missing{% endif %}."
            "{% if marker %} Put an empty {{ marker }} file in every folder of the structure that would otherwise "
            "be empty, so the sync keeps it.{% endif %} Nothing else should change.",
            "{% if targets == 'existing' %}Our older projects in {{ folder }} don't all follow the standard "
            "structure in {{ structure }}. Could you add whatever each of them is missing (folders, and empty "
            "files for the files it lists) without touching what's already there?{% else %}We've got "
            "{% if new | length == 1 %}a new project, {{ new[0] }}{% else %}a few new projects: "
            "{{ new | join(', ') }}{% endif %}. Could you create {% if new | length == 1 %}its folder{% else %}"
            "their folders{% endif %} in {{ folder }} following {{ structure }}, with the files it lists as empty "
            "files?{% endif %} It's written as {{ written }}.{% if marker %} Our sync drops empty folders, so drop "
            "an empty {{ marker }} into each structure folder that has nothing else in it.{% endif %}",
            "{{ structure }} ({{ written }}) -> {% if targets == 'existing' %}every existing project in "
            "{{ folder }}/ (add what's missing, keep existing files){% else %}{{ folder }}/{{ new | join('/, ' ~ "
            "folder ~ '/') }}/ (new){% endif %}; listed files empty{% if marker %}; empty folders get {{ marker }}"
            "{% endif %}; nothing else changes.",
        ],
        criteria=["Every project asked for has every folder and file of the structure.",
                  "Existing files are untouched; no other file or folder appears."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A projects folder"),
               FileSlot(param="structure", type="txt", role="input", types_by={"source": {"markdown": "md"}},
                        description="The standard project structure")],
        checks=[CheckTemplate(func="tree.scaffolded", paths={"structure": "structure"},
                              bind={"folder": "folder", "source": "source", "new": "new",
                                    "complete_existing": "complete_existing", "marker": "marker"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng, faker = ctx.rng, ctx.faker
        kind = rng.choice(sorted(STRUCTURES))
        source: Source = opts.source or rng.choice(["paths", "windows", "indented", "markdown", "tree"])
        targets: Targets = opts.targets or rng.choice(["new", "several", "existing"])
        marker = opts.marker if opts.marker is not None else rng.random() < 0.5
        entries = rng.sample(STRUCTURES[kind], rng.randint(6, len(STRUCTURES[kind])))
        tree = make_projects(rng, faker, kind, entries)
        taken = {p.split("/")[0] for p in tree}
        new: list[str] = []
        while len(new) < {"new": 1, "several": rng.randint(2, 4), "existing": 0}[targets]:
            name = _project(rng, faker, kind)
            if name not in taken and name not in new:
                new.append(name)
        params = Params(folder=rng.choice(["Projects", "Clients", "Work"]),
                        structure=FILE_NAME.get(source, rng.choice(["folder_structure.txt", "template.txt"])),
                        source=source, written=WRITTEN[source], targets=targets, new=new,
                        complete_existing=targets == "existing", marker=rng.choice([".keep", ".gitkeep"])
                        if marker else None)
        return params.with_files(folder=pack_tree(tree), structure=write_structure(rng, entries, source).encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            root, source, marker = {lit(params.folder)}, {lit(params.source)}, {lit(params.marker)}
            lines = open({lit(params.structure)}, encoding="utf-8").read().splitlines()
            def nested(items):
                paths, stack = [], []
                for indent, name in items:
                    while stack and stack[-1][0] >= indent:
                        stack.pop()
                    path = (stack[-1][1] if stack else "") + name
                    paths.append(path)
                    if name.endswith("/"):
                        stack.append((indent, path))
                return paths
            if source in ("paths", "windows"):
                entries = [l.strip().replace("\\\\", "/").removeprefix("./") for l in lines]
                entries = [e for e in entries if e and not e.startswith("#")]
            elif source == "tree":
                tree_re = re.compile(r"^((?:[│|]   |    )*)(?:[├└]──|[|`]--)\\s(.+?)\\s*$")
                entries = nested([(len(m[1]), m[2]) for l in lines if (m := tree_re.match(l))])
            elif source == "markdown":
                bullet = re.compile(r"^(\\s*)[-*+]\\s+(.+?)\\s*$")
                found = [m for l in lines if (m := bullet.match(l))]
                entries = nested([(len(m[1].expandtabs(4)), m[2].strip("`*_ ")) for m in found])
            else:
                entries = nested([(len(l) - len(l.lstrip()), l.strip()) for l in lines
                                  if l.strip() and not l.strip().startswith("#")])
            existing = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
            targets = {lit(params.new)} + (existing if {params.complete_existing!r} else [])
            for project in targets:
                base = os.path.join(root, project)
                os.makedirs(base, exist_ok=True)
                for entry in entries:
                    path = os.path.join(base, entry.strip("/"))
                    if entry.endswith("/"):
                        os.makedirs(path, exist_ok=True)
                    else:
                        os.makedirs(os.path.dirname(path), exist_ok=True)
                        if not os.path.exists(path):
                            open(path, "w").close()
                if marker:
                    for entry in entries:
                        path = os.path.join(base, entry.strip("/"))
                        if entry.endswith("/") and not os.listdir(path):
                            open(os.path.join(path, marker), "w").close()
                print("set up", project)
        """
        return solution(
            shell_step(f"cat {lit(params.structure)}; find {lit(params.folder)} | sort",
                       "First I read the structure and look at the projects folder.", "Read the structure"),
            script_step(script, "I create each project's folders and empty files from the structure.",
                        "Set up the projects"),
            shell_step(f"find {lit(params.folder)} | sort", "Then I list the folder to check it.", "Check the result"))
