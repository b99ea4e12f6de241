"""Build the committed taxonomy from its source: deterministic, validated, written atomically.

`build_taxonomy` reads every `data/skills/spec/<app>.toml`, turns each row and each combination of
each `[[matrix]]` block into a `Skill`, and checks it: the row's shape, a declared area, a unique id and description, a workflow family that
exists and takes the row's params (asked of `Families`, so this package never imports
`workflows`), and no padding (two skills realised by the same family with the same params are one
skill). A bad row becomes a `BuildProblem` naming the skill and the cause, a bad block or combination
one naming `file:matrix N` and the combination; the rest still build. A skill awaiting its
environment (`environment = "web"`) may name a family not written yet: it is built, reported as
awaiting (with its family under `awaiting_families`), and never sampled; any other skill naming a
missing family is a problem.

`render` turns the result into the committed files: `<app>.jsonl` per app, `profiles.json` (each
skill's file types, for the sampler's mix), `mix_plan.json` (the sampler's default weights fitted
to those profiles, so no process refits them) and `manifest.json` (counts and a sha256 per file and
over all). `write_taxonomy` lands them all or none; `diff_taxonomy` says how the committed files
differ from a fresh build (the test that keeps them honest).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from forge.models import Skill
from skills.mix import SkillProfile, default_plan
from skills.source import MatrixBlock, SkillRow, SourceFile, read_source

SPEC_DIR = Path(__file__).resolve().parent.parent / "data" / "skills" / "spec"
MANIFEST = "manifest.json"
PROFILES = "profiles.json"
MIX_PLAN = "mix_plan.json"
FORMAT = 1


class Families(Protocol):
    """What the builder asks of the workflow library (implemented over `workflows.WORKFLOWS`)."""

    def problem(self, skill: Skill) -> str | None:
        """Why `skill` cannot be realised (unknown family, params it does not take), or None."""

    def exists(self, workflow: str) -> bool:
        """Whether the family is registered (awaiting skills may name one that is not yet)."""

    def file_types(self, skill: Skill) -> list[str]:
        """The file type of each distinct file the skill's tasks reference (a file edited in place once)."""


class BuildProblem(BaseModel):
    """A row left out of the build, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str = Field(description="file:row of the source row")
    skill: str = Field(description="The skill id, `?` when the row is too broken to name one, "
                                   "`app.area.operation.*` for a whole matrix block.")
    combination: str = Field(default="", description="For a matrix block: the combination, `axis=value, ...`.")
    cause: str


class BuildResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    skills: list[Skill]
    profiles: dict[str, SkillProfile]
    awaiting_environment: dict[str, str] = Field(default_factory=dict, description="skill id -> environment")
    awaiting_families: dict[str, int] = Field(default_factory=dict, description=(
        "Families awaiting skills name that are not registered yet -> how many skills name each."))
    problems: list[BuildProblem] = Field(default_factory=list)


def build_taxonomy(families: Families, spec_dir: Path = SPEC_DIR) -> BuildResult:
    """Every source file's rows then matrix blocks as skills, in file order; bad ones as problems."""
    files = sorted(spec_dir.glob("*.toml"))
    if not files:
        return BuildResult(skills=[], profiles={}, problems=[BuildProblem(
            source=str(spec_dir), skill="?", cause="no *.toml source files here")])
    state = _Build(families)
    for path in files:
        try:
            source = read_source(path)
        except ValueError as exc:
            state.problems.append(BuildProblem(source=path.name, skill="?", cause=str(exc)))
            continue
        for number, raw in enumerate(source.rows, start=1):
            state.add(source, raw, f"{path.name}:skill {number}", _guess_id(source.app, raw))
        for number, raw in enumerate(source.matrices, start=1):
            where = f"{path.name}:matrix {number}"
            try:
                block = MatrixBlock.model_validate(raw)
            except ValidationError as exc:
                state.problems.append(BuildProblem(source=where, skill=_guess_id(source.app, raw, "*"), cause=_short(exc)))
                continue
            for combination in block.expand():
                name = _guess_id(source.app, {**raw, "variant": combination.variant})
                if combination.problem:
                    state.problems.append(BuildProblem(source=where, skill=name, combination=combination.label,
                                                       cause=combination.problem))
                else:
                    state.add(source, combination.row, where, name, combination.label)
    return BuildResult(skills=state.skills, profiles=state.profiles, awaiting_environment=state.awaiting,
                       awaiting_families=dict(sorted(state.pending.items())), problems=state.problems)


