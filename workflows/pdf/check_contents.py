"""Check a report's contents page against where its sections really start, before it goes out:
the contents went stale when a section was added later (every entry after it one page short), or
a few page numbers were typed wrong. Write down the wrong entries with their real pages, or the
whole list corrected."""

from __future__ import annotations

import io
from typing import Literal

from pypdf import PdfReader

from forge.checks.pdf_contents_check import contents_entries
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import Paragraph, Run, Section, make_document
from preparers.pdf import write_sections_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Mess = Literal["inserted", "typos"]
Report = Literal["wrong", "all"]
_ASK = ("{% if report == 'wrong' %}the entries whose page number is wrong, one line each, \"Heading: page\" with the "
        "page that heading is really on{% else %}every entry of the contents, one line each, \"Heading: page\" with "
        "the page that heading is really on (so the list can be retyped){% endif %}")


class Options(SkillParams):
    mess: Mess | None = None
    report: Report | None = None


class Params(Prepared):
    input: str
    output: str
    report: Report


def _given(ctx: WorkflowContext, count: int, mess: Mess) -> tuple[list[int], int | None]:
    """The page each section's entry gives (real pages are 2, 3, ...) and the section left out
    of the contents (added after it was made), if any."""
    real = list(range(2, count + 2))
    if mess == "inserted":
        late = ctx.rng.randrange(1, count - 1)  # a middle section; the entries after it lag one page
        return [p if k < late else p - 1 for k, p in enumerate(real)], late
    given = list(real)
    for k in ctx.rng.sample(range(count), ctx.rng.choice([1, 2])):
        given[k] = ctx.rng.choice([p for p in range(2, count + 3) if p != real[k]])
    return given, None


@register_workflow
class CheckContents(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.check_contents", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Check the contents page of {{ input }} (page 1) against the pages its sections really start on, and "
            "write to {{ output }} " + _ASK + ", in the contents' order.",
            "Someone said the contents page of {{ input }} doesn't match the report any more. Could you check each "
            "entry against where its heading actually is and put " + _ASK + " in {{ output }}? Same order as the "
            "contents, please.",
            "{{ input }}: contents (page 1) vs real section pages -> {{ output }}: " + _ASK + "; contents order.",
        ],
        criteria=["One line per entry asked for, in the contents' order, with the page its heading is really on.",
                  "Nothing else in the file."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report with a contents page"),
               FileSlot(param="output", type="txt", description="The contents entries checked")],
        checks=[CheckTemplate(func="pdf.contents_checked", bind={"report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        mess: Mess = opts.mess or ctx.rng.choice(["inserted", "typos"])
        for _ in range(8):
            doc = make_document(ctx.rng, ctx.faker, kind="report")
            if len(doc.sections) >= 4:
                break
        given, late = _given(ctx, len(doc.sections), mess)
        entries = [(s.heading, p) for k, (s, p) in enumerate(zip(doc.sections, given, strict=True)) if k != late]
        contents = Section(heading="Contents", paragraphs=[Paragraph(runs=[Run(text=f"{h} {'.' * 24} {p}")])
                                                           for h, p in entries])
        data = write_sections_pdf(doc.model_copy(update={"sections": [contents, *doc.sections]}))
        reader = PdfReader(io.BytesIO(data))
        if len(reader.pages) != len(doc.sections) + 1 or contents_entries(reader.pages[0].extract_text()) != entries:
            raise WorkflowError("the contents page did not print one entry per line, or a section ran over a page")
        params = Params(input=f"{ctx.rng.choice(['', 'reports/', 'drafts/'])}{doc.file_stem}.pdf",
                        output=f"{doc.file_stem}_contents_check.txt",
                        report=opts.report or ctx.rng.choice(["wrong", "all"]))
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader
            pages = [page.extract_text() or "" for page in PdfReader({lit(params.input)}).pages]
            entries = []
            for line in pages[0].splitlines():
                found = re.match(r"^(.*?\\S)[\\s.]*?\\.{{2,}}[\\s.]*(\\d+)$", " ".join(line.split()))
                if found:
                    entries.append((found.group(1).rstrip(" ."), int(found.group(2))))
            out = []
            for title, given in entries:
                real = next(n for n in range(2, len(pages) + 1)
                            if any(" ".join(l.split()).lower() == title.lower() for l in pages[n - 1].splitlines()))
                if {lit(params.report)} == "all" or real != given:
                    out.append(f"{{title}}: {{real}}")
            with open({lit(params.output)}, "w") as fh:
                fh.write("\\n".join(out) + "\\n")
            print("\\n".join(out))
        """
        return solution(look_step(params.input, f"I list {params.input}'s pages: the contents first, then the "
                                  "sections."),
                        script_step(script, "I read each contents entry, find the page its heading is really on, "
                                    "and write the lines asked for.", f"Write {params.output}"))
