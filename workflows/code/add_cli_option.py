"""Add an option to a project's argparse command line (sort the lines, write them to a file, print
JSON, round, add a total, keep the lines reaching a bound), with a test that calls main()."""

from __future__ import annotations

import random
from collections.abc import Callable

from pydantic import PrivateAttr

from forge.checks.project_cli import Option
from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._catalogue import _load
from workflows.code._cli import FUNCTIONS, VALUES, add_cli
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

ASK = {"sort": "prints the lines sorted by result, largest first (equal results in the order given)",
       "output": "writes the lines to the file named after it instead of printing them (nothing on the screen)",
       "json": "prints instead one JSON object mapping each value, written as the CLI prints it, to its result",
       "precision": "rounds each result to that many decimal places",
       "total": "prints, after the usual lines, a last line: the word total, a tab, then the sum of the results "
                "rounded to 2 decimals",
       "at_least": "prints only the lines whose result is at least that number"}
BOUNDS = [1, 2, 5, 10, 20, 25, 50, 100]
VALUE_TRIES = 200  # enough for any function that can show the option (most need 1-3)
FLAGS = {"sort": "--sort", "output": "--output", "json": "--json", "precision": "--precision", "total": "--total",
         "at_least": "--min"}
# the reference's change to main(): the lines are built first, then the option decides how they go out
_MAIN = {
    "sort": "    if args.sort:\n        lines.sort(key=lambda pair: -pair[1])\n",
    "output": "",
    "json": "    if args.json:\n        print(json.dumps({v: r for v, r in lines}))\n        return 0\n",
    "precision": ("    if args.precision is not None:\n"
                  "        lines = [(v, round(r, args.precision) if args.precision else round(r)) for v, r in lines]\n"),
    "total": "",
    "at_least": "    if args.min is not None:\n        lines = [(v, r) for v, r in lines if r >= args.min]\n",
}
_AFTER = {"total": '    if args.total:\n        text += f"total\\t{round(sum(r for _, r in lines), 2)}\\n"\n',
          "output": ('    if args.output:\n        with open(args.output, "w", encoding="utf-8") as handle:\n'
                     '            handle.write(text)\n        return 0\n')}
_ADD = {"sort": 'parser.add_argument("--sort", action="store_true", help="largest result first")',
        "output": 'parser.add_argument("--output", help="write the lines to this file")',
        "json": 'parser.add_argument("--json", action="store_true", help="print one JSON object")',
        "precision": 'parser.add_argument("--precision", type=int, help="decimal places")',
        "total": 'parser.add_argument("--total", action="store_true", help="add a total line")',
        "at_least": 'parser.add_argument("--min", type=float, help="only results at least this")'}


class Options(SkillParams):
    option: Option | None = None


class Params(ProjectParams):
    _function: str = PrivateAttr(default="")
    cli: str
    cli_test: str
    option: Option
    flag: str
    argument: str | None
    values: list[str]
    ask: str
    command: str


