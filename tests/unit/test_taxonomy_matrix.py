"""`[[matrix]]` blocks: a block is the cross product of its axes, each combination one skill, with the
id, description, params, difficulty and channel the agreed format gives; a bad block or combination
is named (`file:matrix N` and the combination) and the rest builds."""

from __future__ import annotations

from pathlib import Path

from forge.cli.skills import WorkflowFamilies
from skills.builder import build_taxonomy
from skills.source import MatrixBlock

HEAD = '''
app = "sheet"

[areas.data]
title = "Sorting and filtering"
'''

SORT = '''
[[matrix]]
area = "data"
operation = "sort"
workflow = "spreadsheet.sort_rows"
channel = "hybrid"
difficulty = 1
description = "Sort a table's rows by {key} column, {direction}."
exclude = [ { key = "text", direction = "desc" } ]

[[matrix.axis]]
name = "key"
values = [
  { id = "date", text = "a date", params = { kind = "sales" } },
  { id = "text", text = "a text", params = { kind = "employees" }, difficulty = 1 },
  { id = "number", text = "a number", params = { kind = "inventory" }, channel = "terminal", difficulty = 9 },
]
[[matrix.axis]]
name = "direction"
values = [ { id = "asc", text = "smallest first", params = { descending = false } },
           { id = "desc", text = "largest first", params = { descending = true }, difficulty = 4 } ]
'''


def _row(operation: str, workflow: str, params: str, description: str, environment: str = "") -> str:
    awaiting = f'environment = "{environment}"\n' if environment else ""
    return (f'[[skill]]\narea = "data"\noperation = "{operation}"\nworkflow = "{workflow}"\nparams = {{ {params} }}\n'
            f'channel = "gui"\ndifficulty = 3\n{awaiting}description = "{description}"\n\n')


def _build(tmp_path: Path, text: str):
    (tmp_path / "sheet.toml").write_text(HEAD + text)
    return build_taxonomy(WorkflowFamilies(), tmp_path)


def test_a_block_expands_to_one_skill_per_combination_in_axis_order(tmp_path: Path) -> None:
    result = _build(tmp_path, SORT)
    assert result.problems == []
    got = {s.id: s for s in result.skills}
    assert list(got) == ["sheet.data.sort.date_asc", "sheet.data.sort.date_desc", "sheet.data.sort.text_asc",
                         "sheet.data.sort.number_asc", "sheet.data.sort.number_desc"]  # text_desc excluded
    assert got["sheet.data.sort.date_desc"].description == "Sort a table's rows by a date column, largest first."
    assert got["sheet.data.sort.text_asc"].params == {"kind": "employees", "descending": False}
    assert got["sheet.data.sort.text_asc"].category == "sheet.data"
    assert got["sheet.data.sort.text_asc"].apps == ["sheet"]
    # base 1, +1 for text, +4 for desc; 1+9 and 1+9+4 are clamped to 5
    assert {k: s.difficulty for k, s in got.items()} == {
        "sheet.data.sort.date_asc": 1, "sheet.data.sort.date_desc": 5, "sheet.data.sort.text_asc": 2,
        "sheet.data.sort.number_asc": 5, "sheet.data.sort.number_desc": 5}
    assert {k: s.channel_affinity for k, s in got.items()} == {
        "sheet.data.sort.date_asc": "hybrid", "sheet.data.sort.date_desc": "hybrid", "sheet.data.sort.text_asc": "hybrid",
        "sheet.data.sort.number_asc": "terminal", "sheet.data.sort.number_desc": "terminal"}
    assert set(result.profiles) == set(got) and result.profiles["sheet.data.sort.date_asc"].file_types


def test_block_params_and_value_params_merge_and_a_conflict_names_the_combination(tmp_path: Path) -> None:
    block = SORT.replace('exclude = [ { key = "text", direction = "desc" } ]', 'params = { descending = false }')
    result = _build(tmp_path, block)
    assert [s.id for s in result.skills] == ["sheet.data.sort.date_asc", "sheet.data.sort.text_asc",
                                             "sheet.data.sort.number_asc"]
    conflicts = {p.combination: p for p in result.problems}
    assert set(conflicts) == {"key=date, direction=desc", "key=text, direction=desc", "key=number, direction=desc"}
    problem = conflicts["key=text, direction=desc"]
    assert problem.source == "sheet.toml:matrix 1" and problem.skill == "sheet.data.sort.text_desc"
    assert "'descending'" in problem.cause and "the block" in problem.cause and "direction=desc" in problem.cause


