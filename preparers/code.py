"""The code preparer: a small, seeded Python package with its pytest tests, and bugs to plant in it.

A `ProjectContent` is a dict of relative path -> text (the package, its tests, a README) plus
what workflows need to build tasks on it: the module path, its functions, and `bugs`, each a
one-line change that some test catches. Every project is proven before it is returned: its
tests pass on the clean code and fail on each bug (run in-process on code this module wrote).

    project = make_project(ctx.rng, ctx.faker)
    buggy = project.with_bug(project.bugs[0])   # files with the bug planted
"""

from __future__ import annotations

import random
import textwrap
import types
from collections.abc import Callable
from typing import Literal

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field

from forge.errors import PreparerError
from preparers.document import slug
from preparers.spec import register_preparer


class Bug(BaseModel):
    """A planted fault: `before` replaced by `after` once in `function`'s source."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="What kind of fault, stable across seeds, e.g. 'boundary_comparison'.")
    function: str
    before: str
    after: str
    symptom: str = Field(description="What goes wrong, as a user would report it.")


class ProjectContent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    package: str
    module: str = Field(description="Path of the module under test, e.g. `shop_pricing/pricing.py`.")
    test_file: str
    functions: list[str]
    files: dict[str, str]
    bugs: list[Bug]

    def with_bug(self, bug: Bug) -> dict[str, str]:
        source = self.files[self.module]
        if source.count(bug.before) != 1:
            raise PreparerError(f"bug in {bug.function}: {bug.before!r} occurs {source.count(bug.before)} times "
                                f"in {self.module}, expected once")
        buggy = source.replace(bug.before, bug.after)
        if buggy.count(bug.after) != 1:  # the fix is a one-line change only where the fault can be found
            raise PreparerError(f"bug in {bug.function}: {bug.after!r} occurs {buggy.count(bug.after)} times in the "
                                f"buggy {self.module}, expected once (widen before/after to the whole expression)")
        return {**self.files, self.module: buggy}


_PRICING = '''
"""Order pricing for {company}: line totals, bulk discounts and order totals."""

BULK_THRESHOLD = {threshold}
BULK_PERCENT = {percent}


def line_total(quantity, unit_price):
    """Price of one order line, rounded to cents."""
    return round(quantity * unit_price, 2)


def bulk_discount(quantity):
    """Percent discount for an order of `quantity` units: BULK_PERCENT from BULK_THRESHOLD units up."""
    if quantity >= BULK_THRESHOLD:
        return BULK_PERCENT
    return 0


def apply_discount(amount, percent):
    """`amount` less `percent` per cent, rounded to cents; percent must be between 0 and 100."""
    if not 0 <= percent <= 100:
        raise ValueError(f"discount must be between 0 and 100, got {{percent}}")
    return round(amount * (1 - percent / 100), 2)


def order_total(lines):
    """Total of (quantity, unit_price) lines, with the bulk discount for the total quantity."""
    subtotal = sum(line_total(quantity, price) for quantity, price in lines)
    units = sum(quantity for quantity, _ in lines)
    return apply_discount(subtotal, bulk_discount(units))
'''

_GRADES = '''
"""Course grading for {company}: averages, letter grades and the class summary."""

PASS_MARK = {threshold}


def average(scores):
    """Mean of the scores, rounded to one decimal place; an empty list has no average."""
    if not scores:
        raise ValueError("no scores to average")
    return round(sum(scores) / len(scores), 1)


def letter(score):
    """Letter grade: A from 90, B from 80, C from 70, D from PASS_MARK, F below."""
    if score >= 90:
        return "A"
    if score >= 80:
        return "B"
    if score >= 70:
        return "C"
    if score >= PASS_MARK:
        return "D"
    return "F"


def passed(scores):
    """Names of the students whose average reaches PASS_MARK, in alphabetical order."""
    return sorted(name for name, marks in scores.items() if average(marks) >= PASS_MARK)


def summary(scores):
    """Number of students, number who passed, and the best average."""
    averages = [average(marks) for marks in scores.values()]
    return {{"students": len(scores), "passed": len(passed(scores)), "best": max(averages)}}
'''


def _pricing(rng: random.Random, faker: Faker) -> tuple[str, dict[str, object], list[Bug], Callable[..., str]]:
    threshold = rng.choice([10, 12, 20, 25, 50])
    percent = rng.choice([5, 8, 10, 15])
    values = {"threshold": threshold, "percent": percent}
    bugs = [
        Bug(id="bulk_boundary", function="bulk_discount", before="quantity >= BULK_THRESHOLD", after="quantity > BULK_THRESHOLD",
            symptom=f"an order of exactly {threshold} units gets no bulk discount"),
        Bug(id="discount_scale", function="apply_discount", before="(1 - percent / 100)", after="(1 - percent / 10)",
            symptom="discounted prices come out far too low"),
        Bug(id="cents_truncated", function="line_total", before="round(quantity * unit_price, 2)", after="int(quantity * unit_price)",
            symptom="line totals lose their cents"),
        Bug(id="units_counted", function="order_total", before="sum(quantity for quantity, _ in lines)", after="len(lines)",
            symptom="big orders with few lines never get the bulk discount"),
    ]

    def tests(module: types.ModuleType, package: str, name: str) -> str:
        price = rng.choice([2.35, 4.99, 7.45, 12.5, 19.99])
        cases = [(3, price), (threshold, price), (threshold - 1, price)]
        lines = [(threshold // 2, 3.75), (threshold - threshold // 2, 2.2)]
        small = [(1, 9.99), (2, 4.5)]
        body = [f"from {package}.{name} import apply_discount, bulk_discount, line_total, order_total", "",
                "import pytest", ""]
        for q, p in cases:
            body += [f"def test_line_total_{q}_units():", f"    assert line_total({q}, {p}) == {module.line_total(q, p)!r}", ""]
        body += ["def test_bulk_discount_at_threshold():",
                 f"    assert bulk_discount({threshold}) == {module.bulk_discount(threshold)!r}",
                 f"    assert bulk_discount({threshold - 1}) == 0", "",
                 "def test_apply_discount():", f"    assert apply_discount(200.0, {percent}) == "
                 f"{module.apply_discount(200.0, percent)!r}", "",
                 "def test_apply_discount_rejects_bad_percent():", "    with pytest.raises(ValueError):",
                 "        apply_discount(10.0, 120)", "",
                 "def test_order_total_with_bulk_discount():", f"    assert order_total({lines!r}) == "
                 f"{module.order_total(lines)!r}", "",
                 "def test_order_total_small_order():", f"    assert order_total({small!r}) == {module.order_total(small)!r}", ""]
        return "\n".join(body)

    return _PRICING, values, bugs, tests


def _grades(rng: random.Random, faker: Faker) -> tuple[str, dict[str, object], list[Bug], Callable[..., str]]:
    threshold = rng.choice([50, 55, 60])
    values = {"threshold": threshold}
    bugs = [
        Bug(id="pass_mark_boundary", function="letter", before="score >= PASS_MARK", after="score > PASS_MARK",
            symptom=f"a score of exactly {threshold} is graded F"),
        Bug(id="average_decimals", function="average", before="round(sum(scores) / len(scores), 1)", after="sum(scores) // len(scores)",
            symptom="averages lose their decimals"),
        Bug(id="passed_order", function="passed", before="sorted(name for", after="list(name for",
            symptom="the list of students who passed is not in alphabetical order"),
        Bug(id="best_average", function="summary", before="max(averages)", after="averages[0]",
            symptom="the summary's best average is just the first student's"),
    ]

    def tests(module: types.ModuleType, package: str, name: str) -> str:
        names = sorted({faker.first_name() for _ in range(8)})[:4][::-1]
        scores = {n: [rng.randint(35, 99) for _ in range(3)] for n in names}
        scores[names[0]] = [threshold, threshold + 1, threshold - 1]
        scores[names[-1]] = [95, 91, 97]
        marks = [rng.randint(40, 99) for _ in range(4)]
        while sum(marks) % 4 == 0:
            marks[0] += 1
        body = [f"from {package}.{name} import average, letter, passed, summary", "", "import pytest", "",
                f"SCORES = {scores!r}", "",
                "def test_average():", f"    assert average({marks!r}) == {module.average(marks)!r}", "",
                "def test_average_of_nothing_is_an_error():", "    with pytest.raises(ValueError):", "        average([])", "",
                "def test_letters():"]
        for score in (95, 85, 72, threshold, threshold - 1):
            body.append(f"    assert letter({score}) == {module.letter(score)!r}")
        body += ["", "def test_passed():", f"    assert passed(SCORES) == {module.passed(scores)!r}", "",
                 "def test_summary():", f"    assert summary(SCORES) == {module.summary(scores)!r}", ""]
        return "\n".join(body)

    return _GRADES, values, bugs, tests


class Feature(BaseModel):
    """A function a feature request asks for: its signature, what it returns, a reference body (one
    statement) and a maker of example arguments; an example's result comes from running the body."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    name: str
    argument: str
    behaviour: str
    body: str
    arguments: Callable[[random.Random], str]

    def example(self, rng: random.Random) -> tuple[str, object]:
        """(call, its JSON-shaped result), the body run in-process on arguments this module drew."""
        import json

        call_args = self.arguments(rng)
        namespace: dict[str, object] = {}
        exec(f"def {self.name}({self.argument}):\n    {self.body}\n", namespace)  # noqa: S102 - our own body
        result = eval(f"{self.name}({call_args})", namespace)  # noqa: S307 - our own arguments
        return f"{self.name}({call_args})", json.loads(json.dumps(result))


