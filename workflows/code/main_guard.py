"""Stop a module's demo code from running on import: put it under `if __name__ == "__main__":`,
directly or through a main() function, so `python -m package.module` still shows it."""

from __future__ import annotations

import random

from faker import Faker

from forge.models import ReferenceSolution
from preparers.code import ProjectContent
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._api import KindOptions, base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Options(KindOptions):
    main: bool | None = None
    """True: the demo moves into a main() the guard calls; False: the guard holds the demo itself."""


class Params(ProjectParams):
    main: bool
    dotted: str


def demo_package(rng: random.Random, faker: Faker, kind: str) -> ProjectContent:
    """A package of `kind` whose module ends with a few demo prints that run on import."""
    project = make_package(rng, faker, kind)
    calls = [(f, args) for f, many in sorted(KINDS[kind].calls.items()) for args in many[:1] if "{" not in args]
    lines = ["", "", "# quick demo while developing", f'print("{KINDS[kind].about}")']
    lines += [f'print("{f}({a}) ->", {f}({a}))' for f, a in rng.sample(calls, min(3, len(calls)))]
    source = project.files[project.module].rstrip("\n") + "\n" + "\n".join(lines) + "\n"
    return project.model_copy(update={"files": {**project.files, project.module: source}})


@register_workflow
class MainGuard(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.main_guard", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, importing {{ module }} prints a demo, because the demo lines at the end "
            "of the module run on import. Keep the demo but only when the module is run as a script "
            "(`python -m {{ dotted }}`): {% if main %}move it into a function `main()` and call main() from an "
            "`if __name__ == \"__main__\":` block{% else %}put it under an `if __name__ == \"__main__\":` block"
            "{% endif %}. The output of running it must not change; leave {{ test_file }} alone.",
            "Every time something imports `{{ dotted }}` our logs fill up with its demo output. Could you make the "
            "demo at the bottom of {{ module }} run only under `python -m {{ dotted }}`"
            "{% if main %}, wrapped in a main() function{% endif %}? Same output as now when run that way, "
            "and {{ test_file }} shouldn't change.",
            "{{ folder }}/: {{ module }}: demo under if __name__ == \"__main__\"{% if main %} via main(){% endif %}; "
            "import prints nothing; python -m {{ dotted }} prints as before; {{ test_file }} untouched.",
        ],
        criteria=["Importing the module prints nothing.",
                  "Running it as a script prints the same demo as before, as asked; the tests pass unchanged."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the demo")],
        checks=[CheckTemplate(func="project.main_guarded", bind={"folder": "folder", "main": "main"},
                              paths={"file": "module"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project = demo_package(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(KINDS)))
        paths, archive = base_params(project)
        main = opts.main if opts.main is not None else ctx.rng.random() < 0.5
        dotted = project.module.removesuffix(".py").replace("/", ".")
        return Params(**paths, main=main, dotted=dotted).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path = {lit(params.module)}
            source = open(path).read()
            tree = ast.parse(source)
            first = next(n for n in tree.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call))
            lines = source.rstrip("\\n").split("\\n")
            head, demo = lines[:first.lineno - 1], lines[first.lineno - 1:]
            body = ["    " + line for line in demo]
            if {params.main!r}:
                tail = ["def main():", '    \"\"\"Print the demo.\"\"\"', *body, "", "", 'if __name__ == "__main__":', "    main()"]
            else:
                tail = ['if __name__ == "__main__":', *body]
            open(path, "w").write("\\n".join(head + tail) + "\\n")
        """
        how = "inside main(), called from" if params.main else "under"
        return solution(
            shell_step(f"tail -8 {params.module}", "First I look at the demo lines at the end.", "Read the demo"),
            script_step(script, f"I move the demo lines {how} an if __name__ == '__main__' block.", "Guard the demo"),
            shell_step(f"(cd {params.folder} && python3 -m {params.dotted})", "Running it as a script still shows the "
                       "demo.", "Run the module"),
            pytest_step(params.folder, "The suite must pass unchanged."))
