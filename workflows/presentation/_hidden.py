"""Decks with hidden slides (backup slides kept out of the slide show): the preparer writes none,
so the families that need some hide them in the written deck."""

from __future__ import annotations

import io

from preparers._ooxml import normalize_package
from preparers.presentation import DeckContent, write_pptx


def write_with_hidden(deck: DeckContent, indexes: list[int] | set[int]) -> bytes:
    """The deck as pptx with the slides at the 0-based `indexes` hidden (show="0")."""
    import pptx

    prs = pptx.Presentation(io.BytesIO(write_pptx(deck)))
    for i in indexes:
        prs.slides[i]._element.set("show", "0")
    out = io.BytesIO()
    prs.save(out)
    return normalize_package(out.getvalue(), doc_time=f"{deck.date.isoformat()}T09:00:00Z")
