"""The workflow contract: one file per workflow, mostly data. The one page a workflow author reads.

A workflow declares a `WorkflowSpec` (its skill parameters, several instruction phrasings,
criteria, its input/output files and check templates bound to its parameters) and writes only
what must be computed: `draw` (the parameters), `contents` (the input files' bytes) and
`reference` (the oracle solution). `build` assembles the bundle; registration checks that the
declaration holds together, so a typo fails at import, naming the workflow.

    class Params(BaseModel):
        input: str
        output: str
        column: str

    class Options(SkillParams):           # what a taxonomy row may fix; anything else is an error
        descending: bool | None = None

    @register_workflow
    class SortRows(Workflow[Params]):
        spec = WorkflowSpec(
            name="spreadsheet.sort_rows", apps=["spreadsheet"], params=Params, skill_params=Options,
            phrasings=["Sort {{ input }} by {{ column }} and save it as {{ output }}.", "..."],
            criteria=["Every row is kept.", "..."],
            files=[FileSlot(param="input", type="xlsx", role="input"), FileSlot(param="output", type="xlsx")],
            checks=[CheckTemplate(func="table.sorted_by", bind={"column": "column"})],
        )
        def draw(self, ctx): ...
        def contents(self, ctx, params): ...
        def reference(self, params): ...

Check templates fill the check's required typed path options by TYPE: an `OutputPath` option gets
the output slot's path, an `InputPath` option the input slot's (`paths` picks a slot when there are
several). An optional path option stays unset unless `paths` names its slot: filling it by type
would quietly point it at whichever file came first. An `in_place` slot is one path declared as both input and output (the agent edits the
file itself). Information barrier: templates bind only the parameters the instruction may name,
never generated content, so a check must test the outcome from the files themselves.
"""

from __future__ import annotations

import random
import shlex
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Generic, Literal, TypeVar

import jinja2
from faker import Faker
from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from forge.checks import CHECKS
from forge.errors import ForgeError, SkillParamsError, WorkflowCrashedError, WorkflowError, WorkflowSpecError
from forge.models import Check, ReferenceSolution, Rubric, SetupStep, Skill, TaskBundle, TaskFile
from forge.registry import Registry
from preparers.fake import thread_faker
from workflows._template_names import TemplateNames
from workflows.framing import frame

P = TypeVar("P", bound=BaseModel)

_TEMPLATES = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)


@lru_cache(maxsize=1024)
def _template(source: str) -> jinja2.Template:
    """Compile each template once, not once per bundle."""
    return _TEMPLATES.from_string(source)


_names_read = TemplateNames(_TEMPLATES).names  # remembered across processes: workflows._template_names


def _render(source: str, values: dict[str, Any], what: str) -> str:
    try:
        return _template(source).render(**values).strip()
    except jinja2.TemplateError as exc:
        raise WorkflowError(f"{what}: template failed: {exc}") from exc


@dataclass
class WorkflowContext:
    """Seeded sources of randomness for one bundle; the same (skill, seed) gives the same bundle.

    `options` is the skill's params validated against the workflow's `skill_params` model.
    """

    skill: Skill
    seed: int
    rng: random.Random
    faker: Faker
    options: BaseModel | None = None

    @classmethod
    def create(cls, skill: Skill, seed: int, options: BaseModel | None = None) -> WorkflowContext:
        return cls(skill=skill, seed=seed, rng=random.Random(seed), faker=thread_faker(seed), options=options)


class SkillParams(BaseModel):
    """Base of a workflow's skill-params model: strict, so a misspelt parameter is an error. Its schema
    is built at first use, as a check's options' are (`forge.checks.spec.CheckOptions`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class FileSlot(BaseModel):
    """One file of the task: which params field holds its path, its type, and its role.

    `in_place`: the input is edited where it lies (declared as both input and output).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    param: str
    type: str
    role: Literal["input", "output", "in_place"] = "output"
    description: str = Field(default="", description="jinja2 over the params; inputs default to their type.")
    types_by: dict[str, dict[str, str]] = Field(default_factory=dict, description=(
        "A type that follows a param, {param: {value: type}} (a data file that is csv, json or txt by "
        "`source`); `type` for any other value. The bundle and the skill's profile both follow it."))
    environment: bool = Field(default=False, description=(
        "The environment's own state (a web site's database): checked like any file, but the task is about "
        "the site, so neither the skill's profile nor batch statistics count it as a file reference."))

    def type_for(self, values: dict[str, Any]) -> str:
        """This slot's file type for these params (a task's, or a skill's fixed ones)."""
        for param, by_value in self.types_by.items():
            if param in values and str(values[param]) in by_value:
                return by_value[str(values[param])]
        return self.type