def _lines(rng: random.Random) -> str:
    return repr([(rng.randint(1, 12), rng.choice([2.5, 4.99, 9.99, 12.0, 0.75])) for _ in range(rng.randint(2, 5))])


def _scores(rng: random.Random) -> str:
    return repr({n: [rng.randint(50, 99) for _ in range(3)] for n in rng.sample(["Ana", "Ben", "Chloe", "Dev", "Eli"], 4)})


FEATURES: dict[str, Feature] = {f.name: f for f in [
    Feature(kind="pricing", name="units_total", argument="lines", body="return sum(quantity for quantity, _ in lines)",
            behaviour="the total number of units in a list of (quantity, unit_price) lines (0 for an empty list)",
            arguments=_lines),
    Feature(kind="pricing", name="most_expensive_line", argument="lines",
            body="return list(max(lines, key=lambda line: line[0] * line[1]))",
            behaviour="the (quantity, unit_price) line with the highest quantity times unit price, as a list "
                      "[quantity, unit_price]; the first such line on a tie", arguments=_lines),
    Feature(kind="pricing", name="weighted_unit_price", argument="lines",
            body="return round(sum(q * p for q, p in lines) / sum(q for q, _ in lines), 2) if lines else 0.0",
            behaviour="the average unit price of (quantity, unit_price) lines weighted by quantity, rounded to 2 "
                      "decimals (0.0 for no lines)", arguments=_lines),
    Feature(kind="grades", name="best_student", argument="scores",
            body="return min(scores, key=lambda name: (-sum(scores[name]) / len(scores[name]), name))",
            behaviour="the name of the student (a key of the dict of score lists) with the highest average score; "
                      "on a tie, the alphabetically first name", arguments=_scores),
    Feature(kind="grades", name="top_students", argument="scores, n",
            body="return sorted(scores, key=lambda name: (-sum(scores[name]) / len(scores[name]), name))[:n]",
            behaviour="the names of the n students with the highest average score, best first; ties in "
                      "alphabetical order", arguments=lambda rng: f"{_scores(rng)}, {rng.randint(1, 3)}"),
    Feature(kind="grades", name="improved_students", argument="scores",
            body="return sorted(name for name, marks in scores.items() if marks[-1] > marks[0])",
            behaviour="the names of the students whose last score is higher than their first, in alphabetical order",
            arguments=_scores),
]}


