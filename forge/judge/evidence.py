"""What the LLM judge is shown: bounded extracts of the final state and a subsample of the trajectory.

Bounded on purpose: a judge prompt must not grow with an agent's output, and what the agent wrote
is untrusted text (it is quoted as data, never as instructions).
"""

from __future__ import annotations

import json

from forge.checks import FinalState
from forge.errors import CheckError
from forge.models import CheckResult, Step, TaskBundle

TEXT_TYPES = {"csv", "txt", "md", "json", "py", "html", "xml", "yaml", "yml", "tsv"}
SHEET_ROWS = 25
FILE_CHARS = 3000
STEP_CHARS = 600
TRAJECTORY_STEPS = 8


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}\n[... {len(text) - limit} more characters]"


def _ends(text: str, limit: int) -> str:
    """Head and tail: a command's end (what it saves, how) matters as much as its start."""
    if len(text) <= limit:
        return text
    head, tail = text[: limit // 2], text[-(limit // 2):]
    return f"{head} [... {len(text) - len(head) - len(tail)} characters ...] {tail}"


def file_extract(state: FinalState, path: str, file_type: str) -> str:
    """A bounded, readable extract of one job-dir file as the run left it."""
    if not state.exists(path):
        return "(missing)"
    try:
        if file_type == "xlsx":
            parts = []
            for sheet, rows in state.sheets(path).items():
                shown = ["\t".join("" if v is None else str(v) for v in row) for row in rows[:SHEET_ROWS]]
                more = f"\n[... {len(rows) - SHEET_ROWS} more rows]" if len(rows) > SHEET_ROWS else ""
                parts.append(f"sheet {sheet!r} ({len(rows)} rows):\n" + "\n".join(shown) + more)
            return _cut("\n".join(parts), FILE_CHARS)
        data = state.read_bytes(path)
        if file_type in TEXT_TYPES:
            return _cut(data.decode("utf-8", errors="replace"), FILE_CHARS)
        return f"({file_type} file, {len(data)} bytes; not shown)"
    except CheckError as exc:
        return f"(cannot read: {exc})"


def state_evidence(task: TaskBundle, state: FinalState) -> str:
    blocks = []
    for spec in task.files:
        role = "output" if spec.role == "output" else "input (as the run left it)"
        blocks.append(f"--- {spec.path} [{role}] ---\n{file_extract(state, spec.path, spec.type)}")
    return "\n".join(blocks) or "(the task declares no files)"


def checks_evidence(checks: list[CheckResult]) -> str:
    return "\n".join(f"- {c.func}: {'PASS' if c.passed else 'FAIL'}{' - ' + c.message if c.message else ''}"
                     for c in checks) or "(none)"


def subsample(steps: list[Step], limit: int = TRAJECTORY_STEPS) -> list[Step]:
    """The first two and last three steps, and evenly spaced ones between, `limit` at most."""
    if len(steps) <= limit:
        return steps
    head, tail = steps[:2], steps[-3:]
    middle = steps[2:-3]
    room = limit - len(head) - len(tail)
    positions = sorted({round(i * (len(middle) - 1) / max(1, room - 1)) for i in range(room)}) if room > 0 else []
    return head + [middle[p] for p in positions] + tail  # by position: a Step (dict arguments) is not hashable


def trajectory_evidence(steps: list[Step], final_message: str | None) -> str:
    shown = subsample(steps)
    lines = [f"{len(steps)} steps in all; {len(shown)} shown."]
    for step in shown:
        call = _ends(json.dumps(step.tool_call.arguments, sort_keys=True), STEP_CHARS)
        output = step.error and f"error: {step.error}" or step.observation.text
        lines.append(f"[step {step.index + 1}] {step.action or '(no Action line)'}\n  call: {step.tool_call.name} {call}\n"
                     f"  exit code: {step.observation.exit_code}\n  output: {_cut(output, STEP_CHARS)}")
    lines.append(f"[final message] {final_message if final_message else '(none)'}")
    return "\n".join(lines)
