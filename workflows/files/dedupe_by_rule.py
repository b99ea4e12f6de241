"""De-duplicate a folder tree by content, keeping the copy a stated rule picks (the newest or the
oldest by the date in its name, or the one nearest the top), deleting the others or moving them
aside into a duplicates folder for a last look."""

from __future__ import annotations

import datetime as dt
import random
from typing import Literal

from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import nest, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Keep = Literal["newest", "oldest", "shallowest"]
KEEP_TEXT = {"newest": "the one with the latest date in its file name",
             "oldest": "the one with the earliest date in its file name",
             "shallowest": "the one nearest the top of the folder (fewest folders above it)"}
STEMS = ["invoice_acme", "bank_statement", "lease_agreement", "tax_return", "payslip", "boarding_pass",
         "school_report", "insurance_quote", "meeting_minutes", "price_list"]
LEVELS = [[""], ["Documents", "Downloads", "Inbox"], ["Work/archive", "Documents/old", "Backup/phone"]]


class Options(SkillParams):
    keep: Keep | None = None
    action: Literal["delete", "move"] | None = None


class Params(Prepared):
    folder: str
    keep: Keep
    keep_text: str
    action: Literal["delete", "move"]
    dup_folder: str | None


def _saved_again(rng: random.Random, files: dict[str, bytes]) -> dict[str, bytes]:
    """Two to four documents saved again under a new date in other folders: same bytes, dated names."""
    planted = dict(files)
    for stem in rng.sample(STEMS, rng.randint(2, 4)):
        ext, data = rng.choice([".pdf", ".docx", ".xlsx"]), rng.randbytes(rng.randint(2000, 30000))
        depths = rng.sample(range(3), rng.randint(2, 3))  # distinct depths: one copy is nearest the top
        days = rng.sample(range(700), len(depths))        # distinct dates: one copy is newest, one oldest
        style = rng.choice(["%Y-%m-%d", "%Y%m%d", "%Y_%m_%d"])
        for depth, day in zip(depths, days, strict=True):
            name = f"{stem}_{(dt.date(2023, 1, 2) + dt.timedelta(days=day)).strftime(style)}{ext}"
            folder = rng.choice(LEVELS[depth])
            planted[f"{folder}/{name}" if folder else name] = data
    return planted


@register_workflow
class DedupeByRule(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.dedupe_by_rule", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Some files in {{ folder }}/ (anywhere in it) are the same file saved more than once, under different "
            "names and folders. For each set of files with identical content keep only {{ keep_text }}, where it "
            "is, and {% if action == 'move' %}move the other copies into {{ folder }}/{{ dup_folder }}/, keeping "
            "the folder path each had inside {{ folder }}{% else %}delete the other copies{% endif %}. Files that "
            "have no duplicate stay as they are.",
            "I keep re-downloading the same documents into {{ folder }}, so there are copies all over the place "
            "(same content, different dates in the names). Could you keep just {{ keep_text }} from each set of "
            "identical files and {% if action == 'move' %}park the rest in a {{ dup_folder }} folder inside "
            "{{ folder }} (same sub-paths, so I can check them before I delete them){% else %}get rid of the rest"
            "{% endif %}? Compare the contents, not the names.",
            "{{ folder }}/ (recursive): dedupe by content; per group keep {{ keep_text }}; "
            "{% if action == 'move' %}mv the others to {{ dup_folder }}/<same relative path>{% else %}rm the others"
            "{% endif %}; touch nothing else.",
        ],
        criteria=["One copy of each set of identical files is left, the one the rule picks, where it was.",
                  "The other copies are deleted or moved aside as asked; unique files are untouched."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder tree with saved-again copies")],
        checks=[CheckTemplate(func="tree.deduplicated_by_rule", bind={
            "keep": "keep", "action": "action", "dup_folder": "dup_folder"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        keep: Keep = opts.keep or ctx.rng.choice(["newest", "oldest", "shallowest"])  # type: ignore[assignment]
        action = opts.action or ctx.rng.choice(["delete", "move"])
        files = _saved_again(ctx.rng, nest(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker))))
        params = Params(folder=ctx.rng.choice(["Home", "Paperwork", "Laptop_backup", "Files"]), keep=keep,
                        keep_text=KEEP_TEXT[keep], action=action,
                        dup_folder=ctx.rng.choice(["_duplicates", "Duplicates", "to_delete"]) if action == "move" else None)
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import hashlib, os, re, shutil
            root = {lit(params.folder)}
            groups = {{}}
            for folder, dirs, names in os.walk(root):
                for name in names:
                    rel = os.path.relpath(os.path.join(folder, name), root)
                    digest = hashlib.sha256(open(os.path.join(root, rel), "rb").read()).hexdigest()
                    groups.setdefault(digest, []).append(rel)
            def date(rel):
                found = re.search(r"(20\\d\\d)[-_]?(\\d\\d)[-_]?(\\d\\d)", os.path.basename(rel))
                return "".join(found.groups())
            keep = {lit(params.keep)}
            for paths in groups.values():
                if len(paths) < 2:
                    continue
                if keep == "shallowest":
                    kept = min(paths, key=lambda p: p.count(os.sep))
                else:
                    kept = (max if keep == "newest" else min)(paths, key=date)
                for rel in paths:
                    if rel == kept:
                        continue
                    if {lit(params.dup_folder)}:
                        dst = os.path.join(root, {lit(params.dup_folder)}, rel)
                        os.makedirs(os.path.dirname(dst), exist_ok=True)
                        shutil.move(os.path.join(root, rel), dst)
                    else:
                        os.remove(os.path.join(root, rel))
                    print("kept", kept, "-", {lit(params.action)}, rel)
        """
        return solution(
            shell_step(f"find {params.folder} -type f -exec sha256sum {{}} + | sort | uniq -w64 -D",
                       f"First I find the files in {params.folder}/ whose checksums repeat.", "Find identical files"),
            script_step(script, f"For each set I keep {params.keep_text} and {params.action} the other copies.",
                        "Remove the duplicates"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check what is left.", "Check the tree"))
