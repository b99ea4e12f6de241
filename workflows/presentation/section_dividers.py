"""Divide a deck into parts with section header slides (the parts and where each starts as the
presenter planned them, optionally numbered 'Part N'), or take the dividers out again for a
version that is sent rather than presented."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, SlideContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._draw import pick
from workflows.presentation._deck import SAVE, deck_paths, drop_slide_code, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

NAMES = ["Background", "Where we stand", "Our approach", "Results so far", "The numbers", "What changes",
         "The plan", "Open questions", "Next steps"]  # in the order a talk runs through them
TASK = ("{% if parts %}divide the deck into {{ parts|length }} parts with section header slides. Insert a slide on the "
        "Section Header layout right before each part's first slide: {% for p in parts %}\"{{ p }}\" before "
        "\"{{ starts[loop.index0] }}\"{% if not loop.last %}, {% endif %}{% endfor %}{% if numbered %}; each divider "
        "has the part's name as its title and \"Part 1\", \"Part 2\", ... (in order) as its text{% else %}; each "
        "divider has only the part's name as its title{% endif %}{% else %}delete every section header slide (the "
        "dividers on the Section Header layout); the deck is being sent, not presented{% endif %}")
INSERT = """
    layout = next(l for l in deck.slide_layouts if l.name == "Section Header")
    for k, (part, start) in enumerate(zip({parts}, {starts}), start=1):
        at = next(i for i, s in enumerate(deck.slides) if title(s) == start)
        slide = deck.slides.add_slide(layout)
        slide.shapes.title.text = part
        text = [p for p in slide.placeholders if p.placeholder_format.idx != 0]
        if {numbered}:
            text[0].text = f"Part {{k}}"
        else:
            for p in text: p._element.getparent().remove(p._element)
        order = deck.slides._sldIdLst; new = order[-1]; order.remove(new); order.insert(at, new)
        print("divider", part, "before", start)
"""
REMOVE = """
    for n in reversed(range(len(deck.slides))):
        if deck.slides[n].slide_layout._element.get("type") == "secHead":
            print("deleting", title(deck.slides[n]))
            drop(deck, n)
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    parts: list[str]
    starts: list[str]
    numbered: bool


class Options(SkillParams):
    remove: bool | None = None
    numbered: bool | None = None
    in_place: bool | None = None


@register_workflow
class SectionDividers(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.section_dividers", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, {TASK}. No other slide changes. " + SAVE["formal"],
            f"Could you help with {{{{ input }}}}? Please {TASK}. Leave the other slides exactly as they are. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: {TASK}. " + SAVE["terse"],
        ],
        criteria=["The section header slides are where the task puts them (or all gone), with the titles and "
                  "text asked for.", "Every other slide is unchanged and in order."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with its sections marked or unmarked")],
        checks=[CheckTemplate(func="slides.sections_marked", bind={"parts": "parts", "starts": "starts",
                                                                   "numbered": "numbered"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        remove = pick(ctx, "remove")
        numbered = pick(ctx, "numbered")
        deck = make_deck(ctx.rng, ctx.faker)
        topics = list(range(2, len(deck.slides) - 1))
        count = 2 if len(topics) < 6 else ctx.rng.choice([2, 3])
        firsts = [topics[0], *sorted(ctx.rng.sample(topics[1:], count - 1))]
        names = [NAMES[i] for i in sorted(ctx.rng.sample(range(len(NAMES)), count))]
        if remove:  # dividers someone added for the talk
            slides = list(deck.slides)
            for k, at in reversed(list(enumerate(firsts))):
                body = [Bullet(text=f"Part {k + 1}")] if numbered else []
                slides.insert(at, SlideContent(layout="section", title=names[k], bullets=body))
            deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "sections"), parts=[] if remove else names,
                        starts=[] if remove else [deck.slides[at].title for at in firsts],
                        numbered=numbered and not remove)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        edit = (INSERT.format(parts=lit(params.parts), starts=lit(params.starts), numbered=lit(params.numbered))
                if params.parts else REMOVE)
        script = "\n".join(["import pptx", f"deck = pptx.Presentation({lit(params.input)})",
                            "def title(slide):",
                            "    t = slide.shapes.title",
                            "    return ' '.join(t.text_frame.text.split()) if t is not None else ''",
                            textwrap.dedent(drop_slide_code()).strip(), textwrap.dedent(edit).strip(),
                            save_code(params.output)])
        return solution(list_step(params.input, f"I list the slides of {params.input} with their titles."),
                        script_step(script, "I add (or delete) the Section Header slides with python-pptx, placing "
                                    "each divider by the title of its part's first slide.", "Mark the sections"),
                        list_step(params.output, "I list the slides again to check the order."))
