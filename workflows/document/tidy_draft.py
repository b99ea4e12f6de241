"""Tidy a messy draft: the empty paragraphs someone typed for spacing, double spaces after full
stops and stray spaces at paragraph ends, or text pasted from an email with a manual line break
ending every line (Writer: Find & Replace with regular expressions, or AutoCorrect's "Remove
blank paragraphs" and "Combine single line paragraphs"); one of the three or all at once."""

from __future__ import annotations

import random
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Fix = Literal["blank_paragraphs", "double_spaces", "line_breaks", "all"]
ASK = {  # what to do, said plainly
    "blank_paragraphs": "remove the empty paragraphs that were typed in to space the text out",
    "double_spaces": "replace every run of two or more spaces with a single space and take out the spaces left "
                     "at the start or end of paragraphs",
    "line_breaks": "join the lines of each paragraph back together: replace every manual line break inside a "
                   "paragraph with a single space, so the paragraph flows",
    "all": "remove the empty spacer paragraphs, join each paragraph's manually broken lines with a single space, "
           "and replace every run of spaces with one space (none left at the start or end of a paragraph)",
}
PROBLEM = {  # what the person sees
    "blank_paragraphs": "someone pressed Enter twice between paragraphs, so there are empty paragraphs everywhere",
    "double_spaces": "it is full of double spaces after full stops and stray spaces at the ends of paragraphs",
    "line_breaks": "the text was pasted from an email, so every line ends in a manual line break and the "
                   "paragraphs no longer reflow",
    "all": "it has empty paragraphs used as spacing, lines broken by hand inside the paragraphs, and double "
           "and stray spaces",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    fix: Fix
    ask: str
    problem: str


class Options(SkillParams):
    fix: Fix | None = None
    in_place: bool | None = None


def _wrapped(block: Paragraph, width: int) -> Paragraph:
    """The paragraph with the space closest before every `width` characters made a line break."""
    text, breaks, line_start = block.text, set(), 0
    for i, ch in enumerate(text):
        if ch == " " and i - line_start >= width:
            breaks.add(i)
            line_start = i + 1
    runs, at = [], 0
    for run in block.runs:
        chars = ["\n" if at + k in breaks else c for k, c in enumerate(run.text)]
        runs.append(run.model_copy(update={"text": "".join(chars)}))
        at += len(run.text)
    return block.model_copy(update={"runs": runs})


def _spaced(block: Paragraph, rng: random.Random) -> Paragraph:
    """Two spaces after full stops, now and then a doubled space between words or one at the end."""
    runs = [r.model_copy(update={"text": r.text.replace(". ", ".  ")}) for r in block.runs]
    if rng.random() < 0.4:
        words = runs[0].text.split(" ")
        at = rng.randrange(1, len(words)) if len(words) > 2 else 0
        runs[0] = runs[0].model_copy(update={"text": " ".join(words[:at]) + "  " + " ".join(words[at:])
                                             if at else runs[0].text})
    if rng.random() < 0.5:
        runs[-1] = runs[-1].model_copy(update={"text": runs[-1].text + " "})
    return block.model_copy(update={"runs": runs})


def messy(doc: DocumentContent, fix: Fix, rng: random.Random) -> DocumentContent:
    """The document as a careless draft: the body paragraphs broken, spaced or padded as `fix` says."""
    width = rng.randint(55, 75)

    def body(blocks: list[Paragraph], last: bool) -> list[Paragraph]:
        out = []
        for n, block in enumerate(blocks):
            if block.style == "Normal" and len(block.text) > width + 10 and fix in ("line_breaks", "all"):
                block = _wrapped(block, width)
            if block.style == "Normal" and fix in ("double_spaces", "all") and rng.random() < 0.85:
                block = _spaced(block, rng)
            out.append(block)
            end = last and n == len(blocks) - 1
            if fix in ("blank_paragraphs", "all") and (rng.random() < 0.7 or end):
                out += [Paragraph(runs=[Run(text="")])] * (2 if rng.random() < 0.2 else 1)
        return out

    sections = [s.model_copy(update={"paragraphs": body(s.paragraphs, i == len(doc.sections) - 1)})
                for i, s in enumerate(doc.sections)]
    return doc.model_copy(update={"opening": body(doc.opening, False), "sections": sections})


@register_workflow
class TidyDraft(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.tidy_draft", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Clean up the draft {{ input }}: {{ ask }}. Do not change any wording, formatting or styles. "
            + SAVE["formal"],
            "I got {{ input }} back from a colleague and {{ problem }}. Could you {{ ask }}? The words and their "
            "formatting should stay exactly as they are. " + SAVE["chatty"],
            "{{ input }}: {{ ask }}; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["The draft is tidied as asked, everywhere, the last paragraph included.",
                  "Every word, its bold or italic, each paragraph's style and the tables stay as they were."],
        files=[FileSlot(param="input", type="docx", role="input", description="A messy draft"),
               FileSlot(param="output", type="docx", description="The tidied document")],
        checks=[CheckTemplate(func="document.draft_tidied", bind={"fix": "fix"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        fix = getattr(ctx.options, "fix", None) or ctx.rng.choice(list(ASK))
        for _ in range(10):
            doc = messy(make_document(ctx.rng, ctx.faker), fix, ctx.rng)
            if any("\n" in p.text or "  " in p.text or not p.text for s in doc.sections for p in s.paragraphs):
                break
        else:
            raise WorkflowError(f"no draft with anything to tidy for {fix!r} drawn")
        params = Params(**doc_paths(ctx, doc.file_stem, "clean"), fix=fix, ask=ASK[fix], problem=PROBLEM[fix])
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            document = docx.Document({lit(params.input)})
            fix = {lit(params.fix)}
            if fix in ("blank_paragraphs", "all"):
                for p in document.paragraphs:
                    if not p.text.strip():
                        p._element.getparent().remove(p._element)
            for p in document.paragraphs:
                runs = [r for r in p.runs if r.text]
                for r in runs:
                    if fix in ("line_breaks", "all") and "\\n" in r.text:
                        r.text = re.sub(r"[ \\t]*\\n[ \\t]*", " ", r.text)
                    if fix in ("double_spaces", "all"):
                        r.text = re.sub(r" {{2,}}", " ", r.text)
                if fix in ("double_spaces", "all") and runs:
                    for before, run in zip(runs, runs[1:]):  # a space on both sides of a run boundary
                        if before.text.endswith(" ") and run.text.startswith(" "):
                            run.text = run.text[1:]
                    runs[0].text = runs[0].text.lstrip(" ")
                    runs[-1].text = runs[-1].text.rstrip(" ")
            print(sum(1 for p in document.paragraphs if p.text.strip()), "paragraphs")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I look over {params.input}'s paragraphs to see the mess."),
                        script_step(script, "With python-docx I tidy every paragraph run by run, so the words keep "
                                    "their bold and italic.", "Tidy the draft"),
                        outline_step(params.output, "I list the paragraphs again to confirm the result."))
