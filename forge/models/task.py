"""The task bundle: everything needed to set up, solve and score one task.

A bundle is pure data. Its `id` is a content hash, so the same recipe always yields the same
task and a rerun never stores it twice.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cached_property
from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    SerializerFunctionWrapHandler,
    computed_field,
    field_validator,
    model_serializer,
    model_validator,
)

from forge.models.gui_plan import GuiPlan

FileRole = Literal["input", "output"]


def _relative_posix(path: str) -> str:
    p = PurePosixPath(path)
    if p.is_absolute() or ".." in p.parts or not p.parts:
        raise ValueError(f"file path {path!r} must be relative to the job dir, without '..'")
    return p.as_posix()


class TaskFile(BaseModel):
    """A file of the task, at `path` relative to the job dir (`/job` in the sandbox)."""

    model_config = ConfigDict(frozen=True, extra="forbid", ser_json_bytes="base64", val_json_bytes="base64")

    path: str
    role: FileRole
    type: str = Field(description="File type key, e.g. `xlsx`; picks the opener in the file gate.")
    description: str = ""
    content: bytes | None = Field(default=None, description="Initial bytes; inputs only.")
    environment: bool = Field(default=False, description=(
        "Part of the environment the task runs in (a web site's database), not a file the task is about: "
        "the instruction may name it as it names the site's address, but batch statistics do not count it "
        "as a file reference."))

    _check_path = field_validator("path")(lambda cls, v: _relative_posix(v))

    @model_serializer(mode="wrap")
    def _omit_plain(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """No `environment` key on a task's own files: tasks made before the field keep their ids."""
        data = handler(self)
        if data.get("environment") is False:
            del data["environment"]
        return data


class SetupStep(BaseModel):
    """One setup step in OSWorld's `{type, parameters}` style, dispatched by `type`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    parameters: dict[str, JsonValue] = Field(default_factory=dict)


class Check(BaseModel):
    """A programmatic rubric check: a registered check function and its options."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    func: str
    options: dict[str, JsonValue] = Field(default_factory=dict)
    description: str = ""


class Rubric(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    checks: list[Check] = Field(min_length=1)
    criteria: list[str] = Field(default_factory=list, description="Natural-language items for the LLM judge.")


class ReferenceStep(BaseModel):
    """One step of the oracle solution, shaped like a teacher step so replay is faithful."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    thought: str
    action: str = Field(description="The one-line `Action:` summary.")
    tool: Literal["bash", "computer_use"]
    arguments: dict[str, JsonValue]


class ReferenceSolution(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    steps: list[ReferenceStep] = Field(min_length=1)
    gui_plan: GuiPlan | None = Field(default=None, description="The GUI route (`forge.models.gui_plan`), if any.")

    @model_serializer(mode="wrap")
    def _omit_missing_plan(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """No `gui_plan` key when there is none: tasks made before the field keep their content-hash ids."""
        data = handler(self)
        if data.get("gui_plan", 0) is None:
            del data["gui_plan"]
        return data


class TaskBundle(BaseModel):
    """What a workflow writes and the gates judge."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @model_validator(mode="wrap")
    @classmethod
    def _verify_id(cls, data: Any, handler: Any) -> TaskBundle:
        """A stored bundle carries its id; refuse one whose content no longer matches it."""
        claimed = None
        if isinstance(data, dict) and "id" in data:
            data = dict(data)
            claimed = data.pop("id")
        bundle = handler(data)
        if claimed is not None and claimed != bundle.id:
            raise ValueError(f"bundle content does not match its id {claimed!r} (was it edited by hand?)")
        return bundle

    skill_ids: list[str] = Field(min_length=1)
    apps: list[str] = Field(min_length=1)
    instruction: str = Field(min_length=1)
    files: list[TaskFile] = Field(default_factory=list)
    setup: list[SetupStep] = Field(default_factory=list)
    rubric: Rubric
    reference: ReferenceSolution
    seed: int
    workflow: str
    workflow_version: str
    params: dict[str, JsonValue] = Field(default_factory=dict, description="Parameters the workflow drew.")
    provenance: dict[str, JsonValue] = Field(default_factory=dict)

    @computed_field  # type: ignore[prop-decorator]
    @cached_property
    def id(self) -> str:
        payload = self.model_dump(mode="json", exclude={"id"})
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        return f"t-{digest[:20]}"

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> TaskBundle:
        """Copies are re-validated, so the content-hash id always matches the copy's content."""
        data = {name: getattr(self, name) for name in type(self).model_fields}
        data.update(update or {})
        return type(self).model_validate(data)

    def inputs(self) -> list[TaskFile]:
        return [f for f in self.files if f.role == "input"]

    def outputs(self) -> list[TaskFile]:
        return [f for f in self.files if f.role == "output"]