_KINDS = {"pricing": _pricing, "grades": _grades}
BugId = Literal["bulk_boundary", "discount_scale", "cents_truncated", "units_counted", "pass_mark_boundary",
                "average_decimals", "passed_order", "best_average"]
BUG_KINDS: dict[str, str] = {"bulk_boundary": "pricing", "discount_scale": "pricing", "cents_truncated": "pricing",
             "units_counted": "pricing", "pass_mark_boundary": "grades", "average_decimals": "grades",
             "passed_order": "grades", "best_average": "grades"}
PROJECT_KINDS = tuple(sorted(_KINDS))


def _load(source: str, name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(source, name, "exec"), module.__dict__)  # noqa: S102 - source written by this module
    return module


def _run_tests(module_source: str, test_source: str, package: str, name: str) -> list[str]:
    """Names of the failing tests, run in-process against `module_source` (our own code only)."""
    import sys

    module = _load(module_source, f"{package}.{name}")
    pkg = types.ModuleType(package)
    setattr(pkg, name, module)
    saved = {k: sys.modules.get(k) for k in (package, f"{package}.{name}")}
    sys.modules[package], sys.modules[f"{package}.{name}"] = pkg, module
    try:
        namespace = _load(test_source, f"test_{name}").__dict__
    finally:
        for key, value in saved.items():
            if value is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = value
    failed = []
    for test_name, fn in namespace.items():
        if test_name.startswith("test_") and callable(fn):
            try:
                fn()
            except Exception:  # noqa: BLE001 - an assertion or any error is a failing test
                failed.append(test_name)
    return failed


