"""List the photos of a folder with the date each was taken, read from its camera file name."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    folder: str
    report: str
    name_column: str
    date_column: str


@register_workflow
class PhotoDates(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.photo_dates", apps=["files"], params=Params,
        phrasings=[
            "The camera photos in {{ folder }}/ (the .jpg files) carry the moment they were taken in their names, "
            "as a YYYYMMDD_HHMMSS stamp. Write {{ report }} with the columns {{ name_column }},{{ date_column }}: "
            "one row per photo, its file name and the date it was taken as YYYY-MM-DD, sorted by file name (plain "
            "character order). "
            "Leave the folder as it is.",
            "I want to sort out my pictures. Could you make {{ report }} listing every .jpg in {{ folder }}/ with "
            'the day it was shot (from the YYYYMMDD part of its name), columns "{{ name_column }}" and '
            '"{{ date_column }}", dates written YYYY-MM-DD, rows in file-name order (plain character order)?',
        ],
        criteria=["One row per photo with the date from its name, in file-name order.", "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A Downloads folder with photos"),
               FileSlot(param="report", type="csv", description="Photos and the dates they were taken")],
        checks=[CheckTemplate(func="tree.photo_dates",
                              bind={"folder": "folder", "name_column": "name_column", "date_column": "date_column"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        tree = make_tree(ctx.rng, ctx.faker)
        name_column, date_column = ctx.rng.choice([("photo", "taken"), ("file", "date"), ("name", "shot_on")])
        params = Params(folder=tree.root, report="photo_dates.csv", name_column=name_column, date_column=date_column)
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os, re
            rows = []
            for name in sorted(os.listdir({lit(params.folder)})):
                stamp = re.search(r"_(\\d{{4}})(\\d{{2}})(\\d{{2}})_\\d{{6}}", name)
                if name.lower().endswith(".jpg") and stamp:
                    rows.append([name, "-".join(stamp.groups())])
            with open({lit(params.report)}, "w", newline="") as out:
                csv.writer(out).writerows([[{lit(params.name_column)}, {lit(params.date_column)}], *rows])
            print(rows)
        """
        return solution(script_step(script, f"I read the YYYYMMDD stamp out of each .jpg name in {params.folder}/ and "
                                    f"write name and date rows to {params.report}, in name order.",
                                    f"Write {params.report}"))
