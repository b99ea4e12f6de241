"""Replace a module's bare tuple records (stock items, timesheet entries, parcels, library loans),
read by position as item[1], with a class whose fields have names: a dataclass, a frozen one, or a
typing.NamedTuple (still a tuple: it unpacks and compares equal to one). The functions read fields
by name and build instances; the tests pass instances."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.code._record_modules import RECORD_MODULES, add_record_module
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(RECORD_MODULES)] | None = None  # type: ignore[valid-type]
    form: Literal["dataclass", "frozen", "namedtuple"] | None = None


class Params(ProjectParams):
    klass: str
    fields: list[str]
    types: list[str]
    what: str
    form: str


CLASS = ("{% if form == 'namedtuple' %}a typing.NamedTuple{% elif form == 'frozen' %}a frozen dataclass"
         "{% else %}a dataclass{% endif %} `{{ klass }}` with the fields {{ fields | join(', ') }} (in the tuples' "
         "order)")
TESTS = "Switch {{ test_file }} to {{ klass }} records too."


@register_workflow
class UseDataclass(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_dataclass", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} passes {{ what }} around as bare tuples and reads them by "
            "position (record[1] and so on), which nobody can follow. Add " + CLASS + " to the module, read the "
            "fields by name everywhere, and make the functions that build a record return a {{ klass }} (they "
            "still return new records rather than change the ones they get). " + TESTS + " The suite must pass.",
            "Could you give the {{ what }} in {{ module }} ({{ folder }}/) a proper type, namely " + CLASS
            + "? No more reading by index, and new records are {{ klass }} instances. " + TESTS,
            "{{ folder }}/: {{ module }}: " + CLASS + " instead of tuples; fields by name, no positions; records "
            "built as {{ klass }}. " + TESTS + " Suite green.",
        ],
        criteria=["The class is declared as asked with the stated fields, and the module reads fields by name.",
                  "The functions behave as before, building class instances; the tests are as asked and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the tuple records"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.records_as_class",
                              bind={"folder": "folder", "klass": "klass", "fields": "fields", "form": "form"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_record_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(RECORD_MODULES)))
        paths, archive = base_params(project)
        return Params(**paths, klass=spec.klass, fields=spec.fields, types=spec.types, what=spec.what,
                      form=opts.form or ctx.rng.choice(["dataclass", "frozen", "namedtuple"])).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        rows = "".join(f"    {f}: {t}\n" for f, t in zip(params.fields, params.types, strict=True))
        head = {"namedtuple": ("from typing import NamedTuple", f"class {params.klass}(NamedTuple):"),
                "frozen": ("from dataclasses import dataclass", f"@dataclass(frozen=True)\nclass {params.klass}:"),
                "dataclass": ("from dataclasses import dataclass", f"@dataclass\nclass {params.klass}:")}[params.form]
        script = f"""
            import ast, re
            path, tests, klass, fields = {lit(params.module)}, {lit(params.test_file)}, {lit(params.klass)}, {params.fields!r}
            source = open(path).read()
            source = re.sub(r"return \\((.*)\\)$", "return " + klass + r"(\\1)", source, flags=re.M)
            source = re.sub(r"(\\w+)\\[(\\d+)\\]", lambda m: m.group(1) + "." + fields[int(m.group(2))], source)
            tree = ast.parse(source)
            lines = source.split("\\n")
            first = next(n for n in tree.body if isinstance(n, ast.FunctionDef)).lineno
            lines[first - 1:first - 1] = {lit(head[1])}.split("\\n") + {lit(rows)}.rstrip("\\n").split("\\n") + ["", ""]
            doc = tree.body[0].end_lineno
            lines[doc:doc] = ["", {lit(head[0])}]
            open(path, "w").write("\\n".join(lines))
            text = open(tests).read()
            found = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Tuple) and len(n.elts) == len(fields)]
            rows = text.split("\\n")
            for n in sorted(found, key=lambda n: (n.lineno, n.col_offset), reverse=True):
                line = rows[n.lineno - 1]
                rows[n.lineno - 1] = line[:n.col_offset] + klass + line[n.col_offset:n.end_col_offset] + line[n.end_col_offset:]
            rows[0] += ", " + klass
            open(tests, "w").write("\\n".join(rows))
        """
        return solution(
            shell_step(f"grep -n '\\[[0-9]\\]\\|return (' {params.module}", "First I find where records are read by "
                       "position and where they are built.", "Find the tuple records"),
            script_step(script, f"I add {params.klass}, read each position as its field and build {params.klass} "
                        f"records, and switch the tests' tuples to {params.klass}(...).", f"Introduce {params.klass}"),
            pytest_step(params.folder, "The suite must pass."))
