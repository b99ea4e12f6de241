"""Format every mention of a term (a product, a team, a key word) in a report bold, italic or
underlined - what Find & Replace with formatting does - without touching any other text."""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
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

Format = Literal["bold", "italic", "underline"]
STOP = {"should", "before", "during", "within", "between", "across", "because", "without", "through", "period"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    term: str
    format: Format


class Options(SkillParams):
    format: Format | None = None
    in_place: bool | None = None


@register_workflow
class EmphasizeTerm(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.emphasize_term", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'Make every occurrence of the word "{{ term }}" in the body text of {{ input }} {{ format }} (whole '
            "word, in any capitalisation; headings stay as they are). No other text or formatting may change. "
            + SAVE["formal"],
            'Could you make "{{ term }}" stand out in {{ input }}? Every mention in the paragraphs should be '
            "{{ format }} - just that word, nothing around it, and leave the headings. " + SAVE["chatty"],
            '{{ input }}: "{{ term }}" -> {{ format }} everywhere in body paragraphs (whole word, any case). '
            + SAVE["terse"],
        ],
        criteria=["Every mention of the term in the body is formatted as asked.", "No other text changed format."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report"),
               FileSlot(param="output", type="docx", description="The report with the term formatted")],
        checks=[CheckTemplate(func="document.term_formatted", bind={"term": "term", "format": "format"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        fmt = getattr(ctx.options, "format", None) or ctx.rng.choice(["bold", "italic", "underline"])
        doc = make_document(ctx.rng, ctx.faker, kind=ctx.rng.choice(["report", "memo"]))
        body = [p.text for s in doc.sections for p in s.paragraphs] + [p.text for p in doc.opening]
        heads = " ".join([doc.title, *doc.headings]).lower()
        seen = Counter(w for text in body for w in {w.lower() for w in re.findall(r"[A-Za-z]{5,}", text)})
        fits = sorted(w for w, n in seen.items() if n >= 2 and w not in STOP and w not in heads)
        if not fits:
            raise WorkflowError("no word recurs in the body")
        params = Params(**doc_paths(ctx, doc.file_stem, "marked"), term=ctx.rng.choice(fits), format=fmt)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import copy, re, docx
            document = docx.Document({lit(params.input)})
            word = re.compile(r"(?<!\\w)" + re.escape({lit(params.term)}) + r"(?!\\w)", re.I)
            count = 0
            for p in document.paragraphs:
                if p.style.name.startswith(("Heading", "Title")):
                    continue
                for run in list(p.runs):
                    pieces = [piece for piece in word.split(run.text)]
                    hits = word.findall(run.text)
                    if not hits:
                        continue
                    parts = [pieces[0]]
                    for hit, rest in zip(hits, pieces[1:]):
                        parts += [hit, rest]
                    run.text = parts[0]
                    anchor = run._r
                    for i, text in enumerate(parts[1:], start=1):
                        new = copy.deepcopy(run._r)
                        anchor.addnext(new)
                        anchor = new
                        piece = docx.text.run.Run(new, p)
                        piece.text = text
                        if i % 2:
                            piece.font.{params.format} = True
                            count += 1
            print(count, "mentions formatted")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I skim {params.input}'s paragraphs for {params.term!r}."),
                        script_step(script, f"I split each run around the whole-word matches and set {params.format} "
                                    "on the matched pieces only, copying the run's other formatting.",
                                    f"Format {params.term}"),
                        outline_step(params.output, "I list the paragraphs again: the text must read the same."))
