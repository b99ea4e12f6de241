"""Authoring with a model: instruction variants for workflow-built bundles, and an `agent-first`
mode where the model writes a whole bundle (to measure the published cost comparison).

Information barrier: the author sees an instruction and the parameters it names, never the files,
the setup internals or the reference output, so it cannot copy a computed answer; and a variant is
refused unless it keeps every file path, quoted name, number and named text parameter (a column, a
sheet) of the original and adds no number, path or quoted name of its own (any of which could be an
answer). A refused or unusable reply raises ModelOutputError; `vary_or_keep`, which the generate
job's build stage calls for every workflow bundle when FORGE_AUTHOR_BASE_URL is set, records it
as a rejection of stage `author` and keeps the workflow's own phrasing.

Published: workflow-first authoring cost 85K tokens / $0.158 per task; agent-first 1,276K / $0.906.
Both modes put their calls in the ledger (stages `author.variant`, `author.agent-first`).
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.errors import ModelError, ModelOutputError
from forge.llm.client import ModelClient
from forge.llm.messages import CallContext
from forge.models import Check, ReferenceSolution, ReferenceStep, Rubric, Skill, TaskBundle, TaskFile

if TYPE_CHECKING:
    from forge.store import Store

log = logging.getLogger(__name__)

_PATH = re.compile(r"\b[\w./-]+\.(?:xlsx|csv|docx|pptx|pdf|txt|md|json|py)\b")
_QUOTED = re.compile(r"\"([^\"]+)\"|'([^']+)'")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")

VARIANT_PROMPT = """\
Rewrite a task instruction for a computer-use agent in different words, as a different user might
write it. Keep its meaning exactly. Keep every file path, every quoted name and every number exactly
as written; add no number, value or hint of your own; do not solve the task."""


class InstructionVariant(BaseModel):
    model_config = ConfigDict(extra="forbid")

    instruction: str = Field(min_length=10)


def _names(text: str) -> set[str]:
    return set(_PATH.findall(text)) | {a or b for a, b in _QUOTED.findall(text)}


def protected(text: str) -> tuple[set[str], set[str]]:
    """(tokens a variant must keep: paths and quoted names, numbers in the original)."""
    return _names(text), set(_NUMBER.findall(text))


def named_params(original: str, params: dict[str, JsonValue]) -> set[str]:
    """The workflow's text parameters that the original instruction names (a column, a sheet, a
    word to find): the constraints a variant must keep word for word."""
    return {v for v in params.values() if isinstance(v, str) and len(v) > 1 and v in original}


def barrier_problems(original: str, variant: str, params: dict[str, JsonValue] | None = None) -> list[str]:
    """Why `variant` may not replace `original` (empty when it may): a dropped path, name, number or
    named parameter changes the task; an added number, path or quoted name could be a leaked answer."""
    names, numbers = protected(original)
    keep = names | named_params(original, params or {})
    problems = [f"drops {name!r}" for name in sorted(keep) if name not in variant]
    problems += [f"drops the number {n}" for n in sorted(numbers) if n not in _NUMBER.findall(variant)]
    problems += [f"adds the number {n}" for n in sorted(set(_NUMBER.findall(variant)) - numbers)]
    problems += [f"adds {name!r}" for name in sorted(_names(variant) - names) if name not in original]
    return problems


def vary_instruction(client: ModelClient, bundle: TaskBundle, context: CallContext | None = None) -> TaskBundle:
    """The bundle with a model-written phrasing of its instruction (a new bundle, so a new id)."""
    context = (context or CallContext()).model_copy(update={"stage": "author.variant", "task_id": bundle.id})
    messages = [{"role": "system", "content": VARIANT_PROMPT},
                {"role": "user", "content": f"Instruction:\n{bundle.instruction}"}]
    variant = client.structured(messages, InstructionVariant, context).instruction.strip()
    problems = barrier_problems(bundle.instruction, variant, bundle.params)
    if problems:
        raise ModelOutputError(f"author {client.model!r}: the variant breaks the workflow's constraints: "
                               f"{'; '.join(problems[:5])}", raw=variant)
    provenance = {**bundle.provenance, "instruction_author": client.model, "instruction_of": bundle.id}
    return bundle.model_copy(update={"instruction": variant, "provenance": provenance})


def vary_or_keep(client: ModelClient, bundle: TaskBundle, store: Store, run_id: str) -> TaskBundle:
    """The generate job's authoring step: the varied bundle, or the workflow's own when the author's
    variant breaks the barrier or the call fails; that refusal is recorded as a rejection of stage
    `author` (the task goes on with its template text, so nothing is lost)."""
    try:
        return vary_instruction(client, bundle, CallContext(run_id=run_id))
    except ModelError as exc:
        reason = "variant_refused" if isinstance(exc, ModelOutputError) else "author_error"
        log.info("author variant of %s not used (%s): %s", bundle.id, reason, exc)
        store.record_rejection(run_id, "author", bundle.id, reason, f"{exc}; the workflow's instruction is kept")
        return bundle


# agent-first ---------------------------------------------------------------------------------

AGENT_FIRST_PROMPT = """\
You write a complete, verifiable task for a computer-use agent that realises one skill. Give: the
instruction (naming every file by its path), the input files (tables as rows, first row the header),
the declared output files, the rubric checks (only the check functions listed, with their options),
natural-language criteria, and a reference solution as bash commands (Python 3 with openpyxl is
installed; the working directory holds the files)."""


class AuthoredFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str
    role: str = Field(pattern="^(input|output)$")
    type: str = Field(pattern="^(xlsx|csv|txt|md|json)$")
    sheet: str = "Sheet1"
    rows: list[list[JsonValue]] | None = Field(default=None, description="Table files: header row first.")
    text: str | None = Field(default=None, description="Text files.")


class AuthoredBundle(BaseModel):
    model_config = ConfigDict(extra="forbid")

    instruction: str = Field(min_length=10)
    files: list[AuthoredFile] = Field(min_length=1)
    checks: list[Check] = Field(min_length=1)
    criteria: list[str] = Field(default_factory=list)
    reference_commands: list[str] = Field(min_length=1)


def _content(spec: AuthoredFile) -> bytes | None:
    if spec.role == "output":
        return None
    if spec.type == "xlsx":
        import openpyxl

        workbook = openpyxl.Workbook()
        sheet = workbook.active
        sheet.title = spec.sheet
        for row in spec.rows or []:
            sheet.append(row)
        buffer = io.BytesIO()
        workbook.save(buffer)
        return buffer.getvalue()
    if spec.type == "csv":
        import csv

        out = io.StringIO()
        csv.writer(out).writerows(spec.rows or [])
        return out.getvalue().encode()
    return (spec.text or "").encode()


def author_bundle(client: ModelClient, skill: Skill, check_names: list[str], seed: int = 0,
                  context: CallContext | None = None) -> TaskBundle:
    """A whole bundle written by the model (`agent-first`); it must pass the same gates as any other."""
    context = (context or CallContext()).model_copy(update={"stage": "author.agent-first"})
    messages = [{"role": "system", "content": AGENT_FIRST_PROMPT},
                {"role": "user", "content": f"Skill {skill.id}: {skill.description}\nApps: {', '.join(skill.apps)}\n"
                                            f"Check functions: {', '.join(check_names)}\nSeed: {seed}"}]
    authored = client.structured(messages, AuthoredBundle, context)
    try:
        return TaskBundle(
            skill_ids=[skill.id], apps=list(skill.apps), instruction=authored.instruction,
            files=[TaskFile(path=f.path, role=f.role, type=f.type, content=_content(f)) for f in authored.files],  # type: ignore[arg-type]
            rubric=Rubric(checks=authored.checks, criteria=authored.criteria),
            reference=ReferenceSolution(steps=[ReferenceStep(thought="", action=f"Action: step {i + 1}", tool="bash",
                                                             arguments={"command": c})
                                               for i, c in enumerate(authored.reference_commands)]),
            seed=seed, workflow="agent-first", workflow_version="1", provenance={"author": client.model},
        )
    except ValueError as exc:
        raise ModelOutputError(f"author {client.model!r}: the authored bundle is not a valid task: {exc}") from None
