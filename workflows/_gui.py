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


# --- the text editor (Mousepad) and the terminal window (xterm) ----------------------------------


def editor_set_line(line: int, text: str, *, thought: str = "", action: str = "") -> list[GuiStep]:
    """Replace line `line` (1-based) of the open file with `text`: Search > Go To (Ctrl+L), the line
    number, Tab (the spin box takes it), Jump to (Alt+J), then select the line from Home to End and type."""
    return [
        KeyStep(keys=["ctrl", "l"], thought=thought, action=action or f"Go to line {line} (Ctrl+L)"),
        WaitWindowStep(title="^Go To$", timeout_s=15),
        KeyStep(keys=["ctrl", "a"], action="Select the line number field"),
        TypeStep(text=str(line), action=f"Type {line}"),
        KeyStep(keys=["tab"], action="Tab out of the field so it takes the number"),
        KeyStep(keys=["alt", "j"], action="Jump to (Alt+J)"),
        WaitSettledStep(interval_s=0.2, timeout_s=5),
        KeyStep(keys=["home"], action="Cursor to the start of the line"),
        KeyStep(keys=["shift", "end"], action="Select to the end of the line"),
        TypeStep(text=text, action=f"Type {text!r} over it"),
    ]


def editor_plan(path: str, steps: list[GuiStep], *, thought: str) -> GuiPlan:
    """`path` opened in the text editor, `steps`, then Save (Ctrl+S) in place."""
    title = re.escape(PurePosixPath(path).name) + r".*Mousepad"
    first, *rest = steps
    first = first.model_copy(update={"thought": f"{thought} {first.thought}".strip()})
    return GuiPlan(opens=[AppLaunch(app="editor", file=path)],
                   steps=[WaitWindowStep(title=title, timeout_s=60), WaitSettledStep(interval_s=0.3, timeout_s=20),
                          first, *rest, *save_in_place(path)])


def terminal_plan(about: str, commands: list[tuple[str, str, str]], output: str) -> GuiPlan:
    """A terminal window (in /job) where each `(command, thought, action)` is typed and run; done when
    `output` is written. The same commands as the terminal reference, typed through the GUI."""
    steps: list[GuiStep] = [WaitWindowStep(title="^Terminal$", timeout_s=60),
                            WaitSettledStep(interval_s=0.3, timeout_s=20)]
    for command, thought, action in commands:
        steps += [TypeStep(text=command + "\n", thought=thought, action=action),
                  WaitSettledStep(interval_s=0.3, timeout_s=20)]
    return GuiPlan(opens=[AppLaunch(app="terminal", file=about)], steps=[*steps, WaitFileStep(path=output, timeout_s=30)],
                   hybrid_terminal_after=0)
