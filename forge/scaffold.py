"""`forge new app NAME`: a working plugin skeleton that passes the gates as generated.

The skeleton is a small installable package, `forge-<name>/`, with everything an app has: a
preparer writing seeded csv content, one declarative workflow (an in-place edit, checked by the
shared table library), its skills file, the `forge.plugins` entry point, and a test calling the
contract kit. Rename and grow it; the test tells you when it stops meeting the contract.

    forge-<name>/
    ├── pyproject.toml            entry point: [project.entry-points."forge.plugins"] <name> = "forge_<name>"
    ├── README.md
    ├── forge_<name>/
    │   ├── __init__.py           the plugin module: imports its parts, lists FORGE_SKILLS
    │   ├── preparer.py           seeded records, written with the csv handler
    │   ├── sort_records.py       the workflow: spec (data), draw, contents, reference
    │   └── skills.jsonl          the skills it realises
    └── tests/test_contract.py    assert_workflow_contract(...) for every workflow
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from forge.errors import ConfigError

NAME = re.compile(r"^[a-z][a-z0-9_]{1,30}$")

PYPROJECT = '''[build-system]
requires = ["setuptools>=69"]
build-backend = "setuptools.build_meta"

[project]
name = "forge-$dash"
version = "0.1.0"
description = "A Forge app plugin: $name"
requires-python = ">=3.11"
dependencies = ["mage-cua-forge"]

[project.entry-points."forge.plugins"]
$name = "forge_$name"

[tool.setuptools.packages.find]
include = ["forge_$name*"]

[tool.setuptools.package-data]
forge_$name = ["*.jsonl"]
'''

README = '''# forge-$dash

A Forge app plugin. Install it next to Forge (`pip install -e .`), then:

    forge plugins list                 # shows "$name: loaded"
    forge generate --skill $name.data.sort.descending --tasks 2
    pytest tests                       # the contract kit runs every gate on the workflow
'''

INIT = '''"""The $name app for Forge: importing this module registers its preparer and workflows."""

from pathlib import Path

from forge_$name import preparer, sort_records  # noqa: F401  (register on import)

FORGE_SKILLS = [Path(__file__).with_name("skills.jsonl")]
'''

PREPARER = '''"""Seeded, realistic records for the $name app, written as csv through Forge's csv handler."""

from __future__ import annotations

import random

from faker import Faker

from forge.filetypes import FILE_TYPES
from forge.views import Table, TableView
from preparers.filetypes import csv as _csv  # noqa: F401  (the csv handler this app writes with)
from preparers.spec import register_preparer

ITEMS = ["Desk lamp", "Notebook", "Stapler", "Monitor arm", "Headset", "Webcam", "Keyboard", "Whiteboard",
         "Cable tray", "Chair mat", "Label printer", "Paper shredder"]
HEADER = ["Item", "Owner", "Quantity", "Unit Price", "Weight (kg)"]
NUMERIC = HEADER[2:]


def make_records(rng: random.Random, faker: Faker, rows: int) -> Table:
    """`rows` distinct items, each with a real-looking owner, a quantity, a price and a weight."""
    names = rng.sample(ITEMS, rows)
    body = [[n, faker.name(), rng.randint(1, 60), round(rng.uniform(4, 400), 2), round(rng.uniform(0.2, 25), 1)]
            for n in names]
    return Table.of("records", [HEADER, *body])


def write_records(table: Table) -> bytes:
    data = FILE_TYPES.get("csv").create(TableView(source="records.csv", tables=[table]))
    assert data is not None  # the csv handler writes any one-table view
    return data


@register_preparer("$name")
class ${cls}Preparer:
    version = "1"
    file_types = ["csv"]
'''

WORKFLOW = '''"""Sort the records in a csv file in place, by one numeric column."""

from __future__ import annotations

import json
import shlex

from pydantic import BaseModel

from forge.models import ReferenceSolution, ReferenceStep
from forge_$name.preparer import NUMERIC, make_records, write_records
from workflows.spec import CheckTemplate, FileSlot, SkillParams, Workflow, WorkflowContext, WorkflowSpec, register_workflow


FOLDERS = ["data", "records", "shared"]
STEMS = ["inventory", "equipment_loans", "office_supplies", "asset_register", "stock_take", "purchase_log"]
SUBJECTS = ["items with their owners", "equipment on loan to staff", "supplies and who ordered them"]


class Params(BaseModel):
    path: str
    subject: str
    column: str
    descending: bool
    order: str


class Options(SkillParams):
    descending: bool | None = None


