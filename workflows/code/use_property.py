"""Turn a class's Java-style accessors into a property, as a Python reviewer asks: a worked-out
get_y() into a read-only property, or a get_x()/set_x() pair around a stored value into a property
with a setter, optionally rejecting a negative value with a ValueError; the old methods removed
(the tests switched to the property) or kept working beside it (the tests as given)."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.code._property_classes import PROPERTY_CLASSES, add_property_class
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(PROPERTY_CLASSES)] | None = None  # type: ignore[valid-type]
    change: Literal["computed", "pair", "validated"] | None = None
    """computed: get_y() -> read-only y; pair: get_x()/set_x() -> x with a setter; validated: and negatives refused."""
    compat: bool | None = None
    """True: the old methods keep working, the tests as given; False: removed, the tests use the property."""


class Params(ProjectParams):
    klass: str
    what: str
    attribute: str
    getter: str
    setter: str | None
    reject_negative: bool
    compat: bool


METHODS = "{{ getter }}(){% if setter %} and {{ setter }}(){% endif %}"
ASK = ("Turn {% if setter %}them{% else %}it{% endif %} into a property `{{ attribute }}`{% if setter %} that can "
       "be set as well{% if reject_negative %}, where setting a negative value raises ValueError and leaves the value as "
       "it was{% endif %}{% else %} (read-only){% endif %}. {% if compat %}Keep " + METHODS + " working for now "
       "(other code still calls them) and leave {{ test_file }} as it is.{% else %}Remove " + METHODS + " and "
       "switch {{ test_file }} to the property.{% endif %}")


@register_workflow
class UseProperty(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_property", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ klass }} in {{ module }} ({{ what }}) is written Java-style with "
            + METHODS + ". " + ASK + " The suite must pass.",
            "A review of {{ module }} ({{ folder }}/) flagged " + METHODS + " on {{ klass }} as un-Pythonic. " + ASK,
            "{{ folder }}/: {{ module }}: {{ klass }}." + METHODS + " -> property. " + ASK + " Suite green.",
        ],
        criteria=["The attribute is a property, settable exactly as asked (negatives refused when asked), giving "
                  "what the old methods gave.", "The old methods are removed or kept as asked; the tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the class"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.property_made",
                              bind={"folder": "folder", "klass": "klass", "attribute": "attribute", "getter": "getter",
                                    "setter": "setter", "reject_negative": "reject_negative", "compat": "compat"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_property_class(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(PROPERTY_CLASSES)))
        paths, archive = base_params(project)
        change = opts.change or ctx.rng.choice(["computed", "pair", "validated"])
        name = spec.computed if change == "computed" else spec.stored
        return Params(**paths, klass=spec.klass, what=spec.what, attribute=name, getter=f"get_{name}",
                      setter=None if change == "computed" else f"set_{name}", reject_negative=change == "validated",
                      compat=opts.compat if opts.compat is not None else ctx.rng.random() < 0.5).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        name = params.attribute
        check = (f"        if {name} < 0:\n            raise ValueError(f\"{name} must not be negative, got {{{name}}}\")\n"
                 if params.reject_negative else "")
        prop = (f"    @property\n    def {name}(self):\n        return self._{name}\n\n    @{name}.setter\n"
                f"    def {name}(self, {name}):\n{check}        self._{name} = {name}\n")
        keep = f"\n    def {params.getter}(self):\n        return self.{name}\n" + (
            f"\n    def {params.setter}(self, {name}):\n        self.{name} = {name}\n" if params.setter else "")
        script = f"""
            import re
            path, tests, name, pair = {lit(params.module)}, {lit(params.test_file)}, {lit(name)}, {bool(params.setter)!r}
            source = open(path).read()
            if pair:
                pattern = r"    def get_" + name + r"\\(self\\):\\n.*?\\n\\n    def set_" + name + r"\\(self, \\w+\\):\\n.*?\\n(?=\\n|$)"
                source = re.sub(pattern, lambda m: {lit(prop)}, source, count=1, flags=re.S)
            else:
                source = source.replace("    def get_" + name + "(self):", "    @property\\n    def " + name + "(self):", 1)
            if {params.compat!r}:
                source = source.rstrip("\\n") + "\\n" + {lit(keep)}
            else:
                text = open(tests).read()
                text = re.sub(r"\\.set_" + name + r"\\((.*)\\)$", r"." + name + r" = \\1", text, flags=re.M)
                open(tests, "w").write(text.replace(".get_" + name + "()", "." + name))
            open(path, "w").write(source)
        """
        return solution(
            shell_step(f"cat {params.module}", f"First I read {params.klass} and its accessors.", f"Read {params.klass}"),
            script_step(script, f"I turn {params.getter}" + (f"/{params.setter}" if params.setter else "")
                        + f" into the property {name}" + (", keeping the old methods as wrappers" if params.compat
                                                         else ", and switch the tests to it") + ".",
                        f"Make {params.klass}.{name} a property"),
            pytest_step(params.folder, "The suite must pass."))
