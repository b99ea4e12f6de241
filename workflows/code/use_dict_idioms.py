"""Replace a module's long-hand dict handling with the idioms a reviewer expects: counting through
an `if key in counts` branch, grouping through `if key not in groups`, a lookup with a default
through `if key in table` (collections.Counter or defaultdict, setdefault(), get()), or all three;
every result unchanged, the tests as given."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._dict_modules import DICT_MODULES, add_dict_module
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

HANDLING = {"counting": ["counting"], "grouping": ["grouping"], "lookup": ["lookup"],
            "all": ["counting", "grouping", "lookup"]}


class Options(SkillParams):
    kind: Literal[tuple(DICT_MODULES)] | None = None  # type: ignore[valid-type]
    handling: Literal[tuple(HANDLING)] | None = None  # type: ignore[valid-type]
    """Which long-hand code goes: counting, grouping, lookup, or all of it."""


class Params(ProjectParams):
    handling: list[str]
    counting: bool
    grouping: bool
    lookup: bool


WHAT = ("{% for h in handling %}{% if not loop.first %}; {% endif %}{% if h == 'counting' %}the counting done with an "
        "`if key in counts: ... += 1 else: ... = 1` branch (use collections.Counter, a defaultdict or get()){% elif "
        "h == 'grouping' %}the grouping done with an `if key not in groups: groups[key] = []` branch (use a "
        "defaultdict(list) or setdefault()){% else %}the lookup with a default done with an `if key in table` branch "
        "(use get() with the default){% endif %}{% endfor %}")
KEEP = "What each function returns must stay the same; leave {{ test_file }} as it is and keep the suite green."
# The rewrites the reference makes, on the module's own names: (pattern, replacement) for re.sub, by kind.
REWRITES = {
    "counting": (r"( +)if (.+) in (\w+):\n +\3\[\2\] \+= 1\n +else:\n +\3\[\2\] = 1\n", r"\1\3[\2] = \3.get(\2, 0) + 1\n"),
    "grouping": (r"( +)if (.+) not in (\w+):\n +\3\[\2\] = \[\]\n +\3\[\2\]\.append", r"\1\3.setdefault(\2, []).append"),
    "lookup": (r"( +)if (\w+) in (\w+):\n +(\w+) = \3\[\2\]\n +else:\n +\4 = (.+)\n +return \4\n",
               r"\1return \3.get(\2, \5)\n"),
}


@register_workflow
class UseDictIdioms(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_dict_idioms", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} handles its dicts the long way. Replace " + WHAT + ". " + KEEP,
            "Could you tidy {{ module }} ({{ folder }}/) before review? Replace " + WHAT + ". " + KEEP,
            "{{ folder }}/: {{ module }}: replace " + WHAT + ". " + KEEP,
        ],
        criteria=["Each long-hand branch of the named kinds is gone, an idiom in its place.",
                  "Every function returns what it did; the tests are unchanged and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the dict handling"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.dict_idioms",
                              bind={"folder": "folder", "counting": "counting", "grouping": "grouping",
                                    "lookup": "lookup"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, _ = add_dict_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(DICT_MODULES)))
        paths, archive = base_params(project)
        handling = HANDLING[opts.handling or ctx.rng.choice(sorted(HANDLING))]
        return Params(**paths, handling=handling, counting="counting" in handling, grouping="grouping" in handling,
                      lookup="lookup" in handling).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        rewrites = [REWRITES[kind] for kind in params.handling]
        script = f"""
            import re
            path = {lit(params.module)}
            source = open(path).read()
            for pattern, replacement in {rewrites!r}:
                source = re.sub(pattern, replacement, source)
            open(path, "w").write(source)
        """
        return solution(
            shell_step(f"grep -n -E ' (not )?in ' {params.module}", "First I find the membership branches.",
                       "Find the branches"),
            script_step(script, "I replace each asked branch by its idiom on the same names.", "Use the dict idioms"),
            pytest_step(params.folder, "The suite must pass."))
