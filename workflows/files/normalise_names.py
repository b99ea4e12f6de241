"""Normalise the names across a whole folder tree: snake_case, kebab-case, or just spaces to
underscores keeping the case; file names only, or folder names too."""

from __future__ import annotations

import random

from forge.checks.tree_tidy import NamesNormalised, NameStyle, normal_path
from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import messy_names, nest, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# folder names as people type them (nest's folders renamed)
MESSY_FOLDERS = {"Pictures": ["My Pictures", "Pictures - Phone"], "Camera": ["Camera Roll", "Camera_uploads"],
                 "Photos": ["Holiday Photos", "Photos-2023"], "Documents": ["My Documents", "Important Docs"],
                 "Papers": ["Old Papers", "Papers_Misc"], "Work": ["Work Stuff", "Work-Projects"],
                 "Notes": ["Notes and Ideas", "Notes"], "Exports": ["Bank Exports", "Exports"]}


class Options(SkillParams):
    style: NameStyle | None = None
    folders: bool | None = None


class Params(Prepared):
    folder: str
    style: NameStyle
    folders: bool


def _messy_folders(rng: random.Random, files: dict[str, bytes]) -> dict[str, bytes]:
    names = {k: rng.choice(v) for k, v in MESSY_FOLDERS.items()}
    return {"/".join([names.get(p, p) for p in path.split("/")[:-1]] + [path.split("/")[-1]]): d
            for path, d in files.items()}


@register_workflow
class NormaliseNames(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.normalise_names", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Normalise the names in {{ folder }}/ and all its subfolders: {% if style == 'snake' %}lower case, with "
            "every run of spaces and hyphens replaced by one underscore (My Trip - Notes.TXT becomes "
            "my_trip_notes.txt){% elif style == 'kebab' %}lower case, with every run of spaces and underscores "
            "replaced by one hyphen (My Trip_Notes.TXT becomes my-trip-notes.txt){% else %}every run of spaces "
            "replaced by one underscore, capitals and hyphens kept (My Trip - Notes.TXT becomes "
            "My_Trip_-_Notes.TXT){% endif %}. Apply it to the file names{% if folders %} and to the folder names "
            "as well (not to {{ folder }} itself){% else %} only; the folders keep their names{% endif %}. "
            "Contents stay as they are.",
            "The names in {{ folder }} are all over the place (capitals, spaces, dashes), which breaks my scripts. "
            "Could you rename everything, subfolders included, {% if style == 'snake' %}to lower case with "
            "underscores instead of spaces and hyphens (a run of them becomes a single _){% elif style == 'kebab' %}"
            "to lower case with hyphens instead of spaces and underscores (a run of them becomes a single -)"
            "{% else %}so there are no spaces: each run of spaces becomes one underscore, leave the case and the "
            "dashes alone{% endif %}? {% if folders %}The folder names too, please.{% else %}Just the files; "
            "leave the folder names as they are.{% endif %}",
            "{{ folder }}/ (recursive): rename {% if folders %}files and dirs{% else %}files only{% endif %} -> "
            "{% if style == 'snake' %}lower case, [space-]+ -> _{% elif style == 'kebab' %}lower case, [space_]+ -> -"
            "{% else %}spaces+ -> _ (case kept){% endif %}.",
        ],
        criteria=["Every file (and folder, when asked) has its normalised name, content unchanged.",
                  "Nothing is left under an old name, lost or added."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A tree of messily named files")],
        checks=[CheckTemplate(func="tree.names_normalised", bind={"style": "style", "folders": "folders"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        params = Params(folder=ctx.rng.choice(["Shared", "Old_laptop", "Home", "Family"]),
                        style=opts.style or ctx.rng.choice(["snake", "kebab", "underscores"]),
                        folders=opts.folders if opts.folders is not None else ctx.rng.random() < 0.5)
        rule = NamesNormalised(folder=params.folder, style=params.style, folders=params.folders)
        while True:
            files = _messy_folders(ctx.rng, nest(ctx.rng, messy_names(ctx.rng, without_copies(
                make_tree(ctx.rng, ctx.faker)))))
            new = [normal_path(p, rule) for p in files]
            dirs_change = any(normal_path(p, rule.model_copy(update={"folders": True})).rsplit("/", 1)[0]
                              != p.rsplit("/", 1)[0] for p in files if "/" in p)
            lower = {p.lower() for p in new}
            if len(lower) == len(files) and dirs_change and new != list(files):
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            root, style, folders = {lit(params.folder)}, {lit(params.style)}, {params.folders!r}
            def normal(name):
                if style == "snake":
                    return re.sub(r"[\\s\\-]+", "_", name.lower())
                if style == "kebab":
                    return re.sub(r"[\\s_]+", "-", name.lower())
                return re.sub(r"\\s+", "_", name)
            for folder, dirs, names in os.walk(root, topdown=False):
                for name in names + (dirs if folders else []):
                    new = normal(name)
                    if new != name:
                        os.rename(os.path.join(folder, name), os.path.join(folder, new))
                        print(os.path.join(folder, name), "->", new)
        """
        return solution(
            shell_step(f"find {params.folder} | sort", f"First I look at the names under {params.folder}/.",
                       "List the tree"),
            script_step(script, "I rename bottom-up so a folder is renamed after what is inside it.",
                        "Normalise the names"),
            shell_step(f"find {params.folder} | sort", "Then I check the names.", "Check the tree"))
