"""The `computer_use` tool (GUI channel) and the episode's desktop it acts on.

The tool's arguments are `forge.desktop.ComputerUseArguments`, declared once: the same model is
the OpenAI function schema, the student's `<tool_call>` arguments and the validator that turns a
malformed call into an error observation. The desktop of an episode is opened by
`episode_desktop` (when the harness's environment has one) and found from the environment.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import PurePosixPath
from weakref import WeakKeyDictionary

from forge.environment import TaskEnvironment
from forge.harness.tools import TOOLS, Tool
from forge.models import HarnessConfig, Observation, TaskBundle
from forge.models.gui_plan import AppLaunch, AppName

logger = logging.getLogger(__name__)

_DESKTOPS: WeakKeyDictionary[TaskEnvironment, object] = WeakKeyDictionary()
ACTIVE_DESKTOP: ContextVar[object | None] = ContextVar("forge_active_desktop", default=None)
"""The desktop of the episode running in this context (the GUI replay teacher paces itself on it)."""

APP_BY_FILE_TYPE: dict[str, AppName] = {
    "xlsx": "calc", "ods": "calc", "csv": "calc", "docx": "writer", "odt": "writer", "pptx": "impress", "odp": "impress",
}


def default_opens(task: TaskBundle) -> list[AppLaunch]:
    """What to open when the task brings no GUI plan: the first input an office app reads."""
    for f in task.inputs():
        if f.type in APP_BY_FILE_TYPE:
            return [AppLaunch(app=APP_BY_FILE_TYPE[f.type], file=f.path)]
    return []


def web_app(name: str):  # -> forge.desktop.browser.WebApp
    """The site `name` from the `sites` registry, as the desktop runs it (an unknown name lists the known)."""
    from forge.desktop.browser import WebApp
    from sites import SITES

    site = SITES.get(name)
    return WebApp(name=site.name, program=site.program, port=site.port)


def desktop_of(env: TaskEnvironment):  # -> forge.desktop.Desktop | None (imported lazily: optional extra)
    return _DESKTOPS.get(env)


@contextmanager
def episode_desktop(env: TaskEnvironment, task: TaskBundle, harness: HarnessConfig) -> Iterator[object | None]:
    """The desktop for one episode when `harness.environment.desktop`, closed (every process by pid) on exit."""
    if not harness.environment.desktop:
        yield None
        return
    from forge.desktop import Desktop

    plan = task.reference.gui_plan
    opens = plan.opens if plan is not None else default_opens(task)
    folders = sorted({str(PurePosixPath(f.path).parent) for f in task.outputs()} - {"."})
    desktop = Desktop.open(env.sandbox, env.job_dir, opens, output_dirs=folders,
                           web_apps={launch.site: web_app(launch.site) for launch in opens if launch.site})
    _DESKTOPS[env] = desktop
    token = ACTIVE_DESKTOP.set(desktop)
    try:
        yield desktop
    finally:
        ACTIVE_DESKTOP.reset(token)
        _DESKTOPS.pop(env, None)
        desktop.close()


def _computer_use(env: TaskEnvironment, args) -> Observation:  # args: ComputerUseArguments
    from forge.desktop import DesktopError

    desktop = desktop_of(env)
    if desktop is None:
        return Observation(text="error: this environment has no desktop; use a harness whose environment has one",
                           exit_code=1)
    try:
        return desktop.act(args)
    except DesktopError as exc:
        return Observation(text=f"error: {exc}", exit_code=1)


def _register() -> None:
    from forge.desktop.actions import ComputerUseArguments

    TOOLS.add("computer_use", Tool(
        name="computer_use", channel="gui", arguments=ComputerUseArguments, execute=_computer_use,
        description="Use the mouse and keyboard on the desktop's screen and see the result as a screenshot. "
                    "Coordinates are [x, y] in [0, 999], normalised to the screen's width and height.",
    ))


_register()
