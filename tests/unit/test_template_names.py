"""Phrasing templates' names: parsed once per text, remembered across processes beside the bytecode."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jinja2
import pytest

from workflows._template_names import TemplateNames

TEMPLATE = ("{% set unit = 'EUR' %}{% for row in rows %}{{ row.name }}: {{ row[column] | round(2) }} {{ unit }}"
            "{% if loop.last %} of {{ total }}{% endif %}{% endfor %}")


class CountingEnvironment(jinja2.Environment):
    """A real environment that counts its parses."""

    parses = 0

    def parse(self, source, name=None, filename=None):  # type: ignore[no-untyped-def, override]
        CountingEnvironment.parses += 1
        return super().parse(source, name, filename)


@pytest.fixture(autouse=True)
def _writes_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    CountingEnvironment.parses = 0


def test_the_names_read_are_the_templates_free_variables(tmp_path: Path) -> None:
    names = TemplateNames(jinja2.Environment(), tmp_path / "names.json")
    assert names.names(TEMPLATE) == {"rows", "column", "total"}  # not row, unit, loop or the filter
    assert names.names("Sort {{ input }} by {{ column }}.") == {"input", "column"}


def test_a_later_process_reads_them_instead_of_parsing(tmp_path: Path) -> None:
    store = tmp_path / "cache" / "names.json"
    first = TemplateNames(CountingEnvironment(), store)
    assert first.names(TEMPLATE) == first.names(TEMPLATE) == {"rows", "column", "total"}
    assert CountingEnvironment.parses == 1
    first.save()
    later = TemplateNames(CountingEnvironment(), store)
    assert later.names(TEMPLATE) == {"rows", "column", "total"} and CountingEnvironment.parses == 1
    assert later.names("{{ other }}") == {"other"} and CountingEnvironment.parses == 2
    later.save()  # adds to what the store holds
    assert sorted(map(sorted, json.loads(store.read_text()).values())) == [["column", "rows", "total"], ["other"]]


@pytest.mark.parametrize("content", ["{not json", '["a list"]', '{"key": 3}', '{"key": [1, 2]}'])
def test_an_unreadable_store_is_parsed_around_and_replaced(tmp_path: Path, content: str) -> None:
    store = tmp_path / "names.json"
    store.write_text(content)
    names = TemplateNames(CountingEnvironment(), store)
    assert names.names(TEMPLATE) == {"rows", "column", "total"} and CountingEnvironment.parses == 1
    names.save()
    assert TemplateNames(CountingEnvironment(), store).names(TEMPLATE) == {"rows", "column", "total"}
    assert CountingEnvironment.parses == 1


def test_like_bytecode_nothing_is_written_under_dont_write_bytecode(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    names = TemplateNames(jinja2.Environment(), tmp_path / "names.json")
    names.names(TEMPLATE)
    names.save()
    assert not (tmp_path / "names.json").exists()


def test_a_read_only_place_costs_a_parse_not_an_error(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    names = TemplateNames(jinja2.Environment(), blocked / "names.json")  # its folder cannot be made
    assert names.names(TEMPLATE) == {"rows", "column", "total"}
    names.save()
    assert blocked.read_text() == ""


def test_a_name_parsed_another_way_is_not_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key holds how the text was parsed too: another parser version or other globals parse again."""
    import workflows._template_names as module

    store = tmp_path / "names.json"
    first = TemplateNames(CountingEnvironment(), store)
    first.names(TEMPLATE)
    first.save()
    monkeypatch.setattr(module, "PARSE_VERSION", module.PARSE_VERSION + "-next")
    assert TemplateNames(CountingEnvironment(), store).names(TEMPLATE) == {"rows", "column", "total"}
    assert CountingEnvironment.parses == 2
    monkeypatch.undo()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    with_total = CountingEnvironment()
    with_total.globals["total"] = 0  # a global is no param
    assert TemplateNames(with_total, store).names(TEMPLATE) == {"rows", "column"}


def test_the_store_sits_where_bytecode_would(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import workflows._template_names as module

    assert module.default_store().parent == Path(module.__file__).resolve().with_name("__pycache__")
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path))
    assert module.default_store().is_relative_to(tmp_path)
    assert module.default_store().parent.name == Path(module.__file__).resolve().parent.name
