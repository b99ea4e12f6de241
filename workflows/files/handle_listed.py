"""Act on a list a colleague sent of files in a shared folder (to clear out, to archive, to hand
over): delete them, move them into a folder keeping their paths, or copy them there; the list
giving paths, or bare file names to find wherever they are; the entries that match no file written
to a file for the colleague, or a list that holds none."""

from __future__ import annotations

import random
from pathlib import PurePosixPath
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files.folder_index import shared_folder
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Action = Literal["delete", "move", "copy"]
PURPOSE = {"delete": "to clear out", "move": "to archive", "copy": "to hand over"}


class Options(SkillParams):
    action: Action | None = None
    by_name: bool | None = None
    report_missing: bool | None = None


class Params(Prepared):
    folder: str
    listing: str
    action: Action
    target: str | None
    by_name: bool
    missing: str | None


def colleague_list(rng: random.Random, faker: Faker, files: dict[str, bytes], action: Action, by_name: bool,
                   unmatched: bool) -> str:
    """3-6 of the folder's files, some paths written with './', and with `unmatched` one or two entries
    naming nothing (a file since removed, a typo). An entry without a '/' (any entry `by_name`, a
    top-level file's path otherwise) is looked up by name, so it names a file whose name is unique."""
    names = [PurePosixPath(p).name for p in files]
    pool = sorted(p for p in files if (not by_name and "/" in p) or names.count(PurePosixPath(p).name) == 1)
    picked = rng.sample(pool, min(len(pool) - 1, rng.randint(3, 6)))
    lines = [PurePosixPath(p).name if by_name else rng.choice(["", "", "./"]) + p for p in picked]
    if unmatched:
        for ghost in rng.sample(["old_budget_v2.xlsx", "Draft_plan.docx", "minutes_jan.md", "scan_12.pdf"],
                                rng.randint(1, 2)):
            where = ghost if by_name else f"{PurePosixPath(rng.choice(picked)).parent}/{ghost}".lstrip("./")
            lines.insert(rng.randrange(len(lines) + 1), where)
    return f"# {PURPOSE[action]}, from {faker.first_name()}\n\n" + "\n".join(lines) + "\n"


@register_workflow
class HandleListed(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.handle_listed", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ folder }}/{{ listing }} lists files of {{ folder }}/, one per line ({% if by_name %}by file name "
            "only: find each wherever it is in the folder{% else %}as paths inside {{ folder }}/, some starting with "
            "./{% endif %}; lines starting with # are comments). {% if action == 'delete' %}Delete those files"
            "{% else %}{{ action | capitalize }} those files into {{ folder }}/{{ target }}/, each under its path "
            "inside {{ folder }}/{% endif %}.{% if missing %} Write the entries that match no file, as written and in "
            "the list's order, one per line, to {{ folder }}/{{ missing }}.{% endif %} Everything else, the list "
            "included, stays as it is.",
            "A colleague sent me {{ listing }} (it's in {{ folder }}) with the files they want "
            "{% if action == 'delete' %}gone{% elif action == 'move' %}archived{% else %}handed over{% endif %}. "
            "{% if by_name %}They only wrote the file names, so you'll have to find each one in the subfolders. "
            "{% endif %}Could you {% if action == 'delete' %}delete them{% elif action == 'move' %}move them into "
            "{{ target }} inside {{ folder }}, keeping the same subfolders{% else %}copy them into {{ target }} inside "
            "{{ folder }}, keeping the same subfolders and leaving the originals{% endif %}?{% if missing %} Some may "
            "not exist any more; put those entries in {{ missing }} in {{ folder }}, in the order they're listed, so "
            "I can ask.{% endif %} Don't touch anything else.",
            "{{ folder }}/: for each entry of {{ listing }} ({% if by_name %}bare file names, search the tree"
            "{% else %}paths relative to {{ folder }}/{% endif %}; skip # lines): {% if action == 'delete' %}rm it"
            "{% else %}{% if action == 'move' %}mv{% else %}cp{% endif %} to {{ target }}/<same relative path>"
            "{% endif %}{% if missing %}; entries matching nothing -> {{ missing }} (list order){% endif %}. "
            "Nothing else changes.",
        ],
        criteria=["Every listed file is deleted, moved or copied (under its path) as asked.",
                  "Unmatched entries are reported when asked; the list and other files are untouched."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A shared folder and a list")],
        checks=[CheckTemplate(func="tree.listed_handled", bind={"listing": "listing", "action": "action",
                                                                 "target": "target", "missing": "missing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        action = opts.action or rng.choice(["delete", "move", "copy"])
        report = opts.report_missing if opts.report_missing is not None else rng.random() < 0.5
        files = shared_folder(rng)
        params = Params(folder=rng.choice(["Team_share", "Shared", "Dept_drive"]),
                        listing=rng.choice(["list_from_dana.txt", "files.txt", f"{action}_these.txt"]),
                        action=action, target={"delete": None, "move": rng.choice(["Archive", "_archived"]),
                                               "copy": rng.choice(["Handover", "For_review"])}[action],
                        by_name=opts.by_name if opts.by_name is not None else rng.random() < 0.5,
                        missing=rng.choice(["not_found.txt", "missing.txt"]) if report else None)
        files[params.listing] = colleague_list(rng, ctx.faker, files, action, params.by_name, report).encode()
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, shutil
            root, action, target = {lit(params.folder)}, {lit(params.action)}, {lit(params.target)}
            listing = os.path.join(root, {lit(params.listing)})
            files = [os.path.relpath(os.path.join(d, n), root) for d, _, names in os.walk(root) for n in names]
            entries = [l.strip() for l in open(listing) if l.strip() and not l.strip().startswith("#")]
            missing = []
            for entry in entries:
                rel = entry.removeprefix("./")
                hits = [f for f in files if (f == rel if "/" in rel else os.path.basename(f) == rel)]
                if not hits:
                    missing.append(entry)
                    continue
                for hit in hits:
                    path = os.path.join(root, hit)
                    if action == "delete":
                        os.remove(path)
                    else:
                        os.makedirs(os.path.dirname(os.path.join(root, target, hit)), exist_ok=True)
                        (shutil.move if action == "move" else shutil.copy2)(path, os.path.join(root, target, hit))
                    print(action, hit)
            if {lit(params.missing)}:
                open(os.path.join(root, {lit(params.missing)}), "w").write("".join(m + "\\n" for m in missing))
            print("no match:", missing)
        """
        return solution(
            shell_step(f"cat {params.folder}/{params.listing}; find {params.folder} -type f | sort",
                       "First I read the list and see where the files are.", "Read the list"),
            script_step(script, f"I find each listed file and {params.action} it as asked.", "Handle the listed files"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check the folder.", "Check the folder"))
