"""Merge a colleague's document into the main one - at the end, or just before a named section -
with its title line kept, left out, or turned into a Heading 1 over its part: Writer's Insert >
Text from File, done so that every paragraph and table of both arrives once, in order."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Place = Literal["end", "before_heading"]
OtherTitle = Literal["keep", "drop", "heading"]
WHERE = "{% if place == 'end' %}at the end of it{% else %}directly before its \"{{ heading }}\" section{% endif %}"
TITLE = ("{% if other_title == 'keep' %}keep its title line as it is{% elif other_title == 'drop' %}leave out its "
         "title line \"{{ other_name }}\"{% else %}turn its title line \"{{ other_name }}\" into a Heading 1{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    other: str
    other_name: str
    colleague: str
    place: Place
    heading: str | None
    other_title: OtherTitle


class Options(SkillParams):
    place: Place | None = None
    other_title: OtherTitle | None = None
    in_place: bool | None = None


@register_workflow
class MergeDocuments(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.merge_documents", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Insert the whole of {{{{ other }}}} into {{{{ input }}}} {WHERE}: every paragraph and table of it, in "
            f"order, with the headings at their levels; {TITLE}. Nothing of {{{{ input }}}} itself changes. "
            + SAVE["formal"],
            f"{{{{ colleague }}}} sent me {{{{ other }}}} to go into our {{{{ input }}}}. Could you bring it all in "
            f"{WHERE} (text, headings and tables as they are) and {TITLE}? " + SAVE["chatty"],
            f"{{{{ input }}}}: merge in {{{{ other }}}} {WHERE}; {TITLE}; both documents otherwise intact. "
            + SAVE["terse"],
        ],
        criteria=["Every paragraph and table of the other document arrives once, in order, at the place asked.",
                  "The main document's own content is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="The main document"),
               FileSlot(param="other", type="docx", role="input", description="The document to merge in"),
               FileSlot(param="output", type="docx", description="The merged document")],
        checks=[CheckTemplate(func="document.documents_merged", paths={"input_file": "input", "other_file": "other"},
                              bind={"place": "place", "heading": "heading", "other_title": "other_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        place = getattr(ctx.options, "place", None) or ctx.rng.choice(["end", "before_heading"])
        other_title = getattr(ctx.options, "other_title", None) or ctx.rng.choice(["keep", "drop", "heading"])
        main = make_document(ctx.rng, ctx.faker, kind="report")
        other = make_document(ctx.rng, ctx.faker, kind=ctx.rng.choice(["report", "memo"]))
        while other.title.split(",")[0] == main.title.split(",")[0]:  # another subject, another file name
            other = make_document(ctx.rng, ctx.faker, kind=ctx.rng.choice(["report", "memo"]))
        other = other.model_copy(update={"sections": other.sections[:3]})
        base = doc_paths(ctx, main.file_stem, "merged")
        folder = base["input"].rsplit("/", 1)[0] + "/" if "/" in base["input"] else ""
        params = Params(**base, other=f"{folder}{other.file_stem}.docx", other_name=other.title,
                        colleague=other.author.split()[0], place=place,
                        heading=ctx.rng.choice(main.headings[1:]) if place == "before_heading" else None,
                        other_title=other_title)
        return params.with_files(input=write_docx(main), other=write_docx(other))

    def reference(self, params: Params) -> ReferenceSolution:
        anchor = ("body[-1]" if params.place == "end" else
                  f"next(p._p for p in main.paragraphs if p.style.name.startswith('Heading') and "
                  f"' '.join(p.text.split()) == {lit(params.heading)})")
        script = f"""
            import copy, docx
            from docx.text.paragraph import Paragraph
            main, other = docx.Document({lit(params.input)}), docx.Document({lit(params.other)})
            body = main.element.body
            anchor = {anchor}
            moved = 0
            for n, element in enumerate(e for e in other.element.body if not e.tag.endswith("}}sectPr")):
                is_title = n == 0 and element.tag.endswith("}}p") and Paragraph(element, other._body).style.name == "Title"
                if is_title and {lit(params.other_title)} == "drop":
                    continue
                clone = copy.deepcopy(element)
                anchor.addprevious(clone)
                if is_title and {lit(params.other_title)} == "heading":
                    Paragraph(clone, main._body).style = main.styles["Heading 1"]
                moved += 1
            print(moved, "elements merged")
            document = main
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find where the text goes."),
                        outline_step(params.other, f"I list {params.other} to see its title and sections."),
                        script_step(script, f"I copy {params.other}'s paragraphs and tables into {params.input} with "
                                    "python-docx, in order, handling its title line as asked.", "Merge the documents"),
                        outline_step(params.output, "I list the merged document to check the order."))
