"""Generated input bytes carried privately from `draw` to `contents`, never into the brief.

Most app workflows generate their inputs while drawing parameters (a report, then a heading of
it). `Prepared` params keep those bytes in a private attribute, so they cannot reach the
instruction, the checks or the bundle's params (the information barrier), and
`PreparedWorkflow.contents` hands them over:

    return Params(document="report.docx", heading=...).with_files(document=write_docx(doc))
"""

from __future__ import annotations

from typing import ClassVar, Self, TypeVar

from pydantic import BaseModel, ConfigDict, PrivateAttr

from forge.errors import WorkflowError
from forge.models import SetupStep, Skill, TaskBundle
from preparers.filetypes._tar import unpack_command
from workflows.spec import Workflow, WorkflowContext

P = TypeVar("P", bound="Prepared")


class Prepared(BaseModel):
    """Params holding their input files' bytes privately, by slot param."""

    model_config = ConfigDict(defer_build=True)  # built at first use, as `SkillParams` are
    _files: dict[str, bytes] = PrivateAttr(default_factory=dict)

    def with_files(self, **files: bytes) -> Self:
        self._files = files
        return self


class PreparedWorkflow(Workflow[P]):
    """A workflow whose `draw` already made the inputs: `contents` returns them.

    `states_values`: the params whose values the instruction gives to write (set `port` to 8443,
    examples with their results). The package gate's answer-leak probe lets exactly the numbers
    of these params through (`provenance["stated_params"]`) and still probes every other number
    the oracle wrote, also after a model rewrites the instruction.
    """

    states_values: ClassVar[tuple[str, ...]] = ()

    def build(self, skill: Skill, seed: int) -> TaskBundle:
        bundle = super().build(skill, seed)
        if not self.states_values:
            return bundle
        return bundle.model_copy(update={"provenance": {**bundle.provenance,
                                                        "stated_params": list(self.states_values)}})

    def contents(self, ctx: WorkflowContext, params: P) -> dict[str, bytes]:
        if not params._files:
            raise WorkflowError(f"workflow {self.name!r}: draw() returned params without files; "
                                "end it with `params.with_files(slot=bytes, ...)`")
        return params._files


class FolderWorkflow(PreparedWorkflow[P]):
    """A workflow whose input is a folder (a project, a Downloads folder) shipped as one archive in
    the slot `folder`; setup unpacks it where the instruction names it."""

    def setup(self, params: P) -> list[SetupStep]:
        folder = getattr(params, "folder")  # noqa: B009 - every folder workflow's params have it
        return [SetupStep(type="execute", parameters={"command": unpack_command(folder)})]
