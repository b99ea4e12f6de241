"""Domain libraries as data: loaded from their folders, pinned by digest, documented in the prompt, and
the tables helpers doing what their summary says (on the host; the sandbox side is in
tests/integration/test_domain_libraries.py)."""

from __future__ import annotations

import importlib
import importlib.metadata
import logging
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import openpyxl
import pytest

from forge import registry
from forge.errors import ConfigError
from forge.harness import HARNESSES
from forge.harness.domain_libraries import DOMAIN_LIBRARIES, load_domain_library, sandbox_packages
from forge.harness.system_prompt import harness_identity, render_system_prompt
from forge.harness.versions import HarnessVariant
from forge.sandbox.python_packages import PythonPackage, layout

LIBRARIES_DIR = Path(__file__).resolve().parents[2] / "forge" / "harness" / "libraries"


def test_the_shipped_libraries_load_with_summaries_and_installed_requirements() -> None:
    assert sorted(DOMAIN_LIBRARIES) == ["documents", "pdf", "tables"]
    for name, library in DOMAIN_LIBRARIES.items():
        assert library.module == f"forgelib.{name}" and "__init__.py" in library.files and len(library.digest) == 12
        assert "\n" not in library.summary and library.summary.count("`") >= 4  # one paragraph naming its API
        for distribution in library.requires:  # the sandbox's python3 is this interpreter
            importlib.metadata.distribution(distribution)


def test_a_changed_module_changes_the_digest_and_the_harness_identity(tmp_path: Path) -> None:
    copy = shutil.copytree(LIBRARIES_DIR / "pdf", tmp_path / "pdf")
    before = load_domain_library(copy)
    assert before.digest == DOMAIN_LIBRARIES.get("pdf").digest
    (copy / "__init__.py").write_text((copy / "__init__.py").read_text() + "\n# an edit\n")
    after = load_domain_library(copy)
    assert after.digest != before.digest
    harness = HarnessVariant(label="pdf", domain_libraries=["pdf"]).apply(HARNESSES.get("terminal"))
    pinned = harness_identity(harness)
    state = registry.snapshot()
    try:
        DOMAIN_LIBRARIES._items["pdf"] = after  # the shipped library changed under a recorded version
        assert harness_identity(harness) != pinned  # its episodes get new ids, not the old ones' results
        assert sandbox_packages(harness.environment)[0].files["__init__.py"].endswith(b"# an edit\n")
    finally:
        registry.restore(state)


@pytest.mark.parametrize(("files", "fix"), [
    ({"__init__.py": ""}, "needs a library.toml"),
    ({"library.toml": 'summary = "x"\nversion = 2\n', "__init__.py": ""}, "needs a library.toml"),
    ({"library.toml": 'summary = "x"\n'}, "no __init__.py"),
    ({"library.toml": 'summary = "x"\n', "__init__.py": "", "data.json": "{}"}, "data.json"),
    ({"library.toml": 'summary = "x"\n', "__init__.py": "", "sub/__init__.py": ""}, "sub"),
    ({"library.toml": "summary = \n", "__init__.py": ""}, "cannot read its library.toml"),
])
def test_a_malformed_library_folder_is_refused_naming_the_fix(tmp_path: Path, files: dict[str, str], fix: str) -> None:
    folder = tmp_path / "broken"
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    with pytest.raises(ConfigError, match="domain library 'broken'") as caught:
        load_domain_library(folder)
    assert fix in str(caught.value)


def test_a_variant_pins_known_libraries_and_refuses_unknown_ones() -> None:
    base = HARNESSES.get("terminal")
    assert base.environment.domain_libraries == []
    chosen = HarnessVariant(label="t", domain_libraries=["tables", "pdf"]).apply(base)
    assert [(r.name, r.digest) for r in chosen.environment.domain_libraries] == [
        ("tables", DOMAIN_LIBRARIES.get("tables").digest), ("pdf", DOMAIN_LIBRARIES.get("pdf").digest)]
    for names in (["tables", "no-such"], ["pdf", "pdf"]):
        with pytest.raises(ConfigError, match="variant 'bad'.*known: documents, pdf, tables"):
            HarnessVariant(label="bad", domain_libraries=names).apply(base)


