"""GUI plans for spreadsheet workflows: `workflows._gui.office_plan` in Calc, and column letters."""

from __future__ import annotations

from forge.models.gui_plan import GuiPlan, GuiStep
from workflows._gui import office_plan


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def calc_plan(input_path: str, output_path: str, steps: list[GuiStep], *, thought: str) -> GuiPlan:
    return office_plan("calc", input_path, output_path, steps, thought=thought)
