"""Reference-solution steps shared by the app workflows: a script or a command run in the shell.

An oracle step is what a careful person at a terminal would type: look, change, verify. A
script step runs a Python program through a quoted heredoc, so the program needs no escaping.

    script_step("import docx; ...", "I open the report with python-docx ...", "Insert the section")
"""

from __future__ import annotations

import textwrap
from typing import Any

from forge.models import ReferenceSolution, ReferenceStep


def lit(value: Any) -> str:
    """A Python literal for strings, numbers, booleans, None and lists/dicts of them."""
    return repr(value)


def script_step(script: str, thought: str, action: str) -> ReferenceStep:
    """A step that runs `script` (dedented) with python3 through a quoted heredoc."""
    body = textwrap.dedent(script).strip()
    return ReferenceStep(thought=thought, action=action, tool="bash",
                         arguments={"command": f"python3 - <<'PY'\n{body}\nPY"})


def shell_step(command: str, thought: str, action: str) -> ReferenceStep:
    return ReferenceStep(thought=thought, action=action, tool="bash", arguments={"command": command})


def solution(*steps: ReferenceStep) -> ReferenceSolution:
    return ReferenceSolution(steps=list(steps))


def write_file_step(path: str, text: str, thought: str, action: str) -> ReferenceStep:
    """A step that writes `text` to `path` with a quoted heredoc, as a person pasting a file would."""
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    mkdir = f"mkdir -p {folder} && " if folder else ""
    return shell_step(f"{mkdir}cat > {path} <<'EOF'\n{text.rstrip()}\nEOF", thought, action)
