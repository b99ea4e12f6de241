"""The four input PDFs several pdf workflows take (forms, timesheets), listed in the order the
request names them: their slots and their params."""

from __future__ import annotations

from workflows._prepared import Prepared

SLOTS = ("first", "second", "third", "fourth")
FILES = "{{ first }}, {{ second }}, {{ third }} and {{ fourth }}"


class FourInputs(Prepared):
    first: str
    second: str
    third: str
    fourth: str
