"""Speaker notes across a whole deck, the chores before a deck changes hands: clear every note
before it goes to customers, append a line to the notes that exist, write a note on the slides
that have none, or swap the presenter's name throughout the notes."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Op = Literal["clear", "append", "fill_missing", "replace"]
TASK = ("{% if op == 'clear' %}remove the speaker notes from every slide, so that no slide has any notes left"
        "{% elif op == 'append' %}add the line \"{{ text }}\" at the end of the speaker notes of every slide that "
        "already has notes (slides without notes stay without){% elif op == 'fill_missing' %}give every slide that "
        "has no speaker notes the note \"{{ text }}\" (slides that have notes keep them as they are){% else %}"
        "replace the name {{ old }} with {{ new }} wherever it appears in the speaker notes (whole word, same "
        "case){% endif %}")
WHY = {"clear": "it goes to the customer", "append": "the rehearsal", "fill_missing": "the handover",
       "replace": "{new} takes over the talk"}
LINES = ["Check the timing: two minutes at most.", "Link back to the agenda before moving on.",
         "Leave room for one question here."]
FILLERS = ["Notes to follow.", "No notes yet - ask the slide owner.", "Speaker: keep this one short."]
CODE = {"clear": "text = ''", "append": f"text = old + '\\n' + {{text}} if old.strip() else old",
        "fill_missing": "text = old if old.strip() else {text}",
        "replace": "text = re.sub(r'(?<!\\w)' + re.escape({old}) + r'(?!\\w)', {new}, old)"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    op: Op
    text: str | None
    old: str | None
    new: str | None
    why: str


class Options(SkillParams):
    op: Op | None = None
    in_place: bool | None = None


@register_workflow
class EditNotes(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.edit_notes", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, {TASK}. No slide's visible content changes. " + SAVE["formal"],
            f"Before {{{{ why }}}}, could you go through the speaker notes of {{{{ input }}}} and {TASK}? Please "
            "leave the slides themselves alone. " + SAVE["chatty"],
            f"{{{{ input }}}} notes: {TASK}. " + SAVE["terse"],
        ],
        criteria=["Each slide's notes read as the edit makes them.", "No slide's visible text changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with speaker notes"),
               FileSlot(param="output", type="pptx", description="The deck with the notes edited")],
        checks=[CheckTemplate(func="slides.notes_edited", bind={"op": "op", "text": "text", "old": "old", "new": "new"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "op", None) or ctx.rng.choice(["clear", "append", "fill_missing", "replace"])
        deck = make_deck(ctx.rng, ctx.faker)
        slides = list(deck.slides)
        old = new = text = None
        topics = range(2, len(slides) - 1)
        if op == "fill_missing":  # a topic slide or two lost its notes too
            for i in ctx.rng.sample(list(topics), 2):
                slides[i] = slides[i].model_copy(update={"notes": ""})
            text = ctx.rng.choice(FILLERS)
        elif op == "append":
            text = ctx.rng.choice(LINES)
        elif op == "replace":
            old = new = ctx.faker.first_name()
            while new == old:
                new = ctx.faker.first_name()
            for i in ctx.rng.sample(list(topics), min(3, len(topics))):
                slides[i] = slides[i].model_copy(update={"notes": f"{slides[i].notes}\nHand over to {old} here."})
            slides[1] = slides[1].model_copy(update={"notes": f"{old} presents the first half."})
        deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "notes"), op=op, text=text, old=old, new=new,
                        why=WHY[op].format(new=new))
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        change = CODE[params.op].format(text=lit(params.text), old=lit(params.old), new=lit(params.new))
        script = f"""
            import re, pptx
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                old = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
                {change}
                if text != old:
                    slide.notes_slide.notes_text_frame.text = text
                    print("slide", n, "notes:", text[:60])
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} with the start of their notes."),
                        script_step(script, f"I edit each slide's notes with python-pptx ({params.op.replace('_', ' ')}).",
                                    "Edit the speaker notes"),
                        list_step(params.output, "I list the slides again to check the notes."))
