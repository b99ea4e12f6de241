"""Boundary cases of `project.context_manager_added` on real resource modules (a stock batch: begin(),
then commit() or rollback() on an error; a lock file: acquire(), then release() whatever happens),
run in a bubblewrap sandbox: __enter__/__exit__ on the class and a contextmanager function pass,
with the tests as given or a new test using `with`; nothing done, an enter that does not open or
does not give the object, a commit where an error asks for the rollback, a rollback followed by
a commit (a discrepancy only at the end), a swallowed error, a function that yields another
object or never rolls back, a release only on success, a missing class or function, edited tests,
a new test missing or passing on the original fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._resources import add_resource

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_resource(rng, faker, "batch")[0])
LOCK_FILES, LOCK_MODULE, LOCK_TESTS = seeded(lambda rng, faker: add_resource(rng, faker, "lock")[0])

ENTER = "\n    def __enter__(self):\n        self.begin()\n        return self\n"
EXIT = ("\n    def __exit__(self, exc_type, exc, tb):\n        if exc_type is None:\n            self.commit()\n"
        "        else:\n            self.rollback()\n        return False\n")
FUNCTION = '''

@contextmanager
def stock_batch(levels):
    batch = StockBatch(levels)
    batch.begin()
    try:
        yield batch
    except BaseException:
        batch.rollback()
        raise
    batch.commit()
'''
NEW_TEST = '''

def test_batch_in_a_with_block():
    levels = {"A-1": 3}
    with pytest.raises(ValueError):
        with StockBatch(levels) as batch:
            batch.move("A-1", -9)
    assert levels == {"A-1": 3}
'''
OLD_STYLE_TEST = NEW_TEST.replace("with StockBatch(levels) as batch:\n            batch.move",
                                  "batch = StockBatch(levels)\n        batch.begin()\n        batch.move")


def methods(enter: str = ENTER, exit_: str = EXIT, source: str = FILES[MODULE]) -> str:
    return source.rstrip("\n") + "\n" + enter + exit_


def function(body: str = FUNCTION) -> str:
    head, rest = FILES[MODULE].split("\n", 1)
    return f"{head}\n\nfrom contextlib import contextmanager\n{rest.rstrip()}\n{body}"


def case(label: str, source: str, passes: bool, says: str = "", tests: str | None = None, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: FILES[TESTS] if tests is None else tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "klass": "StockBatch", "function": None,
        "takes": "levels", "opener": "begin", "closer": "commit", "on_error": "rollback", "test": False,
        **options}, passes, says)


def lock_case(label: str, exit_: str, passes: bool, says: str = "") -> Case:
    enter = "\n    def __enter__(self):\n        self.acquire()\n        return self\n"
    return project_case(label, LOCK_FILES, {LOCK_MODULE: methods(enter, exit_, LOCK_FILES[LOCK_MODULE])}, {
        "file": f"proj/{LOCK_MODULE}", "test_file": f"proj/{LOCK_TESTS}", "klass": "FileLock", "takes": "path",
        "opener": "acquire", "closer": "release", "test": False}, passes, says)


SHOWN = "StockBatch() does not work in a with statement as asked: "
FN = {"function": "stock_batch"}

CASES = {
    "project.context_manager_added": [
        case("__enter__/__exit__ on the class, the tests as given", methods(), True),
        case("a contextmanager function, the tests as given", function(), True, **FN),
        case("the class with a new test using with", methods(), True, tests=FILES[TESTS] + NEW_TEST, test=True),
        case("nothing done", FILES[MODULE], False, SHOWN + "StockBatch(...) is no context manager"),
        case("an enter that does not begin", methods(ENTER.replace("self.begin()", "pass")), False,
             "entering the with block called [], expected begin() once"),
        case("an enter that gives nothing", methods(ENTER.replace("return self", "return None")), False,
             "`with StockBatch(...) as x` gives None, not the StockBatch"),
        case("a commit where the error asks for a rollback",
             methods(exit_="\n    def __exit__(self, exc_type, exc, tb):\n        self.commit()\n"), False,
             "a block that raises called ['begin', 'commit'], expected ['begin', 'rollback']"),
        case("a rollback then a commit", methods(exit_=EXIT.replace("self.rollback()\n", "self.rollback()\n            self.commit()\n")),
             False, "a block that raises called ['begin', 'rollback', 'commit'], expected ['begin', 'rollback']"),
        case("the error swallowed", methods(exit_=EXIT.replace("return False", "return True")), False,
             "an error raised inside the with block was swallowed"),
        case("a function yielding another batch", function(FUNCTION.replace("yield batch", "yield StockBatch(levels)")),
             False, "stock_batch() does not work in a with statement as asked: the calls went to another StockBatch",
             **FN),
        case("a function that never rolls back", function(FUNCTION.replace(
            "    try:\n        yield batch\n    except BaseException:\n        batch.rollback()\n        raise\n",
            "    yield batch\n")), False, "a block that raises called ['begin'], expected ['begin', 'rollback']", **FN),
        case("the function missing", methods(), False, f"proj/{MODULE} defines no top-level function stock_batch",
             **FN),
        case("the class renamed", methods().replace("class StockBatch", "class Batch"), False,
             f"proj/{MODULE} defines no class StockBatch"),
        case("the tests edited", methods(), False, f"proj/{TESTS} was changed; the tests must stay as they were",
             tests=FILES[TESTS] + NEW_TEST),
        case("no new test", methods(), False, f"proj/{TESTS} has no new test that calls StockBatch()", test=True),
        case("a new test that passes on the original", methods(), False,
             "the new tests also pass on the original module", tests=FILES[TESTS] + OLD_STYLE_TEST, test=True),
        case("the commit broken", methods().replace("        self._saved = None\n\n    def rollback",
                                                    "        self.levels.clear()\n\n    def rollback"), False,
             "the tests do not pass"),
        lock_case("a lock released whatever happens",
                  "\n    def __exit__(self, exc_type, exc, tb):\n        self.release()\n", True),
        lock_case("a lock released only on success",
                  "\n    def __exit__(self, exc_type, exc, tb):\n        if exc_type is None:\n            self.release()\n",
                  False, "a block that raises called ['acquire'], expected ['acquire', 'release']"),
    ],
}
