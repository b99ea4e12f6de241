"""What a batch of tasks looks like, in the published paper's terms (`forge stats`).

A batch is a list of `TaskRecord`s (one per task, with its episodes' step channels), made from
the store's bundles and episodes. `batch_stats` reports single/multi-app shares, tasks with files
and references per task, the file-reference mix by kind, skills and families used, the near-twin
rate (word 3-gram Jaccard >= 0.9 between instructions, candidates from MinHash LSH, confirmed
exactly), difficulty and step-count histograms, and the tool calls' channel mix.

A file reference is one distinct path of the task (an in-place file counts once), and its kind is
the published classes': code, spreadsheet, text/markdown, presentation, document, PDF, other.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from forge.models import Episode, TaskBundle

if TYPE_CHECKING:  # the taxonomy's sampler imports this module: datasketch (and scipy) and the store load
    from forge.store import Store  # when a batch is measured, not in every process that samples

FILE_KINDS = ("code", "spreadsheet", "text", "presentation", "document", "pdf", "other")
_TYPE_KIND = {
    "py": "code", "project": "code", "js": "code", "ts": "code", "sh": "code",
    "xlsx": "spreadsheet", "xls": "spreadsheet", "ods": "spreadsheet", "csv": "spreadsheet",
    "txt": "text", "md": "text", "log": "text", "ini": "text",
    "pptx": "presentation", "odp": "presentation",
    "docx": "document", "odt": "document",
    "pdf": "pdf",
}
NEAR_TWIN = 0.9
_WORD = re.compile(r"[a-z0-9_.]+")
_PERMUTATIONS = 128


def file_kind(file_type: str) -> str:
    """The published class of a file type key (`xlsx` -> spreadsheet); unknown types are `other`."""
    return _TYPE_KIND.get(file_type, "other")


class TaskRecord(BaseModel):
    """One task of a batch, reduced to what the statistics need."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    task_id: str
    skill_ids: list[str]
    apps: list[str]
    workflow: str
    instruction: str
    file_types: list[str] = Field(description="The type of each distinct file path the task references.")
    difficulty: int | None = None
    episodes: list[list[str]] = Field(default_factory=list, description="Each episode's step channels, in order.")


def task_record(bundle: TaskBundle, episodes: Iterable[Episode] = (), difficulty: int | None = None) -> TaskRecord:
    by_path: dict[str, str] = {}
    for file in bundle.files:
        if not file.environment:
            by_path.setdefault(file.path, file.type)
    return TaskRecord(task_id=bundle.id, skill_ids=bundle.skill_ids, apps=bundle.apps, workflow=bundle.workflow,
                      instruction=bundle.instruction, file_types=list(by_path.values()), difficulty=difficulty,
                      episodes=[[step.channel for step in e.steps] for e in episodes])


