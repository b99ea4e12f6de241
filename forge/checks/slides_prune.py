"""Slides deleted by a rule rather than by name: the ones whose title carries a marker ('(old)'),
the ones whose speaker notes say to cut them, or every slide after a named one (backup slides
that stay home). The slides that remain are unchanged and in order."""

from __future__ import annotations

from pydantic import Field, model_validator

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, _find, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView


class PrunedByRule(DeckEdit):
    title_contains: str | None = Field(default=None, description="Delete the slides whose title contains it.")
    notes_contain: str | None = Field(default=None, description="Delete the slides whose notes contain it.")
    after_title: str | None = Field(default=None, description="Delete every slide after this one.")

    @model_validator(mode="after")
    def _one_rule(self) -> PrunedByRule:
        if sum(v is not None for v in (self.title_contains, self.notes_contain, self.after_title)) != 1:
            raise ValueError("give exactly one of title_contains, notes_contain, after_title")
        return self


@register_check("slides.pruned_by_rule", PrunedByRule, view="slides")
def pruned_by_rule(state: FinalState, opts: PrunedByRule) -> Verdict:
    """Exactly the slides the rule names are gone (text matched in any case); every other slide is
    unchanged and keeps its order."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    cut = len(original.slides)
    if opts.after_title is not None:
        at = _find(original, opts.after_title, opts.input_file)
        if isinstance(at, str):
            return Verdict.of(False, at)
        cut = at + 1
    title, notes = (fold(t or "").casefold() for t in (opts.title_contains, opts.notes_contain))
    keep = [s for n, s in enumerate(original.slides) if n < cut
            and not (title and title in fold(s.title).casefold())
            and not (notes and notes in fold(s.notes).casefold())]
    if len(keep) == len(original.slides):
        return Verdict.of(False, f"the rule names no slide of {opts.input_file}")
    if msg := deck_diff([face(s) for s in keep], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(original.slides) - len(keep)} slide(s) deleted by the rule; {len(keep)} remain")
