"""Rename a folder's files from a list kept in another app (files + data or spreadsheet): a scanner's
`scan_0012.pdf`s titled from a filing list, a product shoot's `DSC_0412.jpg`s named from the shot list.
The list gives full new names or bare titles (each file keeps its extension), may name files that are
gone (skipped), and the files are renamed where they are or copied, renamed, into a subfolder.
Registered once per list format: `multi.renamed_from_list.csv`, `multi.renamed_from_list.xlsx`.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import ClassVar

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import write_csv
from preparers.files import jpeg
from preparers.filetypes.tree import pack_tree
from preparers.spreadsheet import Table, write_xlsx
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

PAPERS = ["Electricity bill", "Bank statement", "Insurance renewal", "Tax notice", "Payslip", "Rental agreement",
          "Warranty card", "Water bill", "Pension statement", "Car service invoice", "Phone contract", "Council tax"]
PRODUCTS = ["ceramic mug", "linen tote", "desk lamp", "water bottle", "notebook", "wool scarf", "bamboo tray",
            "steel kettle", "canvas apron", "glass vase", "leather wallet", "plant pot"]
VIEWS = ["front", "side", "back", "detail", "in use", "top"]
INTO = ["renamed", "for_client", "named", "upload"]


class Options(SkillParams):
    keep_extension: bool | None = None
    stale_rows: bool | None = None
    copies: bool | None = None


class Params(Prepared):
    folder: str
    mapping: str
    old_column: str
    new_column: str
    keep_extension: bool
    stale_rows: bool
    into: str | None


def _scans(rng: random.Random, faker: Faker) -> tuple[str, dict[str, bytes], list[str]]:
    """A scanner's output: numbered PDFs, and the title each scan is filed under."""
    start = rng.randrange(1, 400)
    files, titles = {}, []
    for n in range(start, start + rng.randint(9, 16)):
        day = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(420))
        issuer = faker.company().split(",")[0].split(" ")[0]
        files[f"scan_{n:04d}.pdf"] = b"%PDF-1.4\n%scan\n" + rng.randbytes(rng.randrange(600, 4000))
        titles.append(f"{day:%Y-%m-%d} {rng.choice(PAPERS)} {issuer}")
    return "Scans", files, titles


def _shoot(rng: random.Random, faker: Faker) -> tuple[str, dict[str, bytes], list[str]]:
    """A product shoot's camera files, and the catalogue name each photo gets."""
    start = rng.randrange(100, 9000)
    files, titles = {}, []
    for n in range(start, start + rng.randint(8, 14)):
        files[f"DSC_{n:04d}.jpg"] = jpeg(rng, rng.randrange(1_500, 12_000))
        titles.append(f"SKU-{rng.randrange(10000, 99999)} {rng.choice(PRODUCTS)} {rng.choice(VIEWS)}")
    day = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(500))
    return f"Shoot_{day:%Y%m%d}", files, titles


SCENES = {"scans": (_scans, ["Scan", "Scanned file", "File"], "scan_titles"),
          "shoot": (_shoot, ["Photo", "Camera file", "File"], "shot_list")}


