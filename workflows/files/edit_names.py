"""Bulk-rename a folder's files by one text edit, as PowerRename or a rename utility does it: a
renamed project's old code name replaced in every file name (as written, or whatever its case), the
'Copy of ' a Drive download put in front or the '_compressed' a web tool put at the end removed, a
project code put in front of the names that lack it, or dates written 14.03.2024 or 03-14-2024
rewritten 2024-03-14 so the files sort; the top of the folder or every subfolder; the renames
logged in a CSV or not. Each folder also holds names the edit must leave alone (the word in another
case, the text in the middle of a name, a name already prefixed, a name without a date)."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.tree_name_edits import NamesEdited, edited_paths
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._name_scenes import SCENES, Scene
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

EditKind = Literal["replace", "replace_any_case", "strip_prefix", "strip_suffix", "add_prefix", "dates_dmy",
                   "dates_mdy"]
FOLDERS = ["Project_share", "Work", "Client_files", "Handover"]
SUBFOLDERS = ["archive", "drafts", "admin", "2023", "sent"]


class Options(SkillParams):
    edit: EditKind | None = None
    recursive: bool | None = None
    report: bool | None = None


class Params(Prepared):
    folder: str
    edit: Literal["replace", "strip_prefix", "strip_suffix", "add_prefix", "date_iso"]
    find: str
    replace: str
    ignore_case: bool
    date_order: Literal["dmy", "mdy"]
    recursive: bool
    report: str | None


def _place(rng: random.Random, scene: Scene) -> dict[str, bytes]:
    """The scene's names spread over the top and two subfolders, each part holding names the edit
    changes and names it leaves, so the top-only and every-subfolder tasks differ."""
    subs = rng.sample(SUBFOLDERS, 2)
    changed, kept = rng.sample(scene.changed, len(scene.changed)), rng.sample(scene.kept, len(scene.kept))
    split_c, split_k = len(changed) // 2 + 1, len(kept) // 2 + 1
    paths = changed[:split_c] + kept[:split_k]
    paths += [f"{subs[n % 2]}/{name}" for n, name in enumerate(changed[split_c:] + kept[split_k:])]
    return {p: _filler(rng, rng.randrange(800, 30_000), p[p.rfind("."):]) for p in sorted(paths)}


@register_workflow
class EditNames(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.edit_names", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ folder }}/, rename the files{% if recursive %} (in every subfolder too){% else %} at the top of "
            "the folder (leave the subfolders' files alone){% endif %}: "
            "{% if edit == 'replace' %}replace \"{{ find }}\" with \"{{ replace }}\" wherever it appears in a name"
            "{% if ignore_case %}, whatever its case (write \"{{ replace }}\" exactly like that){% else %}, exactly as "
            "written (the same letters in another case are something else){% endif %}"
            "{% elif edit == 'strip_prefix' %}remove \"{{ find }}\" from the start of the names that begin with it"
            "{% elif edit == 'strip_suffix' %}remove \"{{ find }}\" from the end of the names that end with it just "
            "before the extension{% elif edit == 'add_prefix' %}put \"{{ replace }}\" in front of every name that "
            "doesn't already start with it{% else %}the dates in the names are written "
            "{% if date_order == 'dmy' %}day, month, year (like 31.01.2024){% else %}month, day, year (like "
            "01-31-2024){% endif %}; rewrite each as YYYY-MM-DD, the rest of the name unchanged{% endif %}. "
            "Folder names stay as they are.{% if report %} Log the renames in {{ folder }}/{{ report }}: a CSV with "
            "columns old,new (paths inside {{ folder }}/), one row per renamed file, sorted by old path.{% endif %}",
            "{% if edit == 'replace' %}We renamed {{ find }} to {{ replace }}, and the file names in {{ folder }} "
            "still say {{ find }}. Could you swap it for {{ replace }} in the names{% if ignore_case %} (some have "
            "it in capitals or lower case; all of them should say {{ replace }}){% else %} (only where it's written "
            "{{ find }} like that; lower-case ones are a different thing){% endif %}"
            "{% elif edit == 'strip_prefix' %}Half the files in {{ folder }} start with \"{{ find }}\" since they "
            "came back. Could you take that off the front of their names"
            "{% elif edit == 'strip_suffix' %}The files in {{ folder }} came back from the tool with \"{{ find }}\" "
            "stuck on the end of the name. Could you remove it (it's right before the extension)"
            "{% elif edit == 'add_prefix' %}For the handover every file in {{ folder }} should start with "
            "\"{{ replace }}\". Could you add it to the names that don't have it yet (don't double it on the ones "
            "that do)"
            "{% else %}The dates in the file names in {{ folder }} are written {% if date_order == 'dmy' %}"
            "day.month.year{% else %}month-day-year, American style{% endif %}, so they don't sort. Could you "
            "change them to YYYY-MM-DD{% endif %}, "
            "{% if recursive %}subfolders included{% else %}just the files at the top, not the ones in the "
            "subfolders{% endif %}? Keep the folders' names.{% if report %} And put a list of what you renamed in "
            "{{ report }} in that folder, as a CSV with old,new columns (paths relative to {{ folder }}), sorted by "
            "the old path.{% endif %}",
            "{{ folder }}/{% if recursive %} (recursive){% else %} (top level only){% endif %}: "
            "{% if edit == 'replace' %}s/{{ find }}/{{ replace }}/g in file names{% if ignore_case %}, "
            "case-insensitive{% else %}, case-sensitive{% endif %}{% elif edit == 'strip_prefix' %}strip the "
            "leading \"{{ find }}\" from file names{% elif edit == 'strip_suffix' %}strip \"{{ find }}\" at the end "
            "of the name before the extension{% elif edit == 'add_prefix' %}prefix file names with "
            "\"{{ replace }}\" unless already there{% else %}{% if date_order == 'dmy' %}DD.MM.YYYY (or - or _)"
            "{% else %}MM-DD-YYYY (or . or _){% endif %} dates in file names -> YYYY-MM-DD{% endif %}; folders "
            "keep their names{% if report %}; log to {{ report }} (CSV old,new, relative paths, sorted by old)"
            "{% endif %}.",
        ],
        criteria=["Every file in scope has the edited name, with its content; names the edit does not touch stay.",
                  "Folder names and files out of scope are unchanged; the renames are logged when asked."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of files to rename")],
        checks=[CheckTemplate(func="tree.names_edited", bind={
            "edit": "edit", "find": "find", "replace": "replace", "ignore_case": "ignore_case",
            "date_order": "date_order", "recursive": "recursive", "report": "report"})],
    )
    states_values = ("find", "replace")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = opts.edit or rng.choice(sorted(SCENES))
        recursive = opts.recursive if opts.recursive is not None else rng.random() < 0.5
        report = opts.report if opts.report is not None else rng.random() < 0.4
        while True:
            scene = SCENES[kind](rng, ctx.faker)
            params = Params(folder=rng.choice(FOLDERS), edit=scene.edit, find=scene.find, replace=scene.replace,
                            ignore_case=kind == "replace_any_case", date_order="mdy" if kind == "dates_mdy" else "dmy",
                            recursive=recursive, report=rng.choice(["renamed.csv", "rename_log.csv"])
                            if report else None)
            files = _place(rng, scene)
            check = NamesEdited(folder=params.folder, **params.model_dump(exclude={"folder"}))
            moves = edited_paths(sorted(files), check)
            if len(set(moves.values())) == len(moves) and not set(moves.values()) & ({params.report} - {None}):
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, datetime, os, re
            root, edit, find, new = {lit(params.folder)}, {lit(params.edit)}, {lit(params.find)}, {lit(params.replace)}
            date = re.compile(r"(?<!\\d)(\\d\\d)([-._])(\\d\\d)\\2((?:19|20)\\d\\d)(?!\\d)")

            def iso(m):
                a, b = int(m[1]), int(m[3])
                day, month = (a, b) if {lit(params.date_order)} == "dmy" else (b, a)
                return datetime.date(int(m[4]), month, day).isoformat()

            def edited(name):
                stem, ext = os.path.splitext(name)
                if edit == "replace":
                    return re.sub(re.escape(find), lambda _: new, name, flags=re.I if {params.ignore_case!r} else 0)
                if edit == "strip_prefix":
                    return name.removeprefix(find)
                if edit == "strip_suffix":
                    return stem.removesuffix(find) + ext
                if edit == "add_prefix":
                    return name if name.startswith(new) else new + name
                return date.sub(iso, name)

            renames = []
            for folder, _, names in os.walk(root):
                if folder != root and not {params.recursive!r}:
                    continue
                for name in names:
                    if edited(name) != name:
                        old = os.path.relpath(os.path.join(folder, name), root)
                        renames.append((old, os.path.relpath(os.path.join(folder, edited(name)), root)))
            renames.sort()
            for old, target in renames:
                os.rename(os.path.join(root, old), os.path.join(root, target))
                print(old, "->", target)
            if {lit(params.report)}:
                with open(os.path.join(root, {lit(params.report)}), "w", newline="") as out:
                    csv.writer(out, lineterminator="\\n").writerows([("old", "new"), *renames])
        """
        return solution(
            shell_step(f"find {params.folder} -type f | sort", "First I look at the names.", "List the files"),
            script_step(script, "I work out each file's new name, then rename them.", "Rename the files"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check the names.", "Check the names"))
