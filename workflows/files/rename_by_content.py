"""Rename files after what they hold, not what the scanner or the notes app called them: OCR'd
invoices (`scan_0007.txt`) by the invoice number written on them, meeting notes (`Untitled (2).md`)
as `YYYY-MM-DD <title>.md` from their date line and heading; renamed in place or copied into a
folder; with an invoice scanned twice (or a note exported twice) kept once or no such copies; the
labels and dates written one way, or the many ways people write them."""

from __future__ import annotations

import datetime as dt
import random
from typing import Literal

from faker import Faker

from forge.checks.tree_content_names import DATE_FORMATS, EXTENSION, Kind
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

LABELS = ["Invoice no:", "Invoice #", "Invoice number:", "Inv. no."]
TITLES = ["Budget review", "Weekly sync", "Sprint planning", "Retro", "Hiring plan", "Vendor selection",
          "Quarterly targets", "Office move"]


class Options(SkillParams):
    kind: Kind | None = None
    copy_to_folder: bool | None = None
    duplicates: bool | None = None
    messy: bool | None = None


class Params(Prepared):
    folder: str
    kind: Kind
    target: str | None
    duplicates: bool
    messy: bool


def _invoice(rng: random.Random, faker: Faker, number: str, messy: bool) -> str:
    label = rng.choice(LABELS) if messy else "Invoice no:"
    total = rng.randint(80, 9000)
    return (f"{faker.company()}\n{faker.street_address()}\n\n{label} {number}\nInvoice date: "
            f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}\nBill to: {faker.name()}\n\n"
            f"{faker.bs().capitalize()}    {total}.00\nTotal due: {total}.00 EUR\nPayment within 30 days.\n")


def _note(rng: random.Random, faker: Faker, title: str, day: dt.date, messy: bool) -> str:
    fmt = rng.choice(DATE_FORMATS) if messy else DATE_FORMATS[0]
    people = ", ".join(faker.first_name() for _ in range(3))
    return (f"# {title}\n\nDate: {day.strftime(fmt)}\nAttendees: {people}\n\n## Notes\n- {faker.sentence()}\n"
            f"- {faker.sentence()}\n\n## Actions\n- {faker.first_name()} to {faker.bs()}\n")


def documents(rng: random.Random, faker: Faker, kind: Kind, duplicates: bool, messy: bool) -> dict[str, bytes]:
    """6-10 invoices named by the scanner, or notes named by the app, one scanned (exported) twice with
    `duplicates`; with `messy` the labels (or date formats) vary, the first always the odd one."""
    count = rng.randint(6, 10)
    texts = []
    if kind == "invoice":
        numbers = rng.sample(range(1100, 9999), count)  # never the example, INV-1043
        prefix = rng.choice(["INV-", "INV-2024-", "F"])
        texts = [_invoice(rng, faker, f"{prefix}{n}", messy) for n in numbers]
        if messy:
            texts[0] = texts[0].replace("Invoice no:", rng.choice(LABELS[1:]))
    else:
        days = sorted(dt.date(2023, 1, 9) + dt.timedelta(days=d) for d in rng.sample(range(300), count))  # 2024: examples
        texts = [_note(rng, faker, rng.choice(TITLES), day, messy) for day in days]
        if messy:
            texts[0] = _note(rng, faker, rng.choice(TITLES), days[0], False).replace(
                f"Date: {days[0]:%Y-%m-%d}", f"Date: {days[0].strftime(rng.choice(DATE_FORMATS[1:]))}")
    if duplicates:
        twice = rng.randrange(count)
        texts.insert(twice + 1, texts[twice])
    if kind == "invoice":
        files = {f"scan_{n + 1:04d}.txt": t.encode() for n, t in enumerate(texts)}
        files["scanner_log.csv"] = b"page,status\n" + b"".join(f"{n + 1},ok\n".encode() for n in range(len(texts)))
    else:
        names = ["Untitled.md", *[f"Untitled ({n}).md" for n in range(2, len(texts) + 1)]]
        rng.shuffle(names)
        files = {name: t.encode() for name, t in zip(names, texts, strict=True)}
        files["todo.txt"] = b"- book the room\n- send the minutes\n"
    files["cover.pdf"] = _filler(rng, rng.randrange(2000, 9000), ".pdf")
    return files


