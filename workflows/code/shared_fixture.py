"""Move test setup that two test modules copy into every test (a list of order records, a timesheet
CSV written to tmp_path, a filled shopping cart) into one pytest fixture in the tests' conftest.py
(a new one, or the one already there, kept), built for each test or once per module (the CSV
then from tmp_path_factory); the tests take the fixture and change in nothing else."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._fixture_samples import SAMPLES, add_sample
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    sample: Literal[tuple(SAMPLES)] | None = None  # type: ignore[valid-type]
    existing: bool | None = None
    """True: the tests already have a conftest.py (an autouse fixture) to add to; False: create it."""
    scope: Literal["function", "module"] | None = None


class Params(ProjectParams):
    other_test: str
    conftest: str
    fixture: str
    what: str
    existing: bool
    scope: str


SCOPE = ("{% if scope == 'module' %}built once per test module (scope=\"module\"){% else %}built afresh for each "
         "test (the default scope){% endif %}")
WHERE = "{{ conftest }}{% if existing %} (it already exists: keep what it holds){% endif %}"


@register_workflow
class SharedFixture(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.shared_fixture", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, the tests in {{ test_file }} and {{ other_test }} start by building the "
            "same {{ what }}, copied into every test that needs it. Move that setup into one pytest fixture named "
            "`{{ fixture }}` in " + WHERE + ", " + SCOPE + ", and make those tests take `{{ fixture }}` as an "
            "argument instead. Nothing else in the tests changes, and the suite must pass.",
            "The same {{ what }} is pasted at the top of test after test in {{ test_file }} and {{ other_test }} "
            "({{ folder }}/). Could you turn it into a shared fixture `{{ fixture }}` in " + WHERE + ", " + SCOPE
            + "? The tests should just ask for it; their assertions stay exactly as they are.",
            "{{ folder }}/: fixture `{{ fixture }}` in " + WHERE + ", " + SCOPE + ", replacing the copied {{ what }} "
            "setup in {{ test_file }} and {{ other_test }}; tests otherwise untouched; suite green.",
        ],
        criteria=["One fixture in conftest.py builds the sample with the asked scope; the copies are gone.",
                  "Every test that built the sample takes the fixture and is otherwise unchanged; the suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="conftest", type="py", description="The tests' conftest.py"),
               FileSlot(param="test_file", type="py", description="A test module with the copied setup"),
               FileSlot(param="other_test", type="py", description="Another test module with the copied setup")],
        checks=[CheckTemplate(func="project.fixture_extracted",
                              bind={"folder": "folder", "fixture": "fixture", "scope": "scope"},
                              paths={"conftest": "conftest", "test_file": "test_file", "other_test": "other_test"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        existing = opts.existing if opts.existing is not None else ctx.rng.random() < 0.5
        project, sample, other = add_sample(ctx.rng, ctx.faker, opts.sample or ctx.rng.choice(sorted(SAMPLES)),
                                            existing_conftest=existing)
        paths, archive = base_params(project)
        return Params(**paths, other_test=f"{paths['folder']}/{other}", conftest=f"{paths['folder']}/tests/conftest.py",
                      fixture=sample.fixture, what=sample.what, existing=existing,
                      scope=opts.scope or ctx.rng.choice(["function", "module"])).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        decorator = '@pytest.fixture(scope="module")' if params.scope == "module" else "@pytest.fixture"
        script = f"""
            import ast, os
            fixture, conftest, module_scope = {lit(params.fixture)}, {lit(params.conftest)}, {params.scope == "module"!r}

            def setup_length(body):
                count = 0
                for stmt in body:
                    names = [t.id for t in getattr(stmt, "targets", []) if isinstance(t, ast.Name)]
                    call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
                    owner = call.func.value if call and isinstance(call.func, ast.Attribute) else None
                    if fixture not in names and not (isinstance(owner, ast.Name) and owner.id == fixture):
                        break
                    count += 1
                return count

            setup, imports = None, []
            for path in ({lit(params.test_file)}, {lit(params.other_test)}):
                source = open(path).read()
                tree, lines = ast.parse(source), source.split("\\n")
                for node in reversed(tree.body):
                    size = setup_length(node.body) if isinstance(node, ast.FunctionDef) else 0
                    if not size:
                        continue
                    first, last = node.body[0].lineno, node.body[size - 1].end_lineno
                    setup = [line[4:] for line in lines[first - 1:last]]
                    rest = ast.Module(body=node.body[size:], type_ignores=[])
                    keep = [a.arg for a in node.args.args if a.arg != "tmp_path" or "tmp_path" in ast.dump(rest)]
                    lines[node.lineno - 1:last] = ["def " + node.name + "(" + ", ".join(keep + [fixture]) + "):"]
                used = {{n.id for n in ast.walk(ast.parse("\\n".join(setup or []))) if isinstance(n, ast.Name)}}
                imports += ["from " + n.module + " import " + ", ".join(a.name for a in n.names if a.name in used)
                            for n in tree.body if isinstance(n, ast.ImportFrom) and any(a.name in used for a in n.names)]
                open(path, "w").write("\\n".join(lines))
            uses_tmp = any("tmp_path" in line for line in setup)
            head = "tmp_path_factory" if uses_tmp and module_scope else "tmp_path" if uses_tmp else ""
            body = (['tmp_path = tmp_path_factory.mktemp("data")'] if head == "tmp_path_factory" else []) + setup
            block = ["", "", {lit(decorator)}, "def " + fixture + "(" + head + "):"]
            block += ["    " + line for line in body] + ["    return " + fixture, ""]
            wanted = sorted(set(imports))
            if os.path.exists(conftest):
                text = open(conftest).read().rstrip("\\n").split("\\n")
                last_import = max(n.end_lineno for n in ast.parse("\\n".join(text)).body
                                  if isinstance(n, (ast.Import, ast.ImportFrom)))
                text[last_import:last_import] = wanted
            else:
                text = ['\"\"\"Fixtures shared by the tests.\"\"\"', "", "import pytest"] + (["", *wanted] if wanted else [])
            open(conftest, "w").write("\\n".join(text + block))
        """
        return solution(
            shell_step(f"cat {params.test_file} {params.other_test}", "First I read the copied setup in both test modules.",
                       "Read the tests"),
            script_step(script, f"I move the setup into the fixture {params.fixture} in {params.conftest} "
                        f"({params.scope} scope) and make each of those tests take it.", f"Add the {params.fixture} fixture"),
            pytest_step(params.folder, "The suite must pass."))
