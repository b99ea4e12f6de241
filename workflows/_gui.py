"""GUI plans for office workflows: open the input in its app, the workflow's own steps, Save As the output.

Only keyboard paths resolved on the live app (window titles, the Name Box, menu and dialog
accelerators, the saved file's mtime): no pixel positions, so a plan survives another screen size
or theme. Save As keeps the input's format (the keep-format question is off in the profile).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from forge.models.gui_plan import (
    AppLaunch,
    AppName,
    GuiPlan,
    GuiStep,
    KeyStep,
    TypeStep,
    WaitFileStep,
    WaitSettledStep,
    WaitWindowStep,
)

WINDOW_TITLES: dict[str, str] = {
    "calc": "LibreOffice Calc", "writer": "LibreOffice Writer", "impress": "LibreOffice Impress",
}


def save_as(output_path: str) -> list[GuiStep]:
    """File > Save As to `/job/<output_path>`, then wait until the file is written."""
    return [
        KeyStep(keys=["ctrl", "shift", "s"], thought=f"Now I save the file under its new name, {output_path}.",
                action="Open File > Save As (Ctrl+Shift+S)"),
        WaitWindowStep(title="(?i)^save as", timeout_s=30),
        WaitSettledStep(interval_s=0.3, timeout_s=10),
        KeyStep(keys=["ctrl", "a"], thought="The file name field has the focus and shows the old name; I select it.",
                action="Select the file name field's text"),
        TypeStep(text=f"/job/{output_path}", thought="I type the full path over it.",
                 action=f"Type the path /job/{output_path}"),
        KeyStep(keys=["enter"], action="Press Enter to save (keeping the file's format)"),
        WaitFileStep(path=output_path, timeout_s=60),
    ]


def save_in_place(path: str) -> list[GuiStep]:
    """File > Save (the file keeps its format), then wait until it is written."""
    return [KeyStep(keys=["ctrl", "s"], thought=f"Now I save {path} in place.", action="Save (Ctrl+S)"),
            WaitFileStep(path=path, timeout_s=60)]


def office_plan(app: AppName, input_path: str, output_path: str, steps: list[GuiStep], *, thought: str) -> GuiPlan:
    """The input opened in `app`; wait for its window and first paint; `steps`; Save As `output_path`
    (Save, when it is the input itself)."""
    title = re.escape(PurePosixPath(input_path).name) + r".*" + re.escape(WINDOW_TITLES[app])
    opening: list[GuiStep] = [
        WaitWindowStep(title=title, timeout_s=90),
        WaitSettledStep(interval_s=0.5, timeout_s=30),
    ]
    saving = save_in_place(input_path) if output_path == input_path else save_as(output_path)
    first, *rest = steps
    first = first.model_copy(update={"thought": f"{thought} {first.thought}".strip()})
    return GuiPlan(opens=[AppLaunch(app=app, file=input_path)], steps=[*opening, first, *rest, *saving])
