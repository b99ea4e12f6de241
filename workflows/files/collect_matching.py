"""Collect the files whose names match a pattern (every invoice, every scan) from anywhere in a folder
tree into one new folder, moved or copied; names that clash numbered stem_2, stem_3 in path order,
or identical copies collected once."""

from __future__ import annotations

import hashlib
import random
from typing import Literal

from forge.checks.tree_tidy import CollectedByName, collected_names
from forge.models import ReferenceSolution
from forge.views import Entry
from preparers.files import _filler, make_tree
from preparers.filetypes.tree import pack_tree
from preparers.fake import day_between
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import nest, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# what is collected: (pattern, what a person calls them, the target folder names, names planted)
TOPICS = [
    ("*invoice*", "invoices", ["All_invoices", "Invoices"], ["invoice.pdf", "Invoice_{ym}.pdf", "invoice_{last}.pdf"]),
    ("*receipt*", "receipts", ["Receipts", "All_receipts"], ["receipt.pdf", "Receipt_{ym}.jpg", "receipt_{last}.pdf"]),
    ("scan*", "scans", ["Scans", "All_scans"], ["scan.pdf", "Scan_{ym}.pdf", "scan_{last}.jpg"]),
    ("*payslip*", "payslips", ["Payslips", "Pay"], ["payslip.pdf", "Payslip_{ym}.pdf", "payslip_{last}.pdf"]),
]


class Options(SkillParams):
    mode: Literal["move", "copy"] | None = None
    clashes: Literal["number", "skip_identical"] | None = None


class Params(Prepared):
    folder: str
    pattern: str
    what: str
    target: str
    mode: Literal["move", "copy"]
    clashes: Literal["number", "skip_identical"]


def _plant(rng: random.Random, faker, files: dict[str, bytes], names: list[str]) -> dict[str, bytes]:  # type: ignore[no-untyped-def]
    """The topic's files in several folders: one name saved in two or three, one identical copy."""
    folders = sorted({p.rsplit("/", 1)[0] for p in files if "/" in p}) + ["Old/2022", "Desktop"]
    planted = dict(files)
    for name in names:
        name = name.format(ym=f"{day_between(faker, -2 * 365, -1):%Y_%m}", last=faker.last_name().lower())
        places = rng.sample(folders, rng.randint(1, 3)) if name.islower() else [rng.choice(["", *folders])]
        for folder in places:
            planted[f"{folder}/{name}" if folder else name] = _filler(rng, rng.randrange(2_000, 30_000), ".pdf")
    source = rng.choice(sorted(p for p in planted if p not in files))
    copy_at = rng.choice([f for f in folders if not source.startswith(f + "/")])
    planted[f"{copy_at}/{source.rsplit('/', 1)[-1].replace('.', '_copy.', 1)}"] = planted[source]
    return planted