@register_workflow
class RenameByContent(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.rename_by_content", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{% if kind == 'invoice' %}The .txt files in {{ folder }}/ are OCR'd invoices named by the scanner. "
            "Name each after the invoice number written on it ('Invoice no:' line{% if messy %}, also written "
            "'Invoice #', 'Invoice number:' or 'Inv. no.'{% endif %}), as <number>.txt{% else %}The .md files in "
            "{{ folder }}/ are meeting notes the app saved as Untitled. Name each 'YYYY-MM-DD <title>.md' from its "
            "'Date:' line{% if messy %} (written like 2024-03-12, 12 March 2024 or March 12, 2024){% endif %} and its "
            "'# ' heading{% endif %}{% if target %}: copy them into {{ folder }}/{{ target }}/ under the new names and "
            "keep the originals{% else %}, renaming them where they are{% endif %}.{% if duplicates %} One of them "
            "was saved twice: identical files that end up with the same name are kept once.{% endif %} Leave the "
            "other files alone.",
            "{% if kind == 'invoice' %}The scanner called every invoice in {{ folder }} scan_something.txt, which "
            "is useless. Could you rename them by their invoice numbers (the number after "
            "{% if messy %}'Invoice no:', 'Invoice #', 'Invoice number:' or 'Inv. no.', whichever the supplier "
            "used{% else %}'Invoice no:'{% endif %}), e.g. INV-1043.txt?{% else %}My notes app exported the meeting "
            "notes in {{ folder }} as Untitled.md, Untitled (2).md... Could you name them by date and title, like "
            "'2024-03-12 Budget review.md', using the Date: line{% if messy %} (I typed the dates every which way, "
            "make them YYYY-MM-DD){% endif %} and the # title?{% endif %}{% if target %} Put renamed copies in "
            "{{ target }} inside {{ folder }} and leave the originals as they are.{% endif %}{% if duplicates %} "
            "I think one got saved twice; if two identical files get the same name, one is enough.{% endif %}",
            "{{ folder }}/*{% if kind == 'invoice' %}.txt: new name = <invoice number>.txt (from the "
            "{% if messy %}'Invoice no:' / 'Invoice #' / 'Invoice number:' / 'Inv. no.'{% else %}'Invoice no:'"
            "{% endif %} line){% else %}.md: new name = 'YYYY-MM-DD <# heading>.md' (from the Date: line"
            "{% if messy %}, any of 2024-03-12 / 12 March 2024 / March 12, 2024{% endif %}){% endif %}; "
            "{% if target %}cp to {{ target }}/<new name>, originals kept{% else %}mv in place{% endif %}"
            "{% if duplicates %}; identical files with the same new name: keep one{% endif %}; other files untouched.",
        ],
        criteria=["Every invoice (note) is under the name its text gives, renamed or copied as asked.",
                  "Identical copies sharing a name are kept once; the other files stay as they were."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of badly named files")],
        checks=[CheckTemplate(func="tree.renamed_by_content", bind={"kind": "kind", "target": "target"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = opts.kind or rng.choice(["invoice", "notes"])
        copy = opts.copy_to_folder if opts.copy_to_folder is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(["Scans", "Inbox"] if kind == "invoice" else ["Meeting_notes", "Notes"]),
                        kind=kind, target=rng.choice(["Renamed", "Filed", "Sorted"]) if copy else None,
                        duplicates=opts.duplicates if opts.duplicates is not None else rng.random() < 0.5,
                        messy=opts.messy if opts.messy is not None else rng.random() < 0.5)
        return params.with_files(folder=pack_tree(documents(rng, ctx.faker, kind, params.duplicates, params.messy)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import datetime, os, re, shutil
            root, kind, target = {lit(params.folder)}, {lit(params.kind)}, {lit(params.target)}
            invoice = re.compile(r"^\\s*(?:invoice\\s*(?:no\\.?|number|#)|inv\\.\\s*no\\.?)"
                                 r"\\s*[:#]?\\s*([A-Za-z0-9][A-Za-z0-9-]*)", re.I)
            def day(text):
                for fmt in {lit(list(DATE_FORMATS))}:
                    try:
                        return datetime.datetime.strptime(text.strip(), fmt).date().isoformat()
                    except ValueError:
                        pass
            def new_name(lines):
                if kind == "invoice":
                    return next(m[1] for l in lines if (m := invoice.match(l))) + ".txt"
                title = next(l[2:].strip() for l in lines if l.startswith("# "))
                date = next(day(l.split(":", 1)[1]) for l in lines if l.lower().startswith("date:"))
                return f"{{date}} {{title}}.md"
            ext = {lit(EXTENSION[params.kind])}
            if target:
                os.makedirs(os.path.join(root, target), exist_ok=True)
            for name in sorted(os.listdir(root)):
                path = os.path.join(root, name)
                if not (os.path.isfile(path) and name.endswith(ext)):
                    continue
                new = os.path.join(root, target or "", new_name(open(path, encoding="utf-8").read().splitlines()))
                if os.path.exists(new) and open(new, "rb").read() == open(path, "rb").read():
                    print("same as", new, "- kept once")
                    if not target:
                        os.remove(path)
                    continue
                (shutil.copy2 if target else os.rename)(path, new)
                print(name, "->", new)
        """
        return solution(
            shell_step(f"ls {params.folder}; head -n 6 {params.folder}/*{EXTENSION[params.kind]}",
                       "First I look at the files and what they say.", "Read the files"),
            script_step(script, "I read each file's " + ("invoice number" if params.kind == "invoice" else
                        "date line and heading") + " and name it after that.", "Rename by content"),
            shell_step(f"ls -R {params.folder}", "Then I check the names.", "Check the names"))
