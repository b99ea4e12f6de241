"""Number a report's table captions as Insert > Caption does: the drafts' 'Table: <title>' lines (or
captions whose numbers went stale when tables were moved, with the text still citing the old
numbers) made 'Table 1: <title>', 'Table 2: ...' in document order, or numbered by chapter
('Table <chapter>.<n>'), in the Caption paragraph style or as they are."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, make_document, write_docx
from preparers.spreadsheet import make_table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, shown
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Numbering = Literal["plain", "chapter"]
State = Literal["fresh", "stale"]
TITLES = {"sales": "Orders by region", "employees": "Team members and salaries", "inventory": "Stock on hand",
          "budget": "Budget against actual spend"}
_NUMBERS = ("{% if by_chapter %}numbered by chapter: \u201cTable <chapter>.<n>: <title>\u201d, where <chapter> is "
            "the number of the Heading 1 chapter the table is in (counting the Heading 1 headings from the top) and "
            "<n> counts the tables again from 1 in each chapter{% else %}numbered through the document in order: "
            "\u201cTable 1: <title>\u201d, \u201cTable 2: <title>\u201d and so on{% endif %}")
_STALE = ("{% if stale %} The numbers the captions carry now are out of date (tables were moved): renumber them, and "
          "wherever the text cites a table by number (\u201cTable 3\u201d) make it cite that same table's new "
          "number.{% endif %}{% if style %} Captions take the paragraph style \u201c{{ style }}\u201d.{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    label: str
    by_chapter: bool
    stale: bool
    style: str | None


class Options(SkillParams):
    numbering: Numbering | None = None
    state: State | None = None
    caption_style: bool | None = None
    in_place: bool | None = None


def captioned_report(rng: random.Random, faker: Faker, stale: bool) -> DocumentContent:
    """A report with three or four small tables, each after a caption line ('Table: <title>', or a
    stale 'Table <old>: <title>' with a sentence citing two tables by their old numbers); one
    chapter holds two tables, the second under a Heading 2 sub-section."""
    doc = make_document(rng, faker, kind="report")
    kinds = rng.sample(sorted(TITLES), rng.randint(3, 4))
    chapters = sorted(rng.sample(range(1, len(doc.sections)), len(kinds) - 1))
    old = list(range(1, len(kinds) + 1))
    while stale and old == sorted(old):
        rng.shuffle(old)
    sections: list[Section] = []
    placed = 0
    for n, section in enumerate(doc.sections):
        section = section.model_copy(update={"table": None})
        extra: list[Section] = []
        for _ in range(chapters.count(n) + (n == chapters[0])):
            kind = kinds[placed]
            table = make_table(rng, faker, kind=kind, rows=rng.randint(3, 5))
            block = TableBlock(headers=table.headers, rows=[[shown(v, table.formats.get(h, "")) for h, v in
                                                             zip(table.headers, row, strict=True)] for row in table.rows])
            label = f"Table {old[placed]}: " if stale else "Table: "
            caption = Paragraph(runs=[Run(text=f"{label}{TITLES[kind]}")])
            if section.table is None:
                section = section.model_copy(update={"paragraphs": [*section.paragraphs, caption], "table": block})
            else:
                extra.append(Section(heading=f"{TITLES[kind]} in detail", level=2, paragraphs=[caption], table=block))
            placed += 1
        sections += [section, *extra]
    if stale:
        cite = Paragraph(runs=[Run(text=f"Table {old[-1]} sums up the position; Table {old[0]} gives the detail "
                                        "behind it.")])
        sections[0] = sections[0].model_copy(update={"paragraphs": [*sections[0].paragraphs, cite]})
    return doc.model_copy(update={"sections": sections})


@register_workflow
class NumberCaptions(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.number_captions", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Number the table captions in {{ input }} the way Insert > Caption does: each caption line (the lines "
            "starting \u201cTable\u201d above the tables) becomes " + _NUMBERS + "." + _STALE + " Keep each "
            "caption's title as written and leave everything else alone. " + SAVE["formal"],
            "The captions in {{ input }} need their numbers{% if stale %} sorted out{% endif %}. Could you make "
            "them " + _NUMBERS + "?" + _STALE + " Nothing else should change. " + SAVE["chatty"],
            "{{ input }}: table captions " + _NUMBERS + "." + _STALE + " " + SAVE["terse"],
        ],
        criteria=["Every caption carries its table's number in order (per chapter where asked), its title kept.",
                  "Citations of old numbers follow the new ones; nothing else changes."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with captioned tables"),
               FileSlot(param="output", type="docx", description="The report with numbered captions")],
        checks=[CheckTemplate(func="document.captions_numbered", bind={"label": "label", "by_chapter": "by_chapter",
                                                                        "style": "style"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        numbering: Numbering = opts.numbering or ctx.rng.choice(["plain", "chapter"])
        stale = (opts.state or ctx.rng.choice(["fresh", "stale"])) == "stale"
        styled = opts.caption_style if opts.caption_style is not None else ctx.rng.random() < 0.5
        doc = captioned_report(ctx.rng, ctx.faker, stale)
        params = Params(**doc_paths(ctx, doc.file_stem, "captions"), label="Table", by_chapter=numbering == "chapter",
                        stale=stale, style="Caption" if styled else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            document = docx.Document({lit(params.input)})
            caption = re.compile(r"^Table(?:\\s+(\\d+(?:\\.\\d+)?))?\\s*[:.\\u2013-]\\s*(\\S.*)$")
            chapter, count, old, captions = 0, 0, {{}}, set()
            for n, p in enumerate(document.paragraphs):
                if p.style.name == "Heading 1":
                    chapter += 1
                    count = 0 if {lit(params.by_chapter)} else count
                found = caption.match(" ".join(p.text.split())) if not p.style.name.startswith("Heading") else None
                if found:
                    count += 1
                    number = f"{{chapter}}.{{count}}" if {lit(params.by_chapter)} else str(count)
                    if found.group(1):
                        old[found.group(1)] = number
                    p.text = f"Table {{number}}: {{found.group(2)}}"
                    if {lit(params.style)}:
                        p.style = document.styles[{lit(params.style)}]
                    captions.add(n)
                    print(p.text)
            mention = re.compile(r"\\bTable (\\d+(?:\\.\\d+)?)\\b")
            for n, p in enumerate(document.paragraphs):
                for run in p.runs if old and n not in captions else []:
                    if mention.search(run.text):
                        run.text = mention.sub(lambda m: f"Table {{old.get(m.group(1), m.group(1))}}", run.text)
                        print("cited:", run.text)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find the captions and "
                                     "the chapters."),
                        script_step(script, "With python-docx I number each caption in order"
                                    f"{' within its chapter' if params.by_chapter else ''} and point citations of "
                                    "old numbers at the new ones.", "Number the captions"),
                        outline_step(params.output, "I list the paragraphs again to check the captions."))
