"""A table of contents after a report's title line: a TOC field over the top-level headings or
the first two levels (the report has sub-sections), with a title line or none. Writer: Insert >
Table of Contents and Index; python-docx cannot lay out pages, so the reference writes the field
with one entry per heading and asks Word to refresh the page numbers when it opens the file."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

LEVELS = ("{% if levels == 1 %}only the top-level (Heading 1) headings{% else %}the Heading 1 and Heading 2 headings"
          "{% endif %}")
TITLE = "{% if title %}titled \"{{ title }}\"{% else %}with no title line of its own{% endif %}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    levels: Literal[1, 2]
    title: str | None


class Options(SkillParams):
    levels: Literal[1, 2] | None = None
    titled: bool | None = None
    in_place: bool | None = None


@register_workflow
class TableOfContents(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_of_contents", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Insert a table of contents into {{{{ input }}}} right after the title line, listing {LEVELS}, {TITLE}. "
            "It must be a real contents field, not typed text. Leave the rest of the document as it is. "
            + SAVE["formal"],
            f"{{{{ input }}}} is long enough to need a table of contents. Could you add one just below the title, "
            f"{TITLE}, covering {LEVELS}? Nothing else should change. " + SAVE["chatty"],
            f"{{{{ input }}}}: TOC after the title; {LEVELS}; {TITLE}. " + SAVE["terse"],
        ],
        criteria=["One table of contents field right after the title, over the levels asked, titled as asked.",
                  "Its entries are the headings in order; the rest of the document is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with sub-sections"),
               FileSlot(param="output", type="docx", description="The report with a table of contents")],
        checks=[CheckTemplate(func="document.contents_inserted", bind={"levels": "levels", "title": "title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        levels = getattr(ctx.options, "levels", None) or ctx.rng.choice([1, 2])
        titled = getattr(ctx.options, "titled", None)
        titled = ctx.rng.random() < 0.5 if titled is None else titled
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        subs = set(ctx.rng.sample(range(1, len(doc.sections)), max(1, len(doc.sections) // 3)))
        sections = [s.model_copy(update={"level": 2}) if i in subs else s for i, s in enumerate(doc.sections)]
        doc = doc.model_copy(update={"sections": sections})
        params = Params(**doc_paths(ctx, doc.file_stem, "toc"), levels=levels,
                        title=ctx.rng.choice(["Contents", "Table of Contents", "In this report"]) if titled else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            from docx.oxml import OxmlElement
            from docx.oxml.ns import qn
            from docx.shared import Cm
            document = docx.Document({lit(params.input)})
            levels, title = {lit(params.levels)}, {lit(params.title)}
            paragraphs = document.paragraphs
            heads = [(int(p.style.name.split()[-1]), p.text) for p in paragraphs
                     if p.style.name.startswith("Heading ") and p.style.name.split()[-1].isdigit()
                     and int(p.style.name.split()[-1]) <= levels]
            def field_char(kind):
                run = OxmlElement("w:r"); char = OxmlElement("w:fldChar"); char.set(qn("w:fldCharType"), kind)
                run.append(char); return run
            anchor = paragraphs[0]._p  # the title line
            lines = []
            if title:
                lines.append(document.add_paragraph(title, style="TOC Heading"))
            for n, (level, text) in enumerate(heads):
                entry = document.add_paragraph()
                entry.paragraph_format.left_indent = Cm(0.6 * (level - 1))
                if n == 0:
                    instr = OxmlElement("w:instrText"); instr.set(qn("xml:space"), "preserve")
                    instr.text = f' TOC \\\\o "1-{{levels}}" \\\\h \\\\z \\\\u '
                    run = OxmlElement("w:r"); run.append(instr)
                    for part in (field_char("begin"), run, field_char("separate")):
                        entry._p.append(part)
                entry.add_run(text)
                if n == len(heads) - 1:
                    entry._p.append(field_char("end"))
                lines.append(entry)
            for line in reversed(lines):
                anchor.addnext(line._p)
            update = OxmlElement("w:updateFields"); update.set(qn("w:val"), "true")
            document.settings.element.append(update)  # Word fills in the page numbers on opening
            print(len(heads), "entries")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s headings and their levels."),
                        script_step(script, "With python-docx I write a TOC field after the title: one entry line "
                                    "per heading of the asked levels, in order.", "Insert the table of contents"),
                        outline_step(params.output, "I list the paragraphs again to see the contents in place."))
