"""Split a slide that has grown too many bullets into two (after a given bullet, or in half), the
second titled '... (cont.)' or the pair numbered '(1/2)' / '(2/2)'; or the reverse, once a deck is
trimmed: merge a continuation slide (one named, or every one) back into the slide it continues."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, SlideContent, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._draw import pick
from workflows.presentation._deck import SAVE, deck_paths, drop_slide_code, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Style = Literal["cont", "numbered"]
SUFFIX = {"cont": ("", " (cont.)"), "numbered": (" (1/2)", " (2/2)")}
TASK = (
    "{% if op == 'split' %}the slide \"{{ slide_title }}\" has too many bullet points: split it into two slides. "
    "{% if keep %}The first {{ keep }} bullets stay on it{% else %}The first half of the bullets stays on it (it "
    "keeps the extra one if the count is odd){% endif %}; the rest move, in order, to a new slide right after it, "
    "on the same layout. {% if style == 'cont' %}The new slide is titled \"{{ slide_title }} (cont.)\"{% else %}"
    "Title the two \"{{ slide_title }} (1/2)\" and \"{{ slide_title }} (2/2)\"{% endif %}.{% else %}"
    "{% if slide_title %}merge the slide \"{{ slide_title }}{{ head }}\" and its continuation \"{{ slide_title }}"
    "{{ tail }}\" back into one slide{% else %}merge every continued slide (the ones followed by a \"...{{ tail }}\" "
    "slide) back into one slide{% endif %}: the continuation's bullets go, in order, after the first slide's "
    "bullets, and the continuation slide is deleted{% if style == 'numbered' %}; the merged slide's title loses its "
    "\"(1/2)\"{% endif %}.{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    op: Literal["split", "merge"]
    slide_title: str | None
    keep: int | None
    style: Style
    head: str
    tail: str


class Options(SkillParams):
    op: Literal["split", "merge"] | None = None
    by_count: bool | None = None  # split: after a given bullet, else in half
    all_slides: bool | None = None  # merge: every continued slide, else one named
    style: Style | None = None
    in_place: bool | None = None



@register_workflow
class SplitSlide(PreparedWorkflow[Params]):
    states_values = ("keep",)
    spec = WorkflowSpec(
        name="presentation.split_slide", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, {TASK} No other slide changes. " + SAVE["formal"],
            f"Quick one on {{{{ input }}}}: {TASK} Please leave the rest of the deck alone. " + SAVE["chatty"],
            f"{{{{ input }}}}: {TASK} " + SAVE["terse"],
        ],
        criteria=["The slides read as the split or merge makes them, bullets in their order.",
                  "Every other slide is unchanged and in its place."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with the slide split or merged")],
        checks=[CheckTemplate(func="slides.slide_split", bind={"op": "op", "slide_title": "slide_title",
                                                               "keep": "keep", "style": "style"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "op", None) or ctx.rng.choice(["split", "merge"])
        style = getattr(ctx.options, "style", None) or ctx.rng.choice(["cont", "numbered"])
        deck = make_deck(ctx.rng, ctx.faker)
        slides, topics = list(deck.slides), list(range(2, len(deck.slides) - 1))
        keep = slide_title = None
        if op == "split":
            at = ctx.rng.choice(topics)
            bullets = more_bullets(ctx.rng, ctx.faker, ctx.rng.randint(8, 11))
            slides[at] = slides[at].model_copy(update={"bullets": bullets})
            keep = ctx.rng.randint(3, len(bullets) - 3) if pick(ctx, "by_count") else None
            slide_title = slides[at].title
        else:
            every = pick(ctx, "all_slides")
            chosen = sorted(ctx.rng.sample(topics, 2))
            for at in reversed(chosen):
                slides[at:at + 1] = self._continued(ctx, slides[at], style)
            slide_title = None if every else deck.slides[ctx.rng.choice(chosen)].title
        deck = deck.model_copy(update={"slides": slides})
        head, tail = SUFFIX[style]
        params = Params(**deck_paths(ctx, deck.file_stem, op), op=op, slide_title=slide_title, keep=keep,
                        style=style, head=head, tail=tail)
        return params.with_files(input=write_pptx(deck))

    @staticmethod
    def _continued(ctx: WorkflowContext, slide: SlideContent, style: str) -> list[SlideContent]:
        """The slide as it was split earlier: its bullets and some more over two slides."""
        bullets = [Bullet(text=b.text) for b in slide.bullets] + more_bullets(ctx.rng, ctx.faker, ctx.rng.randint(3, 5))
        cut = ctx.rng.randint(3, len(bullets) - 2)
        head, tail = SUFFIX[style]
        return [slide.model_copy(update={"title": slide.title + head, "bullets": bullets[:cut]}),
                SlideContent(layout="bullets", title=slide.title + tail, bullets=bullets[cut:])]

    def reference(self, params: Params) -> ReferenceSolution:
        body = ("def body(slide):\n    return next(s for s in slide.placeholders if s.placeholder_format.idx != 0)\n"
                "def title(slide):\n    return ' '.join(slide.shapes.title.text_frame.text.split())")
        if params.op == "split":
            edit = f"""
                at = next(i for i, s in enumerate(deck.slides) if title(s) == {lit(params.slide_title)})
                old = deck.slides[at]
                paragraphs = body(old).text_frame.paragraphs
                keep = {lit(params.keep)} or (len(paragraphs) + 1) // 2
                new = deck.slides.add_slide(old.slide_layout)
                frame = body(new).text_frame
                for k, p in enumerate(paragraphs[keep:]):
                    q = frame.paragraphs[0] if k == 0 else frame.add_paragraph()
                    q.text, q.level = p.text, p.level
                    p._p.getparent().remove(p._p)
                old.shapes.title.text_frame.text = {lit(params.slide_title)} + {lit(params.head)}
                new.shapes.title.text = {lit(params.slide_title)} + {lit(params.tail)}
                order = deck.slides._sldIdLst; moved = order[-1]; order.remove(moved); order.insert(at + 1, moved)
            """
        else:
            edit = f"""
                head, tail, only = {lit(params.head)}, {lit(params.tail)}, {lit(params.slide_title)}
                n = 1
                while n < len(deck.slides):
                    first, second = deck.slides[n - 1], deck.slides[n]
                    base = title(second)[: -len(tail)] if title(second).endswith(tail) else None
                    if base is None or title(first) != base + head or only not in (None, base):
                        n += 1
                        continue
                    target = body(first).text_frame._txBody
                    for p in body(second).text_frame.paragraphs:
                        target.append(copy.deepcopy(p._p))
                    first.shapes.title.text_frame.text = base
                    drop(deck, n)
                    print("merged", base)
            """
        script = "\n".join(["import copy, pptx", f"deck = pptx.Presentation({lit(params.input)})", body,
                            textwrap.dedent(drop_slide_code()).strip(), textwrap.dedent(edit).strip(),
                            save_code(params.output)])
        return solution(list_step(params.input, f"I list the slides of {params.input} to see the bullets."),
                        script_step(script, f"I {params.op} the slide(s) with python-pptx, moving the paragraphs "
                                    "themselves so their order and levels stay.", f"{params.op.title()} the slide"),
                        list_step(params.output, "I list the slides again to check the result."))