@register_workflow
class CollectMatching(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.collect_matching", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Gather every file in {{ folder }}/, at any depth, whose name matches {{ pattern }} (ignoring case) "
            "into a new folder {{ folder }}/{{ target }}/ (no subfolders in it): {% if mode == 'move' %}move them"
            "{% else %}copy them and leave the originals in place{% endif %}. Go through the files in path order "
            "(sorted by their path, ignoring case); the first file of a name keeps it, and each later one of the same name (in any "
            "case) becomes stem_2.ext, stem_3.ext and so on.{% if clashes == 'skip_identical' %} A file whose "
            "content is identical to one already gathered is not gathered again{% if mode == 'move' %} (delete it: "
            "its content is already there){% else %} (leave it where it is){% endif %}.{% endif %} Nothing else "
            "changes.",
            "My {{ what }} are scattered all over {{ folder }}; anything with a name like {{ pattern }} (any "
            "capitalisation). Could you {% if mode == 'move' %}move{% else %}copy{% endif %} them all into one "
            "{{ target }} folder at the top? Some have the same name in different folders, so if a name's already "
            "taken add _2, _3 before the extension (go through them sorted by path, ignoring case).{% if clashes == "
            "'skip_identical' %} Some are the exact same file saved twice; those only need to be there once{% if "
            "mode == 'move' %}, you can delete the extra copy{% endif %}.{% endif %}{% if mode == 'copy' %} Leave the "
            "originals where they are.{% endif %}",
            "{{ folder }}/: {{ mode }} all files matching {{ pattern }} (case-insensitive, recursive) into "
            "{{ target }}/ flat; name clashes -> stem_2.ext, stem_3.ext in path order (sorted, case-insensitive){% if clashes == "
            "'skip_identical' %}; identical content collected once{% if mode == 'move' %} (extra copies deleted)"
            "{% endif %}{% endif %}.",
        ],
        criteria=["Every matching file is in the target folder under its name or its numbered name, unchanged.",
                  "Moved or copied as asked; identical copies handled as asked; nothing else changed."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A home folder with scattered papers")],
        checks=[CheckTemplate(func="tree.collected_by_name", bind={
            "pattern": "pattern", "target": "target", "mode": "mode", "clashes": "clashes"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        pattern, what, targets, names = ctx.rng.choice(TOPICS)
        while True:
            base = {p: d for p, d in nest(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker))).items()
                    if pattern.strip("*") not in p.lower()}
            files = _plant(ctx.rng, ctx.faker, base, names)
            params = Params(folder=ctx.rng.choice(["Home", "Paperwork", "Shared", "Laptop_backup"]), pattern=pattern,
                            what=what, target=ctx.rng.choice(targets), mode=opts.mode or ctx.rng.choice(["move", "copy"]),
                            clashes=opts.clashes or ctx.rng.choice(["number", "skip_identical"]))
            rule = CollectedByName(folder=params.folder, **params.model_dump(include={"pattern", "target", "mode",
                                                                                      "clashes"}))
            entries = {p: Entry(path=p, kind="file", size=len(d), sha256=hashlib.sha256(d).hexdigest())
                       for p, d in files.items()}
            got = collected_names(entries, rule)
            numbered = [n for n in got.values() if n and "_2." in n]
            if numbered and not any(p.startswith(params.target + "/") for p in files):
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import fnmatch, hashlib, os, shutil
            root, target = {lit(params.folder)}, {lit(params.target)}
            pattern = {lit(params.pattern)}
            found = []
            for folder, dirs, names in os.walk(root):
                for name in names:
                    if fnmatch.fnmatch(name.lower(), pattern.lower()):
                        found.append(os.path.relpath(os.path.join(folder, name), root))
            os.makedirs(os.path.join(root, target), exist_ok=True)
            taken, seen = {{}}, set()
            for rel in sorted(found, key=lambda p: (p.lower(), p)):
                src = os.path.join(root, rel)
                digest = hashlib.sha256(open(src, "rb").read()).hexdigest()
                if {lit(params.clashes)} == "skip_identical" and digest in seen:
                    if {lit(params.mode)} == "move":
                        os.remove(src)
                    print(rel, "already gathered")
                    continue
                seen.add(digest)
                name = os.path.basename(rel)
                taken[name.lower()] = taken.get(name.lower(), 0) + 1
                stem, ext = os.path.splitext(name)
                new = name if taken[name.lower()] == 1 else f"{{stem}}_{{taken[name.lower()]}}{{ext}}"
                (shutil.copy2 if {lit(params.mode)} == "copy" else shutil.move)(src, os.path.join(root, target, new))
                print(rel, "->", new)
        """
        return solution(
            shell_step(f"find {params.folder} -type f -iname {lit(params.pattern)} | sort", "First I find every "
                       "matching file and see which names repeat.", "Find the files"),
            script_step(script, f"I {params.mode} them into {params.target}/ in path order, numbering clashing "
                        "names.", "Collect the files"),
            shell_step(f"ls -la {params.folder}/{params.target}", "Then I check the folder.", "Check the result"))
