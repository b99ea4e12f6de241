"""Shared by the Find & Replace families (document, presentation): the phrase for the two options
and how much a candidate word makes them matter, so a drawn task is one where the options the
skill fixes really change the result."""

from __future__ import annotations

from forge.checks.document_edits import replace_rule

OPTIONS = ("{% if whole_word %}whole words only{% else %}also inside longer words{% endif %}, "
           "{% if match_case %}matching case exactly{% else %}whatever the case{% endif %}")


def option_score(text: str, old: str, whole: bool, case: bool) -> int:
    """0 when `old` is not replaced at all; else 1 plus one for each option whose other setting
    would replace differently here."""
    got, count = replace_rule(text, old, "\0", whole, case)
    if not count:
        return 0
    return 1 + (got != replace_rule(text, old, "\0", not whole, case)[0]) + (
        got != replace_rule(text, old, "\0", whole, not case)[0])
