"""Shared parts of the families that rework the bullet paragraphs of a deck's body placeholders
(levels, emphasis): the scope clause (one named slide or the whole deck), the draw of the topic
slides to spoil, and the reference's loop over the paragraphs in scope."""

from __future__ import annotations

import textwrap

from preparers.presentation import DeckContent
from workflows._steps import lit
from workflows.spec import WorkflowContext

SCOPE = ("{% if slide_title %}only on the slide \"{{ slide_title }}\" (the other slides stay as they are)"
         "{% else %}on every slide{% endif %}")


def topics(deck: DeckContent) -> list[int]:
    """0-based indexes of the topic slides: bullet slides after the agenda."""
    return [i for i, s in enumerate(deck.slides) if s.bullets and i > 1]


def spoilt_slides(ctx: WorkflowContext, deck: DeckContent) -> tuple[set[int], int]:
    """(the topic slides to spoil: about half, always the target and the last one; the target)."""
    found = topics(deck)
    target = ctx.rng.choice(found)
    return {i for i in found if ctx.rng.random() < 0.5} | {target, found[-1]}, target


def paragraphs_code(input_path: str, slide_title: str | None) -> str:
    """Python (dedented) opening `deck` and looping `n, paragraph` over the body paragraphs in scope."""
    return textwrap.dedent(f"""
        import pptx
        from pptx.enum.shapes import PP_PLACEHOLDER
        deck = pptx.Presentation({lit(input_path)})
        only = {lit(slide_title)}
        def in_scope(slide):
            title = slide.shapes.title
            return only is None or (title is not None and " ".join(title.text_frame.text.split()) == only)
        def body(slide):
            for shape in slide.placeholders:
                if shape.placeholder_format.type in (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT):
                    yield from shape.text_frame.paragraphs
        found = [(n, p) for n, s in enumerate(deck.slides, start=1) if in_scope(s) for p in body(s)]
    """)


def open_code(input_path: str) -> str:
    """Python (dedented) opening `deck` and defining title(slide): its title, spaces folded."""
    return textwrap.dedent(f"""
        import re
        import pptx
        deck = pptx.Presentation({lit(input_path)})
        def title(slide):
            return " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
    """)
