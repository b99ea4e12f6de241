"""Gather slides from three project decks into a new deck for one meeting: each project's slide of
one title ('Decisions Needed' for the steering committee), or every hidden backup slide (an
appendix to have at hand); titles prefixed with their deck's title or kept; behind a new title
slide or not. The slides keep their text and notes; the decks stay as they are."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import Bullet, SlideContent, make_deck, more_bullets
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import list_step, save_code
from workflows.presentation._draw import pick
from workflows.presentation._hidden import write_with_hidden
from workflows.presentation._team_decks import COPY
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Which = Literal["titled", "hidden"]
SLOTS = ("first", "second", "third")
DECKS = "{{ first }}, {{ second }} and {{ third }}"
FILES = {"titled": "steering_{slug}.pptx", "hidden": "backup_slides.pptx"}
COVERS = {"titled": "Steering committee: {name}", "hidden": "Backup slides"}
WHAT = ("{% if which == 'titled' %}the slide titled \"{{ title }}\" from each of " + DECKS + "{% else %}every hidden "
        "slide (the backup slides) of " + DECKS + ", shown in the new deck{% endif %}")
HOW = ("{% if prefix %}each title starting with its deck's title and a colon (\"<deck title>: <slide title>\")"
       "{% else %}titles as they are{% endif %}{% if cover_title %}, after a new title slide \"{{ cover_title }}\""
       "{% endif %}")
GATHER = """
    def title(slide):
        return " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
    decks = [pptx.Presentation(p) for p in {inputs}]
    deck = pptx.Presentation({inputs}[0])
    for entry in list(deck.slides._sldIdLst):
        deck.part.drop_rel(entry.rId); deck.slides._sldIdLst.remove(entry)
    if {cover}:
        cover = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title Slide"))
        cover.shapes.title.text = {cover}
        cover.placeholders[1]._element.getparent().remove(cover.placeholders[1]._element)
    for source in decks:
        name = title(source.slides[0])
        for slide in source.slides:
            hidden = slide._element.get("show") == "0"
            if (hidden if {which} == "hidden" else title(slide) == {title}):
                new = copy_slide(slide, deck)
                if {prefix}:
                    new.shapes.title.text_frame.paragraphs[0].runs[0].text = name + ": " + title(slide)
                print(name, "->", title(new))
"""


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    which: Which
    title: str
    prefix: bool
    cover_title: str


class Options(SkillParams):
    which: Which | None = None
    prefix: bool | None = None
    cover: bool | None = None


@register_workflow
class CollectSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.collect_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Make a new deck, {{{{ output }}}}, of {WHAT}: deck by deck in the order listed, each deck's slides in "
            f"their order, {HOW}. The slides keep their text and speaker notes; the three decks stay as they are.",
            f"For the steering meeting I need one deck, {{{{ output }}}}, with {WHAT}. Keep them deck by deck in "
            f"that order with their notes, {HOW}, and please don't change the original decks.",
            f"{{{{ output }}}}: {WHAT}, in order; {HOW}; notes kept.",
        ],
        criteria=["The chosen slides of each deck, deck by deck in the listed order, with their text and notes.",
                  "Titles prefixed or kept and the cover slide as asked; nothing hidden, nothing else."],
        files=[*(FileSlot(param=s, type="pptx", role="input", description="A project deck") for s in SLOTS),
               FileSlot(param="output", type="pptx", description="The collected slides")],
        checks=[CheckTemplate(func="slides.slides_collected", paths={f"{s}_file": s for s in SLOTS},
                              bind={"which": "which", "title": "title", "prefix": "prefix",
                                    "cover_title": "cover_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        which: Which = getattr(ctx.options, "which", None) or ctx.rng.choice(["titled", "hidden"])
        prefix, cover = pick(ctx, "prefix"), pick(ctx, "cover")
        extras = corpus("decks")["extra_slides"]
        name = ctx.rng.choice(sorted(extras))
        topics_all = ctx.rng.sample(sorted(corpus("decks")["topics"]), 3)
        files, stems = {}, []
        for slot, topic in zip(SLOTS, topics_all, strict=True):
            deck = make_deck(ctx.rng, ctx.faker, topic=topic)
            slides = list(deck.slides)
            points = [Bullet(text=t) for t in ctx.rng.sample(extras[name], 2)] + more_bullets(ctx.rng, ctx.faker, 1)
            extra = SlideContent(layout="bullets", title=name, bullets=points,
                                 notes=ctx.rng.choice(["", f"Ask {ctx.faker.first_name()} to take this one."]))
            slides.insert(ctx.rng.randrange(2, len(slides)), extra)
            deck = deck.model_copy(update={"slides": slides})
            hidden = ctx.rng.sample([i for i in topics(deck) if slides[i] is not extra], ctx.rng.randint(1, 2))
            files[slot] = write_with_hidden(deck, hidden)
            stems.append(deck.file_stem)
        folder = ctx.rng.choice(["", "projects/", "steering/"])
        paths = [f"{folder}{stem}.pptx" for stem in stems]
        params = Params(**dict(zip(SLOTS, paths, strict=True)),
                        output=folder + FILES[which].format(slug=name.lower().replace(" ", "_")),
                        which=which, title=name if which == "titled" else "", prefix=prefix,
                        cover_title=COVERS[which].format(name=name) if cover else "")
        return params.with_files(**files)

    def reference(self, params: Params) -> ReferenceSolution:
        inputs = [params.first, params.second, params.third]
        script = "import copy, pptx\n" + textwrap.dedent(COPY) + textwrap.dedent(GATHER.format(
            inputs=lit(inputs), cover=lit(params.cover_title), which=lit(params.which), title=lit(params.title),
            prefix=lit(params.prefix))) + save_code(params.output)
        return solution(*(list_step(p, f"I list the slides of {p}.") for p in inputs),
                        script_step(script, "I build the new deck from an emptied copy of the first (same template) "
                                    "and copy each chosen slide's shapes and notes in, retitled as asked.",
                                    "Collect the slides"),
                        list_step(params.output, "I list the new deck to check it."))
