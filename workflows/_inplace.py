"""The in-place axis shared by the office workflows: edit the file where it lies (the output path
IS the input path, so the checks compare the file with its original self) or leave it as it was
and save a new file. Phrasings end with `SAVE[register]`; `edit_paths` draws the paths."""

from __future__ import annotations

from typing import Any

SAVE = {  # the closing clause, by register; `in_place` picks the branch
    "formal": ("{% if in_place %}Save the changes in {{ input }} itself.{% else %}Leave {{ input }} as it is and "
               "save the result as {{ output }}.{% endif %}"),
    "chatty": ("{% if in_place %}Just save over the same file.{% else %}Please keep the original untouched and "
               "save your version as {{ output }}.{% endif %}"),
    "terse": "{% if in_place %}Save in place.{% else %}Save as {{ output }}.{% endif %}",
}


def edit_paths(ctx: Any, stem: str, ext: str, suffix: str, folders: list[str]) -> dict[str, Any]:
    """input/output/in_place: the skill's `in_place` (else a seeded draw), a drawn folder, and the
    output named `<stem>_<suffix>` beside the input unless the edit is in place."""
    fixed = getattr(ctx.options, "in_place", None)
    in_place = fixed if fixed is not None else ctx.rng.choice([False, True])
    folder = ctx.rng.choice(folders)
    source = f"{folder}{stem}.{ext}"
    return {"input": source, "output": source if in_place else f"{folder}{stem}_{suffix}.{ext}", "in_place": in_place}
