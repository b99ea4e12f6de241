"""Rename a folder's files by a stated naming rule: photos by the moment in their camera names,
names made lower case with underscores, or a running number in name or date order."""

from __future__ import annotations

from typing import Literal

from forge.checks.tree_rules import snake
from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import messy_names, spread_years, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rule = Literal["photo_moment", "lower_snake", "numbered"]
PREFIXES = ["holiday", "trip", "wedding", "family", "garden", "scan", "party", "hike"]


class Options(SkillParams):
    rule: Rule | None = None
    one_type: bool | None = None
    order: Literal["name", "date"] | None = None


class Params(Prepared):
    folder: str
    rule: Rule
    only_ext: str | None
    prefix: str
    order: Literal["name", "date"]


@register_workflow
class RenameByRule(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.rename_by_rule", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Rename {% if only_ext %}the {{ only_ext }} files{% else %}every file{% endif %} in {{ folder }}/ "
            "{% if rule == 'photo_moment' %}after the moment in its camera name: IMG_20190812_143022.jpg becomes "
            "2019-08-12_143022.jpg (YYYY-MM-DD_HHMMSS plus the extension){% elif rule == 'lower_snake' %}so the name "
            "is all lower case, with every run of spaces and hyphens replaced by one underscore (\"Trip - Notes.PDF\" "
            "becomes \"trip_notes.pdf\"){% else %}with the prefix \"{{ prefix }}\" and a running number: "
            "{{ prefix }}_ and the number in three digits with leading zeros, counting from one, keeping the extension, numbered {% if order == 'date' %}in the order the photos were taken (the date and time in "
            "their names){% else %}in alphabetical order of their current names{% endif %}{% endif %}. Keep the "
            "contents and the folder; leave any other file as it is.",
            "The names in {{ folder }} are all over the place. {% if rule == 'photo_moment' %}Could you give the "
            "{{ only_ext }} photos names by when they were taken, like 2019-08-12_143022.jpg for IMG_20190812_143022.jpg?"
            "{% elif rule == 'lower_snake' %}Could you make {% if only_ext %}the {{ only_ext }} names{% else %}them"
            "{% endif %} lower case with underscores instead of spaces and hyphens (one underscore per run)?"
            "{% else %}Could you number {% if only_ext %}the {{ only_ext }} files{% else %}them{% endif %} "
            "\"{{ prefix }}\" plus an underscore and a three-digit number counting up from one, {% if order == 'date' %}oldest shot first (by the date and "
            "time in the name){% else %}in current name order{% endif %}?{% endif %} Same files, same place, just "
            "renamed.",
            "{{ folder }}/: rename {% if only_ext %}*{{ only_ext }}{% else %}all files{% endif %} -> "
            "{% if rule == 'photo_moment' %}YYYY-MM-DD_HHMMSS.ext from the camera name{% elif rule == 'lower_snake' %}"
            "lower case, spaces/hyphens -> _{% else %}prefix \"{{ prefix }}\": {{ prefix }}_NNN.ext (NNN zero-padded, from one) by "
            "{% if order == 'date' %}date taken (from the name){% else %}name{% endif %}{% endif %}; others untouched.",
        ],
        criteria=["Each file the rule applies to has the name the rule gives, content unchanged.",
                  "Other files keep their names; nothing added or lost."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of photos and documents")],
        checks=[CheckTemplate(func="tree.renamed_by_rule", bind={
            "rule": "rule", "only_ext": "only_ext", "prefix": "prefix", "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rule: Rule = opts.rule or ctx.rng.choice(["photo_moment", "lower_snake", "numbered"])  # type: ignore[assignment]
        files = spread_years(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker)))
        if rule == "lower_snake":
            files = messy_names(ctx.rng, files)
        only_ext: str | None = ".jpg"  # photos: named by their moment, or numbered
        if rule == "lower_snake":
            one_type = opts.one_type if opts.one_type is not None else ctx.rng.random() < 0.5
            # a type with a name the rule changes: one whose names are all clean leaves nothing to do
            top = [p for p in files if "/" not in p and "." in p] or [p for p in files if "." in p]
            exts = sorted({p[p.rfind("."):].lower() for p in top if snake(p) != p}) or \
                sorted({p[p.rfind("."):].lower() for p in top})
            only_ext = ctx.rng.choice(exts) if one_type else None
        params = Params(folder=ctx.rng.choice(["Pictures", "Downloads", "Camera", "Sorting"]), rule=rule,
                        only_ext=only_ext,
                        prefix=ctx.rng.choice(PREFIXES) if rule == "numbered" else "",
                        order=opts.order or ctx.rng.choice(["name", "date"]))
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            root, only = {lit(params.folder)}, {lit(params.only_ext)}
            moment = re.compile(r"(?<!\\d)(20\\d\\d)(\\d\\d)(\\d\\d)_(\\d\\d)(\\d\\d)(\\d\\d)(?!\\d)")
            names = sorted(n for n in os.listdir(root) if os.path.isfile(os.path.join(root, n))
                           and (not only or os.path.splitext(n)[1].lower() == only))
            rule = {lit(params.rule)}
            if rule == "numbered" and {lit(params.order)} == "date":
                names.sort(key=lambda n: (moment.search(n) is None, "".join(moment.search(n).groups()) if moment.search(n) else "", n))
            new = {{}}
            for i, name in enumerate(names, start=1):
                ext = os.path.splitext(name)[1].lower()
                if rule == "numbered":
                    new[name] = f"{params.prefix}_{{i:03d}}{{ext}}"
                elif rule == "lower_snake":
                    new[name] = re.sub(r"[\\s\\-]+", "_", name.lower())
                elif moment.search(name):
                    y, mo, d, h, mi, s = moment.search(name).groups()
                    new[name] = f"{{y}}-{{mo}}-{{d}}_{{h}}{{mi}}{{s}}{{ext}}"
            # two steps, so a new name never overwrites a file not yet renamed
            for old, name in new.items():
                os.rename(os.path.join(root, old), os.path.join(root, ".renaming_" + name))
            for old, name in new.items():
                os.rename(os.path.join(root, ".renaming_" + name), os.path.join(root, name))
                print(old, "->", name)
        """
        return solution(
            shell_step(f"ls {params.folder}", f"First I look at the names in {params.folder}/.", "List the names"),
            script_step(script, "I work out every new name first, then rename in two steps so no name is taken "
                        "while another file still has it.", "Rename the files"),
            shell_step(f"ls {params.folder}", "Then I check the new names.", "Check the names"))
