"""Bullet text tidied by one house rule, the clean-up a deck gets before it goes out: the full
stop at the end of each bullet dropped (or added where it is missing), the first letter of each
bullet a capital, stray spaces gone, empty bullets removed. A bullet is a paragraph of a
slide's content placeholder; titles, subtitles and the other slides' bullets stay as they were."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

Rule = Literal["no_periods", "periods", "capitals", "spaces", "no_blanks"]
BULLETS = {"body", "object"}  # the placeholder roles that hold a slide's bullet list
ENDS = (".", "!", "?", ":")


def _capital(line: str) -> str:
    at = next((i for i, c in enumerate(line) if not c.isspace()), len(line))
    return line[:at] + line[at:at + 1].upper() + line[at + 1:]


RULES: dict[str, Callable[[str], str]] = {  # one bullet's text (folded) as the rule makes it
    "no_periods": lambda line: re.sub(r"(?<!\.)\.$", "", line),
    "periods": lambda line: line if not line or line.endswith(ENDS) else line + ".",
    "capitals": _capital,
    "spaces": lambda line: line,
    "no_blanks": lambda line: line,
}


def bullets(slide: Slide) -> list[str]:
    """The slide's bullet paragraphs, raw (spaces and empty paragraphs kept), in shape order."""
    return [line for s in slide.shapes if s.placeholder in BULLETS and s.text for line in s.text.split("\n")]


def others(slide: Slide) -> list[str]:
    """Everything on the slide that is not a bullet (title, subtitle, text boxes), folded."""
    return [fold(s.text) for s in slide.shapes if s.placeholder not in BULLETS and s.kind != "table"]


class BulletsTidied(DeckEdit):
    rule: Rule = Field(description="no_periods: no bullet ends with a full stop; periods: every bullet ends with "
                       "one (or ! ? :); capitals: every bullet starts with a capital; spaces: no double, leading or "
                       "trailing spaces; no_blanks: no empty bullet.")
    slide_title: str | None = Field(default=None, description="Only this slide's bullets; None: every slide's.")


def _raw_fault(rule: str, lines: list[str]) -> str | None:
    """What the raw paragraphs still do wrong under the whitespace rules."""
    for k, line in enumerate(lines, start=1):
        if rule == "no_blanks" and not line.strip():
            return f"bullet {k} is still empty"
        if rule == "spaces" and line != fold(line):
            return f"bullet {k} {line!r} still has stray spaces"
    return None


@register_check("slides.bullets_tidied", BulletsTidied, view="slides")
def bullets_tidied(state: FinalState, opts: BulletsTidied) -> Verdict:
    """Each bullet of the slides in scope reads as the rule makes it from the original bullet (the
    same bullets, in order), the whitespace rules checked on the raw text; every bullet outside the
    scope, every title and every other text is unchanged, slide for slide."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if len(original.slides) != len(output.slides):
        return Verdict.of(False, f"{opts.file} has {len(output.slides)} slides, expected {len(original.slides)}")
    if opts.slide_title is not None and not any(fold(s.title) == fold(opts.slide_title) for s in original.slides):
        return Verdict.of(False, f"{opts.input_file} has no slide titled {opts.slide_title!r}")
    changed = 0
    for was, now in zip(original.slides, output.slides, strict=True):
        where = f"slide {now.number} ({fold(now.title)!r})"
        if others(was) != others(now):
            return Verdict.of(False, f"{where} reads {others(now)} besides its bullets, expected {others(was)}")
        in_scope = opts.slide_title is None or fold(was.title) == fold(opts.slide_title)
        if not in_scope and bullets(was) != bullets(now):
            return Verdict.of(False, f"{where} was not to change, but its bullets now read {bullets(now)}")
        rule = RULES[opts.rule] if in_scope else (lambda line: line)
        want = [rule(fold(line)) for line in bullets(was) if line.strip()]
        have = [fold(line) for line in bullets(now) if line.strip()]
        changed += want != [fold(line) for line in bullets(was) if line.strip()] or (
            in_scope and _raw_fault(opts.rule, bullets(was)) is not None)
        for k, (w, h) in enumerate(zip(want, have, strict=False), start=1):
            if w != h:
                return Verdict.of(False, f"{where} bullet {k} reads {h!r}, expected {w!r}")
        if len(want) != len(have):
            return Verdict.of(False, f"{where} has {len(have)} bullets {have}, expected {len(want)} {want}")
        if in_scope and (fault := _raw_fault(opts.rule, bullets(now))):
            return Verdict.of(False, f"{where}: {fault}")
    if not changed:
        return Verdict.of(False, f"the rule {opts.rule!r} changes nothing in {opts.input_file}")
    return Verdict.of(True, f"bullets tidied ({opts.rule.replace('_', ' ')}) on {changed} slide(s)")
