"""File-level checks that hold for any file type."""

from __future__ import annotations

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState


class FileExistsOptions(CheckOptions):
    file: OutputPath


@register_check("file.exists", FileExistsOptions)
def file_exists(state: FinalState, opts: FileExistsOptions) -> Verdict:
    """The file exists in the job dir (as a regular file, inside the job dir)."""
    found = state.exists(opts.file)
    return Verdict.of(found, f"{opts.file} exists" if found else f"{opts.file} does not exist")
