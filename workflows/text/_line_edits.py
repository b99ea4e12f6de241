"""The reference solution of a one-line edit in a file kept as lines (a crontab, a hosts file): look
at the file, then a short script that finds the line, makes the edit and writes the result."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution


def line_edit_solution(source: str, target: str, names: str, find: str, edit: str, *, look: str,
                       change: str) -> ReferenceSolution:
    """`names`: the script's constants; `find`: sets `i`, the line's index ('' when nothing is found
    first); `edit`: the change to `lines`. `look`/`change`: what the person thinks at each step."""
    script = f"""
        import re
        {names}
        lines = open({lit(source)}, encoding="utf-8").read().splitlines()
        {find}
        {edit}
        open({lit(target)}, "w", encoding="utf-8").write("\\n".join(lines) + "\\n")
        print("\\n".join(lines))
    """
    return solution(script_step(f"print(open({lit(source)}, encoding='utf-8').read())", look, f"Show {source}"),
                    script_step(script, change, f"Write {target}"))
