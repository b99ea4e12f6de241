"""Exported shards read as-is by DuckDB and by Hugging Face `datasets` (screenshots decode as images)."""

from __future__ import annotations

import json
from pathlib import Path

import datasets
import duckdb

from forge.export import ExportConfig, run
from tests.unit.test_export_episodes import gui_harnesses, mixed_run  # noqa: F401


def test_duckdb_and_datasets_read_the_export(tmp_path: Path, gui_harnesses: None) -> None:  # noqa: F811
    result = run(ExportConfig(input_dir=mixed_run(tmp_path / "in", n_tasks=2), output_dir=tmp_path / "out",
                              dev_fraction=0))
    counts = {s.stage: s.train_rows for s in result.stages}
    rows = duckdb.sql(f"SELECT stage, count(*), sum(len(images)) FROM read_parquet('{tmp_path}/out/*/*/*.parquet') "
                      "GROUP BY stage").fetchall()
    assert {stage: n for stage, n, _ in rows} == counts
    assert {stage: images for stage, _, images in rows}["terminal_sft"] == 0

    gui = datasets.load_dataset("parquet", data_files=str(tmp_path / "out/gui_sft/train/*.parquet"), split="train",
                                cache_dir=str(tmp_path / "hf"))
    assert len(gui) == counts["gui_sft"]
    example = next(e for e in gui if len(e["images"]) == 3)
    assert example["images"][0].size == (320, 180)  # decoded to PIL by the Image feature the file declares
    assert example["messages"][-1]["role"] == "assistant" and example["messages"][-1]["tool_calls"]
    assert json.loads(example["tools"])[0]["function"]["name"] == "computer_use"
