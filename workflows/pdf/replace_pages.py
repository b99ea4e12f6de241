"""Replace pages of a report PDF with corrected versions someone sent back: the pages named by
number, the pages whose section heading a corrected page carries (found by the agent, in any
order), or the last page, an approval page swapped for its signed copy. In place or a new PDF."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.checks.pdf_replace import ReplaceMatch
from forge.models import ReferenceSolution
from preparers.pdf import write_sections_pdf
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.pdf._sections import approval, pages_pdf, revised, with_approval
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


def _by_match(texts: dict[str, str]) -> str:
    return "".join(f"{{% if match == {k!r} %}}{v}{{% endif %}}" for k, v in texts.items())


_S = "{% if pages | length > 1 %}s{% endif %}"
_ASK = _by_match({
    "pages": "Replace page" + _S + " {{ pages | join(' and ') }} of {{ input }} with the page" + _S + " of "
             "{{ replacement }}{% if pages | length > 1 %}, in that order{% endif %}, and keep every other page "
             "where it is.",
    "headings": "Each page of {{ replacement }} corrects the page of {{ input }} with the same section heading: put "
                "each corrected page in place of the old one and keep every other page where it is.",
    "last": "{{ replacement }} is the signed copy of the approval page: put it in place of the last page of "
            "{{ input }} (the unsigned one) and keep the other pages as they are.",
})
_WHY = _by_match({
    "pages": "{% if pages | length > 1 %}A few pages of the report had mistakes and the corrected ones{% else %}A "
             "page of the report had a mistake and the corrected one{% endif %} came back in {{ replacement }}.",
    "headings": "The authors fixed some sections and sent just those pages back as {{ replacement }}, not "
                "necessarily in report order.",
    "last": "The approval page finally got signed; the scan is {{ replacement }}.",
})


class Options(SkillParams):
    match: ReplaceMatch | None = None
    count: Literal[1, 2] | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    replacement: str
    match: ReplaceMatch
    pages: list[int]


@register_workflow
class ReplacePages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.replace_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            _ASK + " " + SAVE["formal"],
            _WHY + " Could you swap them into {{ input }}? " + _ASK + " " + SAVE["chatty"],
            "{{ input }}: pages replaced from {{ replacement }}. " + _ASK + " " + SAVE["terse"],
        ],
        criteria=["Each corrected page sits where the page it replaces was; the old version is gone.",
                  "Every other page keeps its place and text; no page added or lost."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="replacement", type="pdf", role="input", description="The corrected pages"),
               FileSlot(param="output", type="pdf", description="The report with the pages replaced")],
        checks=[CheckTemplate(func="pdf.pages_replaced", bind={"match": "match", "pages": "pages"},
                              paths={"input_file": "input", "replacement_file": "replacement"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        match: ReplaceMatch = opts.match or ctx.rng.choice(["pages", "headings", "last"])
        doc, pages, data = report_pdf(ctx)
        day = doc.date + dt.timedelta(days=ctx.rng.randint(3, 20))
        if match == "last":
            doc = with_approval(doc)
            data = write_sections_pdf(doc)
            fixes, at = [approval(doc, signed=True)], [len(doc.sections)]
            name = "approval_page_signed"
        else:
            count = opts.count or ctx.rng.choice([1, 2])
            at = sorted(ctx.rng.sample(range(2, len(pages) + 1), count))  # page 1 carries the title
            if match == "headings" and count == 2:
                at.reverse()  # sent back out of report order: matched by heading, not position
            fixes = [revised(ctx, doc.sections[n - 1], day) for n in at]
            name = ctx.rng.choice(["corrected_pages", "corrections", "fixed_pages"])
        base = edit_paths(ctx, doc.file_stem, "pdf", "signed" if match == "last" else "corrected", ["", "reports/"])
        folder = base["input"].rpartition("/")[0]
        params = Params(**base, replacement=f"{folder + '/' if folder else ''}{name}.pdf", match=match,
                        pages=at if match == "pages" else [])
        return params.with_files(input=data, replacement=pages_pdf(doc, fixes))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader, PdfWriter
            host, fixes = PdfReader({lit(params.input)}), PdfReader({lit(params.replacement)})
            def heading(page):
                return next((line.strip() for line in (page.extract_text() or "").splitlines() if line.strip()), "")
            def page_of(title):
                return next(n for n, page in enumerate(host.pages, start=1)
                            if any(line.strip().casefold() == title.casefold()
                                   for line in (page.extract_text() or "").splitlines()))
            match = {lit(params.match)}
            if match == "pages":
                at = {lit(params.pages)}
            elif match == "headings":
                at = [page_of(heading(page)) for page in fixes.pages]
            else:
                at = list(range(len(host.pages) - len(fixes.pages) + 1, len(host.pages) + 1))
            new = list(host.pages)
            for n, page in zip(at, fixes.pages):
                new[n - 1] = page
            writer = PdfWriter()
            for page in new:
                writer.add_page(page)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print("replaced pages", at)
        """
        return solution(look_step(params.input, f"I list {params.input}'s pages to see what each holds."),
                        look_step(params.replacement, f"Then the corrected pages in {params.replacement}."),
                        script_step(script, "I write the report again with each corrected page in place of the page "
                                    "it replaces, every other page as it was.", f"Write {params.output}"),
                        look_step(params.output, "I list the result's pages to confirm."))
