"""Sort files into dated folders by the date written inside them, where neither their names (scan_0007,
Untitled (2), an e-mail's subject) nor their timestamps (a copy, a restore) tell it: saved e-mails by
their Date: header, OCR'd invoices by their invoice date (not the due date), meeting notes by their
Date: line; into year, year/month or year-month folders; moved, or copied with the originals left;
the ones without such a date left where they are or put in a folder of their own."""

from __future__ import annotations

import random
import re
from pathlib import PurePosixPath
from typing import Literal

from faker import Faker

from forge.checks.tree_written_dates import EXTENSION, Kind, Layout
from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files import _dated_texts as texts
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

FOLDERS = {"mail": ["Saved_mail", "Mail_export", "Old_emails"], "invoice": ["Scanned_invoices", "Invoices_inbox"],
           "notes": ["Meeting_notes", "Notes_export"]}
WHAT = {"mail": "saved e-mails (.eml)", "invoice": "scanned invoices (.txt)", "notes": "meeting notes (.md)"}
DATE_RULE = {"mail": "the Date: header at the top (as written, in its own time zone; a Date: line of a forwarded "
                     "message further down does not count)",
             "invoice": "the 'Invoice date:' line (not the due date)", "notes": "the 'Date:' line"}
LAYOUT = {"year": "a folder per year, named YYYY", "month": "a YYYY folder per year holding an MM folder per month "
          "(two-digit month)", "year_month": "a folder per month named YYYY-MM"}
OTHERS = {"mail": ["invoice_{n}.pdf", "IMG_{n}.jpg", "tickets_{n}.pdf"], "invoice": ["receipts_{n}.xlsx",
          "scan_settings.ini", "logo_{n}.png"], "notes": ["whiteboard_{n}.jpg", "slides_{n}.pptx", "budget_{n}.xlsx"]}
UNDATED = ["Undated", "No date", "_undated", "Unsorted"]


class Options(SkillParams):
    kind: Kind | None = None
    layout: Layout | None = None
    mode: Literal["move", "copy"] | None = None
    undated_folder: bool | None = None


class Params(Prepared):
    folder: str
    kind: Kind
    what: str
    date_rule: str
    extension: str
    layout: Layout
    layout_text: str
    mode: Literal["move", "copy"]
    undated: str | None


def _name(rng: random.Random, kind: str, n: int, subject: str) -> str:
    if kind == "mail":
        return re.sub(r"[^A-Za-z0-9 -]", "", rng.choice(["", "Re ", "Fwd "]) + subject) + ".eml"
    if kind == "invoice":
        return rng.choice(["scan_{n:04d}.txt", "Scan {n}.txt", "doc{n:03d}.txt"]).format(n=n)
    return rng.choice(["Untitled ({n}).md", "meeting notes {n}.md", "notes-{n}.md"]).format(n=n)


def make_folder(rng: random.Random, faker: Faker, kind: Kind) -> dict[str, bytes]:
    """8-13 dated files of the kind and 1-3 without a date at the top, a few other files beside them,
    and one file of the kind already in a subfolder (it stays)."""
    files: dict[str, bytes] = {}
    count, undated = rng.randint(8, 13), rng.randint(1, 3)
    for n in range(1, count + undated + 1):
        dated = n > undated
        if kind == "mail":
            subject, body = texts.mail(rng, faker, dated)
        else:
            subject, body = "", (texts.invoice if kind == "invoice" else texts.notes)(rng, faker, dated)
        name = _name(rng, kind, n, subject)
        while name in files:
            name = name.replace(EXTENSION[kind], f" {n}{EXTENSION[kind]}")
        files[name] = body.encode()
    for pattern in rng.sample(OTHERS[kind], 2):
        name = pattern.format(n=rng.randrange(100, 999))
        files[name] = jpeg(rng, 2_000) if name.endswith(".jpg") else \
            _filler(rng, rng.randrange(400, 4_000), PurePosixPath(name).suffix)
    files[f"{rng.choice(['Archive', 'Done', 'Old'])}/{_name(rng, kind, 99, 'Old thread')}"] = next(iter(files.values()))
    items = list(files.items())
    rng.shuffle(items)
    return dict(items)


