"""Shared by the Find & Replace families (document, presentation): the phrase for the two options
and how much a candidate word makes them matter, so a drawn task is one where the options the
skill fixes really change the result."""

from __future__ import annotations

from forge.checks.document_edits import replace_rule
from workflows._prepared import Prepared
from workflows.spec import SkillParams

OPTIONS = ("{% if whole_word %}whole words only{% else %}also inside longer words{% endif %}, "
           "{% if match_case %}matching case exactly{% else %}whatever the case{% endif %}")


class ReplaceParams(Prepared):
    input: str
    output: str
    in_place: bool
    old: str
    new: str
    whole_word: bool
    match_case: bool


class ReplaceOptions(SkillParams):
    whole_word: bool | None = None
    match_case: bool | None = None
    in_place: bool | None = None


def option_score(text: str, old: str, whole: bool, case: bool) -> int:
    """0 when `old` is not replaced at all; else 1 plus one for each option whose other setting
    would replace differently here."""
    got, count = replace_rule(text, old, "\0", whole, case)
    if not count:
        return 0
    return 1 + (got != replace_rule(text, old, "\0", not whole, case)[0]) + (
        got != replace_rule(text, old, "\0", whole, not case)[0])
