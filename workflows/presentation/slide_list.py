"""Take a deck's slide list out into a spreadsheet, the sheet an event organiser or a review team
works from, with the hidden slides told apart (multi.slide_index lists every slide regardless): the
number and title - and the speaker notes - of each slide the show shows, numbered as the deck
numbers them; or every slide with a Yes/No Hidden column; as a CSV or an Excel workbook."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._hidden import write_with_hidden
from workflows.presentation._sheet_out import write_rows_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["csv", "xlsx"]
Extra = Literal["none", "notes", "hidden"]
NAMES = ["slide_list", "slides_overview", "deck_contents", "slide_inventory", "review_sheet"]
COLUMNS = ("a column \"Slide\" with each slide's number in the deck, then \"Title\" with its title{% if extra == "
           "'notes' %}, then \"Speaker notes\" with its notes' text (empty where it has none){% elif extra == "
           "'hidden' %}, then \"Hidden\" saying Yes or No{% endif %}")
ROWS = ("{% if shown_only %}a row for each slide the slide show shows - leave the hidden slides out, but number the "
        "others as the deck does{% else %}a row for every slide, hidden ones included{% endif %}")
EXPORT = """
    import pptx
    deck = pptx.Presentation({input})
    rows = [["Slide", "Title", *{{"none": [], "notes": ["Speaker notes"], "hidden": ["Hidden"]}}[{extra}]]]
    for n, slide in enumerate(deck.slides, start=1):
        hidden = slide._element.get("show") == "0"
        if {shown_only} and hidden:
            continue
        title = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
        notes = " ".join(slide.notes_slide.notes_text_frame.text.split()) if slide.has_notes_slide else ""
        rows.append([n, title, *{{"none": [], "notes": [notes], "hidden": ["Yes" if hidden else "No"]}}[{extra}]])
"""


class Params(Prepared):
    input: str
    output: str
    form: Form
    extra: Extra
    shown_only: bool


class Options(SkillParams):
    form: Form | None = None
    extra: Extra | None = None
    shown_only: bool | None = None


@register_workflow
class SlideList(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.slide_list", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"List the slides of {{{{ input }}}} in {{{{ output }}}}: a header row, then {ROWS}, in deck order, "
            f"with {COLUMNS}. Slide numbers as numbers. Leave the deck as it is.",
            f"We're assigning owners for the slides in {{{{ input }}}} and need them in a spreadsheet. Could you "
            f"make {{{{ output }}}} with {COLUMNS}? I'd like {ROWS}, in the deck's order. Please don't change the "
            "deck.",
            f"{{{{ input }}}} -> {{{{ output }}}}: {ROWS}; {COLUMNS}; deck order.",
            f"The review team wants to track {{{{ input }}}} slide by slide in {{{{ output }}}}: {ROWS}, in order, "
            f"with {COLUMNS}, and nothing else in the sheet.",
        ],
        criteria=["A header and a row per slide asked for, in deck order, numbered as the deck numbers them.",
                  "Each row's title and, as asked, its notes or Yes/No for hidden; nothing else in the sheet."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck, some slides hidden"),
               FileSlot(param="output", type="csv", types_by={"form": {"xlsx": "xlsx"}},
                        description="The slide list as a spreadsheet")],
        checks=[CheckTemplate(func="slides.slide_inventory", paths={"input_file": "input"},
                              bind={"extra": "extra", "shown_only": "shown_only"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        form: Form = getattr(ctx.options, "form", None) or ctx.rng.choice(["csv", "xlsx"])
        extra: Extra = getattr(ctx.options, "extra", None) or ctx.rng.choice(["none", "notes", "hidden"])
        fixed = getattr(ctx.options, "shown_only", None)  # multi.slide_index lists every slide without the flag
        shown_only = extra != "hidden" if fixed is None else fixed
        deck = make_deck(ctx.rng, ctx.faker)
        hidden = ctx.rng.sample(range(2, len(deck.slides) - 1), ctx.rng.randint(1, 2))
        folder = ctx.rng.choice(["", "slides/", "decks/"])
        params = Params(input=f"{folder}{deck.file_stem}.pptx", form=form, extra=extra, shown_only=shown_only,
                        output=f"{folder}{ctx.rng.choice(NAMES)}.{form}")
        return params.with_files(input=write_with_hidden(deck, hidden))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(EXPORT.format(input=lit(params.input), extra=lit(params.extra),
                                               shown_only=lit(params.shown_only))) + write_rows_code(params.output)
        return solution(list_step(params.input, f"I list the slides of {params.input} to see titles and notes."),
                        script_step(script, "I read every slide's number, title, notes and hidden flag with "
                                    "python-pptx and write the rows asked for.", "Write the slide list"),
                        script_step(f"print(open({lit(params.output)}, 'rb').read()[:400])" if params.form == "csv"
                                    else f"import openpyxl; print(list(openpyxl.load_workbook({lit(params.output)})"
                                    ".active.values)[:5])", "I look at the start of the sheet.", "Check the sheet"))
