"""Give a module its own exception: the input checks raise `<Module>Error` instead of a bare
ValueError, kept a ValueError for existing callers or a clean break with the tests updated."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import KindOptions, base_params
from workflows.code._guards import EXCEPTIONS, guarded_package
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Options(KindOptions):
    value_error: bool | None = None
    """True: the class subclasses ValueError, tests untouched; False: it derives from Exception, tests updated."""


class Params(ProjectParams):
    exception: str
    value_error: bool
    dotted: str


@register_workflow
class CustomException(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.custom_exception", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} raises plain ValueError when its functions get bad input. "
            "Give the module its own exception class `{{ exception }}` {% if value_error %}as a subclass of "
            "ValueError, so callers that catch ValueError keep working,{% else %}deriving from Exception, not from "
            "ValueError,{% endif %} and raise it instead of ValueError in each of those checks, with the same error "
            "messages. {% if value_error %}Leave the tests in {{ test_file }} exactly as they are.{% else %}Update {{ test_file }} so "
            "its tests expect `{{ exception }}` instead of ValueError.{% endif %} The whole suite must pass.",
            "Callers of `{{ dotted }}` can't tell our input errors apart from any other ValueError. Could you "
            "introduce a `{{ exception }}` in {{ module }} and raise that for bad input? "
            "{% if value_error %}Some code already does `except ValueError`, so make it a ValueError subclass; "
            "{{ test_file }} shouldn't need touching.{% else %}We're making a clean break: it should not be a ValueError "
            "at all, so please switch the pytest.raises checks in {{ test_file }} to the new class.{% endif %} "
            "Keep the messages as they read today.",
            "{{ folder }}/: {{ module }}: new `{{ exception }}({% if value_error %}ValueError{% else %}Exception"
            "{% endif %})` raised instead of every ValueError, same messages; {% if value_error %}{{ test_file }} untouched"
            "{% else %}{{ test_file }} expects {{ exception }}{% endif %}; suite green.",
        ],
        criteria=["The module defines the exception with the asked base and raises it for every bad input.",
                  "The messages are unchanged; the tests expect what the request says and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module whose errors change"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.exception_introduced",
                              bind={"folder": "folder", "exception": "exception", "value_error": "value_error"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = opts.kind or ctx.rng.choice(sorted(EXCEPTIONS))
        project = guarded_package(ctx.rng, ctx.faker, kind)
        paths, archive = base_params(project)
        value_error = opts.value_error if opts.value_error is not None else ctx.rng.random() < 0.5
        dotted = project.module.removesuffix(".py").replace("/", ".")
        return Params(**paths, exception=EXCEPTIONS[kind], value_error=value_error, dotted=dotted).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        exc, base = params.exception, "ValueError" if params.value_error else "Exception"
        script = f"""
            import ast, re
            path, tests, exc = {lit(params.module)}, {lit(params.test_file)}, {lit(exc)}
            source = open(path).read()
            tree = ast.parse(source)
            head = [n for n in tree.body[:1] if isinstance(n, ast.Expr)]
            head += [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
            at = max((n.end_lineno for n in head), default=0)
            lines = re.sub(r"\\braise ValueError\\(", f"raise {{exc}}(", source).split("\\n")
            lines[at:at] = ["", "", f"class {{exc}}({base}):", '    \"\"\"Raised when a function gets input it cannot use.\"\"\"']
            open(path, "w").write("\\n".join(lines))
            if {not params.value_error!r}:
                text = open(tests).read().replace("pytest.raises(ValueError)", f"pytest.raises({{exc}})")
                text = re.sub(r"^(from {params.dotted} import .*)$", rf"\\1, {{exc}}", text, count=1, flags=re.M)
                open(tests, "w").write(text)
        """
        where = "and leave the tests alone" if params.value_error else f"and make {params.test_file} expect it"
        return solution(
            shell_step(f"grep -n 'raise ValueError' {params.module}", "First I find every ValueError the module "
                       "raises.", "Find the ValueErrors"),
            script_step(script, f"I define {exc}({base}) after the imports, raise it in place of each ValueError "
                        f"with the same message, {where}.", f"Introduce {exc}"),
            pytest_step(params.folder, "The suite must pass."))
