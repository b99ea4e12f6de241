"""Make a service client retry when the service drops a call: ask again at most N times in all,
at once, after a fixed wait or after a doubling wait, for connection errors (and timeouts), then
raise the last error or return None; with the tests as given or a new test with a failing fake."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._clients import CLIENTS, add_client
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

ERRORS = {"connection": ("ConnectionError",), "network": ("ConnectionError", "TimeoutError")}


class Options(SkillParams):
    backoff: Literal["none", "fixed", "doubling"] | None = None
    give_up: Literal["raise", "none"] | None = None
    errors: Literal["connection", "network"] | None = None
    """Retried: ConnectionError only, or ConnectionError and TimeoutError."""
    test: bool | None = None
    """True: add a test whose fake transport fails first; False: the tests stay as they are."""


class Params(ProjectParams):
    function: str
    service: str
    attempts: int
    delay: float | None
    backoff: str
    give_up: str
    errors: str
    test: bool


ASK = (
    "at most {{ attempts }} attempts in all, {% if backoff == 'none' %}retrying at once without waiting"
    "{% elif backoff == 'fixed' %}waiting {{ delay }} seconds (time.sleep) before each retry{% else %}waiting "
    "{{ delay }} seconds (time.sleep) before the first retry and twice as long before each further one{% endif %}, "
    "when the transport raises ConnectionError{% if errors == 'network' %} or TimeoutError{% endif %} (any other "
    "error goes straight to the caller). If the last attempt fails too, {% if give_up == 'raise' %}raise that "
    "last error{% else %}return no value instead of raising (a bare return){% endif %}. ")
NEW_TEST = '''

def test_{function}_tries_again_after_a_dropped_connection(monkeypatch):
    monkeypatch.setattr(time, "sleep", lambda seconds: None)
    calls = []

    def flaky(path):
        calls.append(path)
        if len(calls) == 1:
            raise ConnectionError("service down")
        return {reply}

    assert {function}(flaky, {value}) == {function}(lambda path: {reply}, {value})
    assert len(calls) == 2
'''
TESTS = ("{% if test %}Add a test to {{ test_file }} whose fake transport fails first (patch time.sleep so it "
         "doesn't wait).{% else %}Leave {{ test_file }} as it is.{% endif %}")


@register_workflow
class AddRetry(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_retry", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ function }}() in {{ module }} fails whenever {{ service }} drops a "
            "connection. Make it try again: " + ASK + TESTS + " Its parameters stay the same and the suite must pass.",
            "{{ service | capitalize }} has been flaky this week and {{ function }} ({{ module }}) gives up on the "
            "first hiccup. Could you add retries, " + ASK + TESTS,
            "{{ folder }}/: {{ module }}: {{ function }} retries: " + ASK + TESTS + " Same signature; suite green.",
        ],
        criteria=["The function retries the stated errors at most the stated number of attempts, waiting as asked.",
                  "After the last failure it behaves as asked; other errors reach the caller; the tests are as asked."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The client module"),
               FileSlot(param="test_file", type="py", description="The client's tests")],
        checks=[CheckTemplate(func="project.retries_added",
                              bind={"folder": "folder", "function": "function", "attempts": "attempts",
                                    "delay": "delay", "backoff": "backoff", "give_up": "give_up",
                                    "errors": "errors", "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )
    states_values = ("attempts", "delay")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, client = add_client(ctx.rng, ctx.faker, ctx.rng.choice(sorted(CLIENTS)))
        paths, archive = base_params(project)
        backoff = opts.backoff or ctx.rng.choice(["none", "fixed", "doubling"])
        pick = ctx.rng.choice
        return Params(**paths, function=client.function, service=client.service, attempts=pick([3, 4, 5]),
                      delay=None if backoff == "none" else pick([0.5, 1.0, 2.0]), backoff=backoff,
                      give_up=opts.give_up or pick(["raise", "none"]), errors=opts.errors or pick(sorted(ERRORS)),
                      test=opts.test if opts.test is not None else ctx.rng.random() < 0.5).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        caught = ", ".join(ERRORS[params.errors])
        wait = {"none": [], "fixed": ["            time.sleep(delay)"],
                "doubling": ["            time.sleep(delay)", "            delay *= 2"]}[params.backoff]
        final = "                raise" if params.give_up == "raise" else "                return"
        script = f"""
            import ast, re
            path, function = {lit(params.module)}, {lit(params.function)}
            source = open(path).read()
            node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == function)
            lines = source.split("\\n")
            call = node.body[1]
            head = lines[:call.lineno - 1]
            asked = lines[call.lineno - 1:call.end_lineno]
            rest = lines[call.end_lineno:]
            loop = {["    delay = " + repr(params.delay)] if params.delay else []!r}
            loop += ["    for attempt in range(1, {params.attempts} + 1):", "        try:"]
            loop += ["        " + line for line in asked]
            loop += ["            break", "        except ({caught}):", "            if attempt == {params.attempts}:",
                     {lit(final)}, *{wait!r}]
            text = "\\n".join(head + loop + rest)
            if {params.backoff != "none"!r}:
                doc = ast.parse(text).body[0]
                rows = text.split("\\n")
                text = "\\n".join(rows[:doc.end_lineno] + ["", "import time"] + rows[doc.end_lineno:])
            open(path, "w").write(text)
            if {params.test!r}:
                tests = open({lit(params.test_file)}).read()
                reply = re.search(r"return (\\{{.*\\}})", tests).group(1)
                value = re.search(function + r"\\(transport, (.*)\\) == ", tests).group(1)
                tests = "import time\\n\\n" + tests + {lit(NEW_TEST)}.format(function=function, reply=reply, value=value)
                open({lit(params.test_file)}, "w").write(tests)
        """
        tested = " and add a test with a transport that fails once" if params.test else ""
        return solution(
            shell_step(f"cat {params.module} {params.test_file}", "First I read the client and its test.",
                       "Read the client"),
            script_step(script, f"I wrap the transport call of {params.function} in a retry loop as asked{tested}.",
                        f"Add retries to {params.function}"),
            pytest_step(params.folder, "The suite must pass."))
