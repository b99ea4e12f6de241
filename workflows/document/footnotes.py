"""Cite sources in a report: a footnote (or an endnote) after one stated sentence or several,
each reading the source it cites. Writer: Insert > Footnote and Endnote; python-docx has no
notes API, so the reference writes the notes part itself (`workflows.document._notes`)."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.document._links import embedded
from workflows.document._notes import NOTE_CODE, SOURCES, opening, sentences
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Kind = Literal["footnote", "endnote"]
LIST = ("{% for s in sentences %}\n- after the sentence beginning \"{{ s }}\": \"{{ sources[loop.index0] }}\""
        "{% endfor %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    kind: Kind
    sentences: list[str]
    sources: list[str]
    author: str


class Options(SkillParams):
    kind: Kind | None = None
    several: bool | None = None
    in_place: bool | None = None


@register_workflow
class Footnotes(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.footnotes", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Add {{ 'a footnote' if kind == 'footnote' else 'an endnote' }} citing the source to each of these "
            f"sentences of {{{{ input }}}}, its mark right after the sentence's full stop:{LIST}\n"
            "Do not change any text. " + SAVE["formal"],
            f"{{{{ author }}}} was asked where the figures in {{{{ input }}}} come from. Could you cite them with "
            "{{ kind }}s (one each, the mark straight after the full stop)?" + LIST + "\nThe report's wording "
            "stays as it is. " + SAVE["chatty"],
            f"{{{{ input }}}}: {{{{ kind }}}}s, mark after the full stop, text as given:{LIST}\n" + SAVE["terse"],
        ],
        criteria=["Each stated sentence has one note of the kind asked, right after its full stop, citing its source.",
                  "No other note; the text is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report"),
               FileSlot(param="output", type="docx", description="The report with its sources cited")],
        checks=[CheckTemplate(func="document.notes_added",
                              bind={"kind": "kind", "sentences": "sentences", "sources": "sources"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        kind = getattr(ctx.options, "kind", None) or ctx.rng.choice(["footnote", "endnote"])
        several = getattr(ctx.options, "several", None)
        several = ctx.rng.random() < 0.5 if several is None else several
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        body = [p.text for s in doc.sections for p in s.paragraphs if p.style == "Normal"]
        everything = [p.text for p in doc.opening] + [t for s in doc.sections for t in
                                                      [s.heading, *(p.text for p in s.paragraphs)]]
        quotes = [opening(t[a:b]) for t in body for a, b in sentences(t)]
        unique = [q for q in quotes if sum(t.count(q) for t in everything) == 1]
        chosen = ctx.rng.sample(unique, ctx.rng.randint(2, 3) if several else 1)
        chosen.sort(key=lambda q: next(n for n, t in enumerate(everything) if q in t))
        year = doc.date.year
        sources = [ctx.rng.choice(SOURCES).format(month=doc.date.strftime("%B"), year=year, day=ctx.rng.randint(1, 28),
                                                  n=ctx.rng.randint(1, 12), q=ctx.rng.randint(1, 4))
                   for _ in chosen]
        params = Params(**doc_paths(ctx, doc.file_stem, "cited"), kind=kind, sentences=chosen, sources=sources,
                        author=doc.author.split()[0])
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re, docx
            {embedded(NOTE_CODE)}
            document = docx.Document({lit(params.input)})
            for opening, source in zip({lit(params.sentences)}, {lit(params.sources)}):
                paragraph = next(p for p in document.paragraphs if opening in p.text)
                start = paragraph.text.index(opening)
                end = re.compile(r"[.!?](?=\\s|$)").search(paragraph.text, start + len(opening)).end()
                add_note(document, paragraph, end, {lit(params.kind)}, source)
                print("{params.kind} after", repr(paragraph.text[start:end][-40:]), "->", source)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find the sentences."),
                        script_step(script, f"With python-docx I add the {params.kind}s part if it is missing, a note "
                                    "per source, and its reference mark right after each sentence's full stop.",
                                    f"Add the {params.kind}s"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