class FamilyTwins(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tasks: int
    with_twin: int
    rate: float


class BatchStats(BaseModel):
    """The figures `forge stats` prints and writes (shares are fractions of 1)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tasks: int
    single_app: float
    multi_app: float
    with_files: float
    references_per_task: float
    file_mix: dict[str, float]
    skills_used: int
    families_used: int
    near_twin_rate: float = Field(description="Share of tasks with another task at word 3-gram Jaccard >= 0.9.")
    near_twins_by_family: dict[str, FamilyTwins] = Field(default_factory=dict, description=(
        "Per family: its tasks, how many have a near twin in the batch, and the share (where phrasing work pays)."))
    difficulty: dict[str, int]
    steps: dict[str, int] = Field(description="Episodes by step count.")
    episodes: int
    channels: dict[str, int] = Field(description="Tool calls by channel (gui / terminal).")
    channel_mix: dict[str, float] = Field(default_factory=dict, description="Share of tool calls by channel.")


def _share(part: float, whole: float) -> float:
    return round(part / whole, 4) if whole else 0.0


def batch_stats(records: list[TaskRecord]) -> BatchStats:
    n = len(records)
    multi = sum(len(set(r.apps)) > 1 for r in records)
    kinds = Counter(file_kind(t) for r in records for t in r.file_types)
    references = sum(kinds.values())
    steps = Counter(len(e) for r in records for e in r.episodes)
    twins = near_twins({r.task_id: r.instruction for r in records})
    per_family = Counter(r.workflow for r in records)
    twinned = Counter(r.workflow for r in records if r.task_id in twins)
    calls = Counter(c for r in records for e in r.episodes for c in e)
    return BatchStats(
        tasks=n, single_app=_share(n - multi, n), multi_app=_share(multi, n),
        with_files=_share(sum(bool(r.file_types) for r in records), n),
        references_per_task=_share(references, n),
        file_mix={k: _share(kinds[k], references) for k in FILE_KINDS},
        skills_used=len({s for r in records for s in r.skill_ids}),
        families_used=len({r.workflow for r in records}),
        near_twin_rate=_share(len(twins), n),
        near_twins_by_family={f: FamilyTwins(tasks=k, with_twin=twinned[f], rate=_share(twinned[f], k))
                              for f, k in sorted(per_family.items())},
        difficulty={str(k): v for k, v in sorted(Counter(r.difficulty for r in records if r.difficulty).items())},
        steps={str(k): v for k, v in sorted(steps.items())},
        episodes=sum(steps.values()),
        channels=dict(sorted(calls.items())),
        channel_mix={c: _share(k, calls.total()) for c, k in sorted(calls.items())},
    )


def shingles(text: str) -> set[str]:
    """Word 3-grams of the case-folded text (a text under three words is one shingle)."""
    words = _WORD.findall(text.casefold())
    return {" ".join(words[i: i + 3]) for i in range(max(1, len(words) - 2))}


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def near_twins(texts: Mapping[str, str], threshold: float = NEAR_TWIN) -> set[str]:
    """The keys whose text has another at Jaccard >= `threshold`: LSH proposes, the exact Jaccard decides."""
    from datasketch import MinHash, MinHashLSH

    grams = {key: shingles(text) for key, text in texts.items()}
    lsh = MinHashLSH(threshold=max(0.5, threshold - 0.2), num_perm=_PERMUTATIONS)
    twins: set[str] = set()
    for key, gram in grams.items():
        signature = MinHash(num_perm=_PERMUTATIONS, seed=1)
        signature.update_batch([g.encode() for g in gram])
        for other in lsh.query(signature):
            if jaccard(gram, grams[other]) >= threshold:
                twins.update((key, other))
        lsh.insert(key, signature)
    return twins


def store_records(store: Store, run_id: str | None = None, status: str | None = "accepted",
                  difficulty: Mapping[str, int] | None = None) -> list[TaskRecord]:
    """The batch a run (or the whole store) holds: its tasks of `status`, with their episodes.
    `difficulty` maps skill id to difficulty (the taxonomy's); a task takes its hardest skill's."""
    by_task: dict[str, list[Episode]] = {}
    for episode in store.episodes(run_id=run_id):
        by_task.setdefault(episode.task_id, []).append(episode)
    records = []
    for task_id in store.list_tasks(status=status, run_id=run_id):
        bundle = store.get_task(task_id)
        if bundle is not None:
            records.append(task_record(bundle, by_task.get(task_id, []), _difficulty(bundle, difficulty)))
    return records


def shard_records(store: Store, shard_dir: Path, difficulty: Mapping[str, int] | None = None) -> list[TaskRecord]:
    """The batch a run's Parquet shards hold: one record per task, its episodes' channels from the
    rows and its files from the store's bundle (a task the store lacks is counted without files)."""
    import pyarrow.parquet as pq

    episodes: dict[str, list[list[str]]] = {}
    rows: dict[str, dict[str, object]] = {}
    for path in sorted(shard_dir.rglob("*.parquet")):
        table = pq.read_table(path, columns=["task_id", "skill_ids", "apps", "workflow", "instruction", "steps"])
        for row in table.to_pylist():
            rows.setdefault(row["task_id"], row)
            episodes.setdefault(row["task_id"], []).append([step["channel"] for step in row["steps"] or []])
    records = []
    for task_id, row in rows.items():
        bundle = store.get_task(task_id)
        if bundle is not None:
            records.append(task_record(bundle, (), _difficulty(bundle, difficulty)).model_copy(
                update={"episodes": episodes[task_id]}))
        else:
            records.append(TaskRecord(task_id=task_id, skill_ids=row["skill_ids"], apps=row["apps"],
                                      workflow=row["workflow"], instruction=row["instruction"], file_types=[],
                                      episodes=episodes[task_id]))
    return records


def _difficulty(bundle: TaskBundle, difficulty: Mapping[str, int] | None) -> int | None:
    known = [difficulty[s] for s in bundle.skill_ids if difficulty and s in difficulty]
    return max(known) if known else None