def test_the_prompt_documents_exactly_the_listed_libraries_wherever_the_template_puts_them() -> None:
    base = HARNESSES.get("terminal")
    tables, pdf = DOMAIN_LIBRARIES.get("tables"), DOMAIN_LIBRARIES.get("pdf")
    shown = render_system_prompt(HarnessVariant(label="t", domain_libraries=["tables"]).apply(base))
    assert f"`forgelib.tables`: {tables.summary}" in shown and "forgelib.pdf" not in shown
    assert shown.index("forgelib.tables") < shown.index("Each turn")  # the shipped template places them
    own = HarnessVariant(label="own", system_prompt="Solve the task in /job.", domain_libraries=["pdf"]).apply(base)
    assert render_system_prompt(own).startswith("Solve the task in /job.\n") and pdf.summary in render_system_prompt(own)
    assert "forgelib" not in render_system_prompt(base)


def test_package_files_must_stay_inside_and_not_collide() -> None:
    for bad in ("../escape.py", "/abs.py", "a/../b.py", ""):
        with pytest.raises(ValueError, match="relative path"):
            PythonPackage(name="forgelib.x", files={bad: b""})
    with pytest.raises(ValueError, match="dotted Python identifier"):
        PythonPackage(name="forgelib.no-dash", files={"__init__.py": b""})
    one = PythonPackage(name="forgelib.x", files={"__init__.py": b"a"})
    with pytest.raises(ConfigError, match="both hold /run/forge-lib/forgelib/x/__init__.py"):
        layout([one, one])


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """`forgelib.tables` imported from exactly the files a sandbox gets."""
    for path, data in DOMAIN_LIBRARIES.get("tables").package().placed().items():
        target = tmp_path / path.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    monkeypatch.syspath_prepend(str(tmp_path / "run" / "forge-lib"))
    yield importlib.import_module("forgelib.tables")
    for name in [n for n in sys.modules if n == "forgelib" or n.startswith("forgelib.")]:
        del sys.modules[name]


def test_tables_sorts_whole_rows_numbers_as_numbers_and_empty_cells_last(tables: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "units.csv"
    source.write_text("Item,Units\npear,10\nfig,\napple,9\nkiwi,10.5\n")
    assert tables.sort_rows(str(source), " units ", out=str(tmp_path / "out" / "sorted.csv")) == 4
    assert tables.read_rows(str(tmp_path / "out" / "sorted.csv")) == [
        ["Item", "Units"], ["apple", "9"], ["pear", "10"], ["kiwi", "10.5"], ["fig", ""]]
    book = tmp_path / "book.xlsx"
    tables.write_rows(str(book), [["Name", "City"], ["b", "Oslo"], ["a", "bergen"]], sheet="People")
    tables.write_rows(str(book), [["kept"]], sheet="Other")
    assert tables.sort_rows(str(book), "City", sheet="People", descending=True) == 2
    assert tables.read_records(str(book), sheet="People") == [{"Name": "b", "City": "Oslo"}, {"Name": "a", "City": "bergen"}]
    assert openpyxl.load_workbook(book).sheetnames == ["People", "Other"]
    with pytest.raises(KeyError, match=r"no column 'Price'; the headers are \['Name', 'City'\]"):
        tables.sort_rows(str(book), "Price", sheet="People")


def test_a_drifted_library_is_mounted_as_shipped_with_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    harness = HarnessVariant(label="t", domain_libraries=["tables"]).apply(HARNESSES.get("terminal"))
    stale = harness.environment.model_copy(update={"domain_libraries": [
        harness.environment.domain_libraries[0].model_copy(update={"digest": "0" * 12})]})
    with caplog.at_level(logging.WARNING, logger="forge.harness.domain_libraries"):
        packages = sandbox_packages(stale) + sandbox_packages(stale)
    assert packages[0] == DOMAIN_LIBRARIES.get("tables").package()
    assert [r.getMessage() for r in caplog.records if "changed" in r.getMessage()] == [
        f"domain library tables changed (000000000000 pinned, {DOMAIN_LIBRARIES.get('tables').digest} shipped): its "
        "episodes get new ids; record a new harness version with `forge evolve` to score it"]
