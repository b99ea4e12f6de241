"""Cut a big file into pieces for an upload portal's or a mail server's size limit: pieces named
`name.001`, `name.part1` or split's own `name.aa`; the original deleted or kept; a sha256sum line
of the original written beside the pieces for the receiver to check, or not."""

from __future__ import annotations

from forge.checks.tree_split import Naming, piece_name
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

KB = 1024
BIG = ["interview_raw.mp4", "site_backup.zip", "scans_2024.pdf", "survey_export.csv", "renders.tar.gz"]


class Options(SkillParams):
    naming: Naming | None = None
    remove_original: bool | None = None
    checksum: bool | None = None


class Params(Prepared):
    folder: str
    file: str
    limit_kb: int
    part_bytes: int
    naming: Naming
    example: str
    remove_original: bool
    checksum: str | None


@register_workflow
class SplitFile(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.split_file", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "The upload portal takes at most {{ limit_kb }} KB per file, so cut {{ folder }}/{{ file }} into "
            "pieces of exactly {{ part_bytes }} bytes each (the last one gets the rest), in {{ folder }}/, named "
            "{{ example }}, ...{% if naming == 'letters' %} (what split does){% endif %}. "
            "{% if remove_original %}Delete the original afterwards.{% else %}Keep the "
            "original.{% endif %}{% if checksum %} Also write the original's SHA256 line, as sha256sum prints it, "
            "to {{ folder }}/{{ checksum }}.{% endif %}",
            "I can't mail {{ file }} from {{ folder }} in one go, the limit is {{ limit_kb }} KB. Could you split "
            "it into {{ part_bytes }}-byte pieces next to it ({% if naming == 'letters' %}the way split names "
            "them: {% endif %}{{ example }} and so on)?{% if checksum %} Put a sha256sum of the whole file in "
            "{{ checksum }} in the same folder so they can check it after joining.{% endif %} "
            "{% if remove_original %}You can delete the original.{% else %}Don't delete the original.{% endif %}",
            "{{ folder }}/{{ file }}: split -b {{ part_bytes }} into {{ example }}... (same "
            "folder){% if checksum %}; sha256sum {{ file }} > {{ checksum }}{% endif %}; "
            "{% if remove_original %}rm the original{% else %}keep the original{% endif %}.",
        ],
        criteria=["The file is cut into pieces of exactly the stated size (the last the rest), named as asked.",
                  "The original is deleted or kept as asked; the checksum line is written when asked."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder with a big file")],
        checks=[CheckTemplate(func="tree.file_split", bind={
            "file": "file", "part_bytes": "part_bytes", "naming": "naming", "remove_original": "remove_original",
            "checksum": "checksum"})],
    )
    states_values = ("limit_kb", "part_bytes", "example")  # the naming example's numbers are the rule's

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        limit = rng.choice([100, 128, 200])
        big = rng.choice(BIG)
        checksum = opts.checksum if opts.checksum is not None else rng.random() < 0.5
        naming = opts.naming or rng.choice(["numbered", "part", "letters"])
        params = Params(folder=rng.choice(["Outbox", "To_send", "Uploads"]), file=big, limit_kb=limit,
                        part_bytes=limit * KB, naming=naming,
                        example=", ".join(piece_name(big, n, naming) for n in range(2)),
                        remove_original=(opts.remove_original if opts.remove_original is not None
                                         else rng.random() < 0.5),
                        checksum=rng.choice(["checksum.txt", f"{big}.sum"]) if checksum else None)
        size = limit * KB * rng.randint(3, 6) + rng.randrange(1, limit * KB)  # never a whole number of pieces
        files = {big: _filler(rng, size, big[big.rfind("."):]),
                 "cover_note.txt": b"Files for the archive, as discussed.\n",
                 "receipt.pdf": _filler(rng, rng.randrange(2 * KB, 20 * KB), ".pdf")}
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import hashlib, os, string
            root, name = {lit(params.folder)}, {lit(params.file)}
            size, naming = {params.part_bytes}, {lit(params.naming)}
            data = open(os.path.join(root, name), "rb").read()
            for n, start in enumerate(range(0, len(data), size)):
                letters = string.ascii_lowercase
                suffix = {{"numbered": f"{{n + 1:03d}}", "part": f"part{{n + 1}}",
                          "letters": letters[n // 26] + letters[n % 26]}}[naming]
                with open(os.path.join(root, name + "." + suffix), "wb") as out:
                    out.write(data[start:start + size])
                print(name + "." + suffix, len(data[start:start + size]))
            if {lit(params.checksum)}:
                with open(os.path.join(root, {lit(params.checksum)}), "w") as out:
                    out.write(hashlib.sha256(data).hexdigest() + "  " + name + "\\n")
            if {params.remove_original!r}:
                os.remove(os.path.join(root, name))
        """
        return solution(
            shell_step(f"ls -l {params.folder}", f"First I check how big {params.file} is.", "Look at the file"),
            script_step(script, f"I cut {params.file} into {params.part_bytes}-byte pieces, named as asked.",
                        "Split the file"),
            shell_step(f"ls -l {params.folder}", "Then I check the pieces.", "Check the pieces"))
