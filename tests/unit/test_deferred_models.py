"""The ~1,300 check-options and workflow-params models build their schemas at first use, not when
the plugins load: the flow's workers fork from a server that loads every plugin first, on one core,
and a run uses a fraction of them (0.4 s of a 4.4 s preload, measured). Deferred, they still
validate exactly as before, from the first call on, also when threads make that call at once."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest
from pydantic import ValidationError

from forge.checks.spec import CheckOptions
from workflows._prepared import Prepared
from workflows.spec import SkillParams

_COUNT_BUILT = """
import json
import flows.worker_preload  # what the workers' fork server imports
from forge.checks.spec import CheckOptions
from workflows._prepared import Prepared
from workflows.spec import SkillParams

def everything(base):
    found, todo = set(), [base]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return found

models = everything(CheckOptions) | everything(SkillParams) | everything(Prepared)
print(json.dumps([len(models), sum(bool(m.__pydantic_complete__) for m in models)]))
"""


def test_loading_every_plugin_builds_almost_none_of_their_models() -> None:
    out = subprocess.run([sys.executable, "-c", _COUNT_BUILT], capture_output=True, text=True, timeout=300,
                         check=True)
    models, built = json.loads(out.stdout.splitlines()[-1])
    assert models > 1000, models  # the registries did load
    assert built < models * 0.05, (built, models)  # a few are used at import (module-level instances)


@pytest.mark.parametrize("base", [CheckOptions, SkillParams, Prepared])
def test_a_deferred_model_validates_as_before_on_its_first_calls_from_many_threads(base: type) -> None:
    class Probe(base):  # type: ignore[misc, valid-type]
        size: int
        label: str = "x"

    assert not Probe.__pydantic_complete__
    start, results, errors = threading.Barrier(8), [], []

    def first_use() -> None:
        start.wait()
        try:
            results.append(Probe.model_validate({"size": "3"}))
            Probe.model_validate({"size": "three"})
        except ValidationError as exc:
            errors.append(exc.errors()[0]["type"])

    threads = [threading.Thread(target=first_use) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r.size for r in results] == [3] * 8 and errors == ["int_parsing"] * 8
    assert Probe.__pydantic_complete__
    if base is not Prepared:  # the strict bases: a misspelt parameter is still an error, and still frozen
        with pytest.raises(ValidationError, match="extra_forbidden"):
            Probe.model_validate({"size": 1, "sise": 2})
        with pytest.raises(ValidationError, match="frozen"):
            results[0].size = 4
