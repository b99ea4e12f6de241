"""Keep a project's CHANGELOG.md (Keep a Changelog style): add an entry under the Unreleased changes
or under a released version, in a ### section that is there or must be created in the format's
order; or cut the Unreleased changes into a dated release, moving the compare links on. In place
or as a new file."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.text._changelog import ENTRIES, EDIT_SCRIPT, make_changelog
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Target = Literal["unreleased", "version", "release"]
_WHERE = "{% if version == 'Unreleased' %}the Unreleased changes{% else %}version {{ version }}{% endif %}"
ADD = ("add the entry \"{{ entry }}\" under " + _WHERE + ", as the last item of its {{ section }} section (if that "
       "version has no {{ section }} section yet, create one where Keep a Changelog orders them: Added, Changed, "
       "Deprecated, Removed, Fixed, Security)")
RELEASE = ("release the Unreleased changes as version {{ new_version }} dated {{ date }}: they move under a new "
           "\"## [{{ new_version }}] - {{ date }}\" heading, with an empty Unreleased heading left above it"
           "{% if links %}, and the compare links at the bottom move on (Unreleased compares v{{ new_version }} with "
           "HEAD, and a new [{{ new_version }}] link compares the previous release's tag with v{{ new_version }})"
           "{% endif %}")
_DO = "{% if operation == 'add' %}" + ADD + "{% else %}" + RELEASE + "{% endif %}"


class Options(SkillParams):
    target: Target | None = None
    new_section: bool | None = None
    links: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Literal["add", "release"]
    version: str
    section: str | None
    entry: str | None
    new_version: str | None
    date: str | None
    links: bool


@register_workflow
class ChangelogEntry(PreparedWorkflow[Params]):
    states_values = ("entry", "version", "new_version", "date")
    spec = WorkflowSpec(
        name="text.changelog_entry", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ input }}, " + _DO + ". Every other heading, entry and link stays as it is. " + SAVE["formal"],
            "Could you update the changelog {{ input }} for me? Please " + _DO + ". Don't touch anything else. "
            + SAVE["chatty"],
            "{{ input }}: " + _DO + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["The change is made under the right version and section.", "The rest of the changelog is unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A project's changelog"),
               FileSlot(param="output", type="md", description="The changelog updated")],
        checks=[CheckTemplate(func="text.changelog_edited", bind={
            "operation": "operation", "version": "version", "section": "section", "entry": "entry",
            "new_version": "new_version", "date": "date"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        target: Target = opts.target or ctx.rng.choice(["unreleased", "version", "release"])
        new_section = opts.new_section if opts.new_section is not None else ctx.rng.random() < 0.5
        for _ in range(50):
            draft = make_changelog(ctx.rng, links=opts.links)
            used = {e.rsplit(" (#", 1)[0] for v in draft.versions for items in v.sections.values() for e in items}
            fits = {v.name: [s for s in ENTRIES if (s not in v.sections) == new_section and set(ENTRIES[s]) - used]
                    for v in draft.versions}
            candidates = ["Unreleased"] if target == "unreleased" else [v.name for v in draft.versions[1:]]
            if target == "release" or any(fits[name] for name in candidates):
                break
        else:
            raise WorkflowError(f"{self.name}: no changelog in 50 draws has a section to add to (new: {new_section})")
        version, section, entry, new_version, date = "Unreleased", None, None, None, None
        if target == "release":
            newest = draft.versions[1]
            major, minor, _ = (int(x) for x in newest.name.split("."))
            new_version = f"{major}.{minor + 1}.0"
            date = (dt.date.fromisoformat(newest.date or "") + dt.timedelta(days=ctx.rng.randint(7, 40))).isoformat()
        else:
            version = ctx.rng.choice([name for name in candidates if fits[name]])
            section = ctx.rng.choice(fits[version])
            entry = f"{ctx.rng.choice(sorted(set(ENTRIES[section]) - used))} (#{ctx.rng.randint(100, 999)})"
        params = Params(**edit_paths(ctx, "CHANGELOG", "md", "updated", ["", "docs/", f"{draft.project}/"]),
                        operation="release" if target == "release" else "add", version=version, section=section,
                        entry=entry, new_version=new_version, date=date, links=draft.links)
        return params.with_files(input=draft.text().encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = EDIT_SCRIPT.format(input=lit(params.input), output=lit(params.output), operation=lit(params.operation),
                                    version=lit(params.version), section=lit(params.section), entry=lit(params.entry),
                                    new_version=lit(params.new_version), date=lit(params.date))
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its versions and sections.",
                                    f"Show {params.input}"),
                        script_step(script, "I edit the lines of the changelog in place of a text editor, keeping "
                                    "every other line as it was, and print the result to check it.",
                                    "Update the changelog"))
