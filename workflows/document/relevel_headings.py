"""Re-level a report's outline as Writer's navigator does with Promote/Demote Level: every heading
down a level for a report becoming a chapter, up a level for sections copied out of a bigger
report, headings that skip a level (an accessibility checker's complaint) brought under their
parent, or named sections nested, with their sub-sections, under the section before them."""

from __future__ import annotations

import random
import textwrap

from forge.checks.document_outline import Op
from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Section, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SUBHEADS = ["Background", "Approach", "Results by region", "Risks", "Costs", "Open questions", "Timeline",
            "Lessons learned", "Dependencies", "Budget impact"]
ASK = {
    "demote_all": "every heading has to go down one level: Heading 1 becomes Heading 2 and Heading 2 becomes "
                  "Heading 3 (the title line stays as it is), because the report is going into a bigger document "
                  "as one chapter",
    "promote_all": "its sections were copied out of a bigger report and still sit at Heading 2 and Heading 3; every "
                   "heading has to come up one level (Heading 2 becomes Heading 1, Heading 3 becomes Heading 2; the "
                   "title line stays as it is)",
    "fix_skips": "the accessibility checker complains that some headings skip a level (a Heading 3 straight under a "
                 "Heading 1); each such heading has to come up to the level just below the heading before it, and "
                 "headings that do not skip stay where they are",
    "nest": "{named} must become sub-sections of \"{parent}\", the section before {them}: {their} heading goes down "
            "one level, and so does every sub-heading inside {them}",
}
CODE = {
    "demote_all": "new = [n + 1 for n in levels]",
    "promote_all": "new = [max(1, n - 1) for n in levels]",
    "fix_skips": "new = []\nfor n in levels:\n    new.append(min(n, (new[-1] if new else 0) + 1))",
    "nest": "new, inside = [], None\nfor n, t in zip(levels, texts):\n    if inside is not None and n <= inside:\n"
            "        inside = None\n    if inside is None and t in NAMED:\n        inside = n\n"
            "    new.append(n + 1 if inside is not None else n)",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    op: Op
    sections: list[str]
    ask: str


class Options(SkillParams):
    op: Op | None = None
    in_place: bool | None = None


def outlined(doc: DocumentContent, op: Op, rng: random.Random) -> tuple[DocumentContent, list[str]]:
    """The report with level-2 sub-sections split off some chapters (their last paragraph), levels
    set up for `op`: shifted down for promote_all, a skip (the last sub-section's among them) for
    fix_skips; and, for nest, the one or two chapters to nest (the first with a sub-section)."""
    subheads = iter(rng.sample(SUBHEADS, len(SUBHEADS)))
    chapters: list[list[Section]] = []
    for n, section in enumerate(doc.sections):
        group = [section]
        if len(section.paragraphs) >= 2 and section.table is None and (n == 1 or rng.random() < 0.6):
            group = [section.model_copy(update={"paragraphs": section.paragraphs[:-1]}),
                     Section(heading=next(subheads), level=2, paragraphs=section.paragraphs[-1:])]
        chapters.append(group)
    named: list[str] = []
    if op == "nest":
        firsts = [i for i in range(1, len(chapters) - 1) if len(chapters[i]) > 1] or [1]
        first = rng.choice(firsts)
        named = [chapters[first][0].heading] + ([chapters[first + 1][0].heading] if rng.random() < 0.5 else [])
    sections = [s for group in chapters for s in group]
    if op == "promote_all":
        sections = [s.model_copy(update={"level": s.level + 1}) for s in sections]
    if op == "fix_skips":
        subs = [i for i, s in enumerate(sections) if s.level == 2]
        for i in {subs[-1], *rng.sample(subs, rng.randint(0, len(subs) - 1))}:
            sections[i] = sections[i].model_copy(update={"level": 3})
    return doc.model_copy(update={"sections": sections}), named


@register_workflow
class RelevelHeadings(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.relevel_headings", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Please fix the outline of {{ input }}: {{ ask }}. Change only the heading levels - no heading is "
            "renamed, and the body text and tables stay as they are. " + SAVE["formal"],
            "Quick one on {{ input }}: {{ ask }}. Don't reword anything, it's just the levels. " + SAVE["chatty"],
            "{{ input }}: re-level the headings - {{ ask }}. Texts unchanged. " + SAVE["terse"],
            "The navigator of {{ input }} should show the right structure, and right now it doesn't: {{ ask }}. "
            "Nothing but the heading levels should change. " + SAVE["formal"],
        ],
        criteria=["Every heading stands at the level asked, the last one included; none is renamed.",
                  "Body paragraphs, the title line and the tables are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a multi-level outline"),
               FileSlot(param="output", type="docx", description="The report with its headings re-levelled")],
        checks=[CheckTemplate(func="document.headings_relevelled", bind={"op": "op", "sections": "sections"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op: Op = getattr(ctx.options, "op", None) or ctx.rng.choice(sorted(CODE))
        doc, named = outlined(make_document(ctx.rng, ctx.faker, kind="report"), op, ctx.rng)
        ask = ASK[op]
        if op == "nest":
            at = [s.heading for s in doc.sections].index(named[0])
            parent = next(s.heading for s in reversed(doc.sections[:at]) if s.level == 1)
            quoted = " and ".join(f'"{n}"' for n in named)
            ask = ask.format(named=f"the section {quoted}" if len(named) == 1 else f"the sections {quoted}",
                             parent=parent, them="it" if len(named) == 1 else "them",
                             their="its" if len(named) == 1 else "each one's")
        params = Params(**doc_paths(ctx, doc.file_stem, "outline"), op=op, sections=named, ask=ask)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        head = f"""
            import docx
            NAMED = {lit(params.sections)}
            document = docx.Document({lit(params.input)})
            heads = [p for p in document.paragraphs if p.style.name.startswith("Heading ") and p.text.strip()]
            levels = [int(p.style.name.split()[-1]) for p in heads]
            texts = [" ".join(p.text.split()) for p in heads]
        """
        tail = f"""
            for p, old, n in zip(heads, levels, new):
                if n != old:
                    p.style = document.styles[f"Heading {{n}}"]
                    print(old, "->", n, p.text)
            {save_code(params.output)}
        """
        script = textwrap.dedent(head) + CODE[params.op] + "\n" + textwrap.dedent(tail)
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs with their styles to see "
                                     "the outline."),
                        script_step(script, "With python-docx I work out each heading's new level and give it that "
                                    "Heading style, leaving its text alone.", "Re-level the headings"),
                        outline_step(params.output, "I list the outline again to check the levels."))