class CheckTemplate(BaseModel):
    """A rubric check with its options bound to the workflow's parameters."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    func: str
    bind: dict[str, str] = Field(default_factory=dict, description="check option -> params field")
    fixed: dict[str, JsonValue] = Field(default_factory=dict, description="check option -> constant")
    paths: dict[str, str] = Field(default_factory=dict,
                                  description="path option -> slot param: needed for optional ones and when ambiguous")
    description: str = Field(default="", description="jinja2 over the params; default: the check's own doc.")


class WorkflowSpec(BaseModel):
    """Everything declarative about a workflow family."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    name: str = Field(pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")
    version: str = "1"
    apps: list[str] = Field(min_length=1)
    description: str = ""
    params: type[BaseModel]
    skill_params: type[SkillParams] = SkillParams
    phrasings: list[str] = Field(min_length=1, description="Instruction templates of different registers.")
    framed: bool = Field(default=True, description=(
        "Frame each instruction with a requester's context (`workflows.framing`); False for a family "
        "whose draw writes its own (the web shop's requests carry their situation and sign-off)."))
    criteria: list[str] = Field(default_factory=list)
    files: list[FileSlot] = Field(min_length=1)
    checks: list[CheckTemplate] = Field(min_length=1)

    def slots(self, role: str) -> list[FileSlot]:
        """Slots playing `role` ("input" or "output"); an in-place slot plays both."""
        return [s for s in self.files if s.role in (role, "in_place")]


class Brief(BaseModel):
    """What the check writer may see: the task as the agent sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    instruction: str
    inputs: list[str]
    outputs: list[str]
    params: dict[str, JsonValue] = Field(description="The parameters the instruction names.")


class Workflow(ABC, Generic[P]):
    """A workflow family: `spec` is data; `draw`, `contents` and `reference` are the code."""

    spec: ClassVar[WorkflowSpec]

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def version(self) -> str:
        return self.spec.version

    @property
    def apps(self) -> list[str]:
        return list(self.spec.apps)

    @abstractmethod
    def draw(self, ctx: WorkflowContext) -> P:
        """This task's parameters (file names, columns, thresholds) from `ctx.options` and the seed."""

    @abstractmethod
    def contents(self, ctx: WorkflowContext, params: P) -> dict[str, bytes]:
        """The bytes of each input (and in-place) slot, keyed by the slot's `param`."""

    @abstractmethod
    def reference(self, params: P) -> ReferenceSolution:
        """The oracle solution, as steps a teacher would take."""

    def setup(self, params: P) -> list[SetupStep]:
        """Setup steps after the inputs are in place; by default make the outputs' folders."""
        folders = sorted({p.rsplit("/", 1)[0] for p in self._paths(params, "output").values() if "/" in p})
        command = "mkdir -p " + " ".join(shlex.quote(f) for f in folders)
        return [SetupStep(type="execute", parameters={"command": command})] if folders else []

    def instruction_params(self, params: P) -> dict[str, Any]:
        """The parameters the instruction and the checks may name; by default all of them."""
        return params.model_dump(mode="json")

    def checks(self, brief: Brief) -> list[Check]:
        """The rubric, from the spec's check templates and the brief only (the information barrier)."""
        return [_bind(self.spec, template, brief) for template in self.spec.checks]

    def options(self, skill: Skill) -> SkillParams:
        """The skill's params validated strictly; SkillParamsError names the skill and the allowed keys."""
        try:
            return self.spec.skill_params.model_validate(skill.params)
        except ValidationError as exc:
            allowed = ", ".join(self.spec.skill_params.model_fields) or "(none)"
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise SkillParamsError(f"skill {skill.id!r}: params do not fit workflow {self.name!r}: {problems} "
                                   f"(allowed params: {allowed})") from None

    def build(self, skill: Skill, seed: int) -> TaskBundle:
        ctx = WorkflowContext.create(skill, seed, self.options(skill))
        try:
            return self._build(ctx)
        except ForgeError:
            raise
        except Exception as exc:
            raise WorkflowCrashedError(f"workflow {self.name!r} raised {type(exc).__name__}: {exc}") from exc

    def _build(self, ctx: WorkflowContext) -> TaskBundle:
        params = self.draw(ctx)
        public = self.instruction_params(params)
        phrasings = self.spec.phrasings
        register = random.Random(f"{ctx.seed}:phrasing").randrange(len(phrasings))  # apart from ctx.rng
        instruction = _render(phrasings[register], public, f"workflow {self.name!r} phrasing {register + 1}")
        if self.spec.framed:
            instruction = frame(instruction, self.apps, ctx.seed)
        files = self._files(ctx, params)
        brief = Brief(instruction=instruction, inputs=[f.path for f in files if f.role == "input"],
                      outputs=[f.path for f in files if f.role == "output"], params=public)
        return TaskBundle(
            skill_ids=[ctx.skill.id], apps=self.apps, instruction=instruction, files=files,
            setup=self.setup(params), rubric=Rubric(checks=self.checks(brief), criteria=list(self.spec.criteria)),
            reference=self.reference(params), seed=ctx.seed, workflow=self.name, workflow_version=self.version,
            params=params.model_dump(mode="json"),
            provenance={"skill": ctx.skill.id, "generator": "workflow", "phrasing": register},
        )

    def _paths(self, params: P, role: str) -> dict[str, str]:
        return {s.param: getattr(params, s.param) for s in self.spec.slots(role)}

    def _files(self, ctx: WorkflowContext, params: P) -> list[TaskFile]:
        contents = self.contents(ctx, params)
        values = params.model_dump(mode="json")
        files: list[TaskFile] = []
        for slot in self.spec.files:
            path = getattr(params, slot.param)
            what = f"workflow {self.name!r} file {slot.param}"
            text = _render(slot.description, values, what) if slot.description else ""
            kind = slot.type_for(values)
            if slot.role in ("input", "in_place"):
                if slot.param not in contents:
                    raise WorkflowError(f"{what}: contents() gave no bytes for this input")
                files.append(TaskFile(path=path, role="input", type=kind, content=contents[slot.param],
                                      description=text or f"the {kind} to work on",
                                      environment=slot.environment))
            if slot.role in ("output", "in_place"):
                files.append(TaskFile(path=path, role="output", type=kind,
                                      description=text or f"the {kind} result", environment=slot.environment))
        return files


