"""Make a pack per site manager from three monthly operations reports (PDF): each site's pages
from every month's report, months in order (oldest or newest first, read off each report's
cover, since the files are not listed in that order), a site's continuation pages included
where its notes run on, and each month's group summary page in front when asked."""

from __future__ import annotations


from forge.checks.pdf_gather import PeriodOrder
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._monthly import SUMMARY, draw_month, draw_sites, month_run, monthly_pdf, slug
from workflows.pdf._pages import look_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

REPORTS = ("first", "second", "third")
PACKS = ("pack1", "pack2", "pack3")
_FILES = "{{ first }}, {{ second }} and {{ third }}"
_PACKS = ("{{ pack1 }} for {{ group1 }}, {{ pack2 }} for {{ group2 }} and {{ pack3 }} for {{ group3 }}")
_ORDER = "{% if order == 'oldest' %}oldest month first{% else %}latest month first{% endif %}"
_MORE = ("{% if continued %} Where a site's notes run on to a page headed \"<site> (continued)\", that page belongs "
         "to the site too.{% endif %}{% if also %} Put each month's \"{{ also }}\" page in front of that month's "
         "site pages.{% endif %}")


class Options(SkillParams):
    continued: bool | None = None
    summary: bool | None = None
    order: PeriodOrder | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    pack1: str
    pack2: str
    pack3: str
    group1: str
    group2: str
    group3: str
    order: PeriodOrder
    continued: bool
    also: str | None


@register_workflow
class GatherPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.gather_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "The monthly operations reports " + _FILES + " each have a page per site. Make a PDF pack for each of "
            "three site managers, " + _PACKS + ", holding that site's pages from all three reports, " + _ORDER
            + "." + _MORE + " Leave the reports as they are.",
            "Each site manager wants just their own pages from the last three monthly reports (" + _FILES + "). "
            "Could you pull them out into one PDF per site - " + _PACKS + " - with the months running " + _ORDER
            + "?" + _MORE,
            _FILES + " -> " + _PACKS + ": each site's pages from every month, " + _ORDER + "." + _MORE,
        ],
        criteria=["Each pack holds exactly its site's pages (continuation pages included) from every report.",
                  "The months run in the order asked, read from the reports' covers, not the order listed.",
                  "Each month's summary page leads that month's pages when asked, and only then."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A monthly operations report")
                 for s in REPORTS),
               *(FileSlot(param=p, type="pdf", description="One site's pages") for p in PACKS)],
        checks=[CheckTemplate(func="pdf.pages_gathered",
                              paths={"file": p, **{f"{s}_file": s for s in REPORTS}},
                              bind={"group": f"group{k}", "order": "order", "also": "also"})
                for k, p in enumerate(PACKS, start=1)],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        continued = opts.continued if opts.continued is not None else ctx.rng.random() < 0.5
        summary = opts.summary if opts.summary is not None else ctx.rng.random() < 0.5
        order: PeriodOrder = opts.order or ctx.rng.choice(["oldest", "newest"])
        sites = draw_sites(ctx, ctx.rng.randint(4, 5))
        asked = ctx.rng.sample([s for s, _ in sites], 3)
        organisation, author = ctx.faker.company(), ctx.faker.name()
        months = month_run(ctx, 3)
        runs_on = [set(ctx.rng.sample([s for s, _ in sites], 2)) if continued else set() for _ in months]
        if continued and not any(set(asked) & r for r in runs_on):
            runs_on[0] = {asked[0]}
        reports = [draw_month(ctx, sites, m, organisation, author, r) for m, r in zip(months, runs_on, strict=True)]
        listed = list(range(3))
        while listed in ([0, 1, 2], [2, 1, 0]):
            ctx.rng.shuffle(listed)
        name = ctx.rng.choice(["ops_report_{m:%Y_%m}", "operations_{m:%B_%Y}", "{org}_monthly_{m:%Y-%m}"])
        org = slug(organisation).split("_")[0]
        folder = ctx.rng.choice(["", "reports/", "monthly/"])
        out = ctx.rng.choice(["", "packs/", "site_packs/"])
        paths = [f"{folder}{name.format(m=reports[i].month, org=org).lower()}.pdf" for i in listed]
        if len(set(paths)) != 3:
            raise WorkflowError("two monthly reports drew the same file name")
        params = Params(**dict(zip(REPORTS, paths, strict=True)),
                        **{p: f"{out}{slug(g)}_pack.pdf" for p, g in zip(PACKS, asked, strict=True)},
                        **{f"group{k}": g for k, g in enumerate(asked, start=1)},
                        order=order, continued=continued, also=SUMMARY if summary else None)
        return params.with_files(**{s: monthly_pdf(reports[i]) for s, i in zip(REPORTS, listed, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        reports = [params.first, params.second, params.third]
        packs = {params.pack1: params.group1, params.pack2: params.group2, params.pack3: params.group3}
        script = f"""
            import calendar, os, re
            from pypdf import PdfReader, PdfWriter
            MONTHS = {{m.lower(): n for n, m in enumerate(calendar.month_name) if m}}
            def heading(text):
                return next((" ".join(l.split()).lower() for l in text.splitlines() if l.strip()), "")
            reports = []
            for path in {lit(reports)}:
                reader = PdfReader(path)
                texts = [page.extract_text() or "" for page in reader.pages]
                month, year = re.search(r"\\b(" + "|".join(MONTHS) + r")\\s+(\\d{{4}})", texts[0], re.I).groups()
                reports.append(((int(year), MONTHS[month.lower()]), path, reader, texts))
            reports.sort(key=lambda r: r[0], reverse={params.order == "newest"})
            print("months in order:", [(r[0], r[1]) for r in reports])
            for out, site in {lit(packs)}.items():
                writer = PdfWriter()
                for _, path, reader, texts in reports:
                    heads = [heading(t) for t in texts]
                    picks = [heads.index({lit((params.also or "").lower())})] if {lit(params.also)} else []
                    picks += [i for i, h in enumerate(heads) if h in (site.lower(), site.lower() + " (continued)")]
                    for i in picks:
                        writer.add_page(reader.pages[i])
                    print(out, path, [i + 1 for i in picks])
                if os.path.dirname(out):
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out, "wb") as fh:
                    writer.write(fh)
        """
        return solution(*(look_step(p, f"I list the pages of {p} to see its month and how its sites are laid out.")
                          for p in reports),
                        script_step(script, "I read each report's month off its cover, put the reports in the order "
                                    "asked and copy each site's pages (and continuation pages) into its pack.",
                                    "Write the site packs"))
