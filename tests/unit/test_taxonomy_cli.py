"""`forge skills stats|show|sample` report the committed taxonomy and the default mix."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from forge.cli.app import app
from skills import load_taxonomy

runner = CliRunner()


def test_stats_counts_the_committed_taxonomy() -> None:
    done = runner.invoke(app, ["skills", "stats", "--json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    skills = list(load_taxonomy().skills.values())
    assert report["skills"] == len(skills) == sum(report["by_app"].values()) == sum(report["by_area"].values())
    assert report["families"] == len({s.workflow for s in skills})
    assert set(report["by_channel"]) <= {"gui", "terminal", "hybrid"}
    assert abs(report["planned_mix"]["multi_app"] - report["target_mix"]["multi_app"]) <= 0.02


def test_show_names_the_skill_its_family_and_files_and_an_unknown_id_says_what_exists() -> None:
    done = runner.invoke(app, ["skills", "show", "multi.pdf_to_spreadsheet.copy_table", "--json"])
    assert done.exit_code == 0, done.output
    shown = json.loads(done.output)
    assert shown["workflow"] == "multi.pdf_table_to_sheet" and shown["file_types"] == ["pdf", "xlsx"]
    assert shown["category_path"] == ["multi", "pdf_to_spreadsheet", "copy_table"] and shown["phrasings"] >= 1
    missing = runner.invoke(app, ["skills", "show", "multi.nope"])
    assert missing.exit_code == 2 and "similar: multi." in " ".join(missing.output.split())


def test_sample_is_seeded_and_reports_its_gap_to_the_target() -> None:
    first = json.loads(runner.invoke(app, ["skills", "sample", "-n", "300", "--seed", "4", "--json"]).output)
    again = json.loads(runner.invoke(app, ["skills", "sample", "-n", "300", "--seed", "4", "--json"]).output)
    assert first == again and first["tasks"] == len(first["draws"]) == 300
    assert first["gap"]["multi_app"] == round(first["mix"]["multi_app"] - first["target"]["multi_app"], 4)
