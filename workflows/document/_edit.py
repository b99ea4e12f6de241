"""Shared parts of the whole-document workflows: the reference's look at a docx (each paragraph's
style and text), the save line, and the paths with the in-place axis (`workflows._inplace`)."""

from __future__ import annotations

from typing import Any

from forge.models import ReferenceStep
from workflows._inplace import SAVE, edit_paths
from workflows._steps import lit, script_step

__all__ = ["SAVE", "doc_paths", "outline_step", "save_code"]


def doc_paths(ctx: Any, stem: str, suffix: str) -> dict[str, Any]:
    return edit_paths(ctx, stem, "docx", suffix, ["", "docs/", "drafts/"])


def outline_step(path: str, thought: str) -> ReferenceStep:
    """Print each non-empty paragraph: its number, style and the start of its text."""
    script = f"""
        import docx
        for n, p in enumerate(docx.Document({lit(path)}).paragraphs, start=1):
            if p.text.strip():
                print(n, p.style.name, "|", p.text[:70])
    """
    return script_step(script, thought, f"Outline {path}")


def save_code(output: str) -> str:
    folder = output.rsplit("/", 1)[0] if "/" in output else "."
    return f"import os; os.makedirs({lit(folder)}, exist_ok=True); document.save({lit(output)})"
