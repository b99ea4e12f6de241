"""Write an index of a team's shared folder for people to find things (a wiki page, a handover
note): an indented listing, a nested Markdown list linking every file, or a Markdown heading per
folder over its files; each file's size or not; every file, or only one type of file."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.tree_index import Style
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

CATALOG = {
    "": ["README.md", "contacts.xlsx", "Team_charter.pdf", "org_chart.pdf"],
    "Policies": ["Expenses_policy.pdf", "Remote_work.docx", "code_of_conduct.pdf", "Travel_policy.md"],
    "Policies/HR": ["leave_request_form.docx", "Holiday_calendar.xlsx", "Parental_leave.pdf", "benefits.md"],
    "Onboarding": ["README.md", "first_week.md", "accounts_checklist.md", "IT_setup.pdf", "Buddy_guide.docx"],
    "Templates": ["letter_template.docx", "Invoice_template.xlsx", "slides_template.pptx", "memo.md"],
    "Meeting_notes/2024": ["2024-03-04_kickoff.md", "2024-05-13_Retro.md", "2024-09-02_planning.md",
                           "budget_review.docx"],
    "Meeting_notes/2023": ["2023-11-20_offsite.md", "2023-12-11_Retro.md", "Q4_summary.pdf"],
}
TYPES = [".md", ".pdf", ".docx"]


class Options(SkillParams):
    style: Style | None = None
    sizes: bool | None = None
    one_type: bool | None = None


class Params(Prepared):
    folder: str
    report: str
    style: Style
    sizes: bool
    ext: str | None


def shared_folder(rng: random.Random) -> dict[str, bytes]:
    """A shared folder two levels deep: two files at the top, 2-4 in each of 4-6 folders of the catalog."""
    files = {}
    for folder in ["", *sorted(rng.sample(sorted(k for k in CATALOG if k), rng.randint(4, 6)))]:
        for name in rng.sample(CATALOG[folder], rng.randint(2, min(4, len(CATALOG[folder]))) if folder else 2):
            text = name.endswith(".md")  # notes are text; the rest is filler of the type's size
            files[f"{folder}/{name}".lstrip("/")] = _filler(rng, rng.randrange(700, 6_000 if text else 40_000),
                                                            ".txt" if text else name[name.rfind("."):])
    return files


@register_workflow
class FolderIndex(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.folder_index", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Write an index of {% if ext %}the {{ ext }} files in {% endif %}{{ folder }}/ to {{ report }}. "
            "{% if style == 'indented' %}One line per folder and file, indented by two spaces per level below "
            "{{ folder }}/, folder names ending in '/'{% elif style == 'linked' %}Make it a nested Markdown list "
            "(two more spaces per level): '- name/' for a folder, and '- [name](path)' for a file, the path starting "
            "with {{ folder }}/{% else %}Give each folder that holds {% if ext %}such {% endif %}files a '## ' "
            "heading with its path ({{ folder }} itself first, then e.g. {{ folder }}/Policies), followed by a "
            "'- name' line for each of its files{% endif %}.{% if style != 'headings' %} In each folder list the "
            "subfolders (each followed by its contents) before the files.{% endif %}{% if ext %} Leave out the "
            "other files and any folder with no {{ ext }} file in it.{% endif %}{% if sizes %} End each file's line "
            "with its size as ' (N bytes)'.{% endif %} Sort names in plain character order (capitals before lower "
            "case). Don't change anything in {{ folder }}/.",
            "People keep asking where things are in {{ folder }}, so I'd like {{ report }} as a map of it"
            "{% if ext %}, just the {{ ext }} files{% endif %}. {% if style == 'indented' %}Plain text: every "
            "folder (with a trailing /) and file on its own line, two spaces of indent per level, subfolders first"
            "{% elif style == 'linked' %}A Markdown bullet list nested two spaces per level, subfolders first: "
            "folders as '- name/', files as links '- [name]({{ folder }}/path/to/file)' so they can be clicked"
            "{% else %}A '## {{ folder }}' style heading per folder (its full path, the top folder first) and under "
            "it a '- name' bullet per file{% endif %}{% if sizes %}, with each file's size like ' (N bytes)' at "
            "the end{% endif %}. Plain character order for names, capitals first.",
            "index of {{ folder }}/{% if ext %} (only *{{ ext }}, folders without any omitted){% endif %} -> "
            "{{ report }}: {% if style == 'indented' %}'name/' or 'name' lines, 2-space indent per level"
            "{% elif style == 'linked' %}nested md list, '- name/' for folders, '- [name]({{ folder }}/<path>)' "
            "for files, 2-space indent per level{% else %}'## {{ folder }}' then '## {{ folder }}/<sub>' headings, one "
            "per folder with files, '- name' per file{% endif %}{% if style != 'headings' %}, dirs before files{% endif %}"
            "{% if sizes %}, files suffixed ' (<bytes> bytes)'{% endif %}; C sort order; read-only.",
        ],
        criteria=["Every file (of the type, when asked) and its folders are in the index, in the asked layout and "
                  "order, with sizes when asked.",
                  "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A team's shared folder"),
               FileSlot(param="report", type="md", types_by={"style": {"indented": "txt"}},
                        description="The folder's index")],
        checks=[CheckTemplate(func="tree.index_written", bind={"folder": "folder", "style": "style", "sizes": "sizes",
                                                                "ext": "ext"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        files = shared_folder(rng)
        style = opts.style or rng.choice(["indented", "linked", "headings"])
        one_type = opts.one_type if opts.one_type is not None else rng.random() < 0.5
        folders_of = {ext: {p.rsplit("/", 1)[0] for p in files if p.endswith(ext)} for ext in TYPES}
        ext = rng.choice([e for e in TYPES if len(folders_of[e]) >= 2]) if one_type else None
        folder = rng.choice(["Team_share", "Handbook", "Shared"])
        report = f"{folder.lower()}_index.{'txt' if style == 'indented' else 'md'}"
        params = Params(folder=folder, report=report, style=style,
                        sizes=opts.sizes if opts.sizes is not None else rng.random() < 0.5, ext=ext)
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os
            root, style, ext, sizes = {lit(params.folder)}, {lit(params.style)}, {lit(params.ext)}, {params.sizes!r}
            def wanted(name):
                return ext is None or os.path.splitext(name)[1].lower() == ext
            def has_files(path):
                return any(wanted(n) for _, _, names in os.walk(path) for n in names)
            def shown(rel, name):
                size = f" ({{os.path.getsize(os.path.join(root, rel, name))}} bytes)" if sizes else ""
                link = f"[{{name}}]({{os.path.join(root, rel, name)}})" if style == "linked" else name
                return link + size
            lines = []
            def nested(rel, depth):
                bullet = "  " * depth + ("- " if style == "linked" else "")
                entries = sorted(os.listdir(os.path.join(root, rel)))
                for name in entries:
                    if os.path.isdir(os.path.join(root, rel, name)) and has_files(os.path.join(root, rel, name)):
                        lines.append(bullet + name + "/")
                        nested(os.path.join(rel, name), depth + 1)
                for name in entries:
                    if os.path.isfile(os.path.join(root, rel, name)) and wanted(name):
                        lines.append(bullet + shown(rel, name))
            if style == "headings":
                for folder, dirs, names in sorted(os.walk(root), key=lambda w: "" if w[0] == root else w[0]):
                    names = sorted(n for n in names if wanted(n))
                    if names:
                        lines += ["## " + folder] + ["- " + shown(os.path.relpath(folder, root), n) for n in names]
                        lines.append("")
            else:
                nested("", 0)
            open({lit(params.report)}, "w").write("\\n".join(lines).rstrip() + "\\n")
            print(len(lines), "lines")
        """
        return solution(
            shell_step(f"find {params.folder} | LC_ALL=C sort", f"First I see how {params.folder}/ is laid out.",
                       "Look at the folder"),
            script_step(script, f"I walk {params.folder}/ in plain character order and write the index as asked.",
                        "Write the index"),
            shell_step(f"cat {params.report}", "Then I read the index back.", "Check the index"))
