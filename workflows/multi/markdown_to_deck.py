"""A talk's markdown outline turned into a slide deck (text -> presentation), the way people draft a
talk in a text editor first: a title slide from the `#` line or none, one slide per heading with its
`-` items as bullets (indented items as sub-bullets), `##` parts as divider slides or not, and the
`>` lines as speaker notes or left out as the author's own reminders."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.presentation import DeckContent, make_deck
from preparers.document import slug
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

PARTS = ["Where we stand", "What we learned", "What comes next", "Background", "The plan", "Results"]


class Options(SkillParams):
    title_slide: bool | None = None
    notes: bool | None = None
    parts: bool | None = None


class Params(Prepared):
    outline: str
    output: str
    title_slide: bool
    notes: bool
    parts: bool


def outline(ctx: WorkflowContext, deck: DeckContent, parts: bool) -> str:
    """The deck as its author drafted it: title and subtitle, then the bullet slides (agenda and items)
    with indented sub-items and `>` reminder lines, grouped under `##` parts when asked."""
    content = [s for s in deck.slides if s.layout == "bullets"]
    lines = [f"# {deck.title}", deck.slides[0].subtitle, ctx.rng.choice(["Draft for review", "Internal", "v2"]), ""]
    names = ctx.rng.sample(PARTS, 2) if parts else []
    cut = ctx.rng.randint(2, len(content) - 1) if parts else -1
    for i, slide in enumerate(content):
        if parts and i in (0, cut):
            lines += [f"## {names[0 if i == 0 else 1]}", ""]
        lines.append(f"{'###' if parts else '##'} {slide.title}")
        lines += [f"{'  ' * b.level}- {b.text}" for b in slide.bullets]
        lines += [f"> {slide.notes}"] if slide.notes else []
        lines.append("")
    return "\n".join(lines)


@register_workflow
class MarkdownToDeck(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.markdown_to_deck", apps=["text", "presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Build the slide deck {{ output }} from the talk outline {{ outline }}. {% if title_slide %}It opens with a "
            "title slide: the `#` title, and the plain lines under it as the subtitle.{% else %}No title slide: start "
            "with the first slide heading (the `#` title and the lines under it stay out).{% endif %} "
            "{% if parts %}Each `##` part becomes a divider slide with just its title, and each `###` heading a slide"
            "{% else %}Each `##` heading becomes a slide{% endif %} whose bullets are the `-` items under it, in order "
            "(indented items as sub-bullets). {% if notes %}The `>` lines are speaker notes: put each in its slide's "
            "notes.{% else %}The `>` lines are my own reminders: leave them out of the deck, notes included.{% endif %}",
            "I drafted my talk in {{ outline }}; could you turn it into slides, {{ output }}? "
            "{% if title_slide %}First a title slide (the # line, with the lines below it as subtitle), then{% else %}"
            "Skip the title slide, just{% endif %} one slide per {% if parts %}### heading, plus a title-only divider "
            "for each ## part{% else %}## heading{% endif %}, with its bullet list as the bullets (keep the indented "
            "ones as sub-points). {% if notes %}Whatever I quoted with > is what I want to say: speaker notes, "
            "please.{% else %}Ignore the > lines, those are notes to myself.{% endif %} Nothing else on the slides.",
            "{{ outline }} -> {{ output }}: {% if title_slide %}title slide from # + subtitle lines; {% endif %}"
            "{% if parts %}## = divider (title only), ### = slide{% else %}## = slide{% endif %}; - items = bullets; "
            "{% if notes %}> = speaker notes{% else %}drop the > lines{% endif %}.",
        ],
        criteria=["One slide per heading of the outline, in order, titled with it, its items as bullets.",
                  "Title slide, dividers and notes exactly as asked; nothing else on the slides."],
        files=[FileSlot(param="outline", type="md", role="input", description="A talk outline in markdown"),
               FileSlot(param="output", type="pptx", description="The deck built from it")],
        checks=[CheckTemplate(func="slides.deck_from_outline",
                              bind={"title_slide": "title_slide", "notes": "notes", "parts": "parts"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        deck = make_deck(ctx.rng, ctx.faker)
        parts = opts.parts if opts.parts is not None else ctx.rng.random() < 0.5
        name = slug(deck.title)
        folder = ctx.rng.choice(["", "talks/", "drafts/"])
        params = Params(outline=f"{folder}{name}_{ctx.rng.choice(['outline', 'draft', 'talk'])}.md",
                        output=f"{folder}{name}.pptx",
                        title_slide=opts.title_slide if opts.title_slide is not None else ctx.rng.random() < 0.6,
                        notes=opts.notes if opts.notes is not None else ctx.rng.random() < 0.5, parts=parts)
        return params.with_files(outline=outline(ctx, deck, parts).encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re, pptx
            title_slide, notes, slide_level = {params.title_slide!r}, {params.notes!r}, {3 if params.parts else 2}
            plan, current = [], None
            for raw in open({lit(params.outline)}, encoding="utf-8").read().splitlines():
                if not raw.strip():
                    continue
                heading = re.match(r"^(#+)\\s+(.*)$", raw)
                if heading:
                    level = len(heading[1])
                    kind = "title" if level == 1 else "slide" if level == slide_level else "divider"
                    current = None if kind == "title" and not title_slide else dict(kind=kind, title=heading[2].strip(),
                                                                                    lines=[], notes=[])
                    if current:
                        plan.append(current)
                elif current is None:
                    continue
                elif raw.lstrip().startswith(">"):
                    current["notes"].append(raw.lstrip()[1:].strip())
                elif re.match(r"^\\s*- ", raw):
                    current["lines"].append(((len(raw) - len(raw.lstrip())) // 2, raw.strip()[2:]))
                elif current["kind"] == "title":
                    current["lines"].append((0, raw.strip()))
            deck = pptx.Presentation()
            layouts = dict(title=0, slide=1, divider=5)
            for item in plan:
                slide = deck.slides.add_slide(deck.slide_layouts[layouts[item["kind"]]])
                slide.shapes.title.text = item["title"]
                if item["kind"] == "title":
                    slide.placeholders[1].text = "\\n".join(t for _, t in item["lines"])
                elif item["kind"] == "slide":
                    frame = slide.placeholders[1].text_frame
                    for i, (level, text) in enumerate(item["lines"]):
                        paragraph = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
                        paragraph.text, paragraph.level = text, level
                if notes and item["notes"]:
                    slide.notes_slide.notes_text_frame.text = " ".join(item["notes"])
            import os
            os.makedirs(os.path.dirname({lit(params.output)}) or ".", exist_ok=True)
            deck.save({lit(params.output)})
            print(len(plan), "slides")
        """
        return solution(shell_step(f"cat {params.outline}", f"First I read the outline {params.outline}.",
                                   "Read the outline"),
                        script_step(script, "I parse the headings, items and > lines and build each slide with "
                                    "python-pptx, sub-items one level down.", "Build the deck"))
