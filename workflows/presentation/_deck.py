"""Shared parts of the whole-deck workflows: the reference's look at a deck (titles, body lines,
notes) and the save line, so each workflow file is only its own change."""

from __future__ import annotations

from forge.models import ReferenceStep
from workflows._steps import lit, script_step

LIST = """
    import pptx
    deck = pptx.Presentation({path})
    for n, slide in enumerate(deck.slides, start=1):
        title = slide.shapes.title.text_frame.text if slide.shapes.title is not None else ""
        lines = [s.text_frame.text for s in slide.shapes if s.has_text_frame and s != slide.shapes.title]
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        print(n, repr(title), [l[:40] for l in lines if l.strip()], "notes:", notes[:40])
"""


def list_step(path: str, thought: str) -> ReferenceStep:
    """Print every slide: number, title, body lines and the start of its notes."""
    return script_step(LIST.format(path=lit(path)), thought, f"List the slides of {path}")


def drop_slide_code() -> str:
    """Python (for a reference script) defining drop(deck, index): python-pptx has no delete call."""
    return """
        def drop(deck, index):
            entry = deck.slides._sldIdLst[index]
            deck.part.drop_rel(entry.rId)
            deck.slides._sldIdLst.remove(entry)
    """


SAVE = {  # the closing clause by register; `in_place` picks the branch
    "formal": ("{% if in_place %}Save the changes in {{ input }} itself.{% else %}Keep {{ input }} as it is and save "
               "the result as {{ output }}.{% endif %}"),
    "chatty": "{% if in_place %}Just save over the same file.{% else %}Save your copy as {{ output }}.{% endif %}",
    "terse": "{% if in_place %}Save in place.{% else %}Save as {{ output }}.{% endif %}",
}


def deck_paths(ctx: object, stem: str, suffix: str) -> dict[str, object]:
    """input/output/in_place for a deck: the skill's `in_place` (or a draw); in place, output IS input."""
    rng = ctx.rng  # type: ignore[attr-defined]
    fixed = getattr(ctx.options, "in_place", None)  # type: ignore[attr-defined]
    in_place = fixed if fixed is not None else rng.random() < 0.5
    folder = rng.choice(["", "slides/", "decks/"])
    source = f"{folder}{stem}.pptx"
    return {"input": source, "output": source if in_place else f"{folder}{stem}_{suffix}.pptx", "in_place": in_place}


def save_code(output: str) -> str:
    folder = output.rsplit("/", 1)[0] if "/" in output else "."
    return f"import os; os.makedirs({lit(folder)}, exist_ok=True); deck.save({lit(output)})"
