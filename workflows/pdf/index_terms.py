"""Make a small index of a report PDF for a few words: the pages each is on (as a book's index
has it), how often each appears, or the first page each is on; the lines in the order asked or
A-Z. What an editor or a reviewer jots down before a meeting."""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal

from forge.checks.pdf_pages import mentions
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import STOP, report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Report = Literal["pages", "count", "first"]
_WHAT = ("{% if report == 'pages' %}the numbers of the pages it appears on, ascending, separated by commas"
         "{% elif report == 'count' %}how many times it appears in the whole PDF{% else %}the number of the first "
         "page it appears on{% endif %}")
_ORDER = "{% if alphabetical %}sorted A-Z by word{% else %}in the order I listed the words{% endif %}"
_TERMS = "{{ terms | join(', ') }}"


class Options(SkillParams):
    report: Report | None = None
    alphabetical: bool | None = None


class Params(Prepared):
    input: str
    output: str
    terms: list[str]
    report: Report
    alphabetical: bool


@register_workflow
class IndexTerms(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.index_terms", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Make an index of {{ input }} for these words: " + _TERMS + ". Write {{ output }} with one line per word, "
            "\"word: answer\", giving " + _WHAT + ", the lines " + _ORDER + ". Whole words only, case ignored.",
            "Before the review I need to know where a few words come up in {{ input }}: " + _TERMS + ". Could you "
            "put one line per word in {{ output }}, like \"word: ...\", with " + _WHAT + "? Lines " + _ORDER
            + ", whole words only, any case.",
            "{{ input }} -> {{ output }}: \"word: answer\" per word (" + _TERMS + "), answer = " + _WHAT + "; "
            + _ORDER + "; whole words, case ignored.",
        ],
        criteria=["One line per word asked about, in the order asked, with the right answer for it.",
                  "Nothing else in the file."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="txt", description="The index, one line per word")],
        checks=[CheckTemplate(func="pdf.index_listed", bind={"terms": "terms", "report": "report",
                                                             "alphabetical": "alphabetical"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        doc, pages, data = report_pdf(ctx, min_pages=4)
        words = Counter(w.lower() for w in re.findall(r"[A-Za-z]{6,}", " ".join(pages)))
        fits = sorted(w for w in words if w not in STOP and not w.endswith(("ed", "ly", "ing"))  # nouns, mostly
                      and 0 < sum(bool(mentions(p, w)) for p in pages) < len(pages))
        if len(fits) < 3:
            raise WorkflowError("fewer than three words are on some pages but not all")
        terms = ctx.rng.sample(fits, ctx.rng.choice([3, 4]))
        alphabetical = opts.alphabetical if opts.alphabetical is not None else ctx.rng.random() < 0.5
        if alphabetical and terms == sorted(terms):
            terms.reverse()  # asked in another order than A-Z, so the order matters
        params = Params(input=f"{ctx.rng.choice(['', 'reports/', 'review/'])}{doc.file_stem}.pdf",
                        output=f"{doc.file_stem}_index.txt", terms=terms,
                        report=opts.report or ctx.rng.choice(["pages", "count", "first"]), alphabetical=alphabetical)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader
            texts = [" ".join((p.extract_text() or "").split()) for p in PdfReader({lit(params.input)}).pages]
            terms = {lit(params.terms)}
            if {lit(params.alphabetical)}:
                terms = sorted(terms, key=str.casefold)
            lines = []
            for term in terms:
                hits = [len(re.findall(r"(?<!\\w)" + re.escape(term) + r"(?!\\w)", t, re.I)) for t in texts]
                pages = [n for n, h in enumerate(hits, start=1) if h]
                answer = {{"pages": ", ".join(map(str, pages)), "count": str(sum(hits)),
                          "first": str(pages[0] if pages else 0)}}[{lit(params.report)}]
                lines.append(f"{{term}}: {{answer}}")
            with open({lit(params.output)}, "w") as out:
                out.write("\\n".join(lines) + "\\n")
            print("\\n".join(lines))
        """
        return solution(script_step(script, f"I extract each page's text of {params.input} with pypdf, count each "
                                    "word's whole-word matches per page, and write one line per word.",
                                    f"Write {params.output}"))
