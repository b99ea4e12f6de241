"""Replace a module's bare status strings ("new", "paid", ...) with an Enum, so a typo becomes an
AttributeError instead of a silent bug: a str-mixed Enum that plain strings still compare equal to
(the tests stay as they are), or a plain Enum with the tests switched to its members."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.code._status_modules import STATUS_MODULES, add_status_module
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(STATUS_MODULES)] | None = None  # type: ignore[valid-type]
    str_compatible: bool | None = None
    """True: `class X(str, Enum)`, the tests as given; False: a plain Enum, the tests use its members."""


class Params(ProjectParams):
    enum: str
    values: list[str]
    str_compatible: bool


MEMBERS = "{% for v in values %}{{ v | upper }} = \"{{ v }}\"{% if not loop.last %}, {% endif %}{% endfor %}"
HOW = ("{% if str_compatible %}Make it a `str` Enum (`class {{ enum }}(str, Enum)`) so callers that still pass "
       "plain strings keep working; {{ test_file }} stays as it is.{% else %}Make it a plain Enum (no str mix-in) "
       "and switch {{ test_file }} to the members too.{% endif %}")


@register_workflow
class UseEnum(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_enum", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} passes statuses around as bare strings, and a typo in one "
            "went unnoticed last week. Add an Enum `{{ enum }}` to the module with the members " + MEMBERS + ", "
            "and use it everywhere the module uses those strings (its functions return members). " + HOW
            + " The suite must pass.",
            "Could you replace the magic status strings in {{ module }} with an enum, `{{ enum }}` (" + MEMBERS
            + ")? Every comparison and returned status should go through it. " + HOW,
            "{{ folder }}/: {{ module }}: Enum {{ enum }} with " + MEMBERS + "; no status strings left in the "
            "code; functions return members. " + HOW + " Suite green.",
        ],
        criteria=["The Enum holds the stated members and the module uses it instead of the strings.",
                  "The functions behave as before, returning members; the tests are as asked and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the statuses"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.enum_introduced",
                              bind={"folder": "folder", "enum": "enum", "values": "values",
                                    "str_compatible": "str_compatible"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_status_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(STATUS_MODULES)))
        paths, archive = base_params(project)
        mixed = opts.str_compatible if opts.str_compatible is not None else ctx.rng.random() < 0.5
        return Params(**paths, enum=spec.enum, values=spec.statuses, str_compatible=mixed).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        base = "str, Enum" if params.str_compatible else "Enum"
        members = "".join(f"    {v.upper()} = {v!r}\n" for v in params.values)
        script = f"""
            import ast, io, tokenize
            path, tests, enum, values = {lit(params.module)}, {lit(params.test_file)}, {lit(params.enum)}, {params.values!r}

            def members(text, skip=()):
                lines = text.splitlines(keepends=True)
                found = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.STRING
                         and t.start[0] not in skip and t.string[0] in "'\\"" and ast.literal_eval(t.string) in values]
                for t in reversed(found):
                    (row, col), end = t.start, t.end[1]
                    lines[row - 1] = lines[row - 1][:col] + enum + "." + ast.literal_eval(t.string).upper() + lines[row - 1][end:]
                return "".join(lines)

            source = open(path).read()
            tree = ast.parse(source)
            docs = {{n.body[0].lineno for n in [tree, *ast.walk(tree)] if isinstance(n, (ast.Module, ast.FunctionDef))
                    and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}}
            source = members(source, docs)
            first, rest = source.split("\\n", 1)
            source = first + "\\n\\nfrom enum import Enum\\n\\n\\nclass " + enum + "({base}):\\n" + {lit(members)} + "\\n" + rest
            open(path, "w").write(source)
            if {not params.str_compatible!r}:
                text = members(open(tests).read())
                head, body = text.split("\\n", 1)
                open(tests, "w").write(head + ", " + enum + "\\n" + body)
        """
        switched = "" if params.str_compatible else ", and switch the tests to the members"
        return solution(
            shell_step(f"grep -n \"'\\|\\\"\" {params.module}", "First I list the status strings the module uses.",
                       "Find the status strings"),
            script_step(script, f"I add {params.enum} ({base}) and replace each status string in the code with its "
                        f"member{switched}.", f"Introduce {params.enum}"),
            pytest_step(params.folder, "The suite must pass."))
