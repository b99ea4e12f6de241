"""Boundary cases of `project.fixture_extracted` on real projects (order records pasted into the tests
of two modules, with a conftest.py already holding an autouse fixture; a filled cart, with no
conftest yet), run in a bubblewrap sandbox: the fixture added to the conftest (function or module
scope, `@pytest.fixture` or a bare `@fixture`) or in a new one passes; nothing done, a fixture
without its decorator, the wrong scope either way, the conftest's own fixture lost, a test module
defining its own copy, the LAST test still building its records, a setup line left, an assertion
changed, a test without setup given the fixture, a test gone, an extra argument, the module
edited, other records in the fixture and no conftest at all fail."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case
from workflows.code._fixture_samples import add_sample


def _seeded(kind: str, existing: bool) -> tuple[dict[str, str], str, str, str]:
    faker = Faker()
    faker.seed_instance(7)
    project, _, other = add_sample(random.Random(7), faker, kind, existing_conftest=existing)
    return project.files, project.module, project.test_file, other


FILES, MODULE, TESTS, OTHER = _seeded("records", True)
CART_FILES, _, CART_TESTS, CART_OTHER = _seeded("object", False)
CONFTEST = "tests/conftest.py"


def setup_of(text: str, name: str) -> list[str]:
    block = next(b for b in text.split("\n\n\n") if f"    {name} = " in b)
    return [line for line in block.splitlines() if line.startswith("    ") and not line.startswith("    assert")]


SETUP = setup_of(FILES[TESTS], "orders")
CART_SETUP = setup_of(CART_FILES[CART_TESTS], "cart")


def taking(text: str, setup: list[str], name: str, skip: str = "") -> str:
    """The test module with each test that builds the sample taking it instead (but the test `skip`)."""
    blocks = []
    for block in text.split("\n\n\n"):
        if setup[0] in block and f"def {skip}(" not in block:
            block = block.replace("():", f"({name}):", 1).replace("(tmp_path):", f"({name}):", 1)
            for line in setup:
                block = block.replace(line + "\n", "", 1)
        blocks.append(block)
    return "\n\n\n".join(blocks)


def fixture(setup: list[str], name: str, decorator: str = "@pytest.fixture") -> str:
    body = "".join(f"{line}\n" for line in setup)
    return f"\n\n{decorator}\ndef {name}():\n{body}    return {name}\n"


def case(label: str, passes: bool, says: str = "", conftest: str | None = None, tests: str | None = None,
         other: str | None = None, extra: dict[str, str] | None = None, **options: Any) -> Case:
    edits = {CONFTEST: FILES[CONFTEST] + fixture(SETUP, "orders") if conftest is None else conftest,
             TESTS: taking(FILES[TESTS], SETUP, "orders") if tests is None else tests,
             OTHER: taking(FILES[OTHER], SETUP, "orders") if other is None else other, **(extra or {})}
    return project_case(label, FILES, edits, {
        "conftest": f"proj/{CONFTEST}", "test_file": f"proj/{TESTS}", "other_test": f"proj/{OTHER}",
        "fixture": "orders", "scope": "function", **options}, passes, says)


def cart_case(label: str, passes: bool, says: str, conftest: str | None) -> Case:
    head = '"""Fixtures."""\n\nimport pytest\n\nfrom ' + CART_FILES[CART_TESTS].split("\n", 1)[0].removeprefix("from ")
    edits = {CART_TESTS: taking(CART_FILES[CART_TESTS], CART_SETUP, "cart"),
             CART_OTHER: taking(CART_FILES[CART_OTHER], CART_SETUP, "cart")}
    if conftest is not None:
        edits[CONFTEST] = head + "\n" + conftest
    return project_case(label, CART_FILES, edits, {
        "conftest": f"proj/{CONFTEST}", "test_file": f"proj/{CART_TESTS}", "other_test": f"proj/{CART_OTHER}",
        "fixture": "cart", "scope": "module"}, passes, says)


LAST = [n for n in FILES[OTHER].split("\n\n\n") if SETUP[0] in n][-1].split("def ", 1)[1].split("(")[0]
WITH_SETUP = [n for n in FILES[TESTS].split("\n\n\n") if SETUP[0] in n][0].split("def ", 1)[1].split("(")[0]
SHOWN_TESTS, SHOWN_OTHER = f"proj/{TESTS}", f"proj/{OTHER}"

CASES = {
    "project.fixture_extracted": [
        case("the fixture added to the conftest, both modules taking it", True),
        case("a module-scoped fixture", True, conftest=FILES[CONFTEST] + fixture(
            SETUP, "orders", '@pytest.fixture(scope="module")'), scope="module"),
        case("a bare @fixture imported from pytest", True, conftest=FILES[CONFTEST].replace(
            "import pytest", "import pytest\nfrom pytest import fixture") + fixture(SETUP, "orders", "@fixture")),
        case("nothing done", False, f"proj/{CONFTEST} defines no fixture orders", conftest=FILES[CONFTEST],
             tests=FILES[TESTS], other=FILES[OTHER]),
        case("a fixture without its decorator", False, f"proj/{CONFTEST} defines no fixture orders",
             conftest=FILES[CONFTEST] + fixture(SETUP, "orders").replace("@pytest.fixture\n", "")),
        case("module scope where each test's own was asked", False, "the fixture orders is module-scoped, not function",
             conftest=FILES[CONFTEST] + fixture(SETUP, "orders", '@pytest.fixture(scope="module")')),
        case("the default scope where module was asked", False, "the fixture orders is function-scoped, not module",
             scope="module"),
        case("the conftest's own fixture lost", False, f"proj/{CONFTEST} no longer holds fixed_seed as it was",
             conftest='import pytest\n' + fixture(SETUP, "orders")),
        case("a test module defining its own copy", False,
             f"{SHOWN_TESTS} defines its own orders; the fixture belongs in proj/{CONFTEST}",
             tests=taking(FILES[TESTS], SETUP, "orders") + fixture(SETUP, "orders").replace("@pytest.fixture\n", "")),
        case("the last test still building its records", False,
             f"{SHOWN_OTHER}: {LAST} does not take the fixture orders", other=taking(FILES[OTHER], SETUP, "orders", LAST)),
        case("a setup line left in a test", False, f"{SHOWN_TESTS}: {WITH_SETUP} was changed beyond its setup",
             tests=taking(FILES[TESTS], SETUP, "orders").replace(f"def {WITH_SETUP}(orders):\n",
                                                                 f"def {WITH_SETUP}(orders):\n{SETUP[0]}\n", 1)),
        case("an assertion changed", False, f"{SHOWN_OTHER}: {LAST} was changed beyond its setup",
             other=taking(FILES[OTHER], SETUP, "orders").replace("assert summary_line(orders) ==",
                                                                 "assert summary_line(orders) !=")),
        case("a test without setup given the fixture", False,
             f"{SHOWN_TESTS}: test_total_of_no_orders was changed, and it builds no orders",
             tests=taking(FILES[TESTS], SETUP, "orders").replace("def test_total_of_no_orders():",
                                                                 "def test_total_of_no_orders(orders):")),
        case("a test gone", False, f"{SHOWN_OTHER}: {LAST} is gone",
             other=taking(FILES[OTHER], SETUP, "orders").replace(f"def {LAST}(", "def check_it(")),
        case("an extra argument", False, f"{SHOWN_TESTS}: {WITH_SETUP} takes tmp_path besides the fixture",
             tests=taking(FILES[TESTS], SETUP, "orders").replace(f"def {WITH_SETUP}(orders):",
                                                                 f"def {WITH_SETUP}(tmp_path, orders):")),
        case("the module edited", False, f"proj/{MODULE} was changed; only the tests and the conftest change",
             extra={MODULE: FILES[MODULE] + "\n# tidied\n"}),
        case("other records in the fixture", False, "the tests do not pass",
             conftest=FILES[CONFTEST] + fixture(SETUP, "orders").replace("'amount': ", "'amount': 1 + ")),
        cart_case("a module-scoped cart in a new conftest", True, "", fixture(CART_SETUP, "cart").replace(
            "@pytest.fixture", '@pytest.fixture(scope="module")')),
        cart_case("no conftest at all", False, f"proj/{CONFTEST} does not exist", None),
    ],
}
