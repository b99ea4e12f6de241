"""Find or close the gaps in numbered files: a scanned book or a batch of statements where pages
were skipped or deleted along the way; one series or several side by side (scans and receipts);
the missing names listed, or the series renumbered 1..N in order with the same padding, in place or
as copies in a folder."""

from __future__ import annotations

import random
from typing import Literal

from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Action = Literal["report", "renumber", "renumber_copies"]
SERIES = [("scan_", ".pdf", 3), ("page", ".jpg", 3), ("receipt-", ".png", 2), ("statement_", ".pdf", 2)]


class Options(SkillParams):
    action: Action | None = None
    several: bool | None = None


class Params(Prepared):
    folder: str
    action: Literal["report", "renumber"]
    report: str | None
    target: str | None
    several: bool
    first: int = 1


def numbered(rng: random.Random, several: bool) -> dict[str, bytes]:
    """One series (two or three with `several`) of 8-30 files numbered from 1 with 2-4 gaps (the
    first number missing now and then), and a note that is no part of any series."""
    files: dict[str, bytes] = {}
    for prefix, ext, width in rng.sample(SERIES, rng.randint(2, 3) if several else 1):
        top = rng.randint(8, 30 if width == 3 else 20)
        gone = set(rng.sample(range(1, top), rng.randint(2, 4)))
        for n in sorted(set(range(1, top + 1)) - gone):
            files[f"{prefix}{n:0{width}d}{ext}"] = _filler(rng, rng.randrange(800, 6000), ext)
    files["README.txt"] = b"Scanned at the branch office.\n"
    return files


@register_workflow
class SequenceGaps(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.sequence_gaps", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "The files at the top of {{ folder }}/ are numbered{% if several %} in several series{% endif %} (a "
            "series is the files with the same text before the number and the same extension, numbered from "
            "{{ first }} with zero padding, like scan_001.pdf), and some numbers are missing. "
            "{% if action == 'report' %}List every missing file name, written with its series' padding, one per "
            "line, series by series (in plain character order of the text before the number) and by number, in "
            "{{ folder }}/{{ report }}. Don't change anything else.{% else %}Renumber {% if several %}each "
            "series{% else %}the series{% endif %} so it runs from {{ first }} without gaps, keeping the order and "
            "the padding{% if target %}, as copies in {{ folder }}/{{ target }}/ (keep the originals){% else %}, "
            "renaming the files in place{% endif %}. Leave other files alone.{% endif %}",
            "The scanner in {{ folder }} skipped some numbers{% if several %} (there are a few different series of "
            "files in there){% endif %}. {% if action == 'report' %}Could you write down which files are missing "
            "in {{ report }} there? The full names as they would be, with the zeros, one per line, in order, "
            "counting from {{ first }}.{% else %}Could you close the gaps so {% if several %}every "
            "series{% else %}they{% endif %} count up from {{ first }} again, same order, same number of "
            "digits{% if target %}? Put the renumbered copies in {{ target }} inside {{ folder }} and leave the "
            "originals{% else %}? Just rename them where they are{% endif %}.{% endif %}",
            "{{ folder }}/ numbered files (series = same prefix + extension, from {{ first }}): "
            "{% if action == 'report' %}missing names (with padding; by prefix in C order, then number) -> "
            "{{ report }}; read-only{% else %}renumber each series {{ first }}..N in order, same padding, "
            "{% if target %}as copies in {{ target }}/{% else %}in place{% endif %}; other files "
            "untouched{% endif %}.",
        ],
        criteria=["The missing names are listed in order, or each series runs 1..N in its old order with its padding.",
                  "Nothing else changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of numbered scans")],
        checks=[CheckTemplate(func="tree.sequence_gaps", bind={"action": "action", "report": "report",
                                                                "target": "target"})],
    )
    states_values = ("first",)  # numbering starts at 1: the rule's number, not a result

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        action = opts.action or rng.choice(["report", "renumber", "renumber_copies"])
        params = Params(folder=rng.choice(["Scans", "Book_scan", "Statements"]),
                        action="report" if action == "report" else "renumber",
                        report=rng.choice(["missing.txt", "gaps.txt"]) if action == "report" else None,
                        target=rng.choice(["Renumbered", "Clean"]) if action == "renumber_copies" else None,
                        several=opts.several if opts.several is not None else rng.random() < 0.5)
        return params.with_files(folder=pack_tree(numbered(rng, params.several)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, shutil
            root, action = {lit(params.folder)}, {lit(params.action)}
            report, target = {lit(params.report)}, {lit(params.target)}
            found = {{}}
            for name in os.listdir(root):
                m = re.match(r"^(.*?)(\\d+)(\\.[A-Za-z0-9]+)$", name)
                if m and os.path.isfile(os.path.join(root, name)):
                    found.setdefault((m[1], m[3]), {{}})[int(m[2])] = name
            missing = []
            if target:
                os.makedirs(os.path.join(root, target), exist_ok=True)
            for (prefix, ext), files in sorted(found.items()):
                width = len(files[min(files)]) - len(prefix) - len(ext)
                missing += [f"{{prefix}}{{n:0{{width}}d}}{{ext}}" for n in range(1, max(files) + 1) if n not in files]
                if action == "renumber":
                    for new, old in enumerate(sorted(files), start=1):  # ascending: a new number is never taken
                        dest = os.path.join(root, target or "", f"{{prefix}}{{new:0{{width}}d}}{{ext}}")
                        (shutil.copy2 if target else os.rename)(os.path.join(root, files[old]), dest)
            if report:
                open(os.path.join(root, report), "w").write("".join(m + "\\n" for m in missing))
            print("missing:", missing)
        """
        return solution(
            shell_step(f"ls {params.folder}", f"First I see how the files in {params.folder}/ are numbered.",
                       "List the files"),
            script_step(script, "I group the files by the text before their number and "
                        + ("list the numbers each series lacks." if params.action == "report"
                           else "renumber each series from 1 in order."), "Handle the gaps"),
            shell_step(f"ls {params.folder}", "Then I check the folder.", "Check the folder"))