def test_values_overriding_the_channel_differently_is_a_problem_of_that_combination(tmp_path: Path) -> None:
    block = SORT.replace('params = { descending = true }, difficulty = 4', 'params = { descending = true }, channel = "gui"')
    result = _build(tmp_path, block)
    assert [(p.combination, p.cause) for p in result.problems] == [
        ("key=number, direction=desc", "values override the channel differently: ['gui', 'terminal']")]
    assert len(result.skills) == 4


def test_each_combination_is_validated_like_a_row(tmp_path: Path) -> None:
    rows = '''
[[skill]]
area = "data"
operation = "sort"
variant = "date_asc"
workflow = "spreadsheet.sort_rows"
params = { kind = "sales", descending = true }
channel = "hybrid"
difficulty = 1
description = "A row written by hand with the id a block makes."

[[skill]]
area = "data"
operation = "sort_newest"
workflow = "spreadsheet.sort_rows"
params = { kind = "inventory", descending = false }
channel = "hybrid"
difficulty = 1
description = "Sort a table's rows by a date column, largest first."
'''
    block = SORT + '''
[[matrix]]
area = "data"
operation = "sort_by"
workflow = "spreadsheet.sort_rows"
channel = "gui"
difficulty = 2
description = "Order the rows on {key}."

[[matrix.axis]]
name = "key"
values = [ { id = "date", text = "names, A to Z", params = { kind = "employees", descending = false } },
           { id = "colour", text = "cell colour", params = { colour = "red" } } ]
'''
    result = _build(tmp_path, rows + block)
    causes = {(p.source, p.skill): p.cause for p in result.problems}
    assert "duplicate id: already defined at sheet.toml:skill 1" in causes[("sheet.toml:matrix 1", "sheet.data.sort.date_asc")]
    assert "duplicate description" in causes[("sheet.toml:matrix 1", "sheet.data.sort.date_desc")]
    assert "padding" in causes[("sheet.toml:matrix 2", "sheet.data.sort_by.date")]
    assert "colour" in causes[("sheet.toml:matrix 2", "sheet.data.sort_by.colour")]
    assert "sheet.data.sort.text_asc" in {s.id for s in result.skills}


def test_a_malformed_block_is_named_and_the_rest_of_the_file_builds(tmp_path: Path) -> None:
    broken = '''
[[matrix]]
area = "data"
operation = "filter"
workflow = "spreadsheet.filter_rows"
channel = "hybrid"
difficulty = 7
description = "Keep the rows {op} a threshold, {colour}."
exclude = [ { op = "between" } ]

[[matrix.axis]]
name = "op"
values = [ { id = "above", text = "above", params = { operator = ">" } },
           { id = "above", text = "over", params = { operator = ">=" } } ]
'''
    result = _build(tmp_path, broken + SORT)
    assert len(result.skills) == 5
    [problem] = result.problems
    assert problem.source == "sheet.toml:matrix 1" and problem.skill == "sheet.data.filter.*"
    assert "difficulty" in problem.cause and "['above'] appear more than once" in problem.cause


def test_block_level_checks_name_the_template_and_exclusion_mistakes() -> None:
    base = {"area": "data", "operation": "sort", "workflow": "w.x", "channel": "gui", "difficulty": 1,
            "axis": [{"name": "key", "values": [{"id": "a", "text": "A"}, {"id": "b", "text": "B"}]}]}
    for description, exclude, expected in [
        ("Sort the rows somehow.", [], "do not appear in the description"),
        ("Sort by {key} and {other}.", [], "['other'], which are not axes"),
        ("Sort by {key}.", [{"colour": "a"}], "'colour' is not an axis"),
        ("Sort by {key}.", [{"key": "c"}], "axis 'key' has no value 'c'"),
    ]:
        try:
            MatrixBlock.model_validate({**base, "description": description, "exclude": exclude})
        except ValueError as exc:
            assert expected in str(exc), (expected, str(exc))
        else:
            raise AssertionError(f"{description!r} {exclude} was accepted")