@register_workflow
class SortRecords(Workflow[Params]):
    spec = WorkflowSpec(
        name="$name.sort_records", apps=["$name"], params=Params, skill_params=Options,
        phrasings=[
            "The file {{ path }} lists {{ subject }}. Sort its rows by {{ column }} in {{ order }} order, "
            "keeping the header first and each row together, and save it in place (same file name).",
            "Please reorder {{ path }} ({{ subject }}) so the rows run by {{ column }}, {{ order }}; whole rows "
            "move, the header stays on top, and the file keeps its name.",
            "{{ path }}: sort the {{ subject }} by {{ column }}, {{ order }}. Edit the file itself; keep the "
            "header row and every row whole.",
        ],
        criteria=["Every row is kept, whole.", "Rows are ordered by the column, in the direction asked."],
        files=[FileSlot(param="path", type="csv", role="in_place")],
        checks=[CheckTemplate(func="file.exists"),
                CheckTemplate(func="table.sorted_by", bind={"column": "column", "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        descending = ctx.options.descending if ctx.options.descending is not None else ctx.rng.random() < 0.5
        path = f"{ctx.rng.choice(FOLDERS)}/{ctx.rng.choice(STEMS)}.csv"
        return Params(path=path, subject=ctx.rng.choice(SUBJECTS), column=ctx.rng.choice(NUMERIC),
                      descending=descending, order="descending" if descending else "ascending")

    def contents(self, ctx: WorkflowContext, params: Params) -> dict[str, bytes]:
        while True:  # rows already in the asked order would let doing nothing pass
            table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(6, 12))
            values = [row[table.col(params.column)] for row in table.body]
            if values != sorted(values, reverse=params.descending):
                return {"path": write_records(table)}

    def reference(self, params: Params) -> ReferenceSolution:
        script = (
            "import csv\\n"
            f"path = {json.dumps(params.path)}\\n"
            "with open(path, newline='') as f:\\n"
            "    header, *rows = list(csv.reader(f))\\n"
            f"key = header.index({json.dumps(params.column)})\\n"
            f"rows.sort(key=lambda r: float(r[key]), reverse={params.descending!r})\\n"
            "with open(path, 'w', newline='') as f:\\n"
            "    csv.writer(f, lineterminator='\\\\n').writerows([header, *rows])\\n"
        )
        return ReferenceSolution(steps=[ReferenceStep(
            thought=f"I'll sort the rows of {params.path} by {params.column} ({params.order}) with Python's csv module.",
            action=f"Sort {params.path} by {params.column}, {params.order}",
            tool="bash", arguments={"command": f"python3 -c {shlex.quote(script)}"},
        )])
'''

SKILLS = '''{"id": "$name.data.sort.ascending", "apps": ["$name"], "category": "$name.data", "description": "Sort a csv's rows by a number column, smallest first, in place.", "workflow": "$name.sort_records", "params": {"descending": false}, "channel_affinity": "terminal", "difficulty": 1}
{"id": "$name.data.sort.descending", "apps": ["$name"], "category": "$name.data", "description": "Sort a csv's rows by a number column, largest first, in place.", "workflow": "$name.sort_records", "params": {"descending": true}, "channel_affinity": "terminal", "difficulty": 1}
'''

TEST = '''"""The contract kit runs every gate for real on each of this plugin's workflows."""

from pathlib import Path

import pytest

from forge.testing import assert_workflow_contract
from workflows import WORKFLOWS

NAMES = [name for name in WORKFLOWS if name.startswith("$name.")]


def test_the_plugin_registers_its_workflows() -> None:
    assert NAMES


@pytest.mark.parametrize("name", NAMES)
def test_workflow_meets_the_contract(name: str, tmp_path: Path) -> None:
    assert_workflow_contract(name, tmp_path)
'''

FILES = {
    "pyproject.toml": PYPROJECT,
    "README.md": README,
    "forge_$name/__init__.py": INIT,
    "forge_$name/preparer.py": PREPARER,
    "forge_$name/sort_records.py": WORKFLOW,
    "forge_$name/skills.jsonl": SKILLS,
    "tests/test_contract.py": TEST,
}


def new_app(name: str, parent: Path) -> Path:
    """Write the skeleton of app `name` into `parent/forge-<name>/`; returns that folder.

    Raises ConfigError when the name is not a short lowercase identifier or the folder exists.
    """
    if not NAME.match(name):
        raise ConfigError(f"app name {name!r} must be 2-31 characters of a-z, 0-9 and _, starting with a letter")
    root = parent / f"forge-{name.replace('_', '-')}"
    if root.exists():
        raise ConfigError(f"{root} already exists; choose another name or folder")
    values = {"name": name, "dash": name.replace("_", "-"), "cls": "".join(p.title() for p in name.split("_"))}
    for relative, text in FILES.items():
        path = root / Template(relative).substitute(values)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(text).substitute(values), encoding="utf-8")
    return root
