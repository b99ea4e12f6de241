"""Check a delivery folder against the checklist a client or a publisher sent before it goes out:
report the entries no file answers (in the list's order, as written) and, when asked, the files the
list does not name; the list giving paths inside the folder, or bare file names in any case to find
wherever they are; the report in headed sections or as an item,status CSV. Nothing is moved."""

from __future__ import annotations

import random
from pathlib import PurePosixPath
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

DELIVERABLES = {
    "brand": ["logo/logo.svg", "logo/logo.png", "logo/logo_white.png", "brand_guide.pdf", "fonts/Inter.zip",
              "colours.txt", "templates/letterhead.docx", "templates/slides.pptx", "photos/hero.jpg",
              "photos/team.jpg"],
    "book": ["manuscript/final.docx", "cover/front.jpg", "cover/back.jpg", "cover/spine.pdf", "metadata.csv",
             "author_photo.jpg", "permissions/letter_1.pdf", "permissions/letter_2.pdf", "index.docx", "blurb.txt"],
}
LEFTOVERS = {"brand": ["drafts/old_logo.png", "photos/hero_v1.jpg", "notes.txt", "Thumbs.db"],
             "book": ["drafts/chapter_3_old.docx", "cover/front_v1.jpg", "notes.txt", "~$final.docx"]}


class Options(SkillParams):
    loose: bool | None = None
    extras: bool | None = None
    format: Literal["sections", "csv"] | None = None


class Params(Prepared):
    folder: str
    checklist: str
    report: str
    loose: bool
    extras: bool
    format: Literal["sections", "csv"]


def _content(rng: random.Random, path: str) -> bytes:
    ext = PurePosixPath(path).suffix
    return jpeg(rng, rng.randrange(1_500, 6_000)) if ext == ".jpg" else _filler(rng, rng.randrange(300, 9_000), ext)


def _checklist(rng: random.Random, faker: Faker, listed: list[str], loose: bool) -> str:
    """The list as the client wrote it: paths (some with './'), or bare names in whatever case."""
    lines = [f"# Deliverables checklist from {faker.name()}", ""]
    for path in listed:
        name = PurePosixPath(path).name
        lines.append(rng.choice([name, name.upper(), name.capitalize()]) if loose else rng.choice(["", "./"]) + path)
    return "\n".join(lines) + "\n"