class RenamedFromList(FolderWorkflow[Params]):
    ext: ClassVar[str]
    spec = WorkflowSpec(
        name="multi.renamed_from_list", apps=["data", "files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ mapping }} lists files of {{ folder }}/ ({{ old_column }} column) with the name each should have "
            "({{ new_column }} column). {% if into %}Copy each listed file into a new subfolder {{ folder }}/{{ into }}/ "
            "under its new name and leave the originals as they are{% else %}Rename each listed file to its new name, "
            "in the same folder{% endif %}.{% if keep_extension %} The list gives names without an extension: every "
            "file keeps its own (.pdf, .jpg).{% endif %}{% if stale_rows %} Some rows name files that are no longer "
            "in the folder; skip those.{% endif %} Files the list doesn't name stay untouched.",
            "Could you sort out the names in {{ folder }}/? The list in {{ mapping }} says what each file should be "
            "called: old name under {{ old_column }}, new one under {{ new_column }}"
            "{% if keep_extension %} (no extensions there, so keep each file's own){% endif %}. "
            "{% if into %}Please don't touch the originals: put renamed copies in {{ folder }}/{{ into }}/.{% else %}"
            "Just rename them in place.{% endif %}{% if stale_rows %} The list is a bit out of date, a few of its "
            "files were deleted already; ignore those rows.{% endif %} Leave everything else alone.",
            "{{ folder }}/: {% if into %}copy{% else %}rename{% endif %} files per {{ mapping }} ({{ old_column }} -> "
            "{{ new_column }}{% if keep_extension %} + original extension{% endif %}){% if into %} into "
            "{{ folder }}/{{ into }}/{% endif %}{% if stale_rows %}; skip rows whose file is missing{% endif %}; "
            "other files unchanged.",
        ],
        criteria=["Every listed file present has its new name, content unchanged (a copy in the subfolder when asked).",
                  "Nothing else renamed, lost or added."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of numbered files"),
               FileSlot(param="mapping", type="csv", role="input", description="Old and new names")],
        checks=[CheckTemplate(func="tree.renamed_from_table", paths={"folder": "folder", "mapping_file": "mapping"},
                              bind={"old_column": "old_column", "new_column": "new_column",
                                    "keep_extension": "keep_extension", "into": "into"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        scene = ctx.rng.choice(sorted(SCENES))
        make, old_headers, stem = SCENES[scene]
        folder, files, titles = make(ctx.rng, ctx.faker)
        keep_extension = opts.keep_extension if opts.keep_extension is not None else ctx.rng.random() < 0.5
        stale = opts.stale_rows if opts.stale_rows is not None else ctx.rng.random() < 0.5
        copy = opts.copies if opts.copies is not None else ctx.rng.random() < 0.4
        names = list(files)
        listed = sorted(ctx.rng.sample(range(len(names)), len(names) - ctx.rng.randint(1, 3)))
        rows = []
        for i in listed:
            new = titles[i] if keep_extension else titles[i] + names[i][names[i].rfind("."):]
            rows.append([names[i], new])
        if stale:  # files deleted since the list was made: listed, no longer in the folder
            for name, _ in ctx.rng.sample(rows, ctx.rng.randint(1, 2)):
                del files[name]
        files["archive/" + ctx.rng.choice(["old_batch.zip", "contact_sheet.pdf", "notes.txt"])] = ctx.rng.randbytes(300)
        new_column = ctx.rng.choice(["Title", "New name", "Name"] if keep_extension else ["New name", "Rename to"])
        table = Table(kind="mapping", title="Names", headers=[ctx.rng.choice(old_headers), new_column], rows=rows)
        params = Params(folder=folder, mapping=f"{stem}.{self.ext}", old_column=table.headers[0],
                        new_column=new_column, keep_extension=keep_extension, stale_rows=stale,
                        into=ctx.rng.choice(INTO) if copy else None)
        mapping = write_csv(table) if self.ext == "csv" else write_xlsx(table, ctx.rng.choice(["Names", "Sheet1"]))
        return params.with_files(folder=pack_tree(dict(sorted(files.items()))), mapping=mapping)

    def reference(self, params: Params) -> ReferenceSolution:
        read = ("import csv\nrows = list(csv.reader(open(MAPPING, newline='', encoding='utf-8')))" if self.ext == "csv"
                else "import openpyxl\nrows = [[str(v or '') for v in r] for r in "
                     "openpyxl.load_workbook(MAPPING, data_only=True).active.iter_rows(values_only=True)]")
        script = read.replace("MAPPING", lit(params.mapping)) + f"""
import os, shutil
root, into = {lit(params.folder)}, {lit(params.into)}
header, *rows = rows
old, new = header.index({lit(params.old_column)}), header.index({lit(params.new_column)})
plan = {{}}
for r in rows:
    name, target = r[old].strip(), r[new].strip()
    if not os.path.isfile(os.path.join(root, name)):
        print("skip", name, "(not in the folder)")
        continue
    plan[name] = target + (os.path.splitext(name)[1] if {params.keep_extension!r} else "")
if into:
    os.makedirs(os.path.join(root, into), exist_ok=True)
    for name, target in plan.items():
        shutil.copy2(os.path.join(root, name), os.path.join(root, into, target))
else:  # two steps, so a new name never takes a name another file still has
    for name, target in plan.items():
        os.rename(os.path.join(root, name), os.path.join(root, ".renaming_" + target))
    for name, target in plan.items():
        os.rename(os.path.join(root, ".renaming_" + target), os.path.join(root, target))
print(len(plan), "files", "copied" if into else "renamed")
"""
        look = f"head -5 {params.mapping}" if self.ext == "csv" else f"ls {params.folder}"
        return solution(
            shell_step(look, f"First I look at {params.mapping} and the folder.", "Look at the list"),
            script_step(script, f"I read the list, skip rows whose file is gone and "
                        f"{'copy' if params.into else 'rename'} each listed file.", "Apply the list"),
            shell_step(f"ls -R {params.folder}", "Then I check the names.", "Check the names"))


def _register(ext: str, app: str) -> type[RenamedFromList]:
    noun = {"csv": "A CSV list", "xlsx": "An Excel list"}[ext]
    spec = RenamedFromList.spec.model_copy(update={
        "name": f"multi.renamed_from_list.{ext}", "apps": [app, "files"],
        "files": [RenamedFromList.spec.files[0],
                  FileSlot(param="mapping", type=ext, role="input", description=f"{noun} of old and new names")]})
    # __module__: `forge docs` describes a family by its module (type() under ABCMeta says 'abc')
    attrs = {"spec": spec, "ext": ext, "__module__": __name__}
    return register_workflow(type(f"RenamedFromList{ext.capitalize()}", (RenamedFromList,), attrs))


FAMILIES = [_register("csv", "data"), _register("xlsx", "spreadsheet")]
