"""Take the drafting notes out of a report before it goes out: the TBC lines an author left, the
[bracketed notes for reviewers] standing as paragraphs, the [check figure] notes inside sentences,
or all of them (Writer: Find & Replace with regular expressions, or by hand)."""

from __future__ import annotations

import random

from forge.checks.document_tidy import Marker
from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

WHAT = {
    "tbc": "every paragraph that starts with TBC or TBD (points still to be confirmed)",
    "reviewer": "every paragraph that is just a note for reviewers in square brackets, like [Note: ...]",
    "inline": "the notes in square brackets inside sentences, like [check figure], with the space before each "
              "(keep the sentences)",
    "all": "every drafting note: paragraphs starting with TBC or TBD, paragraphs that are a [bracketed note], "
           "and [bracketed notes] inside sentences with the space before each",
}
PENDING = ["TBC: add the Q{q} figures once Finance confirms them.", "TBC: ask {name} for the final numbers.",
           "TBD: whether this paragraph repeats the summary.", "TBC: chart to go here."]
REVIEWS = ["[Note for reviewers: the figures in this section are provisional.]",
           "[{name}: can we drop this paragraph?]", "[Reviewer note: legal to confirm the wording.]"]
INLINES = ["[check figure]", "[source?]", "[confirm with {name}]", "[update before sending]"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    marker: Marker
    what: str


class Options(SkillParams):
    marker: Marker | None = None
    in_place: bool | None = None


def annotated(doc: DocumentContent, marker: Marker, rng: random.Random, name: str) -> DocumentContent:
    """The report with two to four notes of each kind asked, one of them after its last paragraph."""
    def note(templates: list[str]) -> Paragraph:
        return Paragraph(runs=[Run(text=rng.choice(templates).format(q=rng.randint(1, 4), name=name))])

    sections = [s.model_copy(update={"paragraphs": list(s.paragraphs)}) for s in doc.sections]
    kinds = [k for k in ("tbc", "reviewer", "inline") if marker in (k, "all")]
    for kind in kinds:
        spots = [(i, j) for i, s in enumerate(sections) for j, p in enumerate(s.paragraphs) if p.style == "Normal"
                 and p.runs[-1].text.endswith(".") and not p.text.startswith(("TBC", "TBD", "["))]
        picked = rng.sample(spots, min(len(spots), rng.randint(2, 4)))
        for i, j in sorted(picked, reverse=True):
            block = sections[i].paragraphs[j]
            if kind == "inline":
                last = block.runs[-1]
                text = last.text[:-1] + " " + rng.choice(INLINES).format(name=name) + "."
                sections[i].paragraphs[j] = block.model_copy(update={"runs": [*block.runs[:-1], last.model_copy(
                    update={"text": text})]})
            else:
                sections[i].paragraphs.insert(j + rng.randint(0, 1), note(PENDING if kind == "tbc" else REVIEWS))
    if marker != "inline":  # a note closing the report
        sections[-1].paragraphs.append(note(PENDING if marker in ("tbc", "all") else REVIEWS))
    return doc.model_copy(update={"sections": sections})


@register_workflow
class StripNotes(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.strip_notes", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is about to go out, but it still has drafting notes in it. Delete {{ what }}. Leave "
            "every other paragraph exactly as it is. " + SAVE["formal"],
            "Before I send {{ input }} round, could you clean out {{ what }}? Everything else should stay "
            "word for word. " + SAVE["chatty"],
            "{{ input }}: remove {{ what }}; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["Every drafting note of the kind asked is gone, the last one included.",
                  "Every other paragraph, its style and the tables are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A draft report with notes"),
               FileSlot(param="output", type="docx", description="The report without the notes")],
        checks=[CheckTemplate(func="document.notes_stripped", bind={"marker": "marker"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        marker = getattr(ctx.options, "marker", None) or ctx.rng.choice(list(WHAT))
        doc = annotated(make_document(ctx.rng, ctx.faker, kind="report"), marker, ctx.rng,
                        ctx.faker.first_name())
        params = Params(**doc_paths(ctx, doc.file_stem, "final"), marker=marker, what=WHAT[marker])
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            marker = {lit(params.marker)}
            pending, bracket = re.compile(r"^\\s*(?:TBC|TBD)\\b"), re.compile(r"^\\s*\\[[^\\]]*\\]\\s*$")
            document = docx.Document({lit(params.input)})
            removed = 0
            for p in document.paragraphs:
                if (marker in ("tbc", "all") and pending.match(p.text)) or \\
                        (marker in ("reviewer", "all") and bracket.match(p.text)):
                    p._element.getparent().remove(p._element)
                    removed += 1
                elif marker in ("inline", "all"):
                    for run in p.runs:
                        new = re.sub(r"\\s*\\[[^\\]\\n]*\\]", "", run.text)
                        removed += new != run.text
                        run.text = new
            print(removed, "notes removed")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find the notes."),
                        script_step(script, "With python-docx I delete the note paragraphs and cut the inline notes "
                                    "out of their runs.", "Remove the notes"),
                        outline_step(params.output, "I list the paragraphs again to check nothing else moved."))
