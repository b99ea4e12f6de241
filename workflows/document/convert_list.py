"""Convert a section's list: bullets made numbered steps or numbered points made bullets (Writer's
Format > Bullets and Numbering), or a list someone typed by hand ("- item", "1) item") made a real
list, the typed marks taken out."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.document import Paragraph, Run, Section, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["bullets", "numbers", "dashes", "typed_numbers"]
Kind = Literal["bullet", "number"]
STYLE = {"bullet": "List Bullet", "number": "List Number"}
SOURCE_STYLE = {"bullets": "List Bullet", "numbers": "List Number"}
SEEN = {  # what the section holds now, as a colleague would describe it
    "bullets": "is a bulleted list",
    "numbers": "is a numbered list",
    "dashes": "was typed by hand, each item starting with a dash or bullet character instead of being a real list",
    "typed_numbers": "was numbered by hand, the numbers typed at the start of each item instead of a real "
                     "numbered list",
}
SHORT = {"bullets": "bullets", "numbers": "numbering", "dashes": "typed dashes", "typed_numbers": "typed numbers"}
HEADINGS = ["Recommendations", "Next Steps", "Action Items", "Proposed Actions"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    heading: str
    source: Source
    seen: str
    short: str
    kind: Kind
    kind_text: str
    style: str
    marks: bool


class Options(SkillParams):
    source: Source | None = None
    kind: Kind | None = None
    in_place: bool | None = None


def _items(ctx: WorkflowContext, title: str) -> list[str]:
    """Three to six recommendations about the report's own subjects."""
    data = corpus("business")
    topic = next((t for t in sorted(data["report_topics"]) if title.lower().startswith(t)),
                 sorted(data["report_topics"])[0])
    subjects, dept = data["report_topics"][topic]["subjects"], ctx.rng.choice(data["departments"])
    templates = ctx.rng.sample(data["recommendation_templates"], min(len(data["recommendation_templates"]),
                                                                       ctx.rng.randint(3, 6)))
    out = []
    for template in templates:
        subject = ctx.rng.choice(subjects)
        out.append(template.format(subject=subject, subject_cap=subject[:1].upper() + subject[1:], dept=dept,
                                   city=ctx.faker.city()))
    return out


def _typed(items: list[str], source: Source, ctx: WorkflowContext) -> list[Paragraph]:
    if source in SOURCE_STYLE:
        return [Paragraph(runs=[Run(text=t)], style=SOURCE_STYLE[source]) for t in items]
    if source == "dashes":
        mark = ctx.rng.choice(["- ", "\u2022 ", "* ", "\u2013 "])
        return [Paragraph(runs=[Run(text=mark + t)]) for t in items]
    form = ctx.rng.choice(["{n}. ", "{n}) ", "({n}) "])
    return [Paragraph(runs=[Run(text=form.format(n=n) + t)]) for n, t in enumerate(items, start=1)]


@register_workflow
class ConvertList(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.convert_list", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'In {{ input }}, the list under "{{ heading }}" {{ seen }}. Make it a {{ kind_text }} list in the '
            '"{{ style }}" style{% if marks %}, with the typed marks taken off the start of the items{% endif %}. '
            "Keep the items' wording and order, and leave the rest of the document as it is. " + SAVE["formal"],
            'The "{{ heading }}" part of {{ input }} {{ seen }}. Could you turn it into a proper {{ kind_text }} '
            "list? Same items in the same order{% if marks %}, just without the hand-typed marks{% endif %}; "
            "nothing else should change. " + SAVE["chatty"],
            '{{ input }}, "{{ heading }}": {{ short }} -> {{ kind_text }} list ({{ style }})'
            "{% if marks %}, typed marks removed{% endif %}. " + SAVE["terse"],
        ],
        criteria=["Every item of the section is a list paragraph of the kind asked for, in the same order.",
                  "The items read as before (without typed marks); nothing else changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a list section"),
               FileSlot(param="output", type="docx", description="The report with the list converted")],
        checks=[CheckTemplate(func="document.list_converted", bind={"heading": "heading", "kind": "kind",
                                                                     "marks": "marks"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        source = getattr(ctx.options, "source", None) or ctx.rng.choice(list(SEEN))
        kinds = [k for k in STYLE if SOURCE_STYLE.get(source) != STYLE[k]]
        kind = getattr(ctx.options, "kind", None) or ctx.rng.choice(kinds)
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        sections = [s for s in doc.sections if s.heading not in HEADINGS]
        heading = ctx.rng.choice([h for h in HEADINGS if h not in doc.headings])
        listed = Section(heading=heading, paragraphs=_typed(_items(ctx, doc.title), source, ctx))
        at = ctx.rng.randint(2, len(sections))  # the list may close the report
        doc = doc.model_copy(update={"sections": [*sections[:at], listed, *sections[at:]]})
        params = Params(**doc_paths(ctx, doc.file_stem, "lists"), heading=heading, source=source, seen=SEEN[source],
                        short=SHORT[source], kind=kind, kind_text="bulleted" if kind == "bullet" else "numbered",
                        style=STYLE[kind], marks=source not in SOURCE_STYLE)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            document = docx.Document({lit(params.input)})
            paragraphs = document.paragraphs
            start = next(i for i, p in enumerate(paragraphs)
                         if p.style.name.startswith("Heading") and p.text.strip() == {lit(params.heading)})
            mark = re.compile(r"^\\s*(?:[-*\\u2022\\u2013]|\\(?\\d{{1,3}}[.)])\\s+")
            items = []
            for p in paragraphs[start + 1:]:
                if p.style.name.startswith("Heading"):
                    break
                if not p.text.strip():
                    continue
                if {lit(params.marks)} and p.runs:
                    p.runs[0].text = mark.sub("", p.runs[0].text)
                p.style = document.styles[{lit(params.style)}]
                items.append(p.text)
            print(len(items), "items:", items)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list the paragraphs to find the {params.heading!r} list and "
                                     "how its items are marked now."),
                        script_step(script, f"I give each item of the section the {params.style} style"
                                    + (", taking the typed mark off its start." if params.marks else "."),
                                    "Convert the list"),
                        outline_step(params.output, "I list the paragraphs again to confirm the list."))
