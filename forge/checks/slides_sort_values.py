"""One slide's bullets put in order by the figure each carries - a percentage, a date written
'14 March 2025', or a money amount such as '€12,400' - as a number or a day, not as text; the
same bullets, nothing else in the deck changed."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, body_lines, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView

Key = Literal["percent", "date", "amount"]


def _percent(text: str) -> float | None:
    found = re.search(r"(\d+(?:\.\d+)?)\s?%", text)
    return float(found.group(1)) if found else None


def _date(text: str) -> float | None:
    found = re.search(r"\b(\d{1,2} [A-Z][a-z]+ \d{4})\b", text)
    try:
        return dt.datetime.strptime(found.group(1), "%d %B %Y").toordinal() if found else None
    except ValueError:
        return None


def _amount(text: str) -> float | None:
    found = re.search(r"[€$£]\s?(\d[\d,]*(?:\.\d+)?)", text)
    return float(found.group(1).replace(",", "")) if found else None


KEYS: dict[str, Callable[[str], float | None]] = {"percent": _percent, "date": _date, "amount": _amount}
FIRST = {"percent": ("lowest percentage", "highest percentage"), "date": ("earliest date", "latest date"),
         "amount": ("smallest amount", "largest amount")}


class BulletsSortedByValue(DeckEdit):
    slide_title: str = Field(description="The slide whose bullets are sorted.")
    key: Key = Field(description="percent: the percentage in each bullet; date: its 'D Month YYYY' date; amount: "
                     "its money amount (€, $ or £, thousands commas).")
    descending: bool = Field(description="True: largest (latest) first; False: smallest (earliest) first.")


@register_check("slides.bullets_sorted_by_value", BulletsSortedByValue, view="slides")
def bullets_sorted_by_value(state: FinalState, opts: BulletsSortedByValue) -> Verdict:
    """The named slide holds the same bullets, ordered by the value each carries in the direction
    asked; every other slide reads as it did and stays in its place; the bullets were not already
    in that order."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    found = [i for i, s in enumerate(original.slides) if fold(s.title) == fold(opts.slide_title)]
    if len(found) != 1:
        return Verdict.of(False, f"{opts.input_file} has {len(found)} slides titled {opts.slide_title!r}")
    lines = body_lines(original.slides[found[0]])
    values = [KEYS[opts.key](line) for line in lines]
    if not lines or None in values:
        return Verdict.of(False, f"a bullet of {opts.slide_title!r} carries no {opts.key}: "
                          f"{next((line for line, v in zip(lines, values, strict=True) if v is None), '(none)')!r}")
    value = dict(zip(lines, values, strict=True))
    want = sorted(lines, key=lambda line: value[line], reverse=opts.descending)
    if want == lines:
        return Verdict.of(False, f"the bullets of {opts.slide_title!r} are already in that order")
    faces = [face(s) for s in original.slides]
    faces[found[0]] = (faces[found[0]][0], tuple(want))
    got = [face(s) for s in output.slides]
    if len(got) > found[0] and got[found[0]][0] == faces[found[0]][0] and sorted(got[found[0]][1]) == sorted(want):
        have = list(got[found[0]][1])
        wrong = next(k for k, (w, h) in enumerate(zip(want, have, strict=True)) if w != h) if have != want else -1
        if wrong >= 0:
            return Verdict.of(False, f"slide {found[0] + 1} bullet {wrong + 1} is {have[wrong]!r}, expected "
                              f"{want[wrong]!r} ({FIRST[opts.key][opts.descending]} first)")
    if msg := deck_diff(faces, got, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(want)} bullets of {opts.slide_title!r} sorted by {opts.key}")
