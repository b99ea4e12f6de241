"""Browser tasks: a task's local site and Chromium, both inside the episode's sandbox, and DOM boxes read live.

The site (a stdlib Python program from `sites/` and its modules, copied into the sandbox's private /tmp) listens
on 127.0.0.1 in the sandbox's own network namespace, which has nothing but loopback; Chromium
runs on the episode's display with `--host-resolver-rules` mapping every other name to nothing
(defence in depth). Chromium's own sandbox is off (`--no-sandbox`): it needs user namespaces
the sandbox's seccomp filter refuses, and the bubblewrap sandbox around it is the boundary.

A GUI plan's `click` targets are CSS selectors: `dom_center` asks the live page, over the
DevTools protocol on the sandbox's loopback (Playwright's `connect_over_cdp`, run inside the
sandbox), for the element's box and the viewport's place on the screen, so the click lands on
the element whatever the window, font or layout; the recorded step is still a plain
`computer_use` click with [0, 999] coordinates.
"""

from __future__ import annotations

import base64
import shlex

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from forge.desktop.display import DESKTOP_TMP, DesktopError, start_app
from forge.sandbox import Sandbox

CDP_PORT = 9222
RESOLVER_RULES = "MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
CHROMIUM_BINARIES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
"""Debian's binary first: its /usr/bin/chromium wrapper sources /etc/chromium.d, absent from the sandbox's /etc."""
_START_TIMEOUT_S = 20


class WebApp(BaseModel):
    """What the desktop needs of a site (forge.desktop does not import `sites/`; the harness maps one to this)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    program: str = Field(min_length=1)
    modules: dict[Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*\.py$")], str] = Field(
        default_factory=dict, description="Modules the program imports, written beside it (names checked: they go into a shell line).")
    port: int = Field(ge=1024, le=65535)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


def _write(path: str, text: str) -> str:
    return f"echo {base64.b64encode(text.encode()).decode()} | base64 -d > {path}"


def launch_site(sandbox: Sandbox, app: WebApp, state_file: str) -> None:
    """Run the site's server on `/job/<state_file>` and wait until it accepts connections."""
    folder = f"{DESKTOP_TMP}/site-{app.name}"
    program = f"{folder}/server.py"  # the modules beside it, where `python3 server.py` imports them from
    state = shlex.quote(f"/job/{state_file}")
    modules = "".join(f"{_write(f'{folder}/{name}', source)} && " for name, source in sorted(app.modules.items()))
    script = (
        f"mkdir -p {folder} && {modules}{_write(program, app.program)} && test -f {state} && "
        f"(python3 {program} {state} {app.port} >{DESKTOP_TMP}/site-{app.name}.log 2>&1 &) && "
        f"for i in $(seq {_START_TIMEOUT_S * 10}); do (exec 3<>/dev/tcp/127.0.0.1/{app.port}) 2>/dev/null && exit 0; "
        "sleep 0.1; done; exit 7"
    )
    result = sandbox.run(script, timeout_s=_START_TIMEOUT_S + 5)
    if result.exit_code != 0:
        log = sandbox.run(f"tail -5 {DESKTOP_TMP}/site-{app.name}.log", timeout_s=5).stdout.strip()
        raise DesktopError(f"the site {app.name} did not start on {state_file}: "
                           f"{log or result.stderr.strip() or 'no such state file'}")


def launch_chromium(sandbox: Sandbox, url: str, size: tuple[int, int], instance: int) -> str:
    """Chromium on the display, as an app window on `url`, with its own profile; returns the profile dir."""
    profile = f"{DESKTOP_TMP}/chromium-{instance}"
    flags = [
        "--no-sandbox", "--test-type", "--no-first-run", "--no-default-browser-check", "--disable-gpu",
        "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-features=Translate,MediaRouter,OptimizationHints", "--password-store=basic",
        f"--user-data-dir={profile}", f"--remote-debugging-port={CDP_PORT}", "--remote-debugging-address=127.0.0.1",
        f"--host-resolver-rules={RESOLVER_RULES}", "--window-position=0,0", f"--window-size={size[0]},{size[1]}",
        f"--app={url}",
    ]
    found = sandbox.run(f"mkdir -p {profile} && for c in {' '.join(CHROMIUM_BINARIES)}; do "
                        'test -x "$c" && { echo "$c"; break; }; done', timeout_s=15)
    binary = found.stdout.strip()
    if found.exit_code != 0 or not binary:
        raise DesktopError("Chromium is missing; install it with `apt-get install chromium` (scripts/dev.sh does)")
    start_app(sandbox, " ".join(shlex.quote(a) for a in [binary, *flags]), f"{DESKTOP_TMP}/chromium-{instance}.log",
              env=f"DISPLAY=:0 HOME={DESKTOP_TMP} XDG_CACHE_HOME={DESKTOP_TMP}/cache XDG_CONFIG_HOME={DESKTOP_TMP}/config")
    return profile


