"""Group an office inbox folder into a folder per client by the code each file name starts with
(`ACME_invoice_2024-03.pdf`, `Birch Dental - contract.docx`): codes typed in any case merged into
one capitalised folder or taken as written; the code dropped from the names inside or kept; a
client with one file left at the top or given a folder too; moved or copied."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Mode = Literal["move", "copy"]
PAPERS = ["invoice_2024-03.pdf", "invoice_2024-04.pdf", "quote.docx", "contract_signed.pdf", "statement_Q1.xlsx",
          "meeting_notes.txt", "purchase_order.pdf", "timesheet_may.xlsx", "brief.docx", "receipt_0412.pdf"]
LOOSE = ["scan0042.pdf", "todo.txt", "Receipts.pdf", "letterhead.docx", "prices2024.xlsx"]


class Options(SkillParams):
    fold_case: bool | None = None
    strip: bool | None = None
    singles_stay: bool | None = None
    mode: Mode | None = None


class Params(Prepared):
    folder: str
    separator: str
    example: str
    fold_case: bool
    strip: bool
    singles_stay: bool
    mode: Mode


def _clients(rng: random.Random, faker: Faker, short: bool) -> list[str]:
    """4-6 clients: short codes in capitals (ACME) for '_' names, two-word names (Birch Dental) else."""
    names: list[str] = []
    wanted = rng.randint(4, 6)
    while len(names) < wanted:
        words = [w for w in faker.company().replace(",", "").split() if w.isalpha()]
        name = words[0][:5].upper() if short and words else " ".join(words[:2])
        if len(name) >= 3 and name.upper() not in {n.upper() for n in names}:
            names.append(name)
    return names


def inbox(rng: random.Random, faker: Faker, separator: str, fold_case: bool) -> dict[str, bytes]:
    """Files of 4-6 clients (the first with one file, the second with three or four, each other one
    to four), a few files with no client code and last year's archive; with fold_case the codes are
    typed in varied case, the second client's always."""
    files: dict[str, bytes] = {}
    clients = _clients(rng, faker, short=separator == "_")
    for n, client in enumerate(clients):
        count = 1 if n == 0 else rng.randint(3, 4) if n == 1 else rng.randint(1, 4)
        for k, paper in enumerate(rng.sample(PAPERS, count)):
            code = client
            if fold_case and (n == 1 and k == 1 or rng.random() < 0.25):
                code = rng.choice(sorted({client.lower(), client.title()} - {client}))
            stem, ext = paper.rsplit(".", 1)
            files[f"{code}{separator}{stem if separator == '_' else stem.replace('_', ' ')}.{ext}"] = \
                _filler(rng, rng.randrange(2_000, 30_000), f".{ext}")
    for name in rng.sample(LOOSE, rng.randint(2, 3)):
        files[name] = _filler(rng, rng.randrange(2_000, 20_000), name[name.rfind("."):])
    files[f"Archive_2023/{clients[-1]}{separator}invoice_2023-11.pdf"] = _filler(rng, 4000, ".pdf")
    return files


@register_workflow
class GroupByClient(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.group_by_client", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "The files at the top of {{ folder }}/ start with a client code followed by '{{ separator }}' (e.g. "
            "{{ example }}). {% if mode == 'move' %}Move{% else %}Copy{% endif %} each of them into a folder in "
            "{{ folder }}/ named after its code{% if fold_case %}, written in capitals: the codes were typed in "
            "mixed case and the same code in any case is the same client{% endif %}{% if strip %}, and drop the code "
            "and the '{{ separator }}' from the file name inside the folder{% else %}, keeping the file names as they "
            "are{% endif %}.{% if singles_stay %} A client with only one file gets no folder: leave that file where "
            "it is.{% endif %} Files without a code and the subfolders stay as they are.",
            "Could you sort out {{ folder }}? Everything in there is named like {{ example }}: the client code, then "
            "'{{ separator }}', then the rest. I'd like "
            "a folder per client{% if fold_case %} (the names are typed in all sorts of case, so treat them as one "
            "client whatever the case and name the folder in capitals){% endif %}{% if singles_stay %}, but only "
            "for clients with at least two files; the one-offs can stay loose{% endif %}. "
            "{% if mode == 'move' %}Move the files in{% else %}Copy them in and keep the originals where they are"
            "{% endif %}{% if strip %}, and inside the folder the client part of the name is redundant, so take it "
            "off{% endif %}. Leave the subfolders and anything without a client code alone.",
            "{{ folder }}/ (top level): code = name up to the first '{{ separator }}'{% if fold_case %} "
            "(case-insensitive, folder in UPPER CASE){% endif %}; {% if mode == 'move' %}mv{% else %}cp{% endif %} "
            "each file to <code>/{% if strip %}<rest of the name>{% else %}<same name>{% endif %}"
            "{% if singles_stay %}; skip codes with a single file{% endif %}. Leave everything else.",
        ],
        criteria=["Every client-coded file at the top is in its client's folder, named as asked, moved or copied.",
                  "Files without a code, one-off clients when asked, and the subfolders stay as they were."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="An office inbox of client files")],
        checks=[CheckTemplate(func="tree.grouped_by_prefix", bind={
            "separator": "separator", "fold_case": "fold_case", "strip": "strip", "singles_stay": "singles_stay",
            "mode": "mode"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        separator = rng.choice(["_", " - "])
        fold_case = opts.fold_case if opts.fold_case is not None else rng.random() < 0.5
        singles = opts.singles_stay if opts.singles_stay is not None else rng.random() < 0.5
        example = "ACME_invoice_2024-03.pdf" if separator == "_" else "Acme Dental - invoice 2024-03.pdf"
        params = Params(folder=rng.choice(["Clients_inbox", "Scans", "Accounts"]), separator=separator,
                        example=example, fold_case=fold_case,
                        strip=opts.strip if opts.strip is not None else rng.random() < 0.5,
                        singles_stay=singles, mode=opts.mode or rng.choice(["move", "copy"]))
        return params.with_files(folder=pack_tree(inbox(rng, ctx.faker, separator, fold_case)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, shutil
            root, sep = {lit(params.folder)}, {lit(params.separator)}
            groups = {{}}
            for name in sorted(os.listdir(root)):
                code, found, rest = name.partition(sep)
                if os.path.isfile(os.path.join(root, name)) and found and code.strip() and rest.strip():
                    code = code.upper() if {params.fold_case!r} else code
                    groups.setdefault(code, []).append((name, rest if {params.strip!r} else name))
            for code, names in sorted(groups.items()):
                if len(names) < 2 and {params.singles_stay!r}:
                    print("left alone:", names)
                    continue
                os.makedirs(os.path.join(root, code), exist_ok=True)
                for name, new in names:
                    {'shutil.move' if params.mode == 'move' else 'shutil.copy2'}(os.path.join(root, name),
                                                                    os.path.join(root, code, new))
                    print({lit(params.mode)}, name, "->", code + "/" + new)
        """
        return solution(
            shell_step(f"ls -p {params.folder}", f"First I see how the files in {params.folder}/ are named.",
                       "List the folder"),
            script_step(script, "I group the files by the code before the separator and "
                        f"{params.mode} each group into its client's folder.", "Group by client"),
            shell_step(f"find {params.folder} | sort", "Then I check the folders.", "Check the folders"))
