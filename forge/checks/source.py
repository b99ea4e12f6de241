"""Where the state a check reads lives, apart from how it is compared (OSWorld's getter/comparator).

A source turns a locator (a job-dir path today; an app's state, a page's DOM or a site's
database row later) into a typed view. Checks declare their source when they register and read
through these helpers, never through a parser, so one comparison serves every format.

    table = output_view(state, opts.file, TableView).get(opts.table)      # the run's result
    before = input_view(state, opts.input_file, TableView).get(opts.table)  # as the task gave it
"""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.registry import Registry
from forge.views import View

V = TypeVar("V", bound=View)


@runtime_checkable
class Source(Protocol):
    """Reads a view of the final state (or, with `original`, of the task's given input)."""

    name: str

    def view(self, state: FinalState, locator: str, view: type[V], *, original: bool = False) -> V: ...


SOURCES: Registry[Source] = Registry("check source")


class FileSource:
    """Job-dir files: the output as the run left it, the input as the task gave it. Parsed
    once per content (an input is shared by every probe; the oracle's output by its checks)."""

    name = "file"

    def view(self, state: FinalState, locator: str, view: type[V], *, original: bool = False) -> V:
        if original:
            if locator not in state.originals:
                raise CheckError(f"{locator} is not one of the task's input files")
            data = state.originals[locator]
        else:
            data = state.read_bytes(locator)
        return read_view(data, locator, view)


SOURCES.add("file", FileSource())


def output_view(state: FinalState, path: str, view: type[V]) -> V:
    """The file at `path` as the run left it, read as `view`; CheckError when missing or unreadable."""
    return SOURCES.get("file").view(state, path, view)


def input_view(state: FinalState, path: str, view: type[V]) -> V:
    """The task's input at `path` as it was given, read as `view`."""
    return SOURCES.get("file").view(state, path, view, original=True)
