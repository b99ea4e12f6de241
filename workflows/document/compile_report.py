"""Compile a quarterly review from the parts three teams sent as their own documents: the review's
title, then each part as a chapter (its title line a Heading 1, its own headings one level down),
as the files are listed or A to Z by their titles; the 'Submitted by' line at the top of each part
kept or left out, and each part on a new page where asked."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, make_document, slug, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import outline_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Order = Literal["listed", "alpha"]
Structure = Literal["flat", "nested"]
SLOTS = ("first", "second", "third")
BYLINE = "Submitted by"
_FILES = "{{ first }}, {{ second }} and {{ third }}"
_ORDER = ("{% if order == 'alpha' %}the parts A to Z by their titles{% else %}the parts in the order I listed the "
          "files{% endif %}")
_SHAPE = ("each part's title line becomes a Heading 1{% if nested %} and its own headings move one level down "
          "(Heading 1 to Heading 2){% endif %}, its text and tables unchanged")
_EXTRA = ("{% if drop_prefix %} Leave out the \u201c{{ drop_prefix }} ...\u201d line at the top of each part."
          "{% endif %}"
          "{% if page_breaks %} Every part starts on a new page, so the title stands on a page of its own.{% endif %}")


class Options(SkillParams):
    order: Order | None = None
    structure: Structure | None = None
    page_breaks: bool | None = None
    bylines: Literal["keep", "drop"] | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    title: str
    order: Order
    nested: bool
    page_breaks: bool
    drop_prefix: str | None


def contribution(doc: DocumentContent, nested: bool) -> tuple[str, DocumentContent]:
    """A team's part drawn from a report: its topic as the title line, a 'Submitted by' byline,
    then two sections' paragraphs run together (flat) or three sections under their headings."""
    topic = doc.title.split(" report,")[0]
    byline = Paragraph(runs=[Run(text=f"{BYLINE} {doc.author}, {doc.date:%d %B %Y}.", italic=True)])
    if nested:
        part = doc.model_copy(update={"title": topic, "opening": [byline], "sections": doc.sections[:3],
                                      "header": "", "footer": ""})
    else:
        body = [p for s in doc.sections[:2] for p in s.paragraphs]
        part = doc.model_copy(update={"title": topic, "opening": [byline, *body], "sections": [],
                                      "header": "", "footer": ""})
    return topic, part


@register_workflow
class CompileReport(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.compile_report", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Compile the review {{ output }} from the three parts the teams sent, " + _FILES + ": it opens with the "
            "title line \u201c{{ title }}\u201d (Title style), then " + _ORDER + "; " + _SHAPE + "." + _EXTRA +
            " Leave the three files as they are.",
            "The teams have sent their parts of the review as " + _FILES + ". Can you put them together into one "
            "document, {{ output }}? Title it \u201c{{ title }}\u201d, then " + _ORDER + " - " + _SHAPE + "." +
            _EXTRA,
            _FILES + " -> {{ output }}: title \u201c{{ title }}\u201d, then " + _ORDER + "; " + _SHAPE + "." + _EXTRA,
        ],
        criteria=["The title line, then every part in the order asked, none missing or repeated.",
                  "Each part's title is a Heading 1, its headings one level down, its text and tables unchanged.",
                  "Bylines and page breaks as the instruction says."],
        files=[*(FileSlot(param=s, type="docx", role="input", description="A team's part of the review")
                 for s in SLOTS),
               FileSlot(param="output", type="docx", description="The compiled review")],
        checks=[CheckTemplate(func="document.report_compiled", paths={f"{s}_file": s for s in SLOTS},
                              bind={"title": "title", "order": "order", "page_breaks": "page_breaks",
                                    "drop_prefix": "drop_prefix"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        order: Order = opts.order or ctx.rng.choice(["listed", "alpha"])
        nested = (opts.structure or ctx.rng.choice(["flat", "nested"])) == "nested"
        breaks = opts.page_breaks if opts.page_breaks is not None else ctx.rng.random() < 0.5
        drop = (opts.bylines or ctx.rng.choice(["keep", "drop"])) == "drop"
        parts: dict[str, DocumentContent] = {}
        while len(parts) < 3:  # three topics of one quarter (a part's table shows that quarter's months)
            topic, part = contribution(make_document(ctx.rng, ctx.faker, kind="report"), nested)
            first = next(iter(parts.values()), part)
            if (part.date.year, (part.date.month - 1) // 3) == (first.date.year, (first.date.month - 1) // 3):
                parts.setdefault(topic, part)
        listed = list(parts)
        while listed == sorted(listed, key=str.casefold):
            ctx.rng.shuffle(listed)  # never already A to Z, so the order asked matters
        date = next(iter(parts.values())).date
        folder = ctx.rng.choice(["review/", "quarterly/", ""])
        params = Params(**{s: f"{folder}parts/{slug(t)}.docx" for s, t in zip(SLOTS, listed, strict=True)},
                        output=f"{folder}review_q{(date.month - 1) // 3 + 1}_{date.year}.docx",
                        title=f"{ctx.faker.company()} quarterly review, Q{(date.month - 1) // 3 + 1} {date.year}",
                        order=order, nested=nested, page_breaks=breaks, drop_prefix=BYLINE if drop else None)
        return params.with_files(**{s: write_docx(parts[t]) for s, t in zip(SLOTS, listed, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third]
        script = f"""
            import copy, os, docx
            from docx.text.paragraph import Paragraph
            parts = []
            for path in {lit(files)}:
                part = docx.Document(path)
                parts.append((next(p.text for p in part.paragraphs if p.text.strip()), part))
            if {lit(params.order)} == "alpha":
                parts.sort(key=lambda p: p[0].casefold())
            out = docx.Document()
            out.add_paragraph({lit(params.title)}, style="Title")
            body = out.element.body
            for title, part in parts:
                first = True
                for element in part.element.body.iterchildren():
                    if element.tag.endswith("}}tbl"):
                        body.insert(len(body) - 1, copy.deepcopy(element))
                        continue
                    if not element.tag.endswith("}}p"):
                        continue
                    p = Paragraph(element, part)
                    byline = {lit(params.drop_prefix)} and p.text.startswith({lit(params.drop_prefix)})
                    if not p.text.strip() or byline:
                        continue
                    style = p.style.name
                    if first:
                        style, first = "Heading 1", False
                    elif style.startswith("Heading "):
                        style = f"Heading {{int(style.split()[1]) + 1}}"
                    new = out.add_paragraph(style=style)
                    if style.startswith("Heading"):
                        new.add_run(p.text)
                        new.paragraph_format.page_break_before = {lit(params.page_breaks)} and style == "Heading 1"
                    else:
                        for run in p.runs:
                            added = new.add_run(run.text)
                            added.bold, added.italic = run.bold, run.italic
            folder = os.path.dirname({lit(params.output)})
            if folder:
                os.makedirs(folder, exist_ok=True)
            out.save({lit(params.output)})
            print([title for title, _ in parts])
        """
        return solution(*(outline_step(f, f"I read {f} to see its title line and headings.") for f in files),
                        script_step(script, "With python-docx I build the review: the title, then each part in the "
                                    "order asked, its title a Heading 1 and its headings one level down.",
                                    f"Write {params.output}"),
                        outline_step(params.output, "I list the review's paragraphs to check the parts."))
