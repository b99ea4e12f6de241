"""Memoise a pure function that hot code calls again and again with the same arguments: functools'
unbounded cache, or an LRU cache of a stated size, behaviour and tests unchanged."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# pure functions of hashable arguments, and who calls them over and over
CACHEABLE = {"shipping.parcel_rate": "the checkout quotes every basket again on each page view",
             "payroll.gross_pay": "the payroll run recomputes it for the same hours and rates for every report",
             "loans.late_fee": "the overdue report calls it for the same few day counts thousands of times",
             "text_tools.slugify": "the site generator slugs the same titles on every build",
             "text_tools.title_case": "the catalogue export title-cases the same names over and over",
             "units.bmi": "the dashboard recomputes it for the same readings on every refresh",
             "schedule.to_minutes": "the room planner converts the same few clock times millions of times",
             "schedule.end_time": "the calendar view asks for the same meetings' end times on every redraw",
             "parking.fee": "the pay stations ask for the fee of the same durations all day",
             "ledger.monthly_interest": "the statement run asks for the same balances' interest repeatedly"}
SIZES = [32, 128, 256, 1024]


class Options(SkillParams):
    function: Literal[tuple(CACHEABLE)] | None = None  # type: ignore[valid-type]
    bounded: bool | None = None


class Params(ProjectParams):
    function: str
    why: str
    call: str
    maxsize: int | None


@register_workflow
class AddCaching(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_caching", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "`{{ function }}` in {{ module }} (project {{ folder }}/) is slow in practice: {{ why }}. Memoise it "
            "with functools, {% if maxsize %}as an LRU cache holding at most {{ maxsize }} results{% else %}with an "
            "unbounded cache{% endif %}, so a repeated call such as `{{ call }}` is computed only once. Results must "
            "not change and the tests must pass unchanged.",
            "Profiling {{ folder }} shows {{ function }}() ({{ module }}) called with the same arguments again and "
            "again ({{ why }}). Could you cache it? {% if maxsize %}Use functools.lru_cache with maxsize "
            "{{ maxsize }}{% else %}No size limit needed: functools.cache is fine{% endif %}. Calling "
            "{{ call }} twice should compute once. Don't touch the tests.",
            "{{ folder }}/: {{ module }}: memoise {{ function }} ({% if maxsize %}lru_cache maxsize={{ maxsize }}"
            "{% else %}unbounded functools cache{% endif %}); {{ call }} twice -> one miss, one hit; tests unchanged "
            "and green.",
        ],
        criteria=["The function is memoised by functools with the asked bound.",
                  "Repeated equal calls are computed once; results and tests are unchanged."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the cached function")],
        checks=[CheckTemplate(func="project.function_cached", bind={"folder": "folder", "function": "function",
                                                                     "call": "call", "maxsize": "maxsize"},
                              paths={"file": "module"})],
    )

    states_values = ("maxsize", "call")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.function or ctx.rng.choice(sorted(CACHEABLE))
        kind, function = chosen.split(".")
        project = make_package(ctx.rng, ctx.faker, kind)
        bounded = opts.bounded if opts.bounded is not None else ctx.rng.random() < 0.5
        folder = Params.folder_of(project)
        call = f"{function}({ctx.rng.choice([c for c in KINDS[kind].calls[function] if '{' not in c])})"
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=function, why=CACHEABLE[chosen], call=call,
                        maxsize=ctx.rng.choice(SIZES) if bounded else None)
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        decorator = f"@functools.lru_cache(maxsize={params.maxsize})" if params.maxsize else "@functools.cache"
        script = f"""
            import ast
            path = {lit(params.module)}
            lines = open(path).read().split("\\n")
            tree = ast.parse("\\n".join(lines))
            node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == {lit(params.function)})
            lines.insert(node.lineno - 1, {lit(decorator)})
            after_doc = tree.body[0].end_lineno if ast.get_docstring(tree) is not None else 0
            lines[after_doc:after_doc] = ["", "import functools"]
            open(path, "w").write("\\n".join(lines))
        """
        return solution(
            script_step(script, f"I import functools and decorate {params.function} with {decorator}.",
                        f"Cache {params.function}"),
            pytest_step(params.folder, "The unchanged suite must still pass."))
