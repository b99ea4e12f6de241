"""Monthly operations reports as PDF: a cover naming the month, a page per site (a site's notes
may run on to a page headed '<site> (continued)') and a closing 'Group summary' page. The same
sites every month with that month's figures, so a site's pages differ from month to month."""

from __future__ import annotations

import datetime as dt
import io
import re

from pydantic import BaseModel, ConfigDict

from workflows.spec import WorkflowContext

SUMMARY = "Group summary"
KINDS = ["depot", "warehouse", "store", "distribution centre"]
REMARKS = ["A new picking layout went live in the second week.", "Two forklifts were out of service for maintenance.",
           "Agency staff covered the holiday peak.", "The loading bay doors were replaced.",
           "Returns processing moved to the early shift.", "A fire drill was held with full attendance.",
           "The stock count closed with no material differences.", "Delivery slots were extended to 8 pm."]
ACTIONS = ["Review the rota for the weekend shift", "Repair the racking damaged in aisle 4",
           "Retrain new starters on the scanners", "Chase the late pallet delivery from the supplier",
           "Replace the worn dock leveller", "Audit the chilled storage temperature logs",
           "Agree overtime cover for the stock count", "Update the site risk assessment"]


class SiteMonth(BaseModel):
    """One site's figures and notes for one month; `actions` fill the continuation page."""

    model_config = ConfigDict(frozen=True)

    site: str
    manager: str
    orders: int
    on_time: float
    hours: int
    incidents: int
    remark: str
    actions: list[str]


class MonthlyReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    organisation: str
    author: str
    month: dt.date
    sites: list[SiteMonth]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def draw_sites(ctx: WorkflowContext, count: int) -> list[tuple[str, str]]:
    """`count` distinct (site, manager) pairs of one company: '<City> <kind>'."""
    kind = ctx.rng.choice(KINDS)
    sites: dict[str, str] = {}
    while len(sites) < count:
        city = ctx.faker.city()
        if all(city.split()[0] not in s for s in sites):
            sites[f"{city} {kind}"] = ctx.faker.name()
    return list(sites.items())


def draw_month(ctx: WorkflowContext, sites: list[tuple[str, str]], month: dt.date, organisation: str,
               author: str, continued: set[str]) -> MonthlyReport:
    """The month's report: each site's figures; the sites in `continued` get a continuation page."""
    rows = []
    for site, manager in sites:
        actions = ctx.rng.sample(ACTIONS, 3) if site in continued else []
        rows.append(SiteMonth(site=site, manager=manager, orders=ctx.rng.randrange(1800, 9000),
                              on_time=round(ctx.rng.uniform(88, 99.5), 1), hours=ctx.rng.randrange(2400, 9800),
                              incidents=ctx.rng.randrange(0, 5), remark=ctx.rng.choice(REMARKS),
                              actions=[f"{a} (owner: {ctx.faker.name()}, due {month:%B} "
                                       f"{ctx.rng.randint(20, 28)})" for a in actions]))
    return MonthlyReport(organisation=organisation, author=author, month=month, sites=rows)


def monthly_pdf(report: MonthlyReport) -> bytes:
    """The report: cover, a page per site (and its continuation page), the group summary."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Table

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    label = f"{report.month:%B %Y}"
    template = SimpleDocTemplate(buf, pagesize=A4, title=f"Monthly operations report {label}", author=report.author,
                                 subject=report.organisation, creator="Forge", invariant=True)
    story: list = [Paragraph("Monthly operations report", styles["Title"]), Paragraph(label, styles["Heading2"]),
                   Paragraph(f"{report.organisation} - prepared by {report.author}", styles["Normal"])]
    for s in report.sites:
        story += [PageBreak(), Paragraph(s.site, styles["Heading1"]),
                  Paragraph(f"Site manager: {s.manager}. {s.remark}", styles["BodyText"]),
                  Table([["Measure", "Value"], ["Orders shipped", f"{s.orders:,}"], ["On time", f"{s.on_time}%"],
                         ["Staff hours", f"{s.hours:,}"], ["Safety incidents", str(s.incidents)]])]
        if s.actions:
            story += [PageBreak(), Paragraph(f"{s.site} (continued)", styles["Heading1"]),
                      Paragraph("Open actions", styles["Heading3"]),
                      *(Paragraph(f"- {a}", styles["BodyText"]) for a in s.actions)]
    story += [PageBreak(), Paragraph(SUMMARY, styles["Heading1"]),
              Table([["Site", "Orders", "On time", "Incidents"],
                     *([s.site, f"{s.orders:,}", f"{s.on_time}%", str(s.incidents)] for s in report.sites)])]
    template.build(story)
    return buf.getvalue()


def month_run(ctx: WorkflowContext, count: int) -> list[dt.date]:
    """`count` consecutive months (first days), sometimes across a new year."""
    start = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(1, 12), 1)
    months = [start]
    while len(months) < count:
        last = months[-1]
        months.append(dt.date(last.year + last.month // 12, last.month % 12 + 1, 1))
    return months
