"""Mask one kind of personal data in a helpdesk export before it goes to an outside vendor or onto a
public bug report: email addresses, IP addresses, phone numbers or card numbers, replaced by a
stated token, partly masked (enough left to tell them apart), or by numbered placeholders that
keep one customer's messages linked; optionally leaving our own (staff addresses, our support
line, private-network addresses) as they are. The other kinds of data stay: the vendor needs them."""

from __future__ import annotations

import datetime as dt
import itertools
import random
import re
from typing import Literal

from faker import Faker

from forge.checks.text_redact import PATTERNS, PRIVATE, Kind, Mask
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scope = Literal["all", "external"]
WHAT = {"email": "email address", "ip": "IP address", "phone": "phone number", "card": "card number"}
TOKENS = ["[REDACTED]", "[removed]", "<redacted>", "XXXX"]
PARTIAL = {
    "email": "cut each email address down to the first letter of its name and its domain, with *** for the rest "
             "of the name (jane.doe@example.com would read j***@example.com)",
    "ip": "mask each IP address by setting its last part to 0, so only the network still shows",
    "phone": "mask each phone number so that only its last four digits show: every other digit becomes *, and the "
             "spaces, brackets, dashes and dots stay",
    "card": "mask each card number so that only its last four digits show: every other digit becomes *, and the "
            "spaces or dashes stay",
}
_MASK = ("{% if mask == 'token' %}replace every {{ what }} with {{ token }}{% elif mask == 'numbered' %}replace "
         "each distinct {{ what }} with a numbered placeholder: [{{ kind }}-1] for the first one that appears, "
         "[{{ kind }}-2] for the next new one, and so on, the same {{ what }} always getting the same placeholder"
         "{% if kind == 'email' %} (however it is capitalised){% endif %}{% else %}{{ partial }}{% endif %}"
         "{% if keep_domain %}, but leave our own staff addresses (@{{ keep_domain }}) as they are"
         "{% elif keep_number %}, but leave our own support line ({{ keep_number }}) as it is"
         "{% elif keep_private %}, but leave our internal "
         "private-network addresses (10.x.x.x, 172.16.x.x to 172.31.x.x, 192.168.x.x) as they are{% endif %}")
# the oracle's replacement of one found value `v` (kept values are returned before this runs)
MASKERS = {
    "token": "return TOKEN",
    "numbered": "return '[' + KIND + '-' + str(seen.setdefault(same(v), len(seen) + 1)) + ']'",
    "partial": "return partial(v)",
}
PARTIAL_CODE = {
    "email": "def partial(v):\n    return v[0] + '***@' + v.split('@', 1)[1]",
    "ip": "def partial(v):\n    return v.rsplit('.', 1)[0] + '.0'",
    "phone": "def partial(v):\n    digits = [i for i, c in enumerate(v) if c.isdigit()][:-4]\n"
             "    return ''.join('*' if i in digits else c for i, c in enumerate(v))",
}
PARTIAL_CODE["card"] = PARTIAL_CODE["phone"]
SAME_CODE = {"email": "str.lower", "ip": "str", "phone": "lambda v: re.sub(r'\\D', '', v)"}
SAME_CODE["card"] = SAME_CODE["phone"]
KEEP_CODE = {
    "domain": "lambda v: v.rsplit('@', 1)[1].lower() == KEEP",
    "number": "lambda v: re.sub(r'\\D', '', v) == re.sub(r'\\D', '', KEEP)",
    "private": "lambda v: any(ipaddress.ip_address(v) in ipaddress.ip_network(n) for n in NETS)",
    "none": "lambda v: False",
}
CUSTOMER = ["My parcel has not arrived yet, please call me on {phone}.", "I was charged twice on card {card}.",
            "Please update my number to {phone}, the old one is gone.", "Still waiting for the refund on card {card}.",
            "The invoice should go to my colleague {other} instead.", "Still no refund after two weeks.",
            "The app logs me out every few minutes.", "Can someone call me back on {phone} this afternoon?",
            "Please cancel the renewal on card {card}."]
