"""Let a class save and load itself, as a team asks before caching records or sending them over
the wire: to_dict()/from_dict(), to_json()/from_json() or save(path)/load(path), the data a JSON
object keyed by the constructor's parameters, the loading method a class method; with the tests as
given or a new round-trip test."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.code._property_classes import PROPERTY_CLASSES, add_property_class, constructor_keys
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

METHODS = {"dict": ("to_dict", "from_dict", "data"), "json": ("to_json", "from_json", "text"),
           "file": ("save", "load", "path")}


class Options(SkillParams):
    kind: Literal[tuple(PROPERTY_CLASSES)] | None = None  # type: ignore[valid-type]
    format: Literal["dict", "json", "file"] | None = None
    test: bool | None = None
    """True: add a round-trip test; False: the tests stay as they are."""


class Params(ProjectParams):
    klass: str
    what: str
    keys: list[str]
    format: str
    write: str
    read: str
    argument: str
    test: bool


ASK = ("Add {% if format == 'file' %}a method save(path) that writes the {{ klass }} to that file as a JSON object"
       "{% elif format == 'json' %}a method to_json() that returns the {{ klass }} as JSON text (an object){% else %}"
       "a method to_dict() that returns the {{ klass }} as a plain dict{% endif %}, keyed by the constructor's "
       "parameters ({{ keys | join(', ') }}) with the values it holds, and a class method {{ read }}({{ argument }}) "
       "that builds the {{ klass }} back from {% if format == 'dict' %}such a dict{% elif format == 'json' %}such "
       "text{% else %}such a file{% endif %}. ")
TESTS = ("{% if test %}Add a test to {{ test_file }} that saves one and loads it back.{% else %}Leave {{ test_file }} "
         "as it is.{% endif %}")
NEW_TEST = {"dict": "    assert {k}.from_dict({v}.to_dict()).to_dict() == {v}.to_dict()\n",
            "json": "    assert {k}.from_json({v}.to_json()).to_json() == {v}.to_json()\n",
            "file": "    {v}.save(tmp_path / 'saved.json')\n    assert {k}.load(tmp_path / 'saved.json').__dict__ == {v}.__dict__\n"}


@register_workflow
class AddSerialisation(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_serialisation", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, we need to store {{ klass }} objects ({{ what }}, in {{ module }}) and read "
            "them back later. " + ASK + TESTS + " The suite must pass.",
            "Could you make {{ klass }} in {{ module }} ({{ folder }}/) serialisable? " + ASK + TESTS,
            "{{ folder }}/: {{ module }}: {{ klass }}.{{ write }}() and {{ klass }}.{{ read }}(). " + ASK + TESTS
            + " Suite green.",
        ],
        criteria=["The saved data is a JSON object of the constructor's arguments by parameter name.",
                  "The class method builds an equal object back; the tests are as asked and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the class"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.serialisation_added",
                              bind={"folder": "folder", "klass": "klass", "keys": "keys", "format": "format",
                                    "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_property_class(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(PROPERTY_CLASSES)))
        paths, archive = base_params(project)
        form = opts.format or ctx.rng.choice(sorted(METHODS))
        write, read, argument = METHODS[form]
        return Params(**paths, klass=spec.klass, what=spec.what, keys=constructor_keys(spec), format=form,
                      write=write, read=read, argument=argument,
                      test=opts.test if opts.test is not None else ctx.rng.random() < 0.5).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        var = params.klass.lower()
        test = (f"\n\ndef test_{var}_saved_and_loaded({'tmp_path' if params.format == 'file' else ''}):\n"
                f"    {var} = SAMPLE\n" + NEW_TEST[params.format].format(k=params.klass, v=var))
        script = f"""
            import ast
            path, tests, klass, fmt = {lit(params.module)}, {lit(params.test_file)}, {lit(params.klass)}, {lit(params.format)}
            source = open(path).read()
            init = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef) and n.name == "__init__")
            held = {{s.value.id: s.targets[0].attr for s in init.body if isinstance(s, ast.Assign)}}
            data = "{{" + ", ".join(repr(k) + ": self." + a for k, a in held.items()) + "}}"
            write = {{"dict": ["    def to_dict(self):", "        return " + data],
                     "json": ["    def to_json(self):", "        return json.dumps(" + data + ")"],
                     "file": ["    def save(self, path):", "        with open(path, 'w', encoding='utf-8') as handle:",
                              "            json.dump(" + data + ", handle)"]}}[fmt]
            read = {{"dict": ["    @classmethod", "    def from_dict(cls, data):", "        return cls(**data)"],
                    "json": ["    @classmethod", "    def from_json(cls, text):", "        return cls(**json.loads(text))"],
                    "file": ["    @classmethod", "    def load(cls, path):",
                             "        with open(path, encoding='utf-8') as handle:", "            return cls(**json.load(handle))"]}}[fmt]
            lines = source.rstrip("\\n").split("\\n") + [""] + write + [""] + read
            if fmt != "dict":
                lines[1:1] = ["", "import json"]
            open(path, "w").write("\\n".join(lines) + "\\n")
            if {params.test!r}:
                text = open(tests).read()
                sample = next(ast.unparse(n) for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call)
                              and isinstance(n.func, ast.Name) and n.func.id == klass)
                open(tests, "w").write(text + {lit(test)}.replace("SAMPLE", sample))
        """
        return solution(
            shell_step(f"sed -n '/def __init__/,/^$/p' {params.module}", f"First I read what {params.klass}'s "
                       "constructor takes and where it keeps each value.", f"Read {params.klass}.__init__"),
            script_step(script, f"I add {params.write}() and the class method {params.read}() over the constructor's "
                        "parameters" + (", and a round-trip test." if params.test else "."),
                        f"Make {params.klass} serialisable"),
            pytest_step(params.folder, "The suite must pass."))