@register_workflow
class CheckDelivery(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.check_delivery", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Check {{ folder }}/ against the checklist {{ checklist }} (one entry per line, # lines are comments; "
            "{% if loose %}entries are bare file names, in any case, to be found anywhere in the folder{% else %}"
            "entries are paths inside {{ folder }}/, some starting with ./{% endif %}). Write to {{ report }} "
            "{% if format == 'sections' %}a line 'Missing:' followed by the entries no file answers, one per line, "
            "as written and in the list's order{% if extras %}, then a line 'Not on the list:' followed by the "
            "paths (inside {{ folder }}/) of the files no entry names, sorted{% endif %}{% else %}a CSV with "
            "columns item,status: one row per entry no file answers (as written, status missing, in the list's "
            "order){% if extras %}, then one row per file no entry names (its path inside {{ folder }}/, status "
            "not on the list, sorted){% endif %}{% endif %}. Don't change anything in {{ folder }}/.",
            "Before {{ folder }} goes out, could you check it against {{ checklist }}? "
            "{% if loose %}They only wrote file names, not always in the right case, so look for each one "
            "anywhere in the folder.{% else %}It lists paths inside the folder.{% endif %} Put what's missing in "
            "{{ report }}{% if format == 'sections' %} under a 'Missing:' line (entries as they wrote them, in "
            "their order){% if extras %}, and under a 'Not on the list:' line the files in there that the list "
            "doesn't mention, by path, sorted{% endif %}{% else %} as a CSV, item,status, status missing for "
            "each entry without a file (as written, list order){% if extras %}, then status not on the list for "
            "each file the list doesn't mention (path in the folder, sorted){% endif %}{% endif %}. Please don't "
            "move anything.",
            "{{ folder }}/ vs {{ checklist }} ({% if loose %}bare names, case-insensitive, any depth{% else %}"
            "relative paths, ./ allowed{% endif %}; skip # lines) -> {{ report }}: {% if format == 'sections' %}"
            "'Missing:' + unmatched entries (as written, list order){% if extras %}, 'Not on the list:' + "
            "unlisted file paths (sorted){% endif %}{% else %}CSV item,status: unmatched entries -> missing "
            "(list order){% if extras %}, then unlisted file paths -> not on the list (sorted){% endif %}"
            "{% endif %}. Read-only.",
        ],
        criteria=["The report names exactly the checklist entries without a file (and the unlisted files when "
                  "asked), in the order and format asked.", "The folder is not changed."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A delivery folder"),
               FileSlot(param="checklist", type="txt", role="input", description="The client's checklist"),
               FileSlot(param="report", type="txt", types_by={"format": {"csv": "csv"}},
                        description="The check's report")],
        checks=[CheckTemplate(func="tree.checklist_report", paths={"checklist": "checklist", "file": "report"},
                              bind={"folder": "folder", "loose": "loose", "extras": "extras", "format": "format"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        kind = rng.choice(sorted(DELIVERABLES))
        fmt = opts.format or rng.choice(["sections", "csv"])
        loose = opts.loose if opts.loose is not None else rng.random() < 0.5
        params = Params(folder=f"{kind.capitalize()}_delivery", checklist=f"{kind}_checklist.txt",
                        report=f"delivery_check.{'txt' if fmt == 'sections' else 'csv'}", loose=loose,
                        extras=opts.extras if opts.extras is not None else rng.random() < 0.5, format=fmt)
        listed = rng.sample(DELIVERABLES[kind], rng.randint(7, 9))
        absent = set(rng.sample(listed, rng.randint(1, 3)))
        present = [p for p in listed if p not in absent] + rng.sample(LEFTOVERS[kind], rng.randint(2, 3))
        files = {path: _content(rng, path) for path in present}
        checklist = _checklist(rng, ctx.faker, listed, loose)
        return params.with_files(folder=pack_tree(dict(sorted(files.items()))), checklist=checklist.encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os
            root, loose = {lit(params.folder)}, {params.loose!r}
            paths = sorted(os.path.relpath(os.path.join(d, n), root) for d, _, ns in os.walk(root) for n in ns)
            key = (lambda p: os.path.basename(p).casefold()) if loose else (lambda p: p)
            norm = (lambda e: e.casefold()) if loose else (lambda e: e.removeprefix("./"))
            entries = [l.strip() for l in open({lit(params.checklist)}, encoding="utf-8")]
            entries = [e for e in entries if e and not e.startswith("#")]
            found = {{key(p) for p in paths}}
            missing = [e for e in entries if norm(e) not in found]
            wanted = {{norm(e) for e in entries}}
            extra = [p for p in paths if key(p) not in wanted] if {params.extras!r} else []
            with open({lit(params.report)}, "w", newline="", encoding="utf-8") as out:
                if {lit(params.format)} == "csv":
                    rows = [("item", "status")] + [(m, "missing") for m in missing]
                    csv.writer(out, lineterminator="\\n").writerows(rows + [(p, "not on the list") for p in extra])
                else:
                    out.write("Missing:\\n" + "".join(m + "\\n" for m in missing))
                    if {params.extras!r}:
                        out.write("\\nNot on the list:\\n" + "".join(p + "\\n" for p in extra))
            print(len(missing), "missing,", len(extra), "not on the list")
        """
        return solution(
            shell_step(f"cat {params.checklist}; find {params.folder} -type f | sort",
                       "First I read the checklist and list the folder.", "Read the checklist"),
            script_step(script, "I match each entry to the folder's files and write what is missing.",
                        "Write the report"),
            shell_step(f"cat {params.report}", "Then I read the report back.", "Check the report"))
