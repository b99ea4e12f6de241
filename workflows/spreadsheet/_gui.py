"""GUI plans for spreadsheet workflows: open the input in Calc, the workflow's own steps, Save As the output.

Only keyboard paths resolved on the live app (window title, Name Box, menu accelerators, the
saved file's mtime): no pixel positions, so a plan survives a different screen size or theme.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from forge.models.gui_plan import (
    AppLaunch,
    GuiPlan,
    GuiStep,
    KeyStep,
    TypeStep,
    WaitFileStep,
    WaitSettledStep,
    WaitWindowStep,
)


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def calc_plan(input_path: str, output_path: str, steps: list[GuiStep], *, thought: str) -> GuiPlan:
    """The input opened in Calc; wait for its window and first paint; `steps`; Save As `output_path`."""
    title = re.escape(PurePosixPath(input_path).name) + r".*LibreOffice Calc"
    opening: list[GuiStep] = [
        WaitWindowStep(title=title, timeout_s=90),
        WaitSettledStep(interval_s=0.5, timeout_s=30),
    ]
    saving: list[GuiStep] = [
        KeyStep(keys=["ctrl", "shift", "s"], thought=f"Now I save the workbook under its new name, {output_path}.",
                action="Open File > Save As (Ctrl+Shift+S)"),
        WaitWindowStep(title="(?i)^save as", timeout_s=30),
        WaitSettledStep(interval_s=0.3, timeout_s=10),
        KeyStep(keys=["ctrl", "a"], thought="The file name field has the focus and shows the old name; I select it.",
                action="Select the file name field's text"),
        TypeStep(text=f"/job/{output_path}", thought="I type the full path over it.",
                 action=f"Type the path /job/{output_path}"),
        KeyStep(keys=["enter"], action="Press Enter to save (keeping the Excel format)"),
        WaitFileStep(path=output_path, timeout_s=60),
    ]
    first, *rest = steps
    first = first.model_copy(update={"thought": f"{thought} {first.thought}".strip()})
    return GuiPlan(opens=[AppLaunch(app="calc", file=input_path)], steps=[*opening, first, *rest, *saving])
