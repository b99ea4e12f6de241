"""Move pages within a report PDF before it goes out: a page or a run of pages (named by number)
or a section (named by its heading, found by the agent) moved to the end or to right after
another page or section, or two pages or sections that came out in each other's place swapped
back. In place or a new PDF."""

from __future__ import annotations

from typing import Literal

from forge.checks.pdf_moves import Move
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

By = Literal["pages", "headings"]
_WHAT = ("{% if by == 'headings' %}the \"{{ headings[0] }}\" section{% elif pages | length > 1 %}pages "
         "{{ pages | join(' and ') }}{% else %}page {{ pages[0] }}{% endif %}")
_TARGET = ("{% if by == 'headings' %}the \"{{ after_heading }}\" section{% else %}page {{ after_page }}{% endif %}")
_PAIR = ("{% if by == 'headings' %}the \"{{ headings[0] }}\" and \"{{ headings[1] }}\" sections{% else %}pages "
         "{{ pages[0] }} and {{ pages[1] }}{% endif %}")
_IT = "{% if pages | length > 1 %}they come{% else %}it comes{% endif %}"
_ASK = ("{% if move == 'swap' %}swap " + _PAIR + " so each takes the other's place{% elif move == 'end' %}move "
        + _WHAT + " to the end{% else %}move " + _WHAT + " so " + _IT + " right after " + _TARGET + "{% endif %}")


class Options(SkillParams):
    by: By | None = None
    move: Move | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    by: By
    move: Move
    pages: list[int]
    headings: list[str]
    after_page: int | None
    after_heading: str | None


def _moved(ctx: WorkflowContext, count: int, by: By, move: Move) -> tuple[list[int], int | None]:
    """The pages moved (never page 1, which carries the title) and the page they go after."""
    if move == "swap":
        return sorted(ctx.rng.sample(range(2, count + 1), 2)), None
    size = ctx.rng.choice([1, 2]) if by == "pages" else 1
    starts = [s for s in range(2, count - size + 2) if move == "after" or s + size - 1 < count]  # not already last
    start = ctx.rng.choice(starts)
    block = list(range(start, start + size))
    if move == "end":
        return block, None
    targets = [t for t in range(1, count + 1) if t not in block and t != start - 1]
    if not targets:
        raise WorkflowError(f"no page for pages {block} to go after in {count} pages")
    return block, ctx.rng.choice(targets)


@register_workflow
class MovePages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.move_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "In the report {{ input }}, " + _ASK + ". Every other page keeps its order and nothing is added or "
            "dropped. " + SAVE["formal"],
            "The running order of {{ input }} needs one change before it goes out: could you " + _ASK + "? "
            "Leave the rest of the pages as they are. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; other pages unchanged. " + SAVE["terse"],
        ],
        criteria=["The pages asked for are moved where asked (or swapped), keeping their own order.",
                  "Every other page keeps its order and text; no page added or lost."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The report with the pages moved")],
        checks=[CheckTemplate(func="pdf.pages_moved", bind={"move": "move", "pages": "pages", "headings": "headings",
                                                             "after_page": "after_page",
                                                             "after_heading": "after_heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by: By = opts.by or ctx.rng.choice(["pages", "headings"])
        move: Move = opts.move or ctx.rng.choice(["end", "after", "swap"])
        doc, pages, data = report_pdf(ctx)
        block, target = _moved(ctx, len(pages), by, move)
        heads = doc.headings
        base = edit_paths(ctx, doc.file_stem, "pdf", "reordered", ["", "reports/", "drafts/"])
        params = Params(**base, by=by, move=move, pages=block if by == "pages" else [],
                        headings=[heads[n - 1] for n in block] if by == "headings" else [],
                        after_page=target if by == "pages" else None,
                        after_heading=heads[target - 1] if by == "headings" and target else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            def page_of(title):
                return next(n for n, page in enumerate(reader.pages, start=1)
                            if any(line.strip().casefold() == title.casefold()
                                   for line in (page.extract_text() or "").splitlines()))
            moved = {lit(params.pages)} or [page_of(h) for h in {lit(params.headings)}]
            target = {lit(params.after_page)} or (page_of({lit(params.after_heading)}) if {lit(params.after_heading)}
                                                  else None)
            count, move = len(reader.pages), {lit(params.move)}
            if move == "swap":
                order = list(range(1, count + 1))
                order[moved[0] - 1], order[moved[1] - 1] = moved[1], moved[0]
            else:
                rest = [n for n in range(1, count + 1) if n not in moved]
                at = len(rest) if move == "end" else rest.index(target) + 1
                order = rest[:at] + moved + rest[at:]
            writer = PdfWriter()
            for n in order:
                writer.add_page(reader.pages[n - 1])
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print("page order", order)
        """
        return solution(look_step(params.input, f"I list {params.input}'s pages to find the ones to move."),
                        script_step(script, "I write the pages again in the new order with pypdf, the moved pages "
                                    "keeping their own order.", f"Write {params.output}"),
                        look_step(params.output, "I list the result's pages to confirm the order."))
