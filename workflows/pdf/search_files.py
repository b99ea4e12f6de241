"""Search four report PDFs for a word and write down what was found: which files mention it (or
both of two words, either of them, or neither), how many times each file mentions it, or on which
pages of each file it is. Whole words, case ignored. What someone does before a review to know
which documents to read."""

from __future__ import annotations

import itertools
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

Search = Literal["word", "both", "either", "neither"]
Report = Literal["names", "counts", "pages"]
Match = Literal["all", "any", "none"]
MATCH: dict[str, Match] = {"word": "all", "both": "all", "either": "any", "neither": "none"}
SLOTS = ("first", "second", "third", "fourth")
_FILES = "{{ first }}, {{ second }}, {{ third }} and {{ fourth }}"
_T = "\"{{ terms[0] }}\""
_ASK = ("{% if report == 'counts' %}how many times each of them mentions the word " + _T + ": one line per file, "
        "\"file name: count\" (0 when it does not){% elif report == 'pages' %}on which pages each of them mentions "
        "the word " + _T + ": one line per file that mentions it, \"file name: page numbers\" (ascending, comma-"
        "separated){% else %}which of them mention {% if terms | length == 1 %}the word " + _T + "{% elif match == "
        "'all' %}both " + _T + " and \"{{ terms[1] }}\"{% elif match == 'any' %}" + _T + " or \"{{ terms[1] }}\" "
        "(either is enough){% else %}neither " + _T + " nor \"{{ terms[1] }}\"{% endif %}: one file name per line"
        "{% endif %}")


class Options(SkillParams):
    search: Search | None = None
    report: Report | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    fourth: str
    output: str
    terms: list[str]
    match: Match
    report: Report


def _words(pages: list[str]) -> set[str]:
    found = Counter(w.lower() for w in re.findall(r"[A-Za-z]{6,}", " ".join(pages)))
    return {w for w in found if w not in STOP and not w.endswith(("ed", "ly", "ing"))}


def pick_terms(ctx: WorkflowContext, docs: list[list[str]], search: Search) -> list[str]:
    """One word or two whose answer picks some files and not others (and, for two words, an answer
    neither word alone gives)."""
    vocab = sorted(set.union(*(_words(d) for d in docs)))
    has = {w: frozenset(k for k, d in enumerate(docs) if any(mentions(p, w) for p in d)) for w in vocab}
    some = [w for w in vocab if 0 < len(has[w]) < len(docs)]
    if search == "word":
        if not some:
            raise WorkflowError("no word is in some files but not all")
        return [ctx.rng.choice(some)]
    combine = {"both": lambda a, b: a & b, "either": lambda a, b: a | b,
               "neither": lambda a, b: frozenset(range(len(docs))) - (a | b)}[search]
    pairs = [(a, b) for a, b in itertools.combinations(some, 2)
             if 0 < len(combine(has[a], has[b])) < len(docs) and has[a] != has[b]]
    if not pairs:
        raise WorkflowError(f"no two words give a {search} answer that picks some files")
    return list(ctx.rng.choice(pairs))


@register_workflow
class SearchFiles(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.search_files", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Search the reports " + _FILES + " and write to {{ output }} " + _ASK + ", in the order the files are "
            "listed here. Whole words only, case ignored.",
            "Before the review I need to know where to look. Could you go through " + _FILES + " and note in "
            "{{ output }} " + _ASK + "? Keep the files in the order I gave them; whole words, any case.",
            _FILES + " -> {{ output }}: " + _ASK + "; files in the order listed; whole words, case ignored.",
        ],
        criteria=["One line per file asked about, in the order listed, with the right answer for it.",
                  "Nothing else in the file."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A report, one section per page")
                 for s in SLOTS),
               FileSlot(param="output", type="txt", description="What the search found")],
        checks=[CheckTemplate(func="pdf.files_searched", paths={f"{s}_file": s for s in SLOTS},
                              bind={"terms": "terms", "match": "match", "report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        search: Search = opts.search or ctx.rng.choice(["word", "both", "either", "neither"])
        report: Report = (opts.report or ctx.rng.choice(["names", "counts", "pages"])) if search == "word" else "names"
        drawn, stems = [], set()
        while len(drawn) < len(SLOTS):
            doc, pages, data = report_pdf(ctx)
            if doc.file_stem not in stems:
                stems.add(doc.file_stem)
                drawn.append((doc.file_stem, pages, data))
        terms = pick_terms(ctx, [pages for _, pages, _ in drawn], search)
        folder = ctx.rng.choice(["", "reports/", "review/"])
        params = Params(**{s: f"{folder}{stem}.pdf" for s, (stem, _, _) in zip(SLOTS, drawn, strict=True)},
                        output=f"search_{'_'.join(terms)}.txt", terms=terms, match=MATCH[search], report=report)
        return params.with_files(**{s: data for s, (_, _, data) in zip(SLOTS, drawn, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth]
        script = f"""
            import os, re
            from pypdf import PdfReader
            terms, match, report = {lit(params.terms)}, {lit(params.match)}, {lit(params.report)}
            def hits(text, term):
                return len(re.findall(r"(?<!\\w)" + re.escape(term) + r"(?!\\w)", " ".join(text.split()), re.I))
            lines = []
            for path in {lit(files)}:
                pages = [page.extract_text() or "" for page in PdfReader(path).pages]
                per_page = [hits(p, terms[0]) for p in pages]
                found = [any(hits(p, t) for p in pages) for t in terms]
                name = os.path.basename(path)
                if report == "counts":
                    lines.append(f"{{name}}: {{sum(per_page)}}")
                elif report == "pages" and found[0]:
                    lines.append(name + ": " + ", ".join(str(n) for n, h in enumerate(per_page, start=1) if h))
                elif report == "names" and {{"all": all, "any": any, "none": lambda f: not any(f)}}[match](found):
                    lines.append(name)
            with open({lit(params.output)}, "w") as out:
                out.write("\\n".join(lines) + "\\n")
            print("\\n".join(lines))
        """
        return solution(script_step(script, "I extract each file's page text with pypdf, count the whole-word "
                                    "matches per page and write one line per file as asked.",
                                    f"Write {params.output}"))
