"""Bring the company's shared 'About us' slide up to date in three decks from the master copy
marketing keeps: the slide's text replaced by the master's, with the master's speaker notes or each
deck's own; a deck that lacks the slide gets it before its closing slide, when asked; the decks
updated in place or saved as new versions."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, SlideContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._draw import pick
from workflows.presentation._team_decks import COPY
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SLOTS = ("first", "second", "third")
DECKS = "{{ first }}, {{ second }} and {{ third }}"
NOTES = ("{% if keep_notes %}each deck keeps its own speaker notes on that slide{% else %}the slide's speaker notes "
         "become the master's too{% endif %}")
MISSING = ("{% if add_missing %} A deck that has no such slide gets the master's, just before its closing slide."
           "{% endif %}")
SAVE = ("{% if in_place %}Update the three decks in place.{% else %}Leave them as they are and save the updated "
        "versions as {{ first_out }}, {{ second_out }} and {{ third_out }}.{% endif %}")
SYNC = """
    import os, pptx
    master = next(s for s in pptx.Presentation({master}).slides if title(s) == {title})
    for source, target in zip({inputs}, {outputs}):
        deck = pptx.Presentation(source)
        found = [i for i, s in enumerate(deck.slides) if title(s) == {title}]
        if found:
            slide = deck.slides[found[0]]
            for shape in list(slide.shapes):
                shape._element.getparent().remove(shape._element)
            for shape in master.shapes:
                slide.shapes._spTree.insert_element_before(copy.deepcopy(shape._element), "p:extLst")
            if not {keep}:
                slide.notes_slide.notes_text_frame.text = master.notes_slide.notes_text_frame.text
        elif {add}:
            copy_slide(master, deck)
            order = deck.slides._sldIdLst; new = order[-1]; order.remove(new); order.insert(len(order) - 1, new)
        os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        deck.save(target)
        print(target, "updated" if found else "added" if {add} else "left")
"""


class Params(Prepared):
    master: str
    first: str
    second: str
    third: str
    first_out: str
    second_out: str
    third_out: str
    in_place: bool
    title: str
    keep_notes: bool
    add_missing: bool


class Options(SkillParams):
    keep_notes: bool | None = None
    add_missing: bool | None = None
    in_place: bool | None = None


def _about(ctx: WorkflowContext, company: str, founded: int, new: bool) -> SlideContent:
    """The 'About <company>' slide: the master's current figures, or an older copy's."""
    staff, countries = ctx.rng.randint(180, 900), ctx.rng.randint(3, 9)
    cities = [ctx.faker.city() for _ in range(3)]
    bullets = [f"Founded in {founded}", f"{staff} staff in {countries} countries",
               f"Offices in {cities[0]} and {cities[1]}" if not new else f"Offices in {', '.join(cities[:2])} and "
               f"{cities[2]}"]
    if new:
        bullets.append(f"ISO 27001 certified since {ctx.rng.randint(founded + 5, 2024)}")
    note = (f"Mention the new office in {cities[2]}." if new else
            ctx.rng.choice(["Keep this to thirty seconds.", f"Say hello from the {cities[0]} team."]))
    return SlideContent(layout="bullets", title=f"About {company}", bullets=[Bullet(text=b) for b in bullets],
                        notes=note)


@register_workflow
class SyncSharedSlide(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.sync_shared_slide", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The slide \"{{{{ title }}}}\" in {DECKS} is out of date. Replace it in each deck with the current "
            f"version in {{{{ master }}}} (same place, the master's text), and {NOTES}.{MISSING} {SAVE}",
            f"Marketing refreshed our \"{{{{ title }}}}\" slide - the master copy is {{{{ master }}}}. Could you "
            f"update it in {DECKS}? Swap the old slide's content for the master's where it is; {NOTES}.{MISSING} "
            f"{SAVE}",
            f"\"{{{{ title }}}}\" slide: sync {DECKS} with {{{{ master }}}}; {NOTES}.{MISSING} {SAVE}",
        ],
        criteria=["In each deck the shared slide reads as the master's, with the notes asked for.",
                  "Every other slide is unchanged; a deck lacking the slide is handled as asked."],
        files=[FileSlot(param="master", type="pptx", role="input", description="The master copy of the slide"),
               *(FileSlot(param=s, type="pptx", role="input", description="A deck using the slide") for s in SLOTS),
               *(FileSlot(param=f"{s}_out", type="pptx", description="The updated deck") for s in SLOTS)],
        checks=[CheckTemplate(func="slides.shared_slide_synced",
                              paths={"master_file": "master", **{f"{s}_input": s for s in SLOTS},
                                     **{f"{s}_file": f"{s}_out" for s in SLOTS}},
                              bind={"title": "title", "keep_notes": "keep_notes", "add_missing": "add_missing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        keep, add, in_place = pick(ctx, "keep_notes"), pick(ctx, "add_missing"), pick(ctx, "in_place")
        company = f"{ctx.faker.last_name()} {ctx.rng.choice(['Group', 'Systems', 'Partners', 'Labs'])}"
        founded = ctx.rng.randint(1985, 2012)
        master = _about(ctx, company, founded, new=True)
        lacking = ctx.rng.randrange(3) if add else None
        decks = []
        while len({d.title for d in decks}) < 3:
            decks = [make_deck(ctx.rng, ctx.faker) for _ in SLOTS]
        files = {}
        for k, (slot, deck) in enumerate(zip(SLOTS, decks, strict=True)):
            slides = list(deck.slides)
            if k != lacking:
                slides.insert(ctx.rng.choice([2, len(slides) - 1]), _about(ctx, company, founded, new=False))
            files[slot] = write_pptx(deck.model_copy(update={"slides": slides}))
        folder = ctx.rng.choice(["", "decks/", "sales/"])
        stems = [d.file_stem for d in decks]
        about = write_pptx(decks[0].model_copy(update={"title": master.title, "slides": [master],
                                                        "file_stem": "about_master"}))
        params = Params(master=f"{folder}about_us_master.pptx",
                        **{s: f"{folder}{stem}.pptx" for s, stem in zip(SLOTS, stems, strict=True)},
                        **{f"{s}_out": f"{folder}{stem}{'' if in_place else '_updated'}.pptx"
                           for s, stem in zip(SLOTS, stems, strict=True)},
                        in_place=in_place, title=master.title, keep_notes=keep, add_missing=add)
        return params.with_files(master=about, **files)

    def reference(self, params: Params) -> ReferenceSolution:
        inputs = [params.first, params.second, params.third]
        outputs = [params.first_out, params.second_out, params.third_out]
        script = "import copy, pptx\n" + textwrap.dedent(COPY) + textwrap.dedent("""
            def title(slide):
                return " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
        """) + textwrap.dedent(SYNC.format(master=lit(params.master), title=lit(params.title), inputs=lit(inputs),
                                          outputs=lit(outputs), keep=lit(params.keep_notes),
                                          add=lit(params.add_missing)))
        return solution(list_step(params.master, f"I look at the master slide in {params.master}."),
                        *(list_step(p, f"I list {p} to find its copy of the slide.") for p in inputs),
                        script_step(script, "In each deck I swap the old slide's shapes for copies of the master's "
                                    "(python-pptx), set the notes as asked, and add the slide where it is missing "
                                    "when asked.", "Update the shared slide"),
                        *(list_step(p, f"I list {p} to check it.") for p in outputs))
