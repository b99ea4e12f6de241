"""Turn a section's body into a bulleted or numbered list: one item per paragraph, or split out
of one long paragraph whose points are separated by semicolons."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import Paragraph, Run, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Kind = Literal["bullet", "number"]
STYLE = {"bullet": "List Bullet", "number": "List Number"}
WHAT = ("{% if split_on %}is one long paragraph whose points are separated by semicolons (;); make it a "
        "{{ kind_text }} list with one item per point (no semicolons){% else %}should be a {{ kind_text }} list, "
        "one item per paragraph{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    heading: str
    kind: Kind
    kind_text: str
    split_on: str | None


class Options(SkillParams):
    kind: Kind | None = None
    one_paragraph: bool | None = None
    in_place: bool | None = None


@register_workflow
class MakeList(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.make_list", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f'In {{{{ input }}}}, the body of the "{{{{ heading }}}}" section {WHAT}, using the "{{{{ kind_text }}}}" '
            "list style. Keep the wording and leave the rest of the document as it is. " + SAVE["formal"],
            f'The "{{{{ heading }}}}" part of {{{{ input }}}} is hard to scan - its text {WHAT}. Same words, '
            "nothing else touched. " + SAVE["chatty"],
            f'{{{{ input }}}}, section "{{{{ heading }}}}": body {WHAT}. ' + SAVE["terse"],
        ],
        criteria=["The section's body is a list of the kind asked for, one item per point, wording kept.",
                  "No other paragraph or table changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with headed sections"),
               FileSlot(param="output", type="docx", description="The report with the list")],
        checks=[CheckTemplate(func="document.list_made", bind={"heading": "heading", "kind": "kind",
                                                                "split_on": "split_on"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        kind = getattr(ctx.options, "kind", None) or ctx.rng.choice(["bullet", "number"])
        one = getattr(ctx.options, "one_paragraph", None)
        one = ctx.rng.random() < 0.5 if one is None else one
        for _ in range(10):  # a section of plain paragraphs (without semicolons when they separate the points)
            doc = make_document(ctx.rng, ctx.faker, kind="report")
            plain = [i for i, s in enumerate(doc.sections) if len(s.paragraphs) >= 2 and s.table is None
                     and all(p.style == "Normal" and not (one and ";" in p.text) for p in s.paragraphs)]
            if plain:
                break
        else:
            raise WorkflowError("no report with a section of plain paragraphs drawn")
        at = ctx.rng.choice(plain)
        section = doc.sections[at]
        if one:
            joined = "; ".join(p.text.rstrip(".") for p in section.paragraphs) + "."
            section = section.model_copy(update={"paragraphs": [Paragraph(runs=[Run(text=joined)])]})
            doc = doc.model_copy(update={"sections": [*doc.sections[:at], section, *doc.sections[at + 1:]]})
        params = Params(**doc_paths(ctx, doc.file_stem, "lists"), heading=section.heading, kind=kind,
                        kind_text="bulleted" if kind == "bullet" else "numbered", split_on=";" if one else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            document = docx.Document({lit(params.input)})
            paragraphs = document.paragraphs
            start = next(i for i, p in enumerate(paragraphs)
                         if p.style.name.startswith("Heading") and p.text.strip() == {lit(params.heading)})
            body = []
            for p in paragraphs[start + 1:]:
                if p.style.name.startswith("Heading"):
                    break
                if p.text.strip():
                    body.append(p)
            items = [t.strip() for p in body for t in ({'p.text.split(";")' if params.split_on else '[p.text]'})]
            anchor = body[-1]
            for text in items:
                anchor.insert_paragraph_before(text, style={lit(STYLE[params.kind])})
            for p in body:
                p._element.getparent().remove(p._element)
            print(items)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list the paragraphs to find the {params.heading!r} section "
                                     "and see what its body looks like."),
                        script_step(script, f"I replace the section's body with one {STYLE[params.kind]} paragraph "
                                    "per item, in order.", "Make the list"),
                        outline_step(params.output, "I list the paragraphs again to confirm the list."))
