"""Edit the hosts file a team shares (the QA laptops' copy of /etc/hosts, kept in the repo): add a
name for a new server, point a name at the address its server moved to, give a line a short alias,
retire a line (removed, or commented out to keep it at hand), or block a site and its www name by
pointing them at 0.0.0.0. Every other line stays as it is."""

from __future__ import annotations

import random

from faker import Faker

from forge.checks.text_hosts import Operation
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit
from workflows.text._line_edits import line_edit_solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SERVICES = ["api", "shop", "auth", "db", "cdn", "admin", "search", "mail", "reports", "files", "payments", "queue"]
TOOLS = ["ci", "artifacts", "grafana", "wiki", "vault", "nas", "printer", "registry", "sentry", "jira"]
_ASK = ("{% if operation == 'add' %}add an entry so that {{ name }} resolves to {{ address }}{% elif operation == "
        "'repoint' %}the {{ name }} server has moved to {{ address }}: point its entry there (its other names go "
        "with it){% elif operation == 'alias' %}add {{ alias }} as an extra name on the line of {{ name }}, so the "
        "short name works too{% elif operation == 'remove' %}delete the line of {{ name }}, its server is gone"
        "{% elif operation == 'disable' %}comment out the line of {{ name }} (keep it in the file, just inactive)"
        "{% else %}block {{ name }} and www.{{ name }} by pointing both at {{ address }}{% endif %}")
_TERSE = ("{% if operation == 'add' %}{{ name }} -> {{ address }} (new entry){% elif operation == 'repoint' %}"
          "{{ name }} now at {{ address }}{% elif operation == 'alias' %}alias {{ alias }} on {{ name }}'s line"
          "{% elif operation == 'remove' %}drop {{ name }}'s line{% elif operation == 'disable' %}comment out "
          "{{ name }}'s line{% else %}block {{ name }} and www.{{ name }} ({{ address }}){% endif %}")
# the oracle's edit on `lines`, `i` the index of the active line naming NAME (found first unless adding)
EDITS = {"add": "lines.append(ADDRESS + '\\t' + NAME)",
         "block": "lines.append(ADDRESS + '\\t' + NAME + ' www.' + NAME)",
         "repoint": "lines[i] = ADDRESS + '\\t' + ' '.join(lines[i].split()[1:])",
         "alias": "lines[i] = lines[i].rstrip() + ' ' + ALIAS",
         "remove": "del lines[i]",
         "disable": "lines[i] = '# ' + lines[i]"}


class Hosts:
    """A seeded hosts file: loopback lines, a staging block and an internal tools block (some lines with
    a short alias, maybe one retired line commented out); `lines` maps each active host line to its names.
    The last line is always an active entry."""

    def __init__(self, rng: random.Random, faker: Faker) -> None:
        self.rng = rng
        self.domain = f"staging.{faker.domain_word()}.io"
        self.used: set[str] = set()
        self.names: set[str] = set()
        text = ["# Hosts file for the QA laptops - setup-laptop.sh copies it to /etc/hosts.",
                "# One line per address; comment out entries you retire.", "", "127.0.0.1\tlocalhost",
                "::1\t\tlocalhost ip6-localhost ip6-loopback", "", "# staging"]
        self.entries: list[tuple[str, list[str]]] = []
        for service in rng.sample(SERVICES, 5):
            text.append(self._line(rng, f"{service}.{self.domain}", f"{service}-staging", "10.20.4"))
        if rng.random() < 0.5:
            text.append(f"# 10.20.4.{rng.randint(200, 250)}\tlegacy.{self.domain}")
        text += ["", "# internal tools"]
        for tool in rng.sample(TOOLS, 4):
            text.append(self._line(rng, f"{tool}.internal", tool, "192.168.50"))
        self.text = "\n".join(text) + "\n"

    def _line(self, rng: random.Random, name: str, alias: str, net: str) -> str:
        address = self.address(net)
        names = [name, alias] if rng.random() < 0.4 else [name]
        self.entries.append((address, names))
        self.names.update(names)
        return f"{address}\t{' '.join(names)}"

    def address(self, net: str) -> str:
        """An address of `net` no line uses yet."""
        while (address := f"{net}.{self.rng.randint(2, 180)}") in self.used:
            pass
        self.used.add(address)
        return address


class Options(SkillParams):
    operation: Operation | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Operation
    name: str
    address: str | None
    alias: str | None
    reason: str


@register_workflow
class HostsEdit(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.hosts_edit", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is the hosts file our QA laptops get (setup copies it to /etc/hosts). In it, " + _ASK
            + ". Every other line must stay as it is. " + SAVE["formal"],
            "{{ reason }} Could you update {{ input }}? Please " + _ASK + ", and leave the other entries alone. "
            + SAVE["chatty"],
            "{{ input }} (hosts file): " + _TERSE + "; nothing else. " + SAVE["terse"],
        ],
        criteria=["The one entry is added, pointed elsewhere, given the alias, removed, commented out or blocked "
                  "as asked.", "Every other entry is unchanged and in order."],
        files=[FileSlot(param="input", type="txt", role="input", description="A shared hosts file"),
               FileSlot(param="output", type="txt", description="The edited hosts file")],
        checks=[CheckTemplate(func="text.hosts_edited", bind={"operation": "operation", "name": "name",
                                                             "address": "address", "alias": "alias"})],
    )
    states_values = ("address",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation: Operation = opts.operation or rng.choice(["add", "repoint", "alias", "remove", "disable", "block"])
        hosts = Hosts(rng, ctx.faker)
        address = alias = None
        if operation == "add":
            net, pool, suffix = rng.choice([("10.20.4", SERVICES, f".{hosts.domain}"), ("192.168.50", TOOLS,
                                                                                       ".internal")])
            name = rng.choice([p + suffix for p in pool if p + suffix not in hosts.names])
            address = hosts.address(net)
        elif operation == "block":
            name, address = ctx.faker.domain_name(), "0.0.0.0"
        else:  # an active line; never the last, so the file still ends on an entry whatever is removed
            old, names = rng.choice(hosts.entries[:-1])
            name = names[0]
            if operation == "repoint":
                address = hosts.address(old.rsplit(".", 1)[0])
            elif operation == "alias":
                alias = f"{name.split('.')[0]}-{'staging' if 'staging' in name else 'lab'}"
                alias = alias if alias not in hosts.names else name.split(".")[0] + "2"
        params = Params(**edit_paths(ctx, "hosts", "txt", "new", ["", "qa/", "setup/"]), operation=operation,
                        name=name, address=address, alias=alias, reason=REASONS[operation])
        return params.with_files(input=hosts.text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        find = "" if params.operation in ("add", "block") else (
            "i = next(k for k, line in enumerate(lines) if not line.startswith('#') and NAME in line.split()[1:])")
        return line_edit_solution(
            params.input, params.output, f"NAME, ADDRESS, ALIAS = {lit(params.name)}, {lit(params.address)}, "
            f"{lit(params.alias)}", find, EDITS[params.operation],
            look=f"First I read {params.input}: an address, then its names, one line each.",
            change="I make the one change asked on its line (or add a new line) and keep every other line as it is.")


REASONS = {"add": "We've set up a new server for the QA team.", "repoint": "Ops migrated one of the servers.",
           "alias": "People keep typing the short name.", "remove": "One of the servers was decommissioned.",
           "disable": "One server is down for maintenance for a while.",
           "block": "The testers keep getting distracted by a site during test runs."}