def _bind(spec: WorkflowSpec, template: CheckTemplate, brief: Brief) -> Check:
    """A check from its template: typed path options from the file slots, the rest from `bind`/`fixed`."""
    kind = CHECKS.get(template.func)
    options: dict[str, Any] = {}
    for option, role in kind.options.path_fields().items():
        if option in template.paths:
            slots = [s for s in spec.files if s.param == template.paths[option]]
        elif kind.options.model_fields[option].is_required():
            slots = spec.slots(role)
        else:
            continue
        if slots:
            options[option] = brief.params[slots[0].param]
    options.update({option: brief.params[param] for option, param in template.bind.items()})
    options.update(template.fixed)
    description = (_render(template.description, brief.params, f"workflow {spec.name!r} check {template.func}")
                   if template.description else kind.description.splitlines()[0])
    return Check(func=template.func, options=options, description=description)


# --- registration ------------------------------------------------------------------------------

WORKFLOWS: Registry[Workflow[Any]] = Registry("workflow")

W = TypeVar("W", bound=type)


def validate_spec(spec: WorkflowSpec) -> None:
    """Raise WorkflowSpecError, naming the workflow, when its declaration does not hold together."""
    where = f"workflow {spec.name!r}"
    fields = set(spec.params.model_fields)
    if spec.skill_params.model_config.get("extra") != "forbid":
        raise WorkflowSpecError(f"{where}: skill_params must forbid extra keys (subclass workflows.spec.SkillParams)")
    for slot in spec.files:
        if slot.param not in fields:
            raise WorkflowSpecError(f"{where}: file slot {slot.param!r} is not a params field; fields: {sorted(fields)}")
    for number, phrasing in enumerate(spec.phrasings, start=1):
        unknown = _names_read(phrasing) - fields
        if unknown:
            raise WorkflowSpecError(f"{where}: phrasing {number} names {sorted(unknown)}, not params fields")
    for template in spec.checks:
        if template.func not in CHECKS:
            raise WorkflowSpecError(f"{where}: unknown check {template.func!r}; known: {', '.join(CHECKS)}")
        model = CHECKS.get(template.func).options
        unbound = sorted(p for p in [*template.bind.values(), *template.paths.values()] if p not in fields)
        if unbound:
            raise WorkflowSpecError(f"{where}: check {template.func} binds params {unbound} that are not params fields")
        unknown = sorted((set(template.bind) | set(template.fixed) | set(template.paths)) - set(model.model_fields))
        if unknown:
            raise WorkflowSpecError(f"{where}: check {template.func} has no options {unknown}; "
                                    f"its options: {sorted(model.model_fields)}")
        paths = model.path_fields()
        given = set(template.bind) | set(template.fixed) | {o for o, r in paths.items() if spec.slots(r)}
        missing = sorted(n for n, f in model.model_fields.items() if f.is_required() and n not in given)
        if missing:
            raise WorkflowSpecError(f"{where}: check {template.func} misses required option(s) {missing}")


def register_workflow(cls: W) -> W:
    """Register a workflow class (its spec validated first); a duplicate name fails at import."""
    spec = getattr(cls, "spec", None)
    if not isinstance(spec, WorkflowSpec):
        raise WorkflowSpecError(f"{cls.__name__} has no `spec = WorkflowSpec(...)`")
    validate_spec(spec)
    WORKFLOWS.add(spec.name, cls())
    return cls


def validate_skills(skills: list[Skill]) -> list[str]:
    """Problems with skills against the registered workflows: unknown workflow or params that do not fit."""
    problems = []
    for skill in skills:
        if skill.workflow not in WORKFLOWS:
            problems.append(f"skill {skill.id!r}: unknown workflow {skill.workflow!r}")
            continue
        try:
            WORKFLOWS.get(skill.workflow).options(skill)
        except SkillParamsError as exc:
            problems.append(str(exc))
    return problems
