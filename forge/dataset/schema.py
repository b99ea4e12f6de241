"""The Parquet row format: one row per episode, its steps as a nested list. Bump on change.

Version 2 added, compatibly (readers take a missing column as null): the loop's `end_reason`, the
teacher's closing turn (`final_message`, `final_thought`), the trajectory filter's decision
(`filter_keep`, `filter_score`, `filter_reason`), `cached_tokens`, `recorded_at` (UTC, when the
row was written: episodes are sharded as they finish) and, per step, `error` (why a call was
malformed), `thought_source` (reference, teacher or annotator) and `cached_tokens`. Then, as
compatibly: `screen_width`/`screen_height`, the desktop's size in a GUI or hybrid episode (null
without one), which its screenshots and [0, 999] coordinates are relative to.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pyarrow as pa

from forge.models import Episode, TaskBundle

SCHEMA_VERSION = 2

STEP = pa.struct(
    [
        ("index", pa.int32()),
        ("channel", pa.string()),
        ("thought", pa.string()),
        ("action", pa.string()),
        ("tool_name", pa.string()),
        ("tool_arguments", pa.string()),  # JSON text: arguments differ per tool
        ("observation_text", pa.string()),
        ("exit_code", pa.int32()),
        ("timed_out", pa.bool_()),
        ("screenshot_png", pa.binary()),
        ("prompt_tokens", pa.int64()),
        ("completion_tokens", pa.int64()),
        ("latency_s", pa.float64()),
        ("error", pa.string()),
        ("thought_source", pa.string()),
        ("cached_tokens", pa.int64()),
    ]
)

CHECK = pa.struct([("func", pa.string()), ("passed", pa.bool_()), ("message", pa.string())])

EPISODE_SCHEMA = pa.schema(
    [
        ("schema_version", pa.int32()),
        ("episode_id", pa.string()),
        ("task_id", pa.string()),
        ("skill_ids", pa.list_(pa.string())),
        ("apps", pa.list_(pa.string())),
        ("workflow", pa.string()),
        ("workflow_version", pa.string()),
        ("instruction", pa.string()),
        ("harness", pa.string()),
        ("harness_version", pa.string()),
        ("teacher_kind", pa.string()),
        ("teacher_model", pa.string()),
        ("judge", pa.string()),
        ("status", pa.string()),
        ("passed", pa.bool_()),
        ("checks", pa.list_(CHECK)),
        ("num_steps", pa.int32()),
        ("prompt_tokens", pa.int64()),
        ("completion_tokens", pa.int64()),
        ("duration_s", pa.float64()),
        ("steps", pa.list_(STEP)),
        ("end_reason", pa.string()),
        ("final_message", pa.string()),
        ("final_thought", pa.string()),
        ("filter_keep", pa.bool_()),
        ("filter_score", pa.float64()),
        ("filter_reason", pa.string()),
        ("cached_tokens", pa.int64()),
        ("recorded_at", pa.timestamp("us", tz="UTC")),
        ("screen_width", pa.int32()),
        ("screen_height", pa.int32()),
    ],
    metadata={"forge.schema_version": str(SCHEMA_VERSION)},
)


def episode_row(episode: Episode, task: TaskBundle, recorded_at: datetime | None = None) -> dict[str, object]:
    """The row of one episode; `recorded_at` defaults to now (UTC)."""
    usage, final, decision = episode.usage, episode.final_turn, episode.filter
    return {
        "schema_version": SCHEMA_VERSION,
        "episode_id": episode.id,
        "task_id": task.id,
        "skill_ids": task.skill_ids,
        "apps": task.apps,
        "workflow": task.workflow,
        "workflow_version": task.workflow_version,
        "instruction": task.instruction,
        "harness": episode.harness,
        "harness_version": episode.harness_version,
        "teacher_kind": episode.teacher.kind,
        "teacher_model": episode.teacher.model,
        "judge": episode.judge,
        "status": episode.status,
        "passed": episode.passed,
        "checks": [c.model_dump(include={"func", "passed", "message"}) for c in (episode.rubric.checks if episode.rubric else [])],
        "num_steps": len(episode.steps),
        "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens,
        "duration_s": episode.duration_s,
        "steps": [
            {
                "index": s.index,
                "channel": s.channel,
                "thought": s.thought,
                "action": s.action,
                "tool_name": s.tool_call.name,
                "tool_arguments": json.dumps(s.tool_call.arguments, sort_keys=True),
                "observation_text": s.observation.text,
                "exit_code": s.observation.exit_code,
                "timed_out": s.observation.timed_out,
                "screenshot_png": s.observation.screenshot_png,
                "prompt_tokens": s.usage.prompt_tokens,
                "completion_tokens": s.usage.completion_tokens,
                "latency_s": s.latency_s,
                "error": s.error,
                "thought_source": s.thought_source,
                "cached_tokens": s.usage.cached_tokens,
            }
            for s in episode.steps
        ],
        "end_reason": episode.end_reason,
        "final_message": final.content if final else None,
        "final_thought": final.thought if final else None,
        "filter_keep": decision.keep if decision else None,
        "filter_score": decision.score if decision else None,
        "filter_reason": decision.reason if decision else None,
        "cached_tokens": usage.cached_tokens,
        "recorded_at": recorded_at or datetime.now(UTC),
        "screen_width": episode.screen.width if episode.screen else None,
        "screen_height": episode.screen.height if episode.screen else None,
    }
