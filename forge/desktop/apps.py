"""Desktop apps started inside the sandbox on the display: LibreOffice Calc, Writer and Impress, and
Chromium on a local site (`forge.desktop.browser`), each by a launcher registered per app name.

Each LibreOffice instance gets its own profile in the sandbox's private /tmp, written before the
first start with the dialogs that would block a plan turned off (keep-current-format on save,
first-start wizard, tips, document recovery, update checks) and naming the version that runs it
(`forge.office_profile`). Stale `.~lock.*#` files next to the task's files are removed before a
start and after the app ends, so a check never reads one.
"""

from __future__ import annotations

import base64
import shlex
import shutil
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from forge.desktop.browser import WebApp, launch_chromium, launch_site
from forge.desktop.display import DESKTOP_TMP, DesktopError, start_app
from forge.models.gui_plan import AppLaunch, AppName
from forge.office_profile import Item, registry_xcu, version_items
from forge.registry import Registry
from forge.sandbox import Sandbox

_SWITCH: dict[str, str] = {"calc": "--calc", "writer": "--writer", "impress": "--impress"}
WINDOW_TITLES: dict[str, str] = {
    "calc": "LibreOffice Calc", "writer": "LibreOffice Writer", "impress": "LibreOffice Impress",
    "editor": "Mousepad", "terminal": "Terminal",
}

