"""Apply the new slide titles an editor sent as a CSV (the old title or the slide's number, then
the new title) to a deck: each listed slide retitled, the agenda's items renamed to match or
left; in place or a new deck."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

By = Literal["title", "number"]
NEW = ["Where we stand", "What the numbers say", "Our next quarter", "Risks we are watching", "How we get there",
       "What changes for the team", "The plan in one page", "Open questions"]
LIST = ("{% if by == 'title' %}each row the current title, then the new one{% else %}each row a slide number, then "
        "its new title{% endif %}")
AGENDA = ("{% if agenda %}Rename the matching items of the Agenda slide too.{% else %}Leave the Agenda slide's items "
          "as they are.{% endif %}")
APPLY = """
    import csv, pptx
    deck = pptx.Presentation({input})
    rows = list(csv.reader(open({data}, encoding="utf-8")))[1:]
    def title(slide):
        return " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
    renamed = {{}}
    for key, new in rows:
        n = int(key) - 1 if {by} == "number" else next(i for i, s in enumerate(deck.slides) if title(s) == key)
        slide = deck.slides[n]
        renamed[title(slide)] = new
        slide.shapes.title.text_frame.paragraphs[0].runs[0].text = new
    if {agenda}:
        agenda = next(s for s in deck.slides if title(s) == "Agenda")
        for paragraph in agenda.placeholders[1].text_frame.paragraphs:
            text = " ".join(paragraph.text.split())
            if text in renamed:
                paragraph.runs[0].text = renamed[text]
    print(renamed)
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    by: By
    agenda: bool


class Options(SkillParams):
    by: By | None = None
    agenda: bool | None = None
    in_place: bool | None = None


@register_workflow
class TitlesFromList(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.titles_from_list", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Apply the new slide titles in {{{{ data }}}} ({LIST}) to {{{{ input }}}}. {AGENDA} Nothing else "
            "changes. " + SAVE["formal"],
            f"Our editor reworded some slide titles and sent them as {{{{ data }}}} ({LIST}). Could you put them "
            f"into {{{{ input }}}}? {AGENDA} " + SAVE["chatty"],
            f"{{{{ input }}}}: retitle slides per {{{{ data }}}} ({LIST}). {AGENDA} " + SAVE["terse"],
        ],
        criteria=["Each listed slide carries its new title; no other title changes.",
                  "The agenda renamed to match or left, as asked; text and notes unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck"),
               FileSlot(param="data", type="csv", role="input", description="The new titles"),
               FileSlot(param="output", type="pptx", description="The retitled deck")],
        checks=[CheckTemplate(func="slides.titles_from_list", paths={"input_file": "input", "list_file": "data"},
                              bind={"by": "by", "agenda": "agenda"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        by: By = getattr(ctx.options, "by", None) or ctx.rng.choice(["title", "number"])
        agenda = pick(ctx, "agenda")
        deck = make_deck(ctx.rng, ctx.faker)
        chosen = sorted(ctx.rng.sample(range(2, len(deck.slides) - 1), ctx.rng.randint(2, 3)))
        news = ctx.rng.sample(NEW, len(chosen))
        header = ["Old title", "New title"] if by == "title" else ["Slide", "New title"]
        rows = [[deck.slides[i].title if by == "title" else i + 1, new] for i, new in zip(chosen, news, strict=True)]
        ctx.rng.shuffle(rows)
        base = deck_paths(ctx, deck.file_stem, "retitled")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        params = Params(**base, data=f"{folder}new_titles.csv", by=by, agenda=agenda)
        return params.with_files(input=write_pptx(deck), data=write_csv(Table.of("titles", [header, *rows])))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(APPLY.format(input=lit(params.input), data=lit(params.data), by=lit(params.by),
                                              agenda=lit(params.agenda))) + save_code(params.output)
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(f"print(open({lit(params.data)}, encoding='utf-8').read())",
                                    f"I read the new titles in {params.data}.", f"Read {params.data}"),
                        script_step(script, "I set each listed slide's title with python-pptx (and the agenda's "
                                    "matching items when asked).", "Retitle the slides"),
                        list_step(params.output, "I list the slides again to check them."))