def make_project(rng: random.Random, faker: Faker, *, kind: str | None = None) -> ProjectContent:
    """A package `<name>/` with one module, `tests/test_<module>.py`, a README and a pyproject."""
    kind = kind or rng.choice(PROJECT_KINDS)
    if kind not in _KINDS:
        raise PreparerError(f"unknown project kind {kind!r}; known: {', '.join(PROJECT_KINDS)}")
    company = faker.company()
    template, values, bugs, make_tests = _KINDS[kind](rng, faker)
    package = slug(f"{faker.last_name()} {kind}")
    source = textwrap.dedent(template).lstrip().format(company=company.replace('"', "'"), **values)
    module = _load(source, f"{package}.{kind}")
    tests = make_tests(module, package, kind)
    failing = _run_tests(source, tests, package, kind)
    if failing:
        raise PreparerError(f"generated {kind} project fails its own tests: {failing}")
    content = ProjectContent(
        package=package, module=f"{package}/{kind}.py", test_file=f"tests/test_{kind}.py",
        functions=[n for n, v in vars(module).items() if isinstance(v, types.FunctionType)],
        files={f"{package}/__init__.py": f'"""{kind.title()} helpers for {company}."""\n',
               f"{package}/{kind}.py": source, f"tests/test_{kind}.py": tests,
               "tests/__init__.py": "", "pytest.ini": "[pytest]\ntestpaths = tests\n",
               "README.md": f"# {package}\n\n{kind.title()} helpers for {company}.\n\nRun the tests with "
                            "`python3 -m pytest`.\n"},
        bugs=bugs,
    )
    for bug in bugs:
        if not _run_tests(content.with_bug(bug)[content.module], tests, package, kind):
            raise PreparerError(f"no test catches the planted bug in {bug.function} ({bug.symptom})")
    return content


def without_docstrings(source: str) -> str:
    """The module's code with every docstring removed (module and functions), as undocumented code is."""
    import ast

    tree = ast.parse(source)
    for node in [tree, *ast.walk(tree)]:
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return _spaced(ast.unparse(tree))


def _spaced(source: str) -> str:
    """`ast.unparse` output with PEP 8's two blank lines before each top-level definition."""
    import re

    return re.sub(r"\n+(def |class |@)", r"\n\n\n\1", source).strip() + "\n"


def without_tests_of(test_source: str, function: str) -> tuple[str, list[str]]:
    """The test module without the test functions that call `function`, and their names."""
    import ast

    tree = ast.parse(test_source)
    dropped = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and any(
        isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == function for c in ast.walk(n))]
    tree.body = [n for n in tree.body if not (isinstance(n, ast.FunctionDef) and n.name in dropped)]
    return _spaced(ast.unparse(tree)), dropped


