"""Move a deck's backup slides into an appendix behind the closing slide before the talk, so the
main story runs without them and they are still there for questions: the backup slides are the
ones titled 'Backup: ...', the ones whose speaker notes open with 'Backup', or the hidden ones;
a Section Header slide 'Appendix' in front of them or not; hidden in the slide show or shown;
in place or a new deck."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import DeckContent, SlideContent, make_deck, more_bullets
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.presentation._hidden import write_with_hidden
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Marker = Literal["title", "notes", "hidden"]
ASPECTS = ["detail by region", "methodology", "full figures", "assumptions", "data sources", "month by month",
           "by customer segment", "sensitivity analysis", "cost breakdown", "survey details"]
ASIDES = ["Only if someone asks about {lower}.", "The detail behind {item}; skip unless asked.",
          "For questions from the {dept} team.", "Figures as of the last close; talk through only on request."]
BACKUP = ["Backup: only if someone asks about {lower}.", "BACKUP - the detail behind {item}.",
          "Backup slide. For questions from the {dept} team.", "Backup; figures as of the last close."]
MARK = ("{% if marker == 'title' %}the slides whose titles start with \"Backup:\"{% elif marker == 'notes' %}the "
        "slides whose speaker notes start with \"Backup\"{% else %}the hidden slides{% endif %}")
DIV = ("{% if divider %}behind a new slide on the Section Header layout titled \"Appendix\" (no other text){% else %}"
       "with no divider in front of them{% endif %}")
SHOW = ("{% if hide %}{% if marker == 'hidden' %}leave them hidden{% else %}hide them in the slide show{% endif %}"
        "{% else %}{% if marker == 'hidden' %}show them again{% else %}leave them shown{% endif %}{% endif %}")
MOVE = """
    import pptx
    deck = pptx.Presentation({input})
    def marked(slide):
        title = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
        notes = slide.notes_slide.notes_text_frame.text.strip() if slide.has_notes_slide else ""
        return {{"title": title.casefold().startswith("backup:"), "notes": notes.casefold().startswith("backup"),
                 "hidden": slide._element.get("show") == "0"}}[{marker}]
    slides = list(deck.slides)
    backup = [i for i in range(1, len(slides)) if marked(slides[i])]
    ids = list(deck.slides._sldIdLst)
    divider = []
    if {divider}:
        layout = next(l for l in deck.slide_layouts if l.name == "Section Header")
        slide = deck.slides.add_slide(layout)
        slide.shapes.title.text = "Appendix"
        for p in [p for p in slide.placeholders if p.placeholder_format.idx != 0]:
            p._element.getparent().remove(p._element)
        divider = [deck.slides._sldIdLst[-1]]
    for entry in list(deck.slides._sldIdLst):
        deck.slides._sldIdLst.remove(entry)
    for entry in [*(ids[i] for i in range(len(slides)) if i not in backup), *divider, *(ids[i] for i in backup)]:
        deck.slides._sldIdLst.append(entry)
    for i in backup:
        if {hide}:
            slides[i]._element.set("show", "0")
        else:
            slides[i]._element.attrib.pop("show", None)
    print("moved", len(backup), "backup slides")
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    marker: Marker
    divider: bool
    hide: bool


class Options(SkillParams):
    marker: Marker | None = None
    divider: bool | None = None
    hide: bool | None = None
    in_place: bool | None = None


def with_backups(ctx: WorkflowContext, deck: DeckContent, marker: Marker) -> tuple[DeckContent, list[int]]:
    """The deck with two or three backup slides, each right after the topic slide it backs up; their
    0-based indexes. A title-marked deck also has a topic slide whose notes mention backup figures."""
    rng, faker = ctx.rng, ctx.faker
    slides, added = list(deck.slides), []
    topics = sorted(rng.sample(range(2, len(slides) - 1), rng.randint(2, 3)), reverse=True)
    for at, aspect in zip(topics, rng.sample(ASPECTS, len(topics)), strict=False):
        item = slides[at].title
        title = f"{item}: {aspect}"
        words = {"item": item, "lower": item.lower(), "dept": rng.choice(corpus("business")["departments"])}
        note = rng.choice(BACKUP if marker == "notes" else ASIDES).format(**words)
        added.append(SlideContent(layout="bullets", title=f"Backup: {title}" if marker == "title" else title,
                                  bullets=more_bullets(rng, faker, rng.randint(3, 5)), notes=note))
        slides.insert(at + 1, added[-1])
    if marker == "title":  # the notes' word is not the mark
        k = next(i for i in range(2, len(slides) - 1) if not slides[i].title.startswith("Backup:"))
        slides[k] = slides[k].model_copy(update={"notes": f"Backup figures are in the appendix. {slides[k].notes}"})
    return deck.model_copy(update={"slides": slides}), [i for i, s in enumerate(slides) if any(s is a for a in added)]


@register_workflow
class BackupAppendix(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.backup_appendix", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, move {MARK} to an appendix at the very end, after the closing slide, {DIV}. Keep "
            f"them in their current order and {SHOW}; every other slide stays where it is, in its order. Do not "
            "change any slide's title, text or notes. " + SAVE["formal"],
            f"I'm presenting {{{{ input }}}} tomorrow and the backup material is in the way - it's {MARK}. Could you "
            f"put all of it after the last slide, {DIV}, in the same order as now, and {SHOW}? "
            "Leave the rest of the deck and all the wording alone. " + SAVE["chatty"],
            f"{{{{ input }}}}: {MARK} to the end as an appendix after the closing slide, {DIV}; their order kept; "
            f"{SHOW}; nothing else changed. " + SAVE["terse"],
            f"When {{{{ input }}}} is shown, the talk should end on its closing slide with the backup slides ({MARK}) "
            f"only after it, {DIV}, in their order - and {SHOW}. Titles, text and notes stay as written. "
            + SAVE["formal"],
        ],
        criteria=["The backup slides follow every other slide, in their order, behind an 'Appendix' divider when "
                  "asked.", "The backup slides hidden or shown as asked; no slide's text or notes changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with backup slides"),
               FileSlot(param="output", type="pptx", description="The deck with its appendix")],
        checks=[CheckTemplate(func="slides.backup_appendix", paths={"input_file": "input"},
                              bind={"marker": "marker", "divider": "divider", "hide": "hide"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        marker: Marker = getattr(ctx.options, "marker", None) or ctx.rng.choice(["title", "notes", "hidden"])
        divider, hide = pick(ctx, "divider"), pick(ctx, "hide")
        deck, marked = with_backups(ctx, make_deck(ctx.rng, ctx.faker), marker)
        params = Params(**deck_paths(ctx, deck.file_stem, "appendix"), marker=marker, divider=divider, hide=hide)
        return params.with_files(input=write_with_hidden(deck, marked if marker == "hidden" else []))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(MOVE.format(input=lit(params.input), marker=lit(params.marker),
                                             divider=lit(params.divider), hide=lit(params.hide)))
        return solution(list_step(params.input, f"I list the slides of {params.input} and spot the backup ones."),
                        script_step(script + save_code(params.output), "I move the backup slides behind the closing "
                                    "slide with python-pptx (the slide id list), add the divider if asked and set "
                                    "their hidden flag.", "Build the appendix"),
                        list_step(params.output, "I list the slides again to check the order."))
