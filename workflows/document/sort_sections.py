"""Sort a document's sections by their headings: supplier or office profiles A to Z (or Z to A),
meeting minutes or status updates by the date in the heading, oldest or newest first; either a
whole document of such entries (its Heading 1 sections) or one appendix chapter of a report (its
Heading 2 sub-sections). Writer: the Navigator's Promote/Demote Chapter or cut and paste."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, Section, make_document, slug, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.document._entries import ENTRY_KINDS, entries
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Key = Literal["text", "date"]
ORDER = {("text", False): ("alphabetically by heading, A to Z", "A-Z"),
         ("text", True): ("in reverse alphabetical order of their headings, Z to A", "Z-A"),
         ("date", False): ("by the date in each heading, oldest first", "oldest first"),
         ("date", True): ("by the date in each heading, newest first", "newest first")}
WHERE = ('{% if within %}the sub-sections of the "{{ within }}" chapter of {{ input }} (its Heading 2 headings)'
         "{% else %}the sections of {{ input }} (its Heading 1 headings){% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    key: Key
    descending: bool
    within: str | None
    what: str
    order_text: str
    order_short: str


class Options(SkillParams):
    key: Key | None = None
    descending: bool | None = None
    appendix: bool | None = None
    in_place: bool | None = None


@register_workflow
class SortSections(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.sort_sections", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Sort {WHERE} {{{{ order_text }}}}. Each section moves whole, with everything under its heading; "
            "leave the rest of the document as it is. " + SAVE["formal"],
            "The {{ what }} in {{ input }} are in no particular order{% if within %} (they are the sub-sections "
            'of "{{ within }}"){% endif %}. Could you put them {{ order_text }}? Each one keeps its own text, and '
            "nothing else should move. " + SAVE["chatty"],
            '{{ input }}: sort the {% if within %}Heading 2 sub-sections of "{{ within }}"{% else %}Heading 1 '
            "sections{% endif %} {{ order_short }}, whole sections. " + SAVE["terse"],
        ],
        criteria=["The sections stand in the order asked, by their headings.",
                  "Each section keeps all of its own text; everything else reads as before."],
        files=[FileSlot(param="input", type="docx", role="input", description="Entries under headings"),
               FileSlot(param="output", type="docx", description="The document, sections sorted")],
        checks=[CheckTemplate(func="document.sections_sorted", bind={"key": "key", "descending": "descending",
                                                                      "within": "within"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        key = getattr(ctx.options, "key", None) or ctx.rng.choice(["text", "date"])
        descending = getattr(ctx.options, "descending", None)
        descending = ctx.rng.random() < 0.5 if descending is None else descending
        appendix = getattr(ctx.options, "appendix", None)
        appendix = ctx.rng.random() < 0.5 if appendix is None else appendix
        kind = ctx.rng.choice([k for k, spec in ENTRY_KINDS.items() if spec.key == key])
        spec, items = ENTRY_KINDS[kind], entries(ctx, kind, ctx.rng.randint(4, 7))
        if appendix:
            doc = make_document(ctx.rng, ctx.faker, kind="report")
            chapter = Section(heading=f"Appendix: {spec.title}", paragraphs=[Paragraph(runs=[Run(text=spec.intro)])])
            subs = [s.model_copy(update={"level": 2}) for s in items]
            after = [Section(heading="Document history", paragraphs=[Paragraph(runs=[Run(
                text=f"Version 1.{ctx.rng.randint(1, 4)} circulated to the leadership team.")])])] \
                if ctx.rng.random() < 0.5 else []
            doc = doc.model_copy(update={"sections": [*doc.sections, chapter, *subs, *after]})
            within: str | None = chapter.heading
        else:
            date = dt.date(2025, 1, 1) + dt.timedelta(days=ctx.rng.randrange(365))
            doc = DocumentContent(kind="report", title=f"{spec.title} {date.year}", date=date,
                                  author=ctx.faker.name(), organisation=ctx.faker.company(),
                                  file_stem=slug(spec.title), opening=[Paragraph(runs=[Run(text=spec.intro)])],
                                  sections=items)
            within = None
        text, short = ORDER[(key, descending)]
        params = Params(**doc_paths(ctx, doc.file_stem, "sorted"), key=key, descending=descending, within=within,
                        what=spec.title.lower(), order_text=text, order_short=short)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import datetime, re
            import docx
            from docx.oxml.ns import qn
            from docx.text.paragraph import Paragraph
            document = docx.Document({lit(params.input)})
            body = document.element.body
            kids = [k for k in body.iterchildren() if k.tag != qn("w:sectPr")]
            def level(k):
                if k.tag != qn("w:p"):
                    return None
                name = Paragraph(k, document._body).style.name
                tail = name.split()[-1]
                return int(tail) if name.startswith("Heading ") and tail.isdigit() else None
            def text(k):
                return Paragraph(k, document._body).text.strip()
            within, depth = {lit(params.within)}, 1
            start, end = 0, len(kids)
            if within:
                start = next(i for i, k in enumerate(kids) if level(k) == 1 and text(k) == within) + 1
                end = next((j for j in range(start, len(kids)) if level(kids[j]) == 1), len(kids))
                depth = 2
            starts = [i for i in range(start, end) if level(kids[i]) == depth]
            groups = [kids[a:b] for a, b in zip(starts, starts[1:] + [end])]
            def key(group):
                if {lit(params.key)} == "text":
                    return text(group[0]).casefold()
                found = re.search(r"\\d{{1,2}} [A-Z][a-z]+ \\d{{4}}", text(group[0]))
                return datetime.datetime.strptime(found.group(), "%d %B %Y")
            groups.sort(key=key, reverse={lit(params.descending)})
            anchor = kids[end] if end < len(kids) else body.find(qn("w:sectPr"))
            for group in groups:
                for element in group:
                    anchor.addprevious(element)  # moves it: lxml keeps one parent
            print([text(g[0]) for g in groups])
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s headings to see the sections and "
                                     "their order."),
                        script_step(script, "With python-docx I move each section's block of paragraphs and tables, "
                                    "heading first, into the order asked.", "Sort the sections"),
                        outline_step(params.output, "I list the headings again to check the order."))