_PAGE_PRELUDE = """
import json, sys
from playwright.sync_api import sync_playwright
url, args = sys.argv[1], sys.argv[2:]
with sync_playwright() as p:
    browser = p.chromium.connect_over_cdp("http://127.0.0.1:CDP_PORT", timeout=15000)
    pages = [pg for c in browser.contexts for pg in c.pages if pg.url.startswith(url)]
    if not pages:
        print(json.dumps({"error": "no page of " + url + " is open"})); sys.exit(0)
    page = pages[-1]
    page.wait_for_load_state("load", timeout=15000)
""".replace("CDP_PORT", str(CDP_PORT))
_BOX_BODY = """
    target = page.locator(args[0]).first
    try:
        target.wait_for(state="visible", timeout=10000)
    except Exception:
        print(json.dumps({"error": "no visible element matches " + args[0] + " on " + page.url})); sys.exit(0)
    box = target.bounding_box()
    view = page.evaluate("[screenX, screenY, outerWidth - innerWidth, outerHeight - innerHeight, innerWidth,"
                         " innerHeight, devicePixelRatio]")
    print(json.dumps({"box": box, "view": view}))
"""
_TREE_BODY = """
    print(json.dumps({"tree": "page: " + page.title() + " (" + page.url + ")\\n" + page.locator("body").aria_snapshot()}))
"""

_FOCUS_BODY = """
    try:
        page.wait_for_function("s => document.activeElement && document.activeElement.matches(s)", arg=args[0],
                               timeout=float(args[1]) * 1000)
    except Exception:
        print(json.dumps({"error": args[0] + " did not get the focus within " + args[1] + "s"})); sys.exit(0)
    print(json.dumps({"tree": ""}))
"""


class _Found(BaseModel):
    """An answer from the page, validated (it comes from inside the sandbox: untrusted)."""

    model_config = ConfigDict(extra="forbid")

    box: dict[str, float] | None = None
    view: list[float] | None = Field(default=None, min_length=7, max_length=7)
    tree: str | None = None
    error: str | None = None


def _ask_page(sandbox: Sandbox, url: str, body: str, *args: str) -> _Found:
    """Run `body` against the open page of `url` (Playwright over CDP, inside the sandbox)."""
    argv = " ".join(shlex.quote(a) for a in (url, *args))
    result = sandbox.run(f"python3 - {argv} <<'PY'\n{_PAGE_PRELUDE}{body}\nPY", timeout_s=45)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    try:
        found = _Found.model_validate_json(lines[-1]) if lines else None
    except ValidationError:
        found = None
    if found is None:
        return _Found(error=result.stderr.strip()[-300:] or "no answer")
    return found


def accessibility_tree(sandbox: Sandbox, url: str) -> str:
    """The open page's accessibility tree as Playwright's ARIA snapshot (YAML: roles, names, values)."""
    found = _ask_page(sandbox, url, _TREE_BODY)
    if found.error or found.tree is None:
        raise DesktopError(f"could not read the page's accessibility tree: {found.error or 'no answer'}")
    return found.tree


def wait_focus(sandbox: Sandbox, selector: str, url: str, timeout_s: float) -> None:
    """Until the element matching `selector` on the page of `url` has the keyboard focus."""
    found = _ask_page(sandbox, url, _FOCUS_BODY, selector, str(timeout_s))
    if found.error or found.tree is None:
        raise DesktopError(f"waiting for the focus on {selector!r}: {found.error or 'no answer'}")


def dom_center(sandbox: Sandbox, selector: str, url: str, size: tuple[int, int]) -> tuple[int, int]:
    """The screen pixel at the centre of the first visible element matching `selector` on the page of `url`."""
    found = _ask_page(sandbox, url, _BOX_BODY, selector)
    if found.error or found.box is None or found.view is None:
        raise DesktopError(f"could not locate {selector!r} in the browser: {found.error or 'no answer'}")
    screen_x, screen_y, frame_w, frame_h, inner_w, inner_h, ratio = found.view
    box = found.box
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if not (0 <= cx < inner_w and 0 <= cy < inner_h):
        raise DesktopError(f"{selector!r} is outside the visible page (at {cx:.0f},{cy:.0f} of {inner_w:.0f}x{inner_h:.0f})")
    x = round(screen_x + frame_w / 2 + cx * ratio)
    y = round(screen_y + frame_h + cy * ratio)
    if not (0 <= x < size[0] and 0 <= y < size[1]):
        raise DesktopError(f"{selector!r} is off the screen (pixel {x},{y})")
    return x, y
