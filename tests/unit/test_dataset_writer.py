from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from pydantic import ValidationError

from forge.dataset import (
    EPISODE_SCHEMA,
    SCHEMA_VERSION,
    prepare_output_dir,
    read_manifest,
    write_manifest,
    write_shard,
)
from forge.errors import ConfigError
from forge.models import Episode, FilterDecision, FinalTurn, Observation, Step, TeacherInfo, ToolCall, Usage
from forge.models.results import CheckResult, RubricResult
from tests.unit.test_models import bundle


def episode(task_id: str, n_steps: int = 2, png: bytes | None = None) -> Episode:
    steps = [
        Step(index=i, channel="terminal", thought=f"think {i}", action=f"Run step {i}",
             tool_call=ToolCall(name="bash", arguments={"command": f"echo {i}"}),
             observation=Observation(text=f"{i}\n", exit_code=0, screenshot_png=png))
        for i in range(n_steps)
    ]
    return Episode(id=f"e-{task_id}", task_id=task_id, harness="terminal", harness_version="1",
                   teacher=TeacherInfo(kind="reference-replay"), judge="programmatic", steps=steps,
                   rubric=RubricResult(checks=[CheckResult(func="f", passed=True, message="ok")]), status="completed")


def test_shard_is_parquet_with_nested_steps_and_a_checked_manifest(tmp_path: Path) -> None:
    task = bundle()
    pairs = [(episode(task.id, 3, png=b"\x89PNG fake"), task)]
    info = write_shard(tmp_path, 0, pairs)
    write_manifest(tmp_path, [info])

    table = pq.read_table(tmp_path / info.name)
    assert table.schema.equals(EPISODE_SCHEMA, check_metadata=False)
    row = table.to_pylist()[0]
    assert row["task_id"] == task.id and row["instruction"] == task.instruction
    assert [s["action"] for s in row["steps"]] == ["Run step 0", "Run step 1", "Run step 2"]
    assert json.loads(row["steps"][1]["tool_arguments"]) == {"command": "echo 1"}
    assert row["steps"][0]["screenshot_png"] == b"\x89PNG fake"

    manifest = read_manifest(tmp_path)
    assert manifest is not None and manifest.rows == 1 and manifest.schema_version == SCHEMA_VERSION == 2
    data = (tmp_path / info.name).read_bytes()
    assert manifest.shards[0].sha256 == hashlib.sha256(data).hexdigest() and manifest.shards[0].bytes == len(data)


def test_rows_carry_the_loop_end_the_closing_turn_the_filter_and_step_errors(tmp_path: Path) -> None:
    task = bundle()
    plain = episode(task.id, 2)
    steps = [plain.steps[0].model_copy(update={"thought_source": "annotator",
                                               "usage": Usage(prompt_tokens=90, completion_tokens=9, cached_tokens=64)}),
             plain.steps[1].model_copy(update={"error": "unknown tool 'bsh'", "thought_source": "teacher"})]
    rich = plain.model_copy(update={
        "id": "e-rich", "steps": steps, "end_reason": "finished",
        "final_turn": FinalTurn(content="Saved out.xlsx.", thought="The file is sorted.", usage=Usage(cached_tokens=8)),
        "filter": FilterDecision(keep=True, score=1.0, reason="kept: 1 checks passed")})
    before = datetime.now(UTC)
    info = write_shard(tmp_path, 0, [(rich, task), (plain, task)])
    rows = pq.read_table(tmp_path / info.name).to_pylist()
    assert rows[0]["end_reason"] == "finished" and rows[0]["final_message"] == "Saved out.xlsx."
    assert rows[0]["final_thought"] == "The file is sorted."
    assert (rows[0]["filter_keep"], rows[0]["filter_score"], rows[0]["filter_reason"]) == (True, 1.0, "kept: 1 checks passed")
    assert rows[0]["cached_tokens"] == 72
    assert [(s["error"], s["thought_source"], s["cached_tokens"]) for s in rows[0]["steps"]] == [
        (None, "annotator", 64), ("unknown tool 'bsh'", "teacher", 0)]
    assert before <= rows[0]["recorded_at"] <= datetime.now(UTC) and rows[0]["recorded_at"] == rows[1]["recorded_at"]
    # an episode without them (the reference replay's) has nulls, not made-up values
    assert [rows[1][k] for k in ("end_reason", "final_message", "filter_keep", "filter_score")] == [None] * 4


