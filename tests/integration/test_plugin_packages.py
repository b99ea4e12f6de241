"""Plugins as users make them: `forge new app` writes a skeleton that passes the gates, and the
example plugin package in `examples/` installs into a scratch venv and generates tasks there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import require

pytestmark = [pytest.mark.slow,
              require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
              require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "forge-example-plugin"

CONTRACT = """
import json, sys, tempfile
from pathlib import Path
import forge_{name}  # on PYTHONPATH only: importing the plugin module registers it
from forge.testing import workflow_contract
reports = [workflow_contract("{name}.sort_records", Path(tempfile.mkdtemp()), skill_params={{"descending": d}})
           for d in (False, True)]
print(json.dumps([[r.problems, r.mutations()] for r in reports]))
"""


def test_new_app_writes_a_skeleton_that_passes_the_gates(tmp_path: Path) -> None:
    made = subprocess.run([sys.executable, "-m", "forge.cli", "new", "app", "shelf_notes", "--dir", str(tmp_path)],
                          capture_output=True, check=False, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    root = tmp_path / "forge-shelf-notes"
    assert (root / "forge_shelf_notes" / "skills.jsonl").is_file() and (root / "tests" / "test_contract.py").is_file()
    env = {**os.environ, "PYTHONPATH": str(root)}
    run = subprocess.run([sys.executable, "-c", CONTRACT.format(name="shelf_notes")], capture_output=True, check=False, text=True,
                         env=env, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    for problems, mutations in json.loads(run.stdout.splitlines()[-1]):
        assert problems == []
        assert {"csv.wrong_value", "csv.missing_row", "missing_output"} <= set(mutations)
        assert set(mutations.values()) == {"caught"}
    again = subprocess.run([sys.executable, "-m", "forge.cli", "new", "app", "shelf_notes", "--dir", str(tmp_path)],
                           capture_output=True, check=False, text=True, timeout=120)
    assert again.returncode == 2 and "already exists" in again.stderr


def scratch_venv(tmp_path: Path) -> Path:
    """A fresh venv that sees this environment's packages (forge, its dependencies) through a .pth,
    so installing the example (`--no-deps --no-index --no-build-isolation`) needs no network: its build
    backend is this environment's setuptools (in the dev extra)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    purelib = Path(sysconfig.get_paths(vars={"base": str(venv), "platbase": str(venv)})["purelib"])
    here = sysconfig.get_paths()["purelib"]
    (purelib / "forge_host_env.pth").write_text(f"import site; site.addsitedir({here!r})\n")
    return venv / "bin" / "python"


BROKEN_PYPROJECT = """[build-system]
requires = ["setuptools>=69"]
build-backend = "setuptools.build_meta"

[project]
name = "forge-broken-plugin"
version = "0.1.0"

[project.entry-points."forge.plugins"]
broken = "forge_broken_plugin"
"""


def test_the_example_plugin_installs_and_generates(tmp_path: Path, cli_env: dict[str, str]) -> None:
    python = scratch_venv(tmp_path)
    src, broken = tmp_path / "src", tmp_path / "broken"
    shutil.copytree(EXAMPLE, src, ignore=shutil.ignore_patterns("*.egg-info", "__pycache__", "build"))
    (broken / "forge_broken_plugin").mkdir(parents=True)
    (broken / "pyproject.toml").write_text(BROKEN_PYPROJECT)
    (broken / "forge_broken_plugin" / "__init__.py").write_text("raise ImportError('needs a library nobody has')\n")
    install = subprocess.run([python, "-m", "pip", "install", "--no-deps", "--no-index", "--no-build-isolation", str(src), str(broken)],
                             capture_output=True, check=False, text=True, timeout=600)
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]

    def forge(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([python, "-m", "forge.cli", *args], capture_output=True, check=False, text=True, env=cli_env,
                              timeout=600, cwd=tmp_path)

    listed = forge("plugins", "list", "--json")
    assert listed.returncode == 1, listed.stderr  # one plugin failed: said, and the rest loaded
    plugins = {p["name"]: p for p in json.loads(listed.stdout)}
    assert plugins["broken"]["status"] == "failed"
    assert plugins["broken"]["reason"] == "ImportError: needs a library nobody has"
    assert plugins["example_plugin"]["status"] == "loaded"
    assert plugins["example_plugin"]["distribution"] == "forge-example-plugin"
    assert plugins["spreadsheet"]["status"] == "loaded"

    run = forge("generate", "--tasks", "2", "--skill", "example_plugin.data.sort.descending",
                "--output-dir", str(tmp_path / "shards"), "--json")
    assert run.returncode == 0, run.stderr[-3000:]
    summary = json.loads(run.stdout)
    assert summary["counts"]["accepted"] == 2 and summary["counts"]["rows_written"] == 2, summary

    lookup = subprocess.run([python, "-c", "from workflows import WORKFLOWS; WORKFLOWS.get('broken.sort')"],
                            capture_output=True, check=False, text=True, timeout=120)
    assert "unknown workflow 'broken.sort'" in lookup.stderr  # and says which plugin is missing, and why:
    assert "plugins that failed to load: broken (ImportError: needs a library nobody has)" in lookup.stderr

    tests = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(src / "tests")],
                           capture_output=True, check=False, text=True, timeout=600, cwd=tmp_path)
    assert tests.returncode == 0 and "2 passed" in tests.stdout, tests.stdout[-3000:]

    # the main environment never saw the example: it was installed into the scratch venv only
    mine = subprocess.run([sys.executable, "-m", "forge.cli", "plugins", "list", "--json"], capture_output=True,
                          text=True, timeout=120)
    assert "example_plugin" not in {p["name"] for p in json.loads(mine.stdout)}
