"""Add runnable doctest examples to the docstrings of one function or of every function of a module,
changing no code."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import KindOptions, base_params, draw_package, functions
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Options(KindOptions):
    every: bool | None = None
    """True: every function of the module; False: one named function."""


class Params(ProjectParams):
    function: str | None
    every: bool


@register_workflow
class AddDoctests(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_doctests", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "Please add doctest examples (`>>>` lines with the expected output) to the docstring of "
            "{% if every %}every function in {{ module }}{% else %}`{{ function }}` in {{ module }}{% endif %} "
            "(project {{ folder }}/). The examples must pass when doctest runs the module and show real results; do not "
            "change any code, only docstrings, and leave the tests alone.",
            "New people keep asking what {% if every %}the functions in {{ module }} return{% else %}"
            "`{{ function }}` ({{ module }}) returns{% endif %}. Could you put a worked example or two in "
            "{% if every %}each docstring{% else %}its docstring{% endif %}, as doctests, so they double as "
            "documentation and as a check? Code and tests stay as they are.",
            "{{ folder }}/: doctest examples in the docstring of {% if every %}each function of {{ module }}"
            "{% else %}{{ function }}() ({{ module }}){% endif %}; doctests pass; docstrings only.",
        ],
        criteria=["Each docstring asked for has >>> examples that pass under doctest and show results.",
                  "Only docstrings changed; the tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the new examples")],
        checks=[CheckTemplate(func="project.doctests_added", bind={"folder": "folder", "function": "function"},
                              paths={"file": "module"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        _, project = draw_package(ctx)
        every = opts.every if opts.every is not None else ctx.rng.random() < 0.5
        function = None if every else ctx.rng.choice(functions(project.files[project.module]))
        paths, archive = base_params(project)
        return Params(**paths, function=function, every=every).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast, importlib, sys
            folder, path, tests = {lit(params.folder)}, {lit(params.module)}, {lit(params.test_file)}
            sys.path.insert(0, folder)
            module = importlib.import_module(path[len(folder) + 1:].removesuffix(".py").replace("/", "."))
            calls = {{}}
            for node in ast.walk(ast.parse(open(tests).read())):
                if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) \\
                        and isinstance(node.test.left, ast.Call) and isinstance(node.test.left.func, ast.Name):
                    calls.setdefault(node.test.left.func.id, []).append(ast.unparse(node.test.left))
            source = open(path).read()
            lines = source.split("\\n")
            wanted = {lit(params.function)}
            nodes = [n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and (wanted is None or n.name == wanted)]
            for node in sorted(nodes, key=lambda n: -n.lineno):
                shown = [(c, repr(eval(c, vars(module)))) for c in calls.get(node.name, [])]
                shown = [s for s in shown if "\\\\" not in s[1]][:2]
                assert shown, f"no test call of {{node.name}} to show: {{sorted(calls)}}"
                doc = node.body[0]
                pad = " " * doc.col_offset
                example = [""] + [line for c, r in shown for line in (pad + ">>> " + c, pad + r)] + [pad + '\"\"\"']
                last = lines[doc.end_lineno - 1]
                lines[doc.end_lineno - 1] = last[:last.rindex('\"\"\"')].rstrip()
                lines[doc.end_lineno:doc.end_lineno] = example
                print(node.name, len(shown), "examples")
            open(path, "w").write("\\n".join(lines))
        """
        target = "every function" if params.every else params.function
        return solution(
            shell_step(f"cat {params.module}", "First I read the module and its docstrings.", "Read the module"),
            script_step(script, f"I run the calls the tests make on the real code and put two of them, with their "
                        f"results, into the docstring of {target}.", "Add doctest examples"),
            shell_step(f"(cd {params.folder} && python3 -m doctest -v {params.module[len(params.folder) + 1:]} | tail -3)",
                       "Then I run the doctests to be sure they pass.", "Run the doctests"),
            pytest_step(params.folder, "And the suite must still pass."))
