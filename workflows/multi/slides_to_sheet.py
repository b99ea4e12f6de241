"""A deck's slide index into a spreadsheet or CSV: one row per slide with its number and title, and
(when asked) its bullet count or its speaker notes, the title slide kept or left out. Registered
once per target (`multi.slide_index.to_xlsx`, `.to_csv`): the slot type and the writer differ."""

from __future__ import annotations

import textwrap
from typing import Any, ClassVar, Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Extra = Literal["none", "bullets", "notes"]
HEADERS = [["Slide", "Title"], ["No.", "Slide title"], ["Slide number", "Title"], ["#", "Heading"]]
EXTRA_HEADERS = {"bullets": ["Bullets", "Bullet points", "Points"], "notes": ["Notes", "Speaker notes", "Presenter notes"]}
EXTRA_TEXT = {"none": "", "bullets": ", and how many bullet points its body has (sub-points count too, 0 for none)",
              "notes": ", and its speaker notes (left blank where a slide has none)"}


class Options(SkillParams):
    extra: Extra | None = None
    skip_title_slide: bool | None = None


class Params(Prepared):
    deck: str
    output: str
    columns: list[str]
    extra: Extra
    extra_text: str
    skip_first: bool


class SlideIndex(PreparedWorkflow[Params]):
    """One deck's index into one table format; `_register` makes a family per format."""

    target: ClassVar[str] = "xlsx"
    spec = WorkflowSpec(
        name="multi.slide_index", apps=["presentation", "spreadsheet"], params=Params, skill_params=Options,
        phrasings=[
            "Make an index of the slides in {{ deck }} as {{ output }}: a header row {{ columns | join(', ') }}, "
            "then one row per slide{% if skip_first %} except the title slide (slide 1){% endif %}, in deck order, "
            "with its slide number{{ extra_text }}. The title is the slide's title as it reads.",
            "I need the running order of {{ deck }} in a table for the event team. Could you put it in "
            "{{ output }} with the columns {{ columns | join(', ') }}? One row for each slide{% if skip_first %} "
            "(skip the title slide at the start, but keep the deck's slide numbers){% endif %}: its number, its "
            "title{{ extra_text }}.",
            "{{ deck }} -> {{ output }}: columns {{ columns | join(' | ') }}; a row per slide"
            "{% if skip_first %} (not slide 1){% endif %}, in order: number, title{{ extra_text }}.",
        ],
        criteria=["One row per slide asked for, in deck order, under the named header.",
                  "Numbers as numbers, titles as they read, the extra column as asked."],
        files=[FileSlot(param="deck", type="pptx", role="input", description="A presentation"),
               FileSlot(param="output", type="xlsx", description="The slide index")],
        checks=[CheckTemplate(func="table.slides_listed", bind={"columns": "columns", "extra": "extra",
                                                                "skip_first": "skip_first"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        extra: Extra = opts.extra or ctx.rng.choice(["none", "bullets", "notes"])  # type: ignore[assignment]
        deck = make_deck(ctx.rng, ctx.faker)
        skip = opts.skip_title_slide if opts.skip_title_slide is not None else ctx.rng.random() < 0.5
        if extra == "bullets" and not skip:  # a title slide's subtitle is no bullet point: counting it is ambiguous
            if opts.skip_title_slide is False:
                raise WorkflowError(f"skill {ctx.skill.id!r}: bullet counts leave the title slide out")
            skip = True
        columns = list(ctx.rng.choice(HEADERS)) + ([ctx.rng.choice(EXTRA_HEADERS[extra])] if extra != "none" else [])
        folder = ctx.rng.choice(["", "handouts/", "event/"])
        params = Params(deck=f"{deck.file_stem}.pptx", output=f"{folder}{deck.file_stem}_slides.{self.target}",
                        columns=columns, extra=extra, extra_text=EXTRA_TEXT[extra], skip_first=skip)
        return params.with_files(deck=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        write = ("import openpyxl\nbook = openpyxl.Workbook()\nfor r in out:\n    book.active.append(r)\n"
                 "book.save(OUTPUT)" if self.target == "xlsx" else
                 'import csv\ncsv.writer(open(OUTPUT, "w", newline="", encoding="utf-8")).writerows(out)')
        script = f"""
            import os, pptx
            deck = pptx.Presentation({lit(params.deck)})
            out = [{lit(params.columns)}]
            for number, slide in enumerate(deck.slides, start=1):
                if {params.skip_first!r} and number == 1:
                    continue
                title = slide.shapes.title.text if slide.shapes.title is not None else ""
                row = [number, " ".join(title.split())]
                if {lit(params.extra)} == "bullets":
                    row.append(sum(1 for s in slide.shapes if s.has_text_frame and s != slide.shapes.title
                                   for p in s.text_frame.paragraphs if p.text.strip()))
                elif {lit(params.extra)} == "notes":
                    notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
                    row.append(" ".join(notes.split()))
                out.append(row)
            OUTPUT = {lit(params.output)}
            os.makedirs(os.path.dirname(OUTPUT) or ".", exist_ok=True)
        """
        return solution(script_step(textwrap.dedent(script) + write + "\nprint(len(out) - 1, 'slides listed')",
                                    f"I read every slide of {params.deck} with python-pptx (title, body paragraphs, "
                                    f"notes) and write one row per slide to {params.output}.",
                                    f"Index the slides into {params.output}"))


def _register(target: str, app: str) -> type[SlideIndex]:
    spec = SlideIndex.spec.model_copy(update={
        "name": f"multi.slide_index.to_{target}", "apps": ["presentation", app],
        "files": [FileSlot(param="deck", type="pptx", role="input", description="A presentation"),
                  FileSlot(param="output", type=target, description=f"The slide index as {target}")]})
    # __module__: `forge docs` describes a family by its module (type() under ABCMeta says 'abc')
    attrs = {"spec": spec, "target": target, "__module__": __name__}
    cls: Any = type(f"SlideIndexTo{target.capitalize()}", (SlideIndex,), attrs)
    return register_workflow(cls)


FAMILIES = [_register("xlsx", "spreadsheet"), _register("csv", "data")]
