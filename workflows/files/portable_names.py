"""Make a Mac or Linux user's folder safe to copy onto a Windows PC or a FAT/exFAT stick: the
characters Windows refuses replaced and trailing dots and spaces dropped, reserved device names
(con.txt, aux.md) changed, names that differ only in case numbered; or all of these; file names only
or folder names too; with a CSV of what was renamed or not."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.tree_portable import RESERVED
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Problems = Literal["characters", "reserved", "case", "all"]
PLAIN = ["Documents/budget_2024.xlsx", "Documents/cover letter.docx", "Photos/IMG_0412.jpg", "Photos/IMG_0413.jpg",
         "Music/playlist.m3u", "Documents/console.txt", "Notes/auxiliary.md", "README.txt"]
BAD_FILES = ["Notes/Call 10:30.txt", "Documents/What now?.docx", 'Documents/Budget "final".xlsx', "Notes/plans*.md",
             "Documents/A|B test.pdf", "Documents/<draft> plan.docx", "Notes/Thanks.", "Notes/ideas "]
RESERVED_FILES = ["Notes/con.txt", "Documents/aux.md", "Documents/PRN.pdf", "Music/nul.csv", "Notes/com1.log"]
CLASHES = [("Documents/Report.pdf", "Documents/report.pdf"), ("Photos/IMG_0500.JPG", "Photos/img_0500.jpg"),
           ("Notes/Minutes.md", "Notes/MINUTES.md")]
BAD_FOLDERS = {"Notes": ["Q3: plans", "Notes?"], "Photos": ["Trip*2024", "Photos."]}
RESERVED_FOLDERS = {"Notes": ["aux", "Con"], "Music": ["NUL"]}


class Options(SkillParams):
    problems: Problems | None = None
    folders: bool | None = None
    report: bool | None = None


class Params(Prepared):
    folder: str
    characters: bool
    reserved: bool
    case_clashes: bool
    folders: bool
    report: str | None


def user_folder(rng: random.Random, params: Params) -> dict[str, bytes]:
    """Plain files (some whose names only look reserved: console.txt), and for each asked rule 2-4
    names that break it; with `folders`, a folder or two whose name breaks one of the asked rules."""
    names = rng.sample(PLAIN, 5)
    if params.characters:
        names += rng.sample(BAD_FILES, rng.randint(2, 4))
    if params.reserved:
        names += rng.sample(RESERVED_FILES, rng.randint(2, 3))
    if params.case_clashes:
        for pair in rng.sample(CLASHES, rng.randint(1, 2)):
            names += list(pair)
        names.append(rng.choice(["Music/Report.pdf", "Photos/report.pdf"]))  # the same name in another folder
    if params.folders:  # a folder or two whose own name breaks an asked rule
        bad_folders = BAD_FOLDERS if params.characters else RESERVED_FOLDERS
        for top in rng.sample(sorted(bad_folders), rng.randint(1, 2)):
            moved = [n for n in names if n.startswith(f"{top}/")][:2] or [f"{top}/list.txt"]
            bad = rng.choice(bad_folders[top])
            names = [n for n in names if n not in moved] + [n.replace(f"{top}/", f"{top}/{bad}/", 1) for n in moved]
    return {n: _filler(rng, rng.randrange(300, 9000), n[n.rfind("."):] if "." in n else ".txt") for n in names}


@register_workflow
class PortableNames(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.portable_names", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ folder }}/ is going onto a Windows PC. Rename what Windows would refuse, in {% if folders %}file "
            "and folder names{% else %}file names (leave the folder names){% endif %}, at any depth:"
            "{% if characters %} replace each of < > : \" \\ | ? * with _ and drop trailing dots and spaces;"
            "{% endif %}{% if reserved %} a name whose part before the first dot is a reserved device name (CON, "
            "PRN, AUX, NUL, COM1-COM9, LPT1-LPT9, any case) gets _ after that part (con.txt becomes con_.txt);"
            "{% endif %}{% if case_clashes %} names in the same folder that differ only in case: keep the first in "
            "plain character order and add ' (2)', ' (3)' before the extension of the others;{% endif %} change "
            "nothing else.{% if report %} Write the renames to {{ folder }}/{{ report }}, a CSV with the columns "
            "old,new (paths inside {{ folder }}/), one row per renamed file, sorted by old path.{% endif %}",
            "I'm copying {{ folder }} onto a FAT stick for a Windows laptop and it chokes on some names. Could you "
            "fix them{% if folders %} (folders too){% else %} (only the file names, the folders are fine){% endif %}?"
            "{% if characters %} Swap any < > : \" \\ | ? * for an underscore and strip dots or spaces at the end of "
            "a name.{% endif %}{% if reserved %} Windows also won't take names like con.txt or aux.md (CON, PRN, AUX, "
            "NUL, COM1-9, LPT1-9 before the first dot, in any case): put an _ after that part.{% endif %}"
            "{% if case_clashes %} And where two names in one folder differ only by upper/lower case, leave the "
            "first (plain character order) and number the rest ' (2)', ' (3)' before the extension.{% endif %}"
            "{% if report %} Please log what you renamed in {{ report }} inside {{ folder }} (CSV, old,new columns, "
            "paths inside the folder, sorted by old).{% endif %}",
            "{{ folder }}/ -> Windows-safe {% if folders %}file and folder{% else %}file{% endif %} names:"
            "{% if characters %} [<>:\"\\|?*] -> _, strip trailing . and space;{% endif %}{% if reserved %} stem "
            "(before first .) in CON/PRN/AUX/NUL/COM1-9/LPT1-9 (any case) -> stem_;{% endif %}{% if case_clashes %} "
            "case-only duplicates in a folder -> ' (2)', ' (3)' before the extension (first in C order kept);"
            "{% endif %} contents unchanged{% if report %}; renames -> {{ report }} (CSV old,new, by old path)"
            "{% endif %}.",
        ],
        criteria=["Every name Windows would refuse is fixed by the stated rules, and nothing else is renamed.",
                  "Contents are unchanged; the renames are listed when asked."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A Mac or Linux user's folder")],
        checks=[CheckTemplate(func="tree.names_portable", bind={
            "characters": "characters", "reserved": "reserved", "case_clashes": "case_clashes", "folders": "folders",
            "report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        problems = opts.problems or rng.choice(["characters", "reserved", "case", "all"])
        report = opts.report if opts.report is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(["for_windows", "USB_copy", "Home_backup"]),
                        characters=problems in ("characters", "all"), reserved=problems in ("reserved", "all"),
                        case_clashes=problems in ("case", "all"),
                        folders=opts.folders if opts.folders is not None else rng.random() < 0.5,
                        report=rng.choice(["renames.csv", "renamed.csv"]) if report else None)
        return params.with_files(folder=pack_tree(user_folder(rng, params)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os, re
            root, report = {lit(params.folder)}, {lit(params.report)}
            chars, reserved = {params.characters!r}, {params.reserved!r}
            clashes, folders = {params.case_clashes!r}, {params.folders!r}
            devices = {lit(sorted(RESERVED))}
            def fix(name):
                if chars:
                    name = re.sub(r'[<>:"\\\\|?*]', "_", name).rstrip(". ")
                if reserved:
                    stem, dot, rest = name.partition(".")
                    if stem.upper() in devices:
                        name = stem + "_" + dot + rest
                return name
            files = sorted(os.path.relpath(os.path.join(d, n), root) for d, _, ns in os.walk(root) for n in ns)
            new = {{}}
            for path in files:
                parts = path.split("/")
                new[path] = "/".join([fix(p) if folders else p for p in parts[:-1]] + [fix(parts[-1])])
            if clashes:
                seen = {{}}
                for path in sorted(new, key=new.get):
                    parent, _, name = new[path].rpartition("/")
                    seen.setdefault((parent, name.lower()), []).append(path)
                for same in seen.values():
                    for n, path in enumerate(same[1:], start=2):
                        parent, slash, name = new[path].rpartition("/")
                        stem, dot, ext = name.rpartition(".")
                        numbered = f"{{stem}} ({{n}}).{{ext}}" if dot and stem else f"{{name}} ({{n}})"
                        new[path] = parent + slash + numbered
            moves = {{p: q for p, q in new.items() if p != q}}
            for old, target in moves.items():
                os.makedirs(os.path.dirname(os.path.join(root, target)) or root, exist_ok=True)
                os.rename(os.path.join(root, old), os.path.join(root, target))
                print(repr(old), "->", repr(target))
            for d, dirs, names in os.walk(root, topdown=False):  # folders left empty by renamed folders
                if d != root and not os.listdir(d):
                    os.rmdir(d)
            if report:
                with open(os.path.join(root, report), "w", newline="") as out:
                    writer = csv.writer(out)
                    writer.writerow(["old", "new"])
                    writer.writerows(sorted(moves.items()))
        """
        return solution(
            shell_step(f"find {params.folder} | sort", f"First I look at the names in {params.folder}/.",
                       "List the names"),
            script_step(script, "I work out each file's Windows-safe path by the stated rules and rename.",
                        "Rename for Windows"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check the names.", "Check the names"))
