"""Update one member of the team directory site: a new email and role, and the active flag.

Done in the browser (GUI plan: open the member's page, fill the form fields found in the live
DOM, Save) or in the terminal (the site's JSON database edited directly); the check reads the
site's state file either way.
"""

from __future__ import annotations

import json
import re

from forge.models import ReferenceSolution
from forge.models.gui_plan import (
    AppLaunch,
    ClickStep,
    GuiPlan,
    GuiStep,
    KeyStep,
    TypeStep,
    WaitFileStep,
    WaitFocusStep,
    WaitSettledStep,
    WaitWindowStep,
)
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

SITE = "team_directory"
SITE_URL = "http://127.0.0.1:8000/"
ROLES = ["Engineer", "Designer", "Product Manager", "Data Analyst", "Support Lead", "QA Engineer", "Tech Writer",
         "Recruiter", "Sales Manager", "Office Manager"]
DOMAINS = ["example.org", "example.com", "example.net"]


class Params(Prepared):
    state: str
    member: str
    email: str
    role: str
    active: bool
    was_active: bool
    status: str
    keys: list[str]
    values: list[bool | str]


@register_workflow
class UpdateMember(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="browser.update_member", apps=["browser"], params=Params,
        phrasings=[
            "In the team directory (the web app at " + SITE_URL + ", which keeps its data in {{ state }}), update "
            "{{ member }}: set the email to {{ email }}, the role to {{ role }}, and mark them {{ status }}. Leave "
            "every other member and field as it is, and save (in the data file these are {{ keys | join(', ') }}).",
            "{{ member }} changed jobs: in our team directory site (" + SITE_URL + ", data in {{ state }}) their "
            "email is now {{ email }} and their role {{ role }}; they should be listed as {{ status }}. Please "
            "update their entry and nothing else (the fields are {{ keys | join(', ') }} in {{ state }}).",
            "Team directory ({{ state }}, served at " + SITE_URL + "): {{ member }} -> email {{ email }}, role "
            "{{ role }}, {{ status }} ({{ keys | join(', ') }}). Only that entry changes.",
        ],
        criteria=["The member's email, role and active flag hold the new values (the flag a boolean).",
                  "Every other member and field is unchanged, and the directory's data is valid JSON."],
        files=[FileSlot(param="state", type="json", role="in_place",
                        description="The team directory site's data", environment=True)],
        checks=[CheckTemplate(func="json.values_set", bind={"keys": "keys", "values": "values"})],
    )

    states_values = ("values",)  # the instruction gives these values to write

    def draw(self, ctx: WorkflowContext) -> Params:
        count = ctx.rng.randint(5, 8)
        names: list[str] = []
        while len(names) < count:
            name = ctx.faker.name()
            if name not in names and "'" not in name:
                names.append(name)
        members = [{"name": n, "email": _email(n, ctx.rng.choice(DOMAINS)), "role": ctx.rng.choice(ROLES),
                    "phone": ctx.faker.numerify("+1 ###-###-####"), "active": ctx.rng.random() < 0.8} for n in names]
        index = ctx.rng.randrange(count)
        old = members[index]
        email = _email(old["name"], next(d for d in ctx.rng.sample(DOMAINS, len(DOMAINS)) if d not in old["email"]),
                       ctx.rng.choice([".", "_"]))
        role = ctx.rng.choice([r for r in ROLES if r != old["role"]])
        active = ctx.rng.random() < 0.5
        state = {"team": f"{ctx.faker.company()} team directory", "members": members}
        keys = [f"members.{index}.email", f"members.{index}.role", f"members.{index}.active"]
        params = Params(state="site/team.json", member=old["name"], email=email, role=role, active=active,
                        was_active=old["active"], status="active" if active else "inactive", keys=keys, values=[email, role, active])
        return params.with_files(state=(json.dumps(state, indent=2) + "\n").encode())

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: look the member up, edit the site's JSON, verify. GUI: the same through the site's form."""
        find = f"""
            import json
            state = json.load(open({lit(params.state)}))
            print([(i, m) for i, m in enumerate(state["members"]) if m["name"] == {lit(params.member)}])
        """
        edit = f"""
            import json
            path = {lit(params.state)}
            state = json.load(open(path))
            member = next(m for m in state["members"] if m["name"] == {lit(params.member)})
            member.update(email={lit(params.email)}, role={lit(params.role)}, active={lit(params.active)})
            with open(path, "w") as out:
                json.dump(state, out, indent=2)
                out.write("\\n")
        """
        steps = solution(
            script_step(find, f"The directory's data is {params.state}; I look {params.member} up first.",
                        f"Find {params.member} in {params.state}"),
            script_step(edit, f"I set the email, role and active flag of {params.member} and write the file back.",
                        f"Update {params.member} in {params.state}"),
            script_step(find, "I read the entry back to check the change.", f"Show {params.member}'s entry"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


def _email(name: str, domain: str, sep: str = ".") -> str:
    return sep.join(re.sub(r"[^a-z]", "", part.lower()) for part in name.split()[:2]) + "@" + domain


def _fill(selector: str, field: str, value: str) -> list[GuiStep]:
    return [ClickStep(selector=selector, thought=f"I click into the {field} field.", action=f"Click the {field} field"),
            WaitFocusStep(selector=selector),
            KeyStep(keys=["ctrl", "a"], action=f"Select the {field} field's text"),
            TypeStep(text=value, action=f"Type the new {field} {value!r}")]


def _plan(params: Params) -> GuiPlan:
    index = int(params.keys[0].split(".")[1])
    steps: list[GuiStep] = [
        WaitWindowStep(title="Team directory", timeout_s=60), WaitSettledStep(interval_s=0.3, timeout_s=20),
        ClickStep(selector=f"#edit-{index}", thought=f"The directory lists the members; I open {params.member}'s page.",
                  action=f"Open {params.member}'s page"),
        WaitWindowStep(title="^Edit " + re.escape(params.member), timeout_s=30),
        WaitSettledStep(interval_s=0.3, timeout_s=20),
        *_fill("#email", "email", params.email),
        *_fill("#role", "role", params.role),
        *([ClickStep(selector="#active", action=f"{'Tick' if params.active else 'Clear'} the Active box",
                     thought=f"{params.member} must be {params.status}: the Active box is "
                             f"{'clear' if params.active else 'ticked'}, so I click it.")]
          if params.active != params.was_active else []),
        ClickStep(selector="#save", thought="Everything is filled in; I save the form.", action="Click Save"),
        WaitFileStep(path=params.state, timeout_s=30),
        WaitWindowStep(title="^Team directory", timeout_s=30),
    ]
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
