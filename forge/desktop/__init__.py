"""The GUI channel's environment: a display, a window manager and real apps inside the task's sandbox.

`Desktop.open(sandbox, job_dir, opens)` starts Xvfb + openbox in the sandbox and the apps on the
task's files; `act` executes a `computer_use` action with xdotool and returns a PNG screenshot;
`close` ends every process by pid. See docs/gui.md.
"""

from forge.desktop.actions import ACTIONS, ComputerUseArguments, to_normalised, to_pixels
from forge.desktop.desktop import Desktop
from forge.desktop.display import DesktopError, Display, DisplaySpec
from forge.desktop.screen import Screen, png_size

__all__ = ["ACTIONS", "ComputerUseArguments", "Desktop", "DesktopError", "Display", "DisplaySpec", "Screen",
           "png_size", "to_normalised", "to_pixels"]
