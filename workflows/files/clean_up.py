"""Clean the junk out of a folder tree: temporary and system files, zero-byte files, empty folders
(any combination the user asks for), keeping everything else where it is."""

from __future__ import annotations

import shlex

from forge.errors import WorkflowError
from forge.models import ReferenceSolution, SetupStep
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import add_junk, nest, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

TEMP_TEXT = ("temporary and system files (names ending in .tmp, ~, .part or .crdownload, names starting with ~$, "
             ".DS_Store and Thumbs.db)")
EMPTY_DIRS = ["old", "Documents/drafts", "Pictures/2019", "misc/to_sort", "Work/archive/empty", "New folder"]


class Options(SkillParams):
    temp_files: bool | None = None
    empty_files: bool | None = None
    empty_dirs: bool | None = None


class Params(Prepared):
    folder: str
    temp_files: bool
    empty_files: bool
    empty_dirs: bool
    made_empty: list[str]


@register_workflow
class CleanUp(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.clean_up", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Clean up {{ folder }}/ and everything under it: delete {% if temp_files %}the " + TEMP_TEXT + "{% endif %}"
            "{% if temp_files and empty_files %}, {% endif %}{% if empty_files %}every file that is empty (0 bytes)"
            "{% endif %}{% if empty_dirs and (temp_files or empty_files) %}, and then {% endif %}{% if empty_dirs %}"
            "every folder that has no file in it at any depth{% endif %}. Don't touch anything else.",
            "My {{ folder }} folder has collected junk over the years. Can you get rid of "
            "{% if temp_files %}the temp/system leftovers (names ending .tmp, ~, .part or .crdownload; ~$ lock files; "
            ".DS_Store; Thumbs.db){% endif %}{% if temp_files and (empty_files or empty_dirs) %} and {% endif %}"
            "{% if empty_files %}the zero-byte files{% endif %}{% if empty_files and empty_dirs %} and {% endif %}"
            "{% if empty_dirs %}any folders that end up with no files in them{% endif %}? Everything else stays "
            "exactly where it is.",
            "{{ folder }}/ (recursive): remove {% if temp_files %}temp/system files (*.tmp *~ *.part *.crdownload ~$* "
            ".DS_Store Thumbs.db) {% endif %}{% if empty_files %}0-byte files {% endif %}{% if empty_dirs %}empty "
            "dirs {% endif %}- nothing else.",
        ],
        criteria=["Exactly the junk asked for is gone.", "Every other file is where it was, unchanged."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A home folder with years of clutter")],
        checks=[CheckTemplate(func="tree.cleaned_up", bind={
            "temp_files": "temp_files", "empty_files": "empty_files", "empty_dirs": "empty_dirs"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fixed = {k: getattr(opts, k) for k in ("temp_files", "empty_files", "empty_dirs")}
        if fixed and all(v is False for v in fixed.values()):
            raise WorkflowError(f"skill {ctx.skill.id!r}: asks to remove nothing; set one of {sorted(fixed)} true")
        flags = {k: False for k in fixed}
        while not any(flags.values()):
            flags = {k: v if v is not None else ctx.rng.random() < 0.5 for k, v in fixed.items()}
        files = nest(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker)))
        # every kind of junk is there, asked for or not: the task is to remove exactly what was asked
        files = add_junk(ctx.rng, files, temp=True, empty=True)
        params = Params(folder=ctx.rng.choice(["home_backup", "OldLaptop", "Shared", "Documents_2019"]),
                        made_empty=sorted(ctx.rng.sample(EMPTY_DIRS, ctx.rng.randint(1, 3))), **flags)
        return params.with_files(folder=pack_tree(files))

    def instruction_params(self, params: Params) -> dict[str, object]:
        return params.model_dump(mode="json", exclude={"made_empty"})

    def setup(self, params: Params) -> list[SetupStep]:
        folders = " ".join(shlex.quote(f"{params.folder}/{d}") for d in params.made_empty)
        return [*super().setup(params), SetupStep(type="execute", parameters={"command": f"mkdir -p {folders}"})]

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import fnmatch, os
            root = {lit(params.folder)}
            temp = ("*.tmp", "*~", "~$*", ".DS_Store", "Thumbs.db", "*.part", "*.crdownload")
            for folder, dirs, names in os.walk(root):
                for name in names:
                    path = os.path.join(folder, name)
                    if ({params.temp_files!r} and any(fnmatch.fnmatchcase(name, p) for p in temp)) or \\
                            ({params.empty_files!r} and os.path.getsize(path) == 0):
                        os.remove(path)
                        print("removed", path)
            if {params.empty_dirs!r}:
                for folder, dirs, names in os.walk(root, topdown=False):
                    if folder != root and not os.listdir(folder):
                        os.rmdir(folder)
                        print("removed folder", folder)
        """
        return solution(
            shell_step(f"find {params.folder} | sort", f"First I look at everything under {params.folder}/.",
                       "List the tree"),
            script_step(script, "I delete exactly the kinds of junk asked for, then (if asked) the folders left "
                        "empty, deepest first so a parent emptied by its children goes too.", "Remove the junk"),
            shell_step(f"find {params.folder} | sort", "Then I check what is left.", "Check the tree"))
