"""Save the pages under one bookmark of a report (a part with its sections, or one section) as a
PDF of their own, to send someone just their part; the cover page kept in front or not."""

from __future__ import annotations

import re
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import report_pdf
from workflows.pdf._outline import draw_parts, outlined
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Level = Literal["part", "section"]
_COVER = ("{% if with_cover %}with the cover page (page 1) kept in front{% else %}without the cover page, just those "
          "pages{% endif %}")


class Options(SkillParams):
    level: Level | None = None
    with_cover: bool | None = None


class Params(Prepared):
    input: str
    output: str
    bookmark: str
    with_cover: bool


def _fits(parts: list[tuple[str, int, int]], headings: list[str], level: Level, cover: bool) -> list[str]:
    """The bookmarks the task may name: not what the cover page opens, a title no other bookmark
    shares, and never every page of the report (a copy of it would pass)."""
    spans = {t: (start + 1, end) for t, start, end in parts} if level == "part" else \
        {h: (k + 1, k + 1) for k, h in enumerate(headings)}
    titles = [t.casefold() for t in [*(p[0] for p in parts), *headings]]
    return [t for t, (first, last) in spans.items() if first > 1 and titles.count(t.casefold()) == 1
            and not (cover and first == 2 and last == len(headings))]


@register_workflow
class BookmarkPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.bookmark_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Save the pages under the bookmark \"{{ bookmark }}\" in {{ input }} as a PDF of their own, "
            "{{ output }}: from the page it opens up to where the next bookmark at its level starts, " + _COVER + ".",
            "Could you send just the \"{{ bookmark }}\" part of {{ input }}? Use its bookmark to find the pages and "
            "save them as {{ output }}, " + _COVER + ". Leave the report itself as it is.",
            "{{ input }} -> {{ output }}: the pages under bookmark \"{{ bookmark }}\", " + _COVER + ".",
        ],
        criteria=["Exactly the pages under the bookmark, in order, and the cover when asked.",
                  "Each page as in the report; the report itself unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report with parts and sections "
                        "bookmarked"),
               FileSlot(param="output", type="pdf", description="The bookmark's pages")],
        checks=[CheckTemplate(func="pdf.bookmark_pages_saved", bind={"bookmark": "bookmark",
                                                                      "with_cover": "with_cover"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        level: Level = opts.level or ctx.rng.choice(["part", "section"])
        cover = opts.with_cover if opts.with_cover is not None else ctx.rng.random() < 0.5
        for _ in range(8):
            doc, _, data = report_pdf(ctx)
            parts = draw_parts(ctx, doc.headings)
            if fits := _fits(parts, doc.headings, level, cover):
                break
        else:
            raise WorkflowError(f"no report drawn with a {level} bookmark that fits")
        title = ctx.rng.choice(fits)
        stem = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")
        params = Params(input=f"{ctx.rng.choice(['', 'reports/'])}{doc.file_stem}.pdf",
                        output=f"{doc.file_stem}_{stem}.pdf", bookmark=title, with_cover=cover)
        return params.with_files(input=outlined(data, parts, doc.headings))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            flat = []
            def walk(items, depth):
                for item in items:
                    if isinstance(item, list):
                        walk(item, depth + 1)
                    else:
                        flat.append((depth, item.title, reader.get_destination_page_number(item) + 1))
            walk(reader.outline, 0)
            k = next(k for k, (_, t, _) in enumerate(flat) if t.lower() == {lit(params.bookmark)}.lower())
            depth, _, first = flat[k]
            later = [p for d, _, p in flat[k + 1:] if d <= depth and p > first]
            last = later[0] - 1 if later else len(reader.pages)
            pages = ([1] if {lit(params.with_cover)} and first > 1 else []) + list(range(first, last + 1))
            writer = PdfWriter()
            for n in pages:
                writer.add_page(reader.pages[n - 1])
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print("pages", pages)
        """
        return solution(script_step(script, f"I find the bookmark in {params.input}'s outline, take the pages up to "
                                    "the next bookmark at its level, and write them (with the cover when asked).",
                                    f"Write {params.output}"))
