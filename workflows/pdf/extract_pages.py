"""Make a new PDF from some pages of a report: a page range, all but some pages, the pages in
reverse order (a scan fed back to front), or only the pages that mention a word."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf, split_term
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Mode = Literal["keep", "remove", "reverse", "containing", "not_containing"]
WHAT = {
    "keep": "only pages {{ first }} to {{ last }}",
    "remove": "every page except page{% if pages | length > 1 %}s{% endif %} {{ pages | join(' and ') }}",
    "reverse": "all the pages in reverse order (the last page first)",
    "containing": 'only the pages that mention "{{ term }}" (in their original order)',
    "not_containing": 'every page except those that mention "{{ term }}" (the rest in their original order)',
}
WHY = {"keep": "the section I need for the meeting", "remove": "the pages that are out of date",
       "reverse": "it was scanned back to front", "containing": "only what concerns {{ term }}",
       "not_containing": "a version without anything about {{ term }}"}
SELECT = {
    "keep": "[n for n in range(1, len(reader.pages) + 1) if {first} <= n <= {last}]",
    "remove": "[n for n in range(1, len(reader.pages) + 1) if n not in {pages}]",
    "reverse": "list(range(len(reader.pages), 0, -1))",
    "containing": "[n for n, p in enumerate(reader.pages, start=1) if re.search(r'(?<!\\w){term}(?!\\w)', "
                  "' '.join((p.extract_text() or '').split()), re.I)]",
    "not_containing": "[n for n, p in enumerate(reader.pages, start=1) if not re.search(r'(?<!\\w){term}(?!\\w)', "
                      "' '.join((p.extract_text() or '').split()), re.I)]",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    mode: Mode
    pages: list[int]
    first: int | None
    last: int | None
    term: str | None


class Options(SkillParams):
    mode: Mode | None = None
    in_place: bool | None = None


def _phrase(template: str) -> str:
    return "".join(f"{{% if mode == {m!r} %}}{template.format(what=WHAT[m], why=WHY[m])}{{% endif %}}" for m in WHAT)


@register_workflow
class ExtractPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.extract_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            _phrase("Rework {{{{ input }}}} so that it holds {what}. ") + SAVE["formal"],
            _phrase("Could you give me a version of {{{{ input }}}} with {what}? It's for {why}. ") + SAVE["chatty"],
            _phrase("{{{{ input }}}}: {what}. ") + SAVE["terse"],
        ],
        criteria=["The new PDF has exactly the pages asked for, in the order asked for, each unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The PDF with the pages asked for")],
        checks=[CheckTemplate(func="pdf.pages_selected", bind={"mode": "mode", "pages": "pages", "term": "term",
                                                                     "from_page": "first", "to_page": "last"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        mode = getattr(ctx.options, "mode", None) or ctx.rng.choice(list(WHAT))
        doc, pages, data = report_pdf(ctx)
        n = len(pages)
        first = ctx.rng.randint(1, n - 2)
        last = ctx.rng.randint(first + 1, n if first > 1 else n - 1)
        listed = sorted(ctx.rng.sample(range(1, n + 1), ctx.rng.choice([1, 2])))
        term = split_term(ctx, pages) if mode.endswith("containing") else None
        suffix = {"keep": f"pages_{first}-{last}", "remove": "trimmed", "reverse": "reordered", "containing": term,
                  "not_containing": f"without_{term}"}[mode]
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", suffix, ["", "reports/"]), mode=mode,
                        pages=listed if mode == "remove" else [], first=first if mode == "keep" else None,
                        last=last if mode == "keep" else None, term=term)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        select = SELECT[params.mode].format(first=params.first, last=params.last, pages=params.pages,
                                            term=(params.term or "").replace("'", ""))
        script = f"""
            import re
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            chosen = {select}
            print("pages:", chosen)
            writer = PdfWriter()
            for n in chosen:
                writer.add_page(reader.pages[n - 1])
            with open({lit(params.output)}, "wb") as out:  # read fully above, so overwriting the input is safe
                writer.write(out)
        """
        return solution(look_step(params.input, f"First I list {params.input}'s pages with the start of each one's text."),
                        script_step(script, "Then I copy the pages asked for, in that order, into a new PDF with pypdf.",
                                    f"Write {params.output}"),
                        look_step(params.output, f"Finally I list {params.output}'s pages to confirm."))
