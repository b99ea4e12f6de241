"""The project view: a code project's files and the result of running its tests in the sandbox."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from forge.views.spec import View, register_view


class TestRun(BaseModel):
    """What running the project's tests showed (in the sandbox, never on the host)."""

    __test__ = False  # not a pytest class
    model_config = ConfigDict(frozen=True, extra="forbid")

    command: str
    exit_code: int | None
    passed: int = 0
    failed: int = 0
    errors: int = 0
    output: str = Field(default="", description="The tail of the output.")


@register_view
class ProjectView(View):
    kind: ClassVar[str] = "project"

    source: str
    files: dict[str, str] = Field(description="Relative path -> text of every source file.")
    tests: TestRun | None = None
