"""The workflow contract: a skill-conditioned recipe that writes one task bundle per seed.

A workflow is small and declarative. It draws its parameters, makes its input files through a
preparer, and states the instruction (a jinja2 template), the setup, the rubric and the
reference solution. `build` assembles them; nothing else is needed to add one:

    @register_workflow
    class TotalRow(Workflow[TotalRowParams]):
        name = "spreadsheet.total_row"
        version = "1"
        apps = ["spreadsheet"]
        instruction = "Open {{ input }} and add a row labelled Total ..."
        def draw(self, ctx): ...
        def files(self, ctx, params): ...
        def checks(self, brief): ...
        def reference(self, params): ...

Information barrier: `checks` sees only the `Brief` (the rendered instruction, the declared
files and the parameters the instruction names), never the generated content, so a check must
test the outcome from the files themselves instead of mirroring the setup.
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Generic, TypeVar

import jinja2
from faker import Faker
from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.errors import WorkflowError
from forge.models import Check, ReferenceSolution, Rubric, SetupStep, Skill, TaskBundle, TaskFile
from forge.registry import Registry

P = TypeVar("P", bound=BaseModel)

_TEMPLATES = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)


@lru_cache(maxsize=512)
def _template(source: str) -> jinja2.Template:
    """Compile each workflow's instruction template once, not once per bundle."""
    return _TEMPLATES.from_string(source)


_fakers = threading.local()


@dataclass
class WorkflowContext:
    """Seeded sources of randomness for one bundle; the same (skill, seed) gives the same bundle."""

    skill: Skill
    seed: int
    rng: random.Random
    faker: Faker

    @classmethod
    def create(cls, skill: Skill, seed: int) -> WorkflowContext:
        faker = getattr(_fakers, "faker", None)
        if faker is None:  # building one loads every provider (~1 ms a bundle): one per thread, reseeded
            faker = _fakers.faker = Faker()
        faker.seed_instance(seed)  # a fresh Random: the same seed gives the same content, whatever came before
        return cls(skill=skill, seed=seed, rng=random.Random(seed), faker=faker)


class Brief(BaseModel):
    """What the check writer may see: the task as the agent sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    instruction: str
    inputs: list[str]
    outputs: list[str]
    params: dict[str, JsonValue] = Field(description="The parameters the instruction names.")


class Workflow(ABC, Generic[P]):
    """Base class for workflows; subclasses fill in the parts, `build` assembles the bundle."""

    name: ClassVar[str]
    version: ClassVar[str]
    apps: ClassVar[list[str]]
    instruction: ClassVar[str]
    criteria: ClassVar[list[str]] = []

    @abstractmethod
    def draw(self, ctx: WorkflowContext) -> P:
        """Draw this task's parameters (file names, columns, thresholds) from the skill and seed."""

    @abstractmethod
    def files(self, ctx: WorkflowContext, params: P) -> list[TaskFile]:
        """The task's files: inputs with content, declared outputs without."""

    @abstractmethod
    def checks(self, brief: Brief) -> list[Check]:
        """Programmatic checks, written from the brief only (the information barrier)."""

    @abstractmethod
    def reference(self, params: P) -> ReferenceSolution:
        """The oracle solution, as steps a teacher would take."""

    def setup(self, params: P) -> list[SetupStep]:
        """Setup steps after the input files are in place; by default make the output folders."""
        return [SetupStep(type="execute", parameters={"command": "mkdir -p outputs"})]

    def instruction_params(self, params: P) -> dict[str, Any]:
        """The parameters the instruction may name; by default all of them."""
        return params.model_dump(mode="json")

    def build(self, skill: Skill, seed: int) -> TaskBundle:
        ctx = WorkflowContext.create(skill, seed)
        params = self.draw(ctx)
        public = self.instruction_params(params)
        try:
            instruction = _template(self.instruction).render(**public).strip()
        except jinja2.TemplateError as exc:
            raise WorkflowError(f"workflow {self.name!r}: instruction template failed: {exc}") from exc
        files = self.files(ctx, params)
        brief = Brief(
            instruction=instruction,
            inputs=[f.path for f in files if f.role == "input"],
            outputs=[f.path for f in files if f.role == "output"],
            params=public,
        )
        return TaskBundle(
            skill_ids=[skill.id],
            apps=list(self.apps),
            instruction=instruction,
            files=files,
            setup=self.setup(params),
            rubric=Rubric(checks=self.checks(brief), criteria=list(self.criteria)),
            reference=self.reference(params),
            seed=seed,
            workflow=self.name,
            workflow_version=self.version,
            params=params.model_dump(mode="json"),
            provenance={"skill": skill.id, "generator": "workflow"},
        )


WORKFLOWS: Registry[Workflow[Any]] = Registry("workflow")

W = TypeVar("W", bound=type)


def register_workflow(cls: W) -> W:
    WORKFLOWS.add(cls.name, cls())  # type: ignore[attr-defined]
    return cls
