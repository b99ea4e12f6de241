"""Add a table of contents under a markdown document's title, listing its section headings."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import make_notes, make_readme
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    document: str
    title: str
    level: int


@register_workflow
class MarkdownToc(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.markdown_toc", apps=["text"], params=Params,
        phrasings=[
            'Add a table of contents to {{ document }}: right after the title line, insert a "## {{ title }}" '
            "heading followed by a bullet list with one item per level {{ level }} heading of the document, in "
            "order (plain text or links to the sections). Keep everything else as it is and save the file.",
            "{{ document }} is getting long. Could you put a '{{ title }}' section (a level 2 heading) just under "
            "the title, listing every level {{ level }} heading as a bullet point in document order? Edit the file "
            "in place and don't change the rest.",
            '{{ document }}: insert "## {{ title }}" after line 1, then "- <heading>" for each level {{ level }} '
            "heading, in order. Rest unchanged; save in place.",
        ],
        criteria=["A contents heading sits right after the title, followed by one bullet per section heading, "
                  "in order.", "The rest of the document is unchanged."],
        files=[FileSlot(param="document", type="md", role="in_place", description="A markdown document")],
        checks=[CheckTemplate(func="text.markdown_toc", bind={"title": "title", "level": "level"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        doc = make_notes(ctx.rng, ctx.faker) if ctx.rng.random() < 0.6 else make_readme(ctx.rng, ctx.faker)
        folder = "notes" if doc.kind == "notes" else ctx.faker.word()
        params = Params(document=f"{folder}/{doc.file_name}", title=ctx.rng.choice(["Contents", "Table of Contents"]),
                        level=2)
        return params.with_files(document=doc.data)


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            path = {lit(params.document)}
            lines = open(path, encoding="utf-8").read().splitlines()
            fenced, headings = False, []
            for line in lines[1:]:
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                elif not fenced and re.match(r"^{'#' * params.level} \\S", line):
                    headings.append(line[{params.level + 1}:].strip())
            toc = ["", "## " + {lit(params.title)}, "", *("- " + h for h in headings)]
            with open(path, "w", encoding="utf-8") as out:
                out.write("\\n".join(lines[:1] + toc + lines[1:]) + "\\n")
            print("\\n".join(toc))
        """
        return solution(script_step(script, f"I'll collect the level-{params.level} headings of {params.document} "
                                    "(skipping code blocks) and insert a contents list after the title line.",
                                    f"Insert the {params.title} list into {params.document}"))