def docstrings(source: str) -> dict[str, str]:
    """Each top-level function's docstring, by name (what the module's author wrote)."""
    import ast

    return {n.name: ast.get_docstring(n) or "" for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}


# Example arguments a test of each function may call it with, and the parameter and return types.
EXAMPLES: dict[str, list[str]] = {
    "line_total": ["3, 4.99", "12, 0.35", "1, 19.99"], "bulk_discount": ["1", "BULK_THRESHOLD", "BULK_THRESHOLD - 1"],
    "apply_discount": ["200.0, 10", "99.99, 0", "50.0, 100"], "order_total": ["[(2, 3.5), (1, 10.0)]", "[(40, 1.25)]"],
    "average": ["[70, 80, 91]", "[55]", "[60, 61, 62, 63]"], "letter": ["95", "PASS_MARK", "PASS_MARK - 1", "80"],
    "passed": ["{'Ann': [90, 80], 'Bob': [20, 30], 'Cy': [70, 71]}"],
    "summary": ["{'Ann': [90, 80], 'Bob': [20, 30], 'Cy': [70, 71]}"],
}
TYPES: dict[str, tuple[list[str], str]] = {
    "line_total": (["int", "float"], "float"), "bulk_discount": (["int"], "int"),
    "apply_discount": (["float", "float"], "float"), "order_total": (["list[tuple[int, float]]"], "float"),
    "average": (["list[float]"], "float"), "letter": (["float"], "str"),
    "passed": (["dict[str, list[float]]"], "list[str]"), "summary": (["dict[str, list[float]]"], "dict[str, float]"),
}

class Validation(BaseModel):
    """An input a function must start rejecting: `guard` is what a developer would add at its top."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    function: str
    rule: str = Field(description="What to reject, as a request would say it.")
    guard: str
    bad_calls: list[str]


VALIDATIONS: dict[str, Validation] = {v.function + "_" + k: v for k, v in {
    "negative_quantity": Validation(kind="pricing", function="line_total", rule="a negative quantity",
                                    guard="if quantity < 0:\n    raise ValueError(f'quantity must not be negative, got {quantity}')",
                                    bad_calls=["line_total(-1, 4.99)", "line_total(-20, 0.5)"]),
    "negative_price": Validation(kind="pricing", function="line_total", rule="a negative unit price",
                                 guard="if unit_price < 0:\n    raise ValueError(f'unit price must not be negative, got {unit_price}')",
                                 bad_calls=["line_total(2, -4.99)", "line_total(1, -0.01)"]),
    "negative_units": Validation(kind="pricing", function="bulk_discount", rule="a negative quantity",
                                 guard="if quantity < 0:\n    raise ValueError(f'quantity must not be negative, got {quantity}')",
                                 bad_calls=["bulk_discount(-1)", "bulk_discount(-500)"]),
    "empty_order": Validation(kind="pricing", function="order_total", rule="an order with no lines",
                              guard="if not lines:\n    raise ValueError('an order needs at least one line')",
                              bad_calls=["order_total([])"]),
    "score_range": Validation(kind="grades", function="letter", rule="a score below 0 or above 100",
                              guard="if not 0 <= score <= 100:\n    raise ValueError(f'score must be between 0 and 100, got {score}')",
                              bad_calls=["letter(101)", "letter(-1)"]),
    "scores_range": Validation(kind="grades", function="average", rule="any score below 0 or above 100",
                               guard="if any(not 0 <= s <= 100 for s in scores):\n    raise ValueError('scores must be between 0 and 100')",
                               bad_calls=["average([70, 101])", "average([-5, 80, 90])"]),
}.items()}

# Other names a module of each kind could reasonably be renamed to.
MODULE_RENAMES = {"pricing": ["prices", "billing", "order_pricing"], "grades": ["grading", "marks", "scores"]}


@register_preparer("code")
class CodePreparer:
    """Seeded Python packages with pytest tests and catchable bugs; workflows import the functions."""

    version = "1"
    file_types = ["py", "project"]