AGENT = ["Refund issued; call us on {line} if it does not show within five days.", "Escalated to billing, cc {peer}.",
         "Called the customer back on {phone}, no answer.", "Asked the customer to confirm the card's last digits.",
         "Closed after the customer confirmed. Our line for follow-ups: {line}.", "Handed over to {peer} for the "
         "night shift."]
PHONE_FORMATS = ["({a}) {b}-{c}", "{a}-{b}-{c}", "{a}.{b}.{c}", "+1 {a} {b} {c}"]


class Export:
    """A seeded helpdesk export: a header, then one line per ticket message (time, ticket, who with
    their email, the client address, the message). Customers mail from public addresses and give
    phone and card numbers; agents write from our domain and private addresses and quote our line.
    Every kind occurs at least twice, our own ones too."""

    def __init__(self, rng: random.Random, faker: Faker) -> None:
        company = faker.company()
        self.domain = re.sub(r"[^a-z]", "", company.split()[0].lower()) + "-help.com"
        self.line = f"+1 800 {rng.randint(200, 989)} {rng.randint(1000, 9999)}"
        self.day = dt.date(rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=rng.randrange(365))
        agents = []
        for first, last in sorted({(faker.first_name(), faker.last_name()) for _ in range(3)}):
            handle = re.sub(r"[^a-z.]", "", f"{first}.{last}".lower())
            agents.append((f"{first} {last}", f"{handle}@{self.domain}",
                           f"{rng.choice(['10.20', '192.168'])}.{rng.randint(1, 60)}.{rng.randint(2, 250)}"))
        customers = []
        for first, last in sorted({(faker.first_name(), faker.last_name()) for _ in range(rng.randint(4, 6))}):
            handle = re.sub(r"[^a-z.0-9]", "", rng.choice([f"{first}.{last}", f"{first[0]}{last}",
                                                             f"{first}{rng.randint(10, 99)}"]).lower())
            customers.append((f"{first} {last}", f"{handle}@{faker.free_email_domain()}", self._public(rng, faker),
                              self._phone(rng), self._card(rng)))
        lines = [f"# Helpdesk export: tickets updated {self.day.isoformat()} ({company} support)"]
        minute, said_agent, said_customer = 8 * 60, itertools.count(), itertools.count()
        for turn in range(rng.randint(22, 30)):
            minute += rng.randint(3, 25)
            ticket = 48000 + rng.randrange(900)
            if turn % 3 == 2:  # every agent message once first, then any
                name, email, ip = rng.choice(agents)
                said = next(said_agent)
                text = (AGENT[said] if said < len(AGENT) else rng.choice(AGENT)).format(
                    line=self.line, peer=rng.choice([a for a in agents if a[1] != email] or agents)[1],
                    phone=rng.choice(customers)[3])
            else:  # every customer message once first, then any
                name, email, ip, phone, card = rng.choice(customers)
                email = email.upper() if rng.random() < 0.15 else email
                said = next(said_customer)
                text = (CUSTOMER[said] if said < len(CUSTOMER) else rng.choice(CUSTOMER)).format(
                    phone=phone, card=card, other=faker.email())
            lines.append(f"{self.day.isoformat()} {minute // 60:02d}:{minute % 60:02d} #{ticket} {name} <{email}> "
                         f"from {ip}: {text}")
        self.text = "\n".join(lines) + "\n"

    @staticmethod
    def _public(rng: random.Random, faker: Faker) -> str:
        """A public IPv4 address not ending in 0 (its partial mask must change it)."""
        while True:
            ip = faker.ipv4_public()
            if not ip.endswith(".0"):
                return ip

    @staticmethod
    def _phone(rng: random.Random) -> str:
        return rng.choice(PHONE_FORMATS).format(a=rng.randint(201, 989), b=rng.randint(200, 989),
                                                c=f"{rng.randint(0, 9999):04d}")

    @staticmethod
    def _card(rng: random.Random) -> str:
        digits = str(rng.choice([4, 5])) + "".join(str(rng.randrange(10)) for _ in range(15))
        sep = rng.choice([" ", "-", ""])
        return sep.join(digits[i:i + 4] for i in range(0, 16, 4))


