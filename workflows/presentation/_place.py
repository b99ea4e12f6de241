"""Reference-script lines shared by the families that add a slide after a named one: find that
slide's index, then move the slide just appended (python-pptx appends) to the place after it."""

from __future__ import annotations

from workflows._steps import lit


def find_code(title: str, name: str = "after") -> str:
    """Python setting `name` to the 0-based index of the slide titled `title` in `deck`."""
    return (f"{name} = next(i for i, s in enumerate(deck.slides) if s.shapes.title is not None\n"
            f"                 and ' '.join(s.shapes.title.text_frame.text.split()) == {lit(title)})")


def place_last_code(index: str = "after + 1") -> str:
    """Python moving the deck's last slide to position `index` (0-based)."""
    return f"order = deck.slides._sldIdLst; new = order[-1]; order.remove(new); order.insert({index}, new)"
