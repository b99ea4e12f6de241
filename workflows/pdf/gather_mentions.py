"""Put the pages of three reports (PDF) that mention a word - or both of two words, or either of
them - together in one PDF for a briefing, report by report in the order listed, each report's
first page in front of its matching pages when asked. The words are drawn so that what counts as
a match changes the answer (a page with only one of the two words exists)."""

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

Match = Literal["word", "both", "either"]
SLOTS = ("first", "second", "third")
_FILES = "{{ first }}, {{ second }} and {{ third }}"
_WHICH = ("{% if match == 'word' %}the word \"{{ terms[0] }}\"{% elif match == 'both' %}both \"{{ terms[0] }}\" and "
          "\"{{ terms[1] }}\" (a page with only one of them does not count){% else %}\"{{ terms[0] }}\" or "
          "\"{{ terms[1] }}\" (either is enough){% endif %}")
_HOW = ("whole words, capitals ignored; report by report in the order listed, each report's pages in order"
        "{% if with_first_page %}, with each report's first page in front of its pages (for the reports that have "
        "any){% endif %}")


class Options(SkillParams):
    match: Match | None = None
    with_first_page: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    terms: list[str]
    match: Match
    every_term: bool
    with_first_page: bool


def _hits(texts: list[list[str]], terms: list[str], every: bool) -> list[list[int]]:
    test = all if every else any
    return [[n for n, page in enumerate(pages, start=1) if test(mentions(page, t) for t in terms)] for pages in texts]


def draw_terms(ctx: WorkflowContext, texts: list[list[str]], match: Match, cover: bool) -> list[str]:
    """Words whose matches hit some pages but not all, where the match rule matters and (with the
    first pages asked) some report's matches do not already start at its first page."""
    flat = [p for pages in texts for p in pages]
    words = Counter(w.lower() for w in re.findall(r"[A-Za-z]{6,}", " ".join(flat)))
    common = sorted(w for w in words if w not in STOP and 2 <= sum(bool(mentions(p, w)) for p in flat) < len(flat))
    choices = [[w] for w in common] if match == "word" else [list(p) for p in itertools.combinations(common, 2)]
    ctx.rng.shuffle(choices)
    for terms in choices[:400]:
        hits = _hits(texts, terms, match != "either")
        count = sum(map(len, hits))
        if not 0 < count < len(flat) or (cover and not any(h and h[0] != 1 for h in hits)):
            continue
        if match != "word" and hits == _hits(texts, terms, match == "either"):
            continue  # both and either would pick the same pages
        return terms
    raise WorkflowError(f"no words fit a {match!r} match in these reports")


@register_workflow
class GatherMentions(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.gather_mentions", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Put every page of the reports " + _FILES + " that mentions " + _WHICH + " together in one PDF, "
            "{{ output }}: " + _HOW + ". Leave the reports as they are.",
            "For tomorrow's briefing I only need the pages of " + _FILES + " that talk about " + _WHICH + ". Could "
            "you pull them into {{ output }}? " + _HOW[0].upper() + _HOW[1:] + ".",
            _FILES + " -> {{ output }}: the pages mentioning " + _WHICH + "; " + _HOW + ".",
        ],
        criteria=["Exactly the pages that mention the words as asked, whole words, from every report.",
                  "Report by report in the order listed, pages in order, the first pages only when asked."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A report, one section per page")
                 for s in SLOTS),
               FileSlot(param="output", type="pdf", description="The matching pages")],
        checks=[CheckTemplate(func="pdf.mentions_gathered", paths={f"{s}_file": s for s in SLOTS},
                              fixed={"fourth_file": None},
                              bind={"terms": "terms", "every_term": "every_term",
                                    "with_first_page": "with_first_page"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        match: Match = opts.match or ctx.rng.choice(["word", "both", "either"])
        cover = opts.with_first_page if opts.with_first_page is not None else ctx.rng.random() < 0.5
        reports, stems = [], set()
        while len(reports) < len(SLOTS):
            doc, pages, data = report_pdf(ctx, min_pages=4)
            if doc.file_stem not in stems:
                stems.add(doc.file_stem)
                reports.append((doc.file_stem, pages, data))
        terms = draw_terms(ctx, [pages for _, pages, _ in reports], match, cover)
        folder = ctx.rng.choice(["", "reports/", "briefing/"])
        params = Params(**{s: f"{folder}{stem}.pdf" for s, (stem, _, _) in zip(SLOTS, reports, strict=True)},
                        output=f"{'_'.join(terms)}_pages.pdf", terms=terms, match=match,
                        every_term=match != "either", with_first_page=cover)
        return params.with_files(**{s: data for s, (_, _, data) in zip(SLOTS, reports, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third]
        script = f"""
            import re
            from pypdf import PdfReader, PdfWriter
            def mentions(text, word):
                return re.search(r"(?<!\\w)" + re.escape(word) + r"(?!\\w)", " ".join(text.split()), re.I)
            test = all if {params.every_term} else any
            writer = PdfWriter()
            for path in {lit(files)}:
                reader = PdfReader(path)
                hits = [n for n, page in enumerate(reader.pages)
                        if test(mentions(page.extract_text() or "", w) for w in {lit(params.terms)})]
                if {params.with_first_page} and hits and hits[0] != 0:
                    hits.insert(0, 0)
                print(path, [n + 1 for n in hits])
                for n in hits:
                    writer.add_page(reader.pages[n])
            with open({lit(params.output)}, "wb") as fh:
                writer.write(fh)
        """
        return solution(script_step(script, "I search each report's pages for the words with pypdf (whole words, "
                                    "capitals ignored) and copy the matching pages, report by report, into one PDF.",
                                    f"Write {params.output}"))