class Options(SkillParams):
    kind: Kind | None = None
    mask: Mask | None = None
    scope: Scope | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    kind: Kind
    what: str
    mask: Mask
    partial: str
    token: str | None
    keep_domain: str | None
    keep_number: str | None
    keep_private: bool


@register_workflow
class Redact(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.redact", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is an export of our helpdesk tickets that is going to an outside vendor. Before it goes, "
            + _MASK + ". Everything else in the file stays exactly as it is. " + SAVE["formal"],
            "I have to attach {{ input }} to a bug report for the vendor, and it can't carry the {{ what }}s as they "
            "are. Could you " + _MASK + "? Leave the rest of the file alone, the vendor needs it. " + SAVE["chatty"],
            "{{ input }}: " + _MASK + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["Every value of the kind asked is masked exactly as asked, and only those (ours kept where asked).",
                  "Every other character of the file is unchanged."],
        files=[FileSlot(param="input", type="txt", role="input", description="A helpdesk ticket export"),
               FileSlot(param="output", type="txt", description="The export with the data masked")],
        checks=[CheckTemplate(func="text.redacted", bind={
            "kind": "kind", "mask": "mask", "token": "token", "keep_domain": "keep_domain",
            "keep_number": "keep_number", "keep_private": "keep_private"})],
    )
    states_values = ("keep_number",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind: Kind = opts.kind or rng.choice(["email", "ip", "phone", "card"])
        masks: list[Mask] = ["token", "partial"] if kind == "card" else ["token", "partial", "numbered"]
        mask: Mask = opts.mask or rng.choice(masks)
        external = (opts.scope or rng.choice(["all", "external"] if kind != "card" else ["all"])) == "external"
        export = Export(rng, ctx.faker)
        params = Params(**edit_paths(ctx, f"helpdesk_export_{export.day.isoformat()}", "txt", "redacted",
                                     ["", "exports/", "vendor/"]),
                        kind=kind, what=WHAT[kind], mask=mask, partial=PARTIAL[kind],
                        token=rng.choice(TOKENS) if mask == "token" else None,
                        keep_domain=export.domain if external and kind == "email" else None,
                        keep_number=export.line if external and kind == "phone" else None,
                        keep_private=external and kind == "ip")
        return params.with_files(input=export.text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        keep = ("domain" if params.keep_domain else "number" if params.keep_number else
                "private" if params.keep_private else "none")
        script = f"""
            import ipaddress, re
            KIND, TOKEN, KEEP = {lit(params.kind)}, {lit(params.token)}, {lit(params.keep_domain or params.keep_number)}
            PATTERN = re.compile({lit(PATTERNS[params.kind].pattern)})
            NETS = {lit([str(n) for n in PRIVATE])}
            {PARTIAL_CODE[params.kind].replace(chr(10), chr(10) + ' ' * 12)}
            same, keep, seen = {SAME_CODE[params.kind]}, {KEEP_CODE[keep]}, {{}}

            def mask(match):
                v = match.group()
                if keep(v):
                    return v
                {MASKERS[params.mask]}

            text = open({lit(params.input)}, encoding="utf-8").read()
            out = "\\n".join(PATTERN.sub(mask, line) for line in text.split("\\n"))
            open({lit(params.output)}, "w", encoding="utf-8").write(out)
            print(out)
        """
        listing = (f"import re; print(*sorted({{m.group() for m in re.finditer({lit(PATTERNS[params.kind].pattern)}, "
                   f"open({lit(params.input)}).read())}}), sep='\\n')")
        return solution(script_step(listing,
                                    f"First I list every {params.what} in {params.input}, to see how they are written.",
                                    f"Find the {params.what}s"),
                        script_step(script, f"I mask each {params.what} as asked, keeping ours where the ask says so, "
                                            "and change nothing else.", f"Write {params.output}"))
