"""Split a shared deck into one deck per presenter, so each can rehearse their part: the slides
whose speaker notes open with 'Presenter: <name>' go to that person's deck, in order; a copy of
the title slide in front and of the closing slide behind when asked; the 'Presenter:' line taken
out of the notes or left."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.document import slug
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import drop_slide_code, list_step
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SLOTS = ("first", "second", "third")
PARTS = ("{% for p in presenters %}{{ p }}'s slides to {{ files[loop.index0] }}{% if loop.revindex == 2 %} and "
         "{% elif not loop.last %}, {% endif %}{% endfor %}")
FRAME = ("{% if title_slide and closing %}a copy of the title slide in front and of the closing slide at the end"
         "{% elif title_slide %}a copy of the title slide in front (no closing slide){% elif closing %}a copy of the "
         "closing slide at the end (no title slide){% else %}only their own slides (no title or closing slide)"
         "{% endif %}")
MARKER = ("{% if strip_marker %}take the \"Presenter: ...\" line out of the notes{% else %}leave the notes as they "
          "are{% endif %}")
SPLIT = """
    import os, pptx
    def presenter(slide):
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        first = notes.splitlines()[0].strip() if notes.strip() else ""
        return first.split(":", 1)[1].strip() if first.lower().startswith("presenter:") else ""
    count = len(pptx.Presentation({input}).slides)
    for name, path in zip({presenters}, {outputs}):
        deck = pptx.Presentation({input})
        keep = [i for i, s in enumerate(deck.slides) if 0 < i < count - 1 and presenter(s) == name]
        keep += [0] if {title} else []
        keep += [count - 1] if {closing} else []
        for i in keep:
            frame = deck.slides[i].notes_slide.notes_text_frame if deck.slides[i].has_notes_slide else None
            if {strip} and frame is not None and presenter(deck.slides[i]):
                frame.text = "\\n".join(frame.text.splitlines()[1:])
        for index in reversed(range(count)):
            if index not in keep:
                drop(deck, index)
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        deck.save(path)
        print(path, sorted(keep))
"""


class Params(Prepared):
    input: str
    first: str
    second: str
    third: str
    files: list[str]
    presenters: list[str]
    title_slide: bool
    closing: bool
    strip_marker: bool


class Options(SkillParams):
    title_slide: bool | None = None
    closing: bool | None = None
    strip_marker: bool | None = None


@register_workflow
class SplitByPresenter(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.split_by_presenter", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Each topic slide of {{ input }} names its presenter on the first line of its speaker notes "
            f"(\"Presenter: <name>\"). Make one deck per presenter with their slides in order: {PARTS}. Each gets "
            f"{FRAME}; {MARKER}. The shared deck stays as it is.",
            f"We are three presenting {{{{ input }}}} and each of us wants to rehearse our own part. The notes of "
            f"every topic slide start with \"Presenter: <name>\". Could you split it: {PARTS}? Give each {FRAME}, and "
            f"{MARKER}.",
            f"{{{{ input }}}}: split by the \"Presenter:\" line in the notes - {PARTS}; each with {FRAME}; {MARKER}.",
        ],
        criteria=["Each presenter's deck holds exactly their slides, in order, framed as asked.",
                  "Slides keep their text and notes (the presenter line taken out when asked)."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A shared deck"),
               *(FileSlot(param=s, type="pptx", description="One presenter's deck") for s in SLOTS)],
        checks=[CheckTemplate(func="slides.split_by_presenter", paths={f"{s}_file": s for s in SLOTS},
                              bind={"presenters": "presenters", "title_slide": "title_slide", "closing": "closing",
                                    "strip_marker": "strip_marker"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        title_slide, closing, strip = (pick(ctx, n) for n in ("title_slide", "closing", "strip_marker"))
        deck = make_deck(ctx.rng, ctx.faker)
        while len(topics(deck)) < 5:
            deck = make_deck(ctx.rng, ctx.faker)
        names = []
        while len(set(names)) < 3:
            names = [ctx.faker.first_name() for _ in range(3)]
        slots = topics(deck)
        owners = names + [ctx.rng.choice(names) for _ in slots[3:]]
        ctx.rng.shuffle(owners)
        slides = list(deck.slides)
        for i, owner in zip(slots, owners, strict=True):
            slides[i] = slides[i].model_copy(update={"notes": f"Presenter: {owner}\n{slides[i].notes}".rstrip()})
        deck = deck.model_copy(update={"slides": slides})
        folder = ctx.rng.choice(["", "talk/", "rehearsal/"])
        files = [f"{folder}{deck.file_stem}_{slug(n)}.pptx" for n in names]
        params = Params(input=f"{folder}{deck.file_stem}.pptx", **dict(zip(SLOTS, files, strict=True)), files=files,
                        presenters=names, title_slide=title_slide, closing=closing, strip_marker=strip)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(drop_slide_code()) + textwrap.dedent(SPLIT.format(
            input=lit(params.input), presenters=lit(params.presenters), outputs=lit(params.files),
            title=lit(params.title_slide), closing=lit(params.closing), strip=lit(params.strip_marker)))
        return solution(list_step(params.input, f"I list the slides of {params.input} with the start of their notes."),
                        script_step(script, "For each presenter I open the deck with python-pptx, keep their slides "
                                    "(and the title and closing slides as asked), fix the notes, and save.",
                                    "Split the deck by presenter"),
                        *(list_step(p, f"I list {p} to check it.") for p in params.files))