class _Build:
    """What a build has accepted so far (ids, descriptions, realisations seen) and its problems."""

    def __init__(self, families: Families) -> None:
        self.families = families
        self.skills: list[Skill] = []
        self.profiles: dict[str, SkillProfile] = {}
        self.awaiting: dict[str, str] = {}
        self.pending: dict[str, int] = {}
        self.problems: list[BuildProblem] = []
        self.seen_ids: dict[str, str] = {}
        self.seen_text: dict[str, str] = {}
        self.seen_realisation: dict[str, str] = {}

    def add(self, source: SourceFile, raw: object, where: str, name: str, combination: str = "") -> None:
        """Validate one row (written or expanded) and keep it, or record why not."""
        try:
            row = SkillRow.model_validate(raw)
            skill = Skill(id=row.skill_id(source.app), apps=row.apps or [source.app],
                          category=f"{source.app}.{row.area}", description=row.description,
                          workflow=row.workflow, params=row.params, channel_affinity=row.channel,
                          difficulty=row.difficulty)
        except ValidationError as exc:
            self.problems.append(BuildProblem(source=where, skill=name, combination=combination, cause=_short(exc)))
            return
        realisation = json.dumps([skill.workflow, skill.params], sort_keys=True)
        text = " ".join(skill.description.casefold().split())  # descriptions differing only in case are one
        # a family not written yet is allowed only for a skill awaiting its environment (reported apart)
        pending = bool(row.environment) and not self.families.exists(skill.workflow)
        cause = (
            f"area {row.area!r} is not declared under [areas] (declared: {sorted(source.areas)})"
            if row.area not in source.areas else
            f"duplicate id: already defined at {self.seen_ids[skill.id]}" if skill.id in self.seen_ids else
            f"duplicate description: same as {self.seen_text[text]}" if text in self.seen_text else
            f"padding: realised exactly like {self.seen_realisation[realisation]} (same family, same params)"
            if realisation in self.seen_realisation else
            None if pending else self._family_problem(skill)
        )
        if cause:
            self.problems.append(BuildProblem(source=where, skill=skill.id, combination=combination, cause=cause))
            return
        self.seen_ids[skill.id] = f"{where} ({combination})" if combination else where
        self.seen_text[text] = self.seen_realisation[realisation] = skill.id
        self.skills.append(skill)
        if pending:
            self.pending[skill.workflow] = self.pending.get(skill.workflow, 0) + 1
        else:
            self.profiles[skill.id] = SkillProfile(multi_app=len(skill.apps) > 1,
                                                   file_types=self.families.file_types(skill))
        if row.environment:
            self.awaiting[skill.id] = row.environment


    def _family_problem(self, skill: Skill) -> str | None:
        """The family's verdict on the skill; a family that raises while asked is a problem, not a crash."""
        try:
            return self.families.problem(skill)
        except Exception as exc:  # noqa: BLE001 - a plugin family's bug must not stop the build
            return f"family {skill.workflow!r} raised while checking the params: {type(exc).__name__}: {exc}"


def _guess_id(app: str, raw: object, variant: str | None = None) -> str:
    if not isinstance(raw, dict):
        return "?"
    parts = [app, raw.get("area"), raw.get("operation"), variant or raw.get("variant")]
    return ".".join(str(p) for p in parts if p) if raw.get("area") and raw.get("operation") else "?"


def _short(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'row'}: {e['msg']}" for e in exc.errors())


def render(result: BuildResult) -> dict[str, str]:
    """The committed files' exact text, by file name: one JSONL per app, profiles, the mix plan, manifest."""
    by_app: dict[str, list[Skill]] = {}
    for skill in result.skills:
        by_app.setdefault(skill.id.split(".", 1)[0], []).append(skill)
    files = {f"{app}.jsonl": "".join(json.dumps(s.model_dump(mode="json")) + "\n" for s in skills)
             for app, skills in sorted(by_app.items())}
    files[PROFILES] = json.dumps({k: v.model_dump() for k, v in sorted(result.profiles.items())}, indent=1) + "\n"
    ready = {k: v for k, v in result.profiles.items() if k not in result.awaiting_environment}
    files[MIX_PLAN] = default_plan(ready).model_dump_json(indent=1) + "\n"
    digests = {name: hashlib.sha256(text.encode()).hexdigest() for name, text in sorted(files.items())}
    manifest = {
        "format": FORMAT,
        "skills": len(result.skills),
        "by_app": {app: len(skills) for app, skills in sorted(by_app.items())},
        "families": len({s.workflow for s in result.skills}),
        "awaiting_environment": dict(sorted(result.awaiting_environment.items())),
        "awaiting_families": dict(sorted(result.awaiting_families.items())),
        "files": digests,
        "checksum": manifest_checksum(digests),
    }
    files[MANIFEST] = json.dumps(manifest, indent=1) + "\n"
    return files