_ITEMS: list[Item] = [
    ("/org.openoffice.Office.Common/Save/Document", "WarnAlienFormat", "false"),
    ("/org.openoffice.Office.Common/Save/Document", "AutoSave", "false"),
    ("/org.openoffice.Office.Common/Misc", "ShowTipOfTheDay", "false"),
    ("/org.openoffice.Office.Common/Misc", "FirstRun", "false"),
    ("/org.openoffice.Office.Common/Misc", "UseSystemFileDialog", "false"),
    ("/org.openoffice.Setup/Office", "FirstStartWizardCompleted", "true"),
    ("/org.openoffice.Office.Recovery/AutoSave", "Enabled", "false"),
    ("/org.openoffice.Office.Recovery/RecoveryInfo", "Enabled", "false"),
    ("/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments", "AutoCheckEnabled",
     "false"),
    ("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "3"),
    ("/org.openoffice.Office.Calc/Input", "AutoInput", "false"),  # typed text is not completed
    # AutoCorrect off: typed text lands as typed (no en dash for " - ", no curly quotes, no capitals)
    *(("/org.openoffice.Office.Common/AutoCorrect", name, "false") for name in (
        "ChangeDash", "UseReplacementTable", "ReplaceDoubleQuote", "ReplaceSingleQuote", "CapitalAtStartSentence",
        "TwoCapitalsAtStart", "SetInetAttribute", "ChangeOrdinalNumber", "ChangeUnderlineWeight", "SingleSpaces",
        "CorrectAccidentalCapsLock", "AddNonBreakingSpace")),
]


def profile_xcu() -> str:
    """registrymodifications.xcu switching the blocking dialogs off, and naming the installed version
    (the sandbox's soffice is the host's): else every start runs LibreOffice's graphics self-tests."""
    soffice = shutil.which("soffice")
    return registry_xcu(_ITEMS + (version_items(soffice) if soffice else []))


def remove_lock_files(job_dir: Path) -> list[Path]:
    """Delete LibreOffice's `.~lock.<name>#` files under the job dir (never following symlinks)."""
    removed = []
    for lock in job_dir.rglob(".~lock.*#"):
        if lock.is_file() and not lock.is_symlink():
            lock.unlink(missing_ok=True)
            removed.append(lock)
    return removed


def launch_office(sandbox: Sandbox, app: AppName, file: str, instance: int) -> str:
    """Start one LibreOffice instance on `/job/<file>` in the background; returns its profile dir."""
    profile = f"{DESKTOP_TMP}/lo-profile-{instance}"
    xcu = base64.b64encode(profile_xcu().encode()).decode()
    target = shlex.quote(f"/job/{file}")
    prepared = sandbox.run(f"mkdir -p {profile}/user && echo {xcu} | base64 -d > {profile}/user/registrymodifications.xcu "
                           f"&& test -f {target}", timeout_s=15)
    if prepared.exit_code != 0:
        raise DesktopError(f"could not start {app} on {file}: {(prepared.stderr or prepared.stdout).strip() or 'no such file'}")
    try:
        start_app(sandbox, f"soffice -env:UserInstallation=file://{profile} --norestore --nologo --nodefault "
                           f"--nolockcheck {_SWITCH[app]} {target}", f"{DESKTOP_TMP}/soffice-{instance}.log",
                  env=f"DISPLAY=:0 SAL_USE_VCLPLUGIN=gen HOME={DESKTOP_TMP} XDG_CACHE_HOME={DESKTOP_TMP}/cache")
    except DesktopError as exc:
        raise DesktopError(f"{exc}; LibreOffice with its X11 interface is `apt-get install libreoffice-calc "
                           "libreoffice-writer libreoffice-impress` (scripts/dev.sh)") from exc
    return profile


class LaunchContext(BaseModel):
    """What a launcher may need beyond the launch itself: the screen size and the task's sites."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    size: tuple[int, int]
    web_apps: dict[str, WebApp] = Field(default_factory=dict)


Launcher = Callable[[Sandbox, AppLaunch, int, LaunchContext], str]
LAUNCHERS: Registry[Launcher] = Registry("desktop app")
"""App name -> launcher (returns the instance's profile dir); one entry per `AppName`."""


def _office(sandbox: Sandbox, launch: AppLaunch, instance: int, context: LaunchContext) -> str:
    return launch_office(sandbox, launch.app, launch.file, instance)


def _browser(sandbox: Sandbox, launch: AppLaunch, instance: int, context: LaunchContext) -> str:
    app = context.web_apps.get(launch.site or "")
    if app is None:
        raise DesktopError(f"the browser launch names site {launch.site!r}, which the desktop was not given "
                           f"(given: {sorted(context.web_apps) or 'none'})")
    launch_site(sandbox, app, launch.file)
    return launch_chromium(sandbox, app.url, context.size, instance)


def _editor(sandbox: Sandbox, launch: AppLaunch, instance: int, context: LaunchContext) -> str:
    """Mousepad on the file, with its own config dir (no session, no dbus: GTK's portal and a11y bus off)."""
    home = f"{DESKTOP_TMP}/editor-{instance}"
    target = shlex.quote(f"/job/{launch.file}")
    _prepare(sandbox, f"mkdir -p {home} && test -f {target}", "the editor", launch.file)
    start_app(sandbox, f"mousepad --disable-server {target}", f"{DESKTOP_TMP}/editor-{instance}.log",
              env=_gtk_env(home))
    return home


def _terminal(sandbox: Sandbox, launch: AppLaunch, instance: int, context: LaunchContext) -> str:
    """xterm running bash in /job (`file` is what the task is about): the same sandbox and files as the bash tool."""
    home = f"{DESKTOP_TMP}/terminal-{instance}"
    _prepare(sandbox, f"mkdir -p {home} && test -e /job/{shlex.quote(launch.file)}", "the terminal", launch.file)
    start_app(sandbox, "xterm -T Terminal -fa Monospace -fs 12 -geometry 120x36+40+40 -e sh -c "
                       "'cd /job && exec bash --norc -i'", f"{DESKTOP_TMP}/terminal-{instance}.log",
              env=f"{_gtk_env(home)} TERM=xterm PS1='$ '")
    return home


def _gtk_env(home: str) -> str:
    return (f"DISPLAY=:0 HOME={home} XDG_CONFIG_HOME={home}/config XDG_CACHE_HOME={home}/cache "
            f"XDG_DATA_HOME={home}/data GTK_USE_PORTAL=0 NO_AT_BRIDGE=1 GDK_BACKEND=x11")


def _prepare(sandbox: Sandbox, script: str, what: str, file: str) -> None:
    result = sandbox.run(script, timeout_s=15)
    if result.exit_code != 0:
        raise DesktopError(f"could not open {what} on {file}: {(result.stderr or result.stdout).strip() or 'no such file'}")


for _name in ("calc", "writer", "impress"):
    LAUNCHERS.add(_name, _office)
LAUNCHERS.add("browser", _browser)
LAUNCHERS.add("editor", _editor)
LAUNCHERS.add("terminal", _terminal)
