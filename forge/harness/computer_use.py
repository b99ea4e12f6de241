"""The `computer_use` tool (GUI channel) and the episode's desktop it acts on.

The tool's arguments are `forge.desktop.ComputerUseArguments`, declared once: the same model is
the OpenAI function schema, the student's `<tool_call>` arguments and the validator that turns a
malformed call into an error observation. The desktop of an episode is opened by
`episode_desktop` (when the harness's environment has one) and found from the environment.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import PurePosixPath
from weakref import WeakKeyDictionary

from forge.environment import TaskEnvironment
from forge.harness.tools import TOOLS, Tool
from forge.models import HarnessConfig, Observation, TaskBundle
from forge.models.gui_plan import AppLaunch, AppName
from forge.sandbox import SandboxLimits

logger = logging.getLogger(__name__)

_DESKTOPS: WeakKeyDictionary[TaskEnvironment, object] = WeakKeyDictionary()
ACTIVE_DESKTOP: ContextVar[object | None] = ContextVar("forge_active_desktop", default=None)
"""The desktop of the episode running in this context (the GUI replay teacher paces itself on it)."""

APP_BY_FILE_TYPE: dict[str, AppName] = {
    "xlsx": "calc", "ods": "calc", "csv": "calc", "docx": "writer", "odt": "writer", "pptx": "impress", "odp": "impress",
}


def desktop_limits(limits: SandboxLimits | None) -> SandboxLimits:
    """The sandbox limits of an episode with a desktop: no per-process CPU-time cap short of its wall time.

    RLIMIT_CPU (`cpu_seconds`) is per process and meant for one terminal command; Xvfb and an
    office suite or a browser live for the whole episode and would be killed mid-task once they
    used that much CPU. What bounds them instead is what bounds the whole sandbox: its cgroup
    (memory, processes) and its wall time, past which every process in it is killed. A terminal
    command in a hybrid episode keeps its wall-clock bound (`guard_command`).
    """
    limits = limits or SandboxLimits()
    return limits.model_copy(update={"cpu_seconds": max(limits.cpu_seconds, math.ceil(limits.wall_time_s))})


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
    return WebApp(name=site.name, program=site.program, modules=site.modules, port=site.port)


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
    desktop.observe_tree = harness.environment.accessibility_tree
    _DESKTOPS[env] = desktop
    token = ACTIVE_DESKTOP.set(desktop)
    try:
        yield desktop
    finally:
        ACTIVE_DESKTOP.reset(token)
        _DESKTOPS.pop(env, None)
        desktop.close()


GUARD_MARK = "[forge: the command timed out]"
_GUARD_GRACE_S = 2


def guard_command(env: TaskEnvironment, command: str, timeout_s: float | None) -> tuple[str, float | None]:
    """In an episode with a desktop: `command` bounded inside the sandbox, and a host timeout past that bound.

    A command the host times out costs the whole sandbox (its shell is killed and restarted), and
    the display and apps live in it. So a guard in the command's own subshell ends the command's
    processes at `timeout_s` (TERM, then KILL; the subshell itself last, for a busy shell loop)
    and writes `GUARD_MARK` to stderr; the shell, the display and the apps stay. Disowned, so a
    `wait` in the command does not wait for it; it ends as soon as the command does.
    Without a desktop, the command is returned as it is.
    """
    if desktop_of(env) is None:
        return command, timeout_s
    budget = timeout_s or env.sandbox.limits.command_timeout_s
    polls = max(1, round(budget * 5))
    guard = (
        f"__forge_cmd_pid=$BASHPID; ( for __i in $(seq {polls}); do sleep 0.2; kill -0 $__forge_cmd_pid 2>/dev/null "
        f"|| exit 0; done; echo '{GUARD_MARK}' >&2; for __s in TERM KILL; do for __c in $(pgrep -P $__forge_cmd_pid); "
        f"do [ $__c != $BASHPID ] && kill -$__s $__c 2>/dev/null; done; sleep {_GUARD_GRACE_S}; done; "
        "kill -KILL $__forge_cmd_pid 2>/dev/null ) & disown $! 2>/dev/null; unset __forge_cmd_pid\n"
    )
    return guard + command, budget + 3 * _GUARD_GRACE_S + 2


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
