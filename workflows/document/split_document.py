"""Split a report at a section: into two documents (everything before the heading, and the heading
on), or one section taken out into a document of its own - copied with the report left as it
is, or cut out of it - the new document opening with the report's title line or not."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, slug, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import outline_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Mode = Literal["split", "extract", "cut"]
TASK = ("{% if mode == 'split' %}split {{ input }} in two at the heading \"{{ heading }}\": everything before it goes to "
        "{{ output }}, the heading and everything after it to {{ second }}; leave {{ input }} itself as it is"
        "{% elif mode == 'extract' %}copy the \"{{ heading }}\" section of {{ input }} (its heading and everything up "
        "to the next Heading 1) into a new document {{ second }}, leaving {{ input }} unchanged{% else %}move the "
        "\"{{ heading }}\" section (its heading and everything up to the next Heading 1) out of {{ input }} into a "
        "new document {{ second }}: it is deleted from {{ input }}, which is saved in place{% endif %}")
TITLE = ("{% if title_line %}The new document {{ second }} opens with a copy of the title line \"{{ title }}\"."
         "{% else %}{{ second }} starts directly with the heading, no title line.{% endif %}")


class Params(Prepared):
    input: str
    output: str
    second: str
    mode: Mode
    heading: str
    title: str
    title_line: bool


class Options(SkillParams):
    mode: Mode | None = None
    title_line: bool | None = None


@register_workflow
class SplitDocument(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.split_document", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Please {TASK}. {TITLE} Every paragraph and table keeps its text, styles and order.",
            f"{{{{ input }}}} has grown too big to send as one. Could you {TASK}? {TITLE} Nothing should be reworded.",
            f"Tidy-up of {{{{ input }}}} - {TASK}. {TITLE}",
        ],
        criteria=["Each file holds exactly its part, in order.", "Tables stay with their part; nothing is reworded."],
        files=[FileSlot(param="input", type="docx", role="input", description="A long report"),
               FileSlot(param="output", type="docx", description="The first part, or the report after the edit"),
               FileSlot(param="second", type="docx", description="The new document")],
        checks=[CheckTemplate(func="document.split_off", paths={"file": "output", "second_file": "second"},
                              bind={"mode": "mode", "heading": "heading", "title_line": "title_line"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        mode = getattr(ctx.options, "mode", None) or ctx.rng.choice(["split", "extract", "cut"])
        title_line = getattr(ctx.options, "title_line", None)
        title_line = ctx.rng.random() < 0.5 if title_line is None else title_line
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        heading = ctx.rng.choice(doc.headings[1:])
        folder = ctx.rng.choice(["", "reports/", "docs/"])
        source = f"{folder}{doc.file_stem}.docx"
        params = Params(input=source, output=f"{folder}{doc.file_stem}_part1.docx" if mode == "split" else source,
                        second=f"{folder}{doc.file_stem}_part2.docx" if mode == "split" else
                        f"{folder}{doc.file_stem}_{slug(heading)}.docx", mode=mode, heading=heading, title=doc.title,
                        title_line=title_line)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            from docx.text.paragraph import Paragraph
            def blocks(document):
                body = document.element.body
                return body, [e for e in body if not e.tag.endswith("}}sectPr")]
            def heading_of(document, element):
                if not element.tag.endswith("}}p"):
                    return None
                p = Paragraph(element, document._body)
                return " ".join(p.text.split()) if p.style.name in ("Heading 1", "Title") else None
            def span(document):
                body, items = blocks(document)
                start = next(i for i, e in enumerate(items) if heading_of(document, e) == {lit(params.heading)})
                end = len(items) if {lit(params.mode)} == "split" else next(
                    (j for j in range(start + 1, len(items)) if heading_of(document, items[j]) is not None), len(items))
                return items, start, end
            new = docx.Document({lit(params.input)})
            items, start, end = span(new)
            keep = set(range(start, end)) | ({{0}} if {lit(params.title_line)} else set())
            for i, e in enumerate(items):
                if i not in keep:
                    e.getparent().remove(e)
            new.save({lit(params.second)})
            if {lit(params.mode)} != "extract":
                rest = docx.Document({lit(params.input)})
                items, start, end = span(rest)
                for e in items[start:end]:
                    e.getparent().remove(e)
                rest.save({lit(params.output)})
            print("section spans elements", start, "to", end)
        """
        return solution(outline_step(params.input, f"I list {params.input} to find {params.heading!r} and where its "
                                     "section ends."),
                        script_step(script, "I copy the document with python-docx and delete, in each copy, the "
                                    "paragraphs and tables that belong to the other part.",
                                    f"{params.mode.title()} the document"),
                        outline_step(params.second, f"I list {params.second} to check it."))