@register_workflow
class AddCliOption(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_cli_option", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "The project {{ folder }}/ has a command line, {{ cli }} (`{{ command }}`), that prints one "
            "line per value: the value, a tab, its result. Add an option `{{ flag }}{% if argument %} {{ argument }}"
            "{% endif %}` that {{ ask }}, e.g. `{{ command }} {{ flag }}{% if argument %} {{ argument }}{% endif %}`. "
            "Without it the output must not change. Add a test to {{ cli_test }} that calls main() with the "
            "option; the whole suite must pass.",
            "Feature request for the {{ folder }} CLI ({{ cli }}): a `{{ flag }}` option{% if argument %} taking a "
            "value (like {{ argument }}){% endif %} that {{ ask }}. Try it as `{{ command }} {{ flag }}"
            "{% if argument %} {{ argument }}{% endif %}`. Please keep the normal output exactly as it is and cover "
            "the option with a test in {{ cli_test }} calling main([...]).",
            "{{ folder }}/: {{ cli }}: add argparse option {{ flag }}{% if argument %} ({{ argument }}){% endif %}: "
            "{{ ask }} (try `{{ command }} {{ flag }}{% if argument %} {{ argument }}{% endif %}`); default output "
            "unchanged; test via main() in {{ cli_test }}; suite green.",
        ],
        criteria=["With the option the CLI does what was asked; without it, it prints what it did.",
                  "A new test calls main() with the option and the whole suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package with a CLI"),
               FileSlot(param="cli", type="py", description="The command-line module"),
               FileSlot(param="cli_test", type="py", description="The CLI's tests")],
        checks=[CheckTemplate(func="project.cli_option_added",
                              bind={"folder": "folder", "option": "option", "flag": "flag", "argument": "argument",
                                    "values": "values"}, paths={"file": "cli", "test_file": "cli_test"})],
    )

    states_values = ("argument", "values")

    @staticmethod
    def _visible_values(rng: random.Random, option: str,
                        compute: Callable[[float], float]) -> tuple[list[str], str | None] | None:
        """Values the option visibly changes (not already in order, not whole, some below the bound) and
        its argument; None when `compute` cannot show it in VALUE_TRIES draws."""
        for _ in range(VALUE_TRIES):
            values = rng.sample(VALUES, 4)
            results = [compute(float(v)) for v in values]
            splits = [b for b in BOUNDS if min(results) < b <= max(results)]  # a round bound some results reach
            argument = {"output": rng.choice(["results.txt", "out.tsv", "report.txt"]), "precision": "0",
                        "at_least": str(rng.choice(splits)) if splits else "0"}.get(option)
            if option == "sort" and results == sorted(results, reverse=True):
                continue
            if option == "precision" and all(r == round(r) for r in results):
                continue
            if option == "at_least" and not splits:
                continue
            return values, argument
        return None

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        option: Option = opts.option or ctx.rng.choice(list(ASK))  # type: ignore[assignment]
        while True:  # a function the option cannot visibly change (whole fees and --precision) is drawn again
            kind = ctx.rng.choice(sorted(FUNCTIONS))
            function, about = ctx.rng.choice(sorted(FUNCTIONS[kind].items()))
            project = make_package(ctx.rng, ctx.faker, kind, neighbours=1)
            module = project.module.rsplit("/", 1)[1].removesuffix(".py")
            files, cli, tests = add_cli(ctx.rng, project, module, function, about)
            compute = getattr(_load(project.files[project.module], project.package, module), function)
            if (drawn := self._visible_values(ctx.rng, option, compute)) is not None:
                break
        values, argument = drawn
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        cli=f"{folder}/{cli}", cli_test=f"{folder}/{tests}", option=option, flag=FLAGS[option],
                        argument=argument, values=values, ask=ASK[option],
                        command=f"python3 -m {project.package}.cli {' '.join(values)}")
        params._function = function
        return params.with_files(**project_files(folder, files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        old = f'    for value in args.values:\n        print(f"{{value:g}}\\t{{{params._function}(value)}}")\n'
        new = (f'    lines = [(f"{{value:g}}", {params._function}(value)) for value in args.values]\n'
               + _MAIN[params.option] + '    text = "".join(f"{v}\\t{r}\\n" for v, r in lines)\n'
               + _AFTER.get(params.option, "") + '    print(text, end="")\n')
        argv = [*params.values, params.flag, *([params.argument] if params.argument else [])]
        test = ("\n\ndef test_option(capsys, tmp_path, monkeypatch):\n    monkeypatch.chdir(tmp_path)\n"
                f"    assert main({argv!r}) == 0\n" + _test_body(params))
        script = f"""
            path = {lit(params.cli)}
            source = open(path).read()
            assert {lit(old)} in source
            source = source.replace({lit(old)}, {lit(new)}, 1)
            option = "    " + {lit(_ADD[params.option])} + "\\n"
            source = source.replace("    return parser\\n", option + "    return parser\\n", 1)
            if {lit(params.option)} == "json":
                source = source.replace("import argparse\\n", "import argparse\\nimport json\\n", 1)
            open(path, "w").write(source)
            open({lit(params.cli_test)}, "a").write({lit(test)})
        """
        return solution(
            script_step(script, f"I add {params.flag} to the parser and build the lines first in main(), so the "
                        "option can decide how they go out; then a test calling main() with it.",
                        f"Add {params.flag} to the CLI"),
            pytest_step(params.folder, "The whole suite must pass."))


def _test_body(params: Params) -> str:
    """The new test's assertion, true only with the option working (not of the original output)."""
    if params.option == "output":
        return (f"    assert capsys.readouterr().out == ''\n"
                f"    assert len(open({params.argument!r}).read().splitlines()) == {len(params.values)}\n")
    if params.option == "json":
        return f"    import json\n    assert len(json.loads(capsys.readouterr().out)) == {len(params.values)}\n"
    if params.option == "total":
        return "    assert capsys.readouterr().out.splitlines()[-1].startswith('total\\t')\n"
    if params.option == "sort":
        return ("    results = [float(l.split('\\t')[1]) for l in capsys.readouterr().out.splitlines()]\n"
                "    assert results == sorted(results, reverse=True)\n")
    if params.option == "precision":
        return (f"    for line in capsys.readouterr().out.splitlines():\n        result = line.split('\\t')[1]\n"
                f"        assert len(result.split('.')[1]) <= {params.argument} if '.' in result else True\n")
    return (f"    results = [float(l.split('\\t')[1]) for l in capsys.readouterr().out.splitlines()]\n"
            f"    assert all(r >= {params.argument} for r in results)\n")
