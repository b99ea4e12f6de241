"""Shared parts of the whole-deck workflows: the reference's look at a deck (titles, body lines,
notes) and the save line, so each workflow file is only its own change."""

from __future__ import annotations

from forge.models import ReferenceStep
from workflows._inplace import SAVE, edit_paths
from workflows._steps import lit, script_step

__all__ = ["SAVE", "deck_paths", "drop_slide_code", "list_step", "save_code"]

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


def deck_paths(ctx: object, stem: str, suffix: str) -> dict[str, object]:
    """input/output/in_place for a deck (`workflows._inplace`)."""
    return edit_paths(ctx, stem, "pptx", suffix, ["", "slides/", "decks/"])


def save_code(output: str) -> str:
    folder = output.rsplit("/", 1)[0] if "/" in output else "."
    return f"import os; os.makedirs({lit(folder)}, exist_ok=True); deck.save({lit(output)})"
