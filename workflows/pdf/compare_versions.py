"""Compare two versions of a report PDF and say which pages of the new one changed: some pages
reworded, a section inserted, or both; the answer as the page numbers (so a reviewer reads only
those) or as how many pages changed. What someone does when a revised draft comes back."""

from __future__ import annotations

import io
from typing import Literal

from pypdf import PdfReader

from forge.checks.pdf_compare import changed_pages
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, make_document
from preparers.pdf import write_sections_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Change = Literal["edited", "inserted", "both"]
REVISIONS = ["Figures in this section were revised after the audit.", "This paragraph was updated after review.",
             "Targets were lowered following the board's decision.", "The dates above have moved by two weeks."]
_ANSWER = ("{% if report == 'pages' %}the page numbers of the new version that are new or changed, one per line"
           "{% else %}how many pages of the new version are new or changed, as a single number{% endif %}")


class Options(SkillParams):
    change: Change | None = None
    report: Literal["pages", "count"] | None = None


class Params(Prepared):
    old: str
    new: str
    output: str
    report: Literal["pages", "count"]


def _revised(ctx: WorkflowContext, doc: DocumentContent, change: Change) -> DocumentContent:
    """The new version: a sentence added to one or two sections, a section inserted, or both."""
    sections = list(doc.sections)
    if change in ("edited", "both"):
        for k in ctx.rng.sample(range(len(sections)), ctx.rng.choice([1, 2])):
            note = Paragraph(runs=[Run(text=ctx.rng.choice(REVISIONS))])
            sections[k] = sections[k].model_copy(update={"paragraphs": [*sections[k].paragraphs, note]})
    if change in ("inserted", "both"):
        other = make_document(ctx.rng, ctx.faker, kind="report")
        taken = {x.heading for x in sections}
        extra = next((s for s in other.sections if s.heading not in taken), None) or \
            other.sections[0].model_copy(update={"heading": f"Addendum: {other.sections[0].heading}"})
        sections.insert(ctx.rng.randint(1, len(sections)), extra.model_copy(update={"table": None}))
    return doc.model_copy(update={"sections": sections})


@register_workflow
class CompareVersions(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.compare_versions", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Compare {{ old }} (the earlier version) with {{ new }} (the revised one) and write to {{ output }} "
            + _ANSWER + ". A page counts as changed when its text differs from every page of the earlier version. "
            "Write nothing else.",
            "The revised draft {{ new }} came back and I don't want to reread all of it. Against {{ old }}, which "
            "pages are new or reworded? Put " + _ANSWER + " in {{ output }}, and nothing else.",
            "{{ old }} vs {{ new }} -> {{ output }}: " + _ANSWER + "; no other text.",
        ],
        criteria=["The answer names exactly the new version's pages whose text is new or changed (or their count).",
                  "The file holds no other numbers."],
        files=[FileSlot(param="old", type="pdf", role="input", description="The earlier version"),
               FileSlot(param="new", type="pdf", role="input", description="The revised version"),
               FileSlot(param="output", type="txt", description="The pages that changed")],
        checks=[CheckTemplate(func="pdf.changes_reported", paths={"old_file": "old", "new_file": "new"},
                              bind={"report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        change: Change = opts.change or ctx.rng.choice(["edited", "inserted", "both"])
        doc, _, data = report_pdf(ctx, min_pages=3)
        new_doc = _revised(ctx, doc, change)
        new_data = write_sections_pdf(new_doc)
        new_pages = [p.extract_text() or "" for p in PdfReader(io.BytesIO(new_data)).pages]
        if len(new_pages) != len(new_doc.sections):
            raise WorkflowError("a revised section ran over one page")
        old_pages = [p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages]
        if not changed_pages(old_pages, new_pages):
            raise WorkflowError("the new version changed no page")
        folder = ctx.rng.choice(["", "drafts/", "review/"])
        params = Params(old=f"{folder}{doc.file_stem}_v1.pdf", new=f"{folder}{doc.file_stem}_v2.pdf",
                        output=f"{folder}changed_pages.txt", report=opts.report or ctx.rng.choice(["pages", "count"]))
        return params.with_files(old=data, new=new_data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader
            bare = lambda page: "".join((page.extract_text() or "").split())
            old = {{bare(page) for page in PdfReader({lit(params.old)}).pages}}
            changed = [n for n, page in enumerate(PdfReader({lit(params.new)}).pages, start=1) if bare(page) not in old]
            print("changed pages:", changed)
            with open({lit(params.output)}, "w") as out:
                pages = {lit(params.report)} == "pages"
                out.write("\\n".join(map(str, changed)) + "\\n" if pages else f"{{len(changed)}}\\n")
        """
        return solution(script_step(script, f"I extract every page's text from both versions with pypdf and list the "
                                    f"pages of {params.new} whose text is on no page of {params.old}.",
                                    f"Write {params.output}"))
