"""Edit a report PDF's document properties the way people tidy a file before it goes into a
document library or out of the house: describe it (subject and keywords), set all four fields,
replace a converter's junk title with the title printed on page 1, add keywords to those it has,
or strip the author, subject and keywords before sending it outside. In place or as a new PDF."""

from __future__ import annotations

import io
from typing import Literal

from pypdf import PdfReader, PdfWriter

from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Change = Literal["describe", "all", "title_from_page", "add_keywords", "scrub"]
_KW = "\"{{ keywords | join('\", \"') }}\""
ASK = {
    "describe": 'set its Subject to "{{ subject }}" and its Keywords to ' + _KW,
    "all": 'set its Title to "{{ title }}", its Author to "{{ author }}", its Subject to "{{ subject }}" and its '
           "Keywords to " + _KW,
    "title_from_page": 'replace its Title property ("{{ old_title }}") with the report\'s title exactly as printed '
                       'at the top of page 1, and set its Author to "{{ author }}"',
    "add_keywords": "add the keywords " + _KW + " to its Keywords, keeping the ones it already has",
    "scrub": "remove its Author, Subject and Keywords properties (they name people and internal projects) but keep "
             "its Title",
}
_ASK = "".join(f"{{% if change == {c!r} %}}{text}{{% endif %}}" for c, text in ASK.items())


class Options(SkillParams):
    change: Change | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    change: Change
    old_title: str
    title: str | None
    author: str | None
    subject: str | None
    keywords: list[str]
    add_keywords: bool
    title_from_page: bool
    cleared: list[str]


def _with_info(data: bytes, info: dict[str, str]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.add_metadata(info)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


@register_workflow
class SetProperties(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.set_properties", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Edit the document properties of the PDF {{ input }}: " + _ASK + ". Leave every other property and the "
            "pages as they are. " + SAVE["formal"],
            "{{ input }} is about to go into the shared library and its properties are a mess. Could you " + _ASK
            + "? Don't touch the pages or the other properties. " + SAVE["chatty"],
            "PDF properties of {{ input }}: " + _ASK + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["The properties named hold exactly the values asked for (or are gone, when asked).",
                  "Every other property and every page is as it was."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report with document properties"),
               FileSlot(param="output", type="pdf", description="The PDF with its properties edited")],
        checks=[CheckTemplate(func="pdf.properties_set", bind={
            "title": "title", "author": "author", "subject": "subject", "keywords": "keywords",
            "add_keywords": "add_keywords", "title_from_page": "title_from_page", "cleared": "cleared"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        change: Change = opts.change or ctx.rng.choice(list(ASK))
        doc, _, data = report_pdf(ctx, min_pages=3)
        topics = [s.heading.lower() for s in doc.sections]
        old_keywords = ctx.rng.sample(topics, 2)
        new_keywords = ctx.rng.sample([t for t in topics if t not in old_keywords] + [doc.organisation], 2)
        junk = ctx.rng.choice([f"Microsoft Word - {doc.file_stem}_v{ctx.rng.randint(2, 7)}.docx", "Untitled",
                               f"{doc.file_stem.upper()}_FINAL"])
        info = {"/Title": junk if change in ("all", "title_from_page") else doc.title,
                "/Author": ctx.rng.choice(["admin", "user", doc.author]),
                "/Keywords": ", ".join(old_keywords) if change in ("add_keywords", "scrub") else ""}
        if change == "scrub":
            info["/Subject"] = f"{doc.organisation} internal - {ctx.faker.name()}"
        subject = f"{doc.title.split(',')[0]} for {doc.organisation}"
        values = {
            "describe": {"subject": subject, "keywords": new_keywords},
            "all": {"title": doc.title, "author": doc.author, "subject": subject, "keywords": new_keywords},
            "title_from_page": {"author": doc.author, "title_from_page": True},
            "add_keywords": {"keywords": new_keywords, "add_keywords": True},
            "scrub": {"cleared": ["Author", "Subject", "Keywords"]},
        }[change]
        params = Params(**{"title": None, "author": None, "subject": None, "keywords": [], "add_keywords": False,
                           "title_from_page": False, "cleared": [], **values},
                        **edit_paths(ctx, doc.file_stem, "pdf", "tagged", ["", "library/", "outbox/"]),
                        change=change, old_title=info["/Title"])
        return params.with_files(input=_with_info(data, info))

    def reference(self, params: Params) -> ReferenceSolution:
        look = f"""
            from pypdf import PdfReader
            reader = PdfReader({lit(params.input)})
            print(reader.metadata)
            print((reader.pages[0].extract_text() or "").splitlines()[:2])
        """
        script = f"""
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            info = dict(reader.metadata or {{}})
            given = {lit({"/Title": params.title, "/Author": params.author, "/Subject": params.subject})}
            for key, value in given.items():
                if value is not None:
                    info[key] = value
            if {lit(params.title_from_page)}:
                lines = [l for l in (reader.pages[0].extract_text() or "").splitlines() if l.strip()]
                info["/Title"] = " ".join(lines[0].split())
            keywords = {lit(params.keywords)}
            if keywords:
                kept = [k.strip() for k in str(info.get("/Keywords", "")).split(",") if k.strip()]
                info["/Keywords"] = ", ".join((kept if {lit(params.add_keywords)} else []) + keywords)
            for name in {lit(params.cleared)}:
                info.pop("/" + name, None)
            writer = PdfWriter(clone_from=reader)
            writer.metadata = info
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(PdfReader({lit(params.output)}).metadata)
        """
        return solution(script_step(look, f"First I look at the properties {params.input} has now and the top of "
                                    "its first page.", f"Show the properties of {params.input}"),
                        script_step(script, "I copy the PDF with pypdf, change only the properties asked for, and "
                                    "write it.", f"Write {params.output}"))
