"""`forge skills stats|show|sample` report the committed taxonomy and the default mix."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from forge.cli.app import app
from skills import load_taxonomy

runner = CliRunner()


def test_stats_text_says_total_quota_families_and_awaiting() -> None:
    done = runner.invoke(app, ["skills", "stats"])
    assert done.exit_code == 0, done.output
    text = " ".join(done.output.split())
    assert f"of 6915 ({len(load_taxonomy()) - 6915:+d})" in text and "awaiting their environment" in text
    assert "cap 138 = 2% of 6915" in text


def test_stats_counts_the_committed_taxonomy() -> None:
    done = runner.invoke(app, ["skills", "stats", "--json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    taxonomy = load_taxonomy()
    skills = list(taxonomy.skills.values())
    assert report["skills"] == len(skills) == sum(a["skills"] for a in report["by_app"].values())
    assert report["skills"] == sum(report["by_area"].values()) and report["target"] == 6915
    assert report["gap"] == len(skills) - 6915 and report["ready"] + report["awaiting"] == len(skills)
    assert report["awaiting"] == len(taxonomy.awaiting) == report["by_app"]["web"]["awaiting"] > 0
    assert {a: q["quota"] for a, q in report["by_app"].items() if q["quota"]} == {
        "spreadsheet": 1100, "document": 700, "presentation": 700, "pdf": 500, "text": 700, "data": 600,
        "code": 900, "files": 600, "multi": 600, "web": 514, "browser": 1}
    assert report["families"] == len({s.workflow for s in skills}) >= report["families_written"]
    largest = max(sum(s.workflow == f for s in skills) for f in {s.workflow for s in skills})
    assert report["largest_family_skills"] == largest and report["family_cap"] == 138
    assert report["largest_family_share"] == round(largest / len(skills), 4)
    assert set(report["by_channel"]) <= {"gui", "terminal", "hybrid"}
    assert abs(report["planned_mix"]["multi_app"] - report["target_mix"]["multi_app"]) <= 0.02


def test_show_names_the_skill_its_family_and_files_and_an_unknown_id_says_what_exists() -> None:
    done = runner.invoke(app, ["skills", "show", "multi.pdf_to_spreadsheet.copy_table", "--json"])
    assert done.exit_code == 0, done.output
    shown = json.loads(done.output)
    assert shown["workflow"] == "multi.pdf_table_to_sheet" and shown["file_types"] == ["pdf", "xlsx"]
    assert shown["category_path"] == ["multi", "pdf_to_spreadsheet", "copy_table"] and shown["phrasings"] >= 1
    waiting = json.loads(runner.invoke(app, ["skills", "show", "web.bank_cards.card.freeze", "--json"]).output)
    assert waiting["awaiting_environment"] == "web" and waiting["family_written"] is False
    missing = runner.invoke(app, ["skills", "show", "multi.nope"])
    assert missing.exit_code == 2 and "similar: multi." in " ".join(missing.output.split())


def test_sample_is_seeded_and_reports_its_gap_to_the_target() -> None:
    first = json.loads(runner.invoke(app, ["skills", "sample", "-n", "300", "--seed", "4", "--json"]).output)
    again = json.loads(runner.invoke(app, ["skills", "sample", "-n", "300", "--seed", "4", "--json"]).output)
    assert first == again and first["tasks"] == len(first["draws"]) == 300
    assert first["gap"]["multi_app"] == round(first["mix"]["multi_app"] - first["target"]["multi_app"], 4)
    ready_apps = {s.split(".")[0] for s in load_taxonomy().ready}
    assert sum(first["strata"]["apps"].values()) == 300 and set(first["strata"]["apps"]) <= ready_apps
    assert not {d[0] for d in first["draws"]} & set(load_taxonomy().awaiting)
    assert first["awaiting_left_out"] == len(load_taxonomy().awaiting)
