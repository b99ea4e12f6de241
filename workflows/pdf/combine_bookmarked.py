"""Combine a board pack's three PDFs (a report, the quarter's sales figures, a supplier invoice)
into one file with a bookmark per document, the way a viewer's "combine files" does: each
bookmark titled by the file's name or by the document's own title, the documents as listed or
A-Z by that title."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Title = Literal["file_name", "doc_title"]
SLOTS = ("first", "second", "third")
_FILES = "{{ first }}, {{ second }} and {{ third }}"
_NAME = ("{% if title == 'file_name' %}the file's name without \".pdf\"{% else %}the document's own title (its Title "
         "property){% endif %}")
_ORDER = ("{% if alphabetical %}sorted A-Z by those bookmark titles{% else %}in the order listed here{% endif %}")


class Options(SkillParams):
    title: Title | None = None
    alphabetical: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    title: Title
    alphabetical: bool


@register_workflow
class CombineBookmarked(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.combine_bookmarked", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Combine " + _FILES + " into one PDF, {{ output }}, " + _ORDER + ", every page of each, and give it one "
            "top-level bookmark per document, opening its first page and titled with " + _NAME + ".",
            "For the board pack I need " + _FILES + " in a single PDF ({{ output }}) that people can jump around "
            "in: the documents " + _ORDER + ", each with a bookmark to its first page named after " + _NAME + ".",
            _FILES + " -> {{ output }}: combined " + _ORDER + "; one bookmark per document, titled with " + _NAME + ".",
        ],
        criteria=["Every page of each document, the documents in the order asked.",
                  "One bookmark per document, titled as asked, opening its first page; no other bookmarks."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A document of the pack") for s in SLOTS),
               FileSlot(param="output", type="pdf", description="The combined, bookmarked pack")],
        checks=[CheckTemplate(func="pdf.combined_bookmarked", paths={f"{s}_file": s for s in SLOTS},
                              bind={"title": "title", "alphabetical": "alphabetical"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        title: Title = opts.title or ctx.rng.choice(["file_name", "doc_title"])
        alphabetical = opts.alphabetical if opts.alphabetical is not None else ctx.rng.random() < 0.5
        doc, _, report = report_pdf(ctx)
        sales, invoice = make_pdf(ctx.rng, ctx.faker, kind="report"), make_pdf(ctx.rng, ctx.faker, kind="invoice")
        docs = [(doc.file_stem, doc.title, report), (sales.file_stem, sales.title, write_pdf(sales)),
                (invoice.file_stem, invoice.title, write_pdf(invoice))]
        key = 0 if title == "file_name" else 1
        ctx.rng.shuffle(docs)
        while alphabetical and [d[key].casefold() for d in docs] == sorted(d[key].casefold() for d in docs):
            ctx.rng.shuffle(docs)  # listed out of A-Z order, so the order matters
        folder = ctx.rng.choice(["", "board_pack/", "pack/"])
        params = Params(**{s: f"{folder}{d[0]}.pdf" for s, d in zip(SLOTS, docs, strict=True)},
                        output=f"{folder}board_pack_{doc.date:%Y_%m}.pdf", title=title, alphabetical=alphabetical)
        return params.with_files(**{s: d[2] for s, d in zip(SLOTS, docs, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third]
        script = f"""
            import os
            from pypdf import PdfReader, PdfWriter
            docs = []
            for path in {lit(files)}:
                reader = PdfReader(path)
                name = os.path.splitext(os.path.basename(path))[0]
                docs.append(((reader.metadata or {{}}).get("/Title") if {lit(params.title)} == "doc_title" else name,
                             reader))
            if {lit(params.alphabetical)}:
                docs.sort(key=lambda d: d[0].casefold())
            writer = PdfWriter()
            for title, reader in docs:
                start = len(writer.pages)
                for page in reader.pages:
                    writer.add_page(page)
                writer.add_outline_item(title=title, page_number=start)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print([title for title, _ in docs])
        """
        return solution(script_step(script, "I append each document's pages with pypdf and add a bookmark to its "
                                    "first page, titled as asked.", f"Write {params.output}"))