def test_apps_and_environment_pass_to_every_skill_of_the_block(tmp_path: Path) -> None:
    block = SORT.replace('channel = "hybrid"\n', 'channel = "hybrid"\napps = ["sheet", "web"]\nenvironment = "web"\n', 1)
    result = _build(tmp_path, block)
    assert all(s.apps == ["sheet", "web"] for s in result.skills)
    assert result.awaiting_environment == {s.id: "web" for s in result.skills}
    assert result.awaiting_families == {}  # the family exists: its params were checked, its profile taken
    assert set(result.profiles) == {s.id for s in result.skills}


def test_only_a_skill_awaiting_its_environment_may_name_a_family_not_written_yet(tmp_path: Path) -> None:
    rows = "".join([
        _row("checkout", "web.family_never_written", 'payment = "card"', "Buy the items in the cart with a saved card.", "web"),
        _row("checkout_again", "web.family_never_written", 'payment = "card"',
             "The same family and params: still padding while awaiting.", "web"),
        _row("teleport", "web.shop_teleport", "", "Not awaiting anything, so its family must exist."),
        _row("sort_colour", "spreadsheet.sort_rows", 'colour = "red"',
             "Awaiting, but its family exists: its params are checked.", "web"),
    ])
    result = _build(tmp_path, rows)
    assert [s.id for s in result.skills] == ["sheet.data.checkout"]
    assert result.awaiting_environment == {"sheet.data.checkout": "web"}
    assert result.awaiting_families == {"web.family_never_written": 1}
    assert result.profiles == {}  # what an unwritten family's tasks reference is not known
    causes = {p.skill: p.cause for p in result.problems}
    assert "padding" in causes["sheet.data.checkout_again"]
    assert "unknown workflow 'web.shop_teleport'" in causes["sheet.data.teleport"]
    assert "colour" in causes["sheet.data.sort_colour"]


def test_an_entry_that_is_not_a_table_is_named_and_the_rest_of_the_file_builds(tmp_path: Path) -> None:
    good = ('{ area = "data", operation = "sort_desc", workflow = "spreadsheet.sort_rows", params = { descending = true }, '
            'channel = "hybrid", difficulty = 1, description = "Sort the rows, largest first." }')
    (tmp_path / "sheet.toml").write_text(HEAD.replace('app = "sheet"', f'app = "sheet"\nmatrix = [ 5, "x" ]\nskill = [ 7, {good} ]'))
    result = build_taxonomy(WorkflowFamilies(), tmp_path)
    assert [(p.source, p.skill) for p in result.problems] == [
        ("sheet.toml:skill 1", "?"), ("sheet.toml:matrix 1", "?"), ("sheet.toml:matrix 2", "?")]
    assert all("valid dictionary" in p.cause for p in result.problems)
    assert [s.id for s in result.skills] == ["sheet.data.sort_desc"]


class _RaisingFamily:
    """A plugin family with a bug in its params check."""

    def __init__(self, real: object) -> None:
        self.spec = real.spec  # type: ignore[attr-defined]

    def options(self, skill: object) -> object:
        raise RuntimeError("params model import failed")


def test_a_family_raising_while_checking_params_and_case_only_twins_are_named(tmp_path: Path) -> None:
    from forge.registry import restore, snapshot
    from workflows import WORKFLOWS

    rows = "".join([
        _row("buggy", "spreadsheet.buggy_family", "", "A family whose params check raises."),
        _row("sort_up", "spreadsheet.sort_rows", "descending = false", "Sort the rows, smallest first."),
        _row("sort_up_again", "spreadsheet.sort_rows", "descending = true", "Sort the ROWS, smallest  first."),
    ])
    state = snapshot()
    try:
        WORKFLOWS.add("spreadsheet.buggy_family", _RaisingFamily(WORKFLOWS.get("spreadsheet.sort_rows")))
        result = _build(tmp_path, rows)
    finally:
        restore(state)
    causes = {p.skill: p.cause for p in result.problems}
    assert causes["sheet.data.buggy"] == ("family 'spreadsheet.buggy_family' raised while checking the params: "
                                          "RuntimeError: params model import failed")
    assert causes["sheet.data.sort_up_again"] == "duplicate description: same as sheet.data.sort_up"
    assert [s.id for s in result.skills] == ["sheet.data.sort_up"]