def test_writes_leave_no_temporary_files(tmp_path: Path) -> None:
    task = bundle()
    write_manifest(tmp_path, [write_shard(tmp_path, 0, [(episode(task.id), task)])])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_manifest.json", "shard-00000.parquet"]


def test_after_the_warm_up_a_first_shard_write_imports_nothing(tmp_path: Path) -> None:
    """The flow warms the writer while it waits for its workers: the run's first write (often its
    last step) must then find every import done. A fresh interpreter, as a run's process is."""
    script = f"""
import sys
from pathlib import Path
from forge.dataset import warm_up, write_shard
from tests.unit.test_dataset_writer import episode
from tests.unit.test_models import bundle
task = bundle()
pairs = [(episode(task.id), task)]
warm_up()
loaded = set(sys.modules)
write_shard(Path({str(tmp_path)!r}), 0, pairs)
print(sorted(set(sys.modules) - loaded))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parents[2])
    assert done.stdout.strip() == "[]", done.stdout[:300]
    assert pq.read_table(tmp_path / "shard-00000.parquet").num_rows == 1


def test_a_failed_write_keeps_the_previous_shard(tmp_path: Path) -> None:
    task = bundle()
    write_shard(tmp_path, 0, [(episode(task.id), task)])
    before = (tmp_path / "shard-00000.parquet").read_bytes()
    with pytest.raises(AttributeError):
        write_shard(tmp_path, 0, [(episode(task.id), "not a task")])  # type: ignore[list-item]
    assert (tmp_path / "shard-00000.parquet").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shard-00000.parquet"]


def test_bad_output_dir_names_the_fix(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ConfigError, match="--output-dir"):
        prepare_output_dir(blocker / "shards")


def test_a_good_output_dir_is_created_and_resolved(tmp_path: Path) -> None:
    made = prepare_output_dir(tmp_path / "a" / ".." / "b" / "shards")
    assert made == (tmp_path / "b" / "shards").resolve() and made.is_dir()
    assert prepare_output_dir(made) == made  # an existing one is fine


def test_what_the_writer_reports_cannot_be_altered_afterwards(tmp_path: Path) -> None:
    from forge.dataset.writer import ShardInfo

    info = ShardInfo(name="shard-00000.parquet", rows=2, bytes=10, sha256="0" * 64)
    with pytest.raises(ValidationError):
        info.rows = 1  # type: ignore[misc]


def test_the_manifest_is_indented_json_ending_in_a_newline(tmp_path: Path) -> None:
    """People read the manifest: one key per line, as written by json.dumps(indent=2)."""
    manifest = write_manifest(tmp_path, [])
    text = (tmp_path / "_manifest.json").read_text()
    assert text == json.dumps(manifest.model_dump(mode="json"), indent=2) + "\n"
    assert text.splitlines()[1].startswith('  "')


@pytest.mark.parametrize(("umask", "mode", "expected"), [(0o022, None, 0o644), (0o077, None, 0o600),
                                                          (0o002, None, 0o664), (0o077, 0o640, 0o640)])
def test_files_follow_the_umask_unless_a_mode_is_given(tmp_path: Path, umask: int, mode: int | None,
                                                        expected: int) -> None:
    task = bundle()
    old = os.umask(umask)
    try:
        write_manifest(tmp_path, [write_shard(tmp_path, 0, [(episode(task.id), task)], mode)], mode)
    finally:
        os.umask(old)
    for name in ("shard-00000.parquet", "_manifest.json"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == expected, name
    assert pq.read_table(tmp_path / "shard-00000.parquet").num_rows == 1


def test_a_bad_file_mode_setting_names_the_fix() -> None:
    from pydantic import ValidationError

    from forge.settings import Settings

    assert Settings(output_file_mode="0640").file_mode() == 0o640
    for bad in ("rw-r-----", "0999", "01777"):
        with pytest.raises(ValidationError, match="FORGE_OUTPUT_FILE_MODE"):
            Settings(output_file_mode=bad)


def test_the_next_writer_removes_a_killed_writers_temporary_file(tmp_path: Path) -> None:
    from forge.dataset import output_lock

    leftover = tmp_path / ".shard-00000.parquet.0123456789ab.forge-tmp"
    leftover.write_bytes(b"half a shard")
    with output_lock(tmp_path):
        assert not leftover.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".forge-write.lock"]