@register_workflow
class SortByWrittenDate(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.sort_by_written_date", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "The {{ what }} at the top of {{ folder }}/ have names and timestamps that say nothing about when they "
            "are from. Sort them into {{ layout_text }} inside {{ folder }}/ by the date written in each: "
            "{{ date_rule }}. {% if mode == 'move' %}Move them{% else %}Copy them, leaving the originals where they "
            "are{% endif %}, keeping their names. {% if undated %}Put the ones without such a date in "
            "{{ undated }}/.{% else %}Leave the ones without such a date where they are.{% endif %} Don't touch "
            "any other file or the existing subfolders.",
            "Could you file the {{ extension }} files in {{ folder }} by date? Go by {{ date_rule }}, not the file "
            "dates, and use {{ layout_text }}. {% if mode == 'copy' %}Copies please, the originals stay put"
            "{% else %}Just move them{% endif %}, same file names. {% if undated %}Anything without a date goes "
            "into {{ undated }}/{% else %}Anything without a date can stay at the top{% endif %}; the other files "
            "and the subfolders that are already there stay as they are.",
            "{{ folder }}/*{{ extension }} (top level only) -> {{ layout_text }} by {{ date_rule }}; "
            "{{ 'move' if mode == 'move' else 'copy (keep originals)' }}, names unchanged; no date -> "
            "{{ undated ~ '/' if undated else 'leave in place' }}. Nothing else changes.",
        ],
        criteria=["Each file of the kind at the top is in the folder its written date gives, under its name.",
                  "Moved or copied as asked; the undated ones handled as asked.", "No other file changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of dated texts")],
        checks=[CheckTemplate(func="tree.sorted_by_written_date",
                              bind={"folder": "folder", "kind": "kind", "layout": "layout", "mode": "mode",
                                    "undated": "undated"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind: Kind = opts.kind or rng.choice(["mail", "invoice", "notes"])
        layout: Layout = opts.layout or rng.choice(["year", "month", "year_month"])
        undated_folder = opts.undated_folder if opts.undated_folder is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(FOLDERS[kind]), kind=kind, what=WHAT[kind], date_rule=DATE_RULE[kind],
                        extension=EXTENSION[kind], layout=layout, layout_text=LAYOUT[layout],
                        mode=opts.mode or rng.choice(["move", "copy"]),
                        undated=rng.choice(UNDATED) if undated_folder else None)
        return params.with_files(folder=pack_tree(make_folder(rng, ctx.faker, kind)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import datetime as dt, email.utils, os, re, shutil
            root, kind, ext = {lit(params.folder)}, {lit(params.kind)}, {lit(params.extension)}
            label = "invoice date" if kind == "invoice" else "date"
            line_re = re.compile(r"^\\s*([A-Za-z ]+?)\\s*:\\s*(.+?)\\s*$")
            def written(text):
                lines = text.splitlines()
                if kind == "mail":
                    lines = lines[:lines.index("")] if "" in lines else lines
                for line in lines:
                    m = line_re.match(line)
                    if m and m[1].lower() == label:
                        if kind == "mail":
                            return email.utils.parsedate_to_datetime(m[2]).date()
                        for fmt in ("%Y-%m-%d", "%d %B %Y", "%B %d, %Y", "%d %b %Y"):
                            try:
                                return dt.datetime.strptime(m[2], fmt).date()
                            except ValueError:
                                pass
                        return None
                return None
            layout = {{"year": "%Y", "month": "%Y/%m", "year_month": "%Y-%m"}}[{lit(params.layout)}]
            for name in sorted(os.listdir(root)):
                path = os.path.join(root, name)
                if not os.path.isfile(path) or not name.lower().endswith(ext):
                    continue
                day = written(open(path, encoding="utf-8-sig").read())
                target = day.strftime(layout) if day else {lit(params.undated)}
                if target is None:
                    print("no date, left:", name)
                    continue
                os.makedirs(os.path.join(root, target), exist_ok=True)
                (shutil.move if {lit(params.mode)} == "move" else shutil.copy2)(path, os.path.join(root, target, name))
                print(name, "->", target)
        """
        return solution(
            shell_step(f"ls -la {lit(params.folder)} && head -n 12 {lit(params.folder)}/*{params.extension}",
                       "First I look at the files and where each writes its date.", "Read the files"),
            script_step(script, "I read each file's written date and file it in its dated folder.", "Sort the files"),
            shell_step(f"find {lit(params.folder)} -type f | sort", "Then I list the folder to check the result.",
                       "Check the folder"))
