"""Sort a folder's files into subfolders by a stated rule: their extension, the year (or year and
month) written in their names, or their size; moving or copying them, all files or one type."""

from __future__ import annotations

from typing import Literal

from forge.checks.tree_rules import name_date
from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import spread_years, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rule = Literal["extension", "year", "year_month", "size_band"]
BANDS = [(["small", "medium", "large"], [50_000, 150_000]), (["under_20KB", "20KB_to_100KB", "over_100KB"],
                                                            [20_000, 100_000]),
         (["tiny", "normal", "big"], [10_000, 80_000])]
UNDATED = ["undated", "no_date", "unsorted"]


class Options(SkillParams):
    rule: Rule | None = None
    mode: Literal["move", "copy"] | None = None
    one_type: bool | None = None
    undated_folder: bool | None = None


class Params(Prepared):
    folder: str
    rule: Rule
    mode: Literal["move", "copy"]
    only_ext: str | None
    undated: str | None
    bands: list[int]
    band_names: list[str]
    rule_text: str


@register_workflow
class SortByRule(FolderWorkflow[Params]):
    states_values = ("bands", "band_names")  # the size bands the request gives
    spec = WorkflowSpec(
        name="files.sort_by_rule", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Please sort {% if only_ext %}the {{ only_ext }} files{% else %}the files{% endif %} at the top of "
            "{{ folder }}/ into subfolders of it, {{ rule_text }}. {% if mode == 'copy' %}Copy them (keep the originals "
            "where they are){% else %}Move them (nothing left behind){% endif %}, keep their names and contents"
            "{% if only_ext %}, and leave every other file alone{% endif %}.{% if rule in ('year', 'year_month') %} "
            "{% if undated %}Files with no date in their name go to {{ undated }}/.{% else %}Files with no date in "
            "their name stay where they are.{% endif %}{% endif %}",
            "{{ folder }} needs sorting. {{ rule_text | capitalize }}: that's the folder each "
            "{% if only_ext %}{{ only_ext }} {% endif %}file should end up in. {% if mode == 'copy' %}Put copies there "
            "and leave the originals{% else %}Move them, don't copy{% endif %}; no renaming.{% if rule in ('year', "
            "'year_month') %}{% if undated %} Anything without a date in the name: {{ undated }}/.{% else %} Anything "
            "without a date in the name: leave it.{% endif %}{% endif %}",
            "{{ folder }}/: {{ mode }} {% if only_ext %}*{{ only_ext }}{% else %}every top-level file{% endif %} into "
            "subfolders, {{ rule_text }}; names unchanged{% if rule in ('year', 'year_month') %}; no date in name -> "
            "{% if undated %}{{ undated }}/{% else %}stays{% endif %}{% endif %}.",
        ],
        criteria=["Each file the rule applies to is in the subfolder the rule gives, unchanged.",
                  "Moved or copied as asked; nothing else added, lost or changed."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A cluttered Downloads folder")],
        checks=[CheckTemplate(func="tree.sorted_by_rule", bind={
            "rule": "rule", "mode": "mode", "only_ext": "only_ext", "undated": "undated", "bands": "bands",
            "band_names": "band_names"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rule: Rule = opts.rule or ctx.rng.choice(["extension", "year", "year_month", "size_band"])  # type: ignore[assignment]
        files = spread_years(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker)))
        one_type = opts.one_type if opts.one_type is not None else ctx.rng.random() < 0.3
        dated = rule in ("year", "year_month")
        # one type the rule moves something of: for a date rule, a type with a dated name
        exts = sorted({p[p.rfind("."):].lower() for p in files if "." in p and (not dated or name_date(p))})
        only_ext = ctx.rng.choice(exts) if one_type else None
        names, bands = ctx.rng.choice(BANDS) if rule == "size_band" else ([], [])
        wants_undated = opts.undated_folder if opts.undated_folder is not None else ctx.rng.random() < 0.5
        undated = ctx.rng.choice(UNDATED) if dated and wants_undated else None
        text = {"extension": "one per file extension, named after the extension in lower case without the dot "
                             "(photo.JPG goes to jpg/)",
                "year": "one per year, by the date written in the file name (IMG_20190312_... or report_2019_03: "
                        "2019/)",
                "year_month": "by the date written in the file name, a year folder with a two-digit month folder "
                              "inside (IMG_20190312_... or report_2019_03: 2019/03/)",
                "size_band": ", ".join(f"{n}/ for files {_band(bands, i)}" for i, n in enumerate(names))}[rule]
        params = Params(folder=ctx.rng.choice(["Downloads", "Desktop", "Inbox", "Transfer"]), rule=rule,
                        mode=opts.mode or ctx.rng.choice(["move", "copy"]), only_ext=only_ext, undated=undated,
                        bands=bands, band_names=names, rule_text=text)
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, shutil
            root = {lit(params.folder)}
            date = re.compile(r"(?<!\\d)(20\\d\\d)[-_]?(0[1-9]|1[0-2])(?:[-_]?(0[1-9]|[12]\\d|3[01]))?(?!\\d)")
            def target(name, size):
                ext = os.path.splitext(name)[1].lower()
                if {lit(params.only_ext)} and ext != {lit(params.only_ext)}:
                    return None
                rule = {lit(params.rule)}
                if rule == "extension":
                    return ext.lstrip(".") or "no_extension"
                if rule == "size_band":
                    return {lit(params.band_names)}[sum(size >= b for b in {lit(params.bands)})]
                found = date.search(name)
                if not found:
                    return {lit(params.undated)}
                return found[1] if rule == "year" else os.path.join(found[1], found[2])
            for name in sorted(os.listdir(root)):
                path = os.path.join(root, name)
                folder = target(name, os.path.getsize(path)) if os.path.isfile(path) else None
                if folder is None:
                    continue
                os.makedirs(os.path.join(root, folder), exist_ok=True)
                {"shutil.copy2" if params.mode == "copy" else "shutil.move"}(path, os.path.join(root, folder, name))
                print(name, "->", folder)
        """
        return solution(
            shell_step(f"ls -la {params.folder}", f"First I look at what {params.folder}/ holds.", "List the folder"),
            script_step(script, f"Then I {params.mode} each file the rule applies to into its subfolder "
                        f"({params.rule.replace('_', ' ')}), keeping its name.", f"Sort the files by {params.rule}"),
            shell_step(f"find {params.folder} -type f | sort", "Finally I check where everything ended up.",
                       "Check the result"))


def _band(bounds: list[int], i: int) -> str:
    kb = [f"{b // 1000} KB ({b} bytes)" for b in bounds]
    if i == 0:
        return f"under {kb[0]}"
    if i == len(bounds):
        return f"of {kb[-1]} or more"
    return f"from {kb[i - 1]} up to (not including) {kb[i]}"