def manifest_checksum(digests: dict[str, str]) -> str:
    """One sha256 over every file's (name, digest), in the manifest's order."""
    return hashlib.sha256("".join(f"{k}:{v}\n" for k, v in digests.items()).encode()).hexdigest()


def write_taxonomy(files: dict[str, str], out_dir: Path) -> list[Path]:
    """Write every file or none: all go to temporary files first, then each is renamed into place.

    App files an earlier build wrote (listed in the old manifest) that this build no longer has are
    removed, so a renamed app leaves no stale skills behind.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    staged: list[tuple[Path, Path]] = []
    try:
        for name, text in files.items():
            handle, temp = tempfile.mkstemp(prefix=f".{name}.", dir=out_dir)
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
            staged.append((Path(temp), out_dir / name))
    except BaseException:
        for temp, _ in staged:
            temp.unlink(missing_ok=True)
        raise
    stale = [out_dir / n for n in _listed(out_dir / MANIFEST) if n not in files]
    for temp, final in staged:
        os.replace(temp, final)
    for path in stale:
        path.unlink(missing_ok=True)
    return [final for _, final in staged]


def _listed(manifest: Path) -> list[str]:
    try:
        return list(json.loads(manifest.read_text(encoding="utf-8")).get("files", {}))
    except (OSError, ValueError, AttributeError):
        return []


def diff_taxonomy(files: dict[str, str], out_dir: Path) -> list[str]:
    """How the committed files differ from `files`: byte for byte, except the mix plan's weights.

    The plan is a numeric fit whose last bits depend on the CPU's vector kernels (OpenBLAS picks
    them at run time), so two machines fit weights a few 1e-15 apart: the plan, and the manifest's
    digest of it, match when the ids, the key and every weight agree within `PLAN_TOLERANCE`.
    """
    differences = []
    plan_agrees = _plans_agree(files.get(MIX_PLAN), out_dir / MIX_PLAN)
    for name, text in sorted(files.items()):
        path = out_dir / name
        if not path.is_file():
            differences.append(f"{name}: missing (run `forge skills build`)")
            continue
        committed = path.read_text(encoding="utf-8")
        same = committed == text or (plan_agrees and (
            name == MIX_PLAN or (name == MANIFEST and _without_plan_digest(committed) == _without_plan_digest(text))))
        if not same:
            differences.append(f"{name}: differs from the builder's output (run `forge skills build`)")
    extra = sorted(p.name for p in out_dir.glob("*.jsonl") if p.name not in files)
    differences += [f"{name}: not produced by the builder (remove it or add its source)" for name in extra]
    return differences


PLAN_TOLERANCE = 1e-9


def _plans_agree(text: str | None, committed: Path) -> bool:
    """Same key, same skills, every weight within `PLAN_TOLERANCE`; a plan that is not one disagrees."""
    try:
        fresh, kept = json.loads(text or ""), json.loads(committed.read_text(encoding="utf-8"))
        ours, theirs = fresh["weights"], kept["weights"]
        return fresh["key"] == kept["key"] and ours.keys() == theirs.keys() and all(
            abs(float(ours[k]) - float(theirs[k])) <= PLAN_TOLERANCE for k in ours)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return False


def _without_plan_digest(manifest: str) -> object:
    """The manifest less what the plan's last bits change: its digest and the checksum over all."""
    try:
        parsed = json.loads(manifest)
        parsed.pop("checksum", None)
        parsed.get("files", {}).pop(MIX_PLAN, None)
        return parsed
    except (ValueError, AttributeError):
        return None


def verify_checksum(out_dir: Path) -> list[str]:
    """Whether the committed files still match the manifest's digests (a hand edit shows here)."""
    try:
        manifest = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return [f"{MANIFEST}: unreadable: {exc}"]
    wrong = []
    for name, digest in manifest.get("files", {}).items():
        path = out_dir / name
        actual = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"
        if actual != digest:
            wrong.append(f"{name}: sha256 {actual[:12]} != manifest {digest[:12]}")
    return wrong
