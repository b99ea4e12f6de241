"""Fix file extensions that do not match the content: a folder of recovered files and e-mail
attachments where a JPEG is saved as .png, a PDF as .txt, a zip with no extension; each renamed
after its content's signature, at the top or at any depth, optionally adding missing extensions
and writing fitting ones the canonical way (.JPG, .jpeg -> .jpg)."""

from __future__ import annotations

import io
import random
import zipfile

from PIL import Image

from forge.checks.tree_tidy import ExtensionsFixed, fixed_name
from forge.models import ReferenceSolution
from preparers.files import jpeg
from preparers.filetypes.tree import pack_tree
from preparers.fake import day_between
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

FOLDERS = ["Recovered", "Attachments", "Phone_export", "Rescued_files"]
SUBFOLDERS = ["mail", "from_phone", "old_drive/misc", "scans", "whatsapp"]


class Options(SkillParams):
    recursive: bool | None = None
    missing: bool | None = None
    lower_case: bool | None = None


class Params(Prepared):
    folder: str
    recursive: bool
    missing: bool
    lower_case: bool


def _image(rng: random.Random, fmt: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (rng.randint(8, 40), rng.randint(8, 40)), tuple(rng.randrange(256) for _ in range(3))).save(
        out, format=fmt)
    return out.getvalue()


def _pdf(rng: random.Random, title: str) -> bytes:
    body = f"BT /F1 12 Tf 72 720 Td ({title} ref {rng.randint(1000, 9999)}) Tj ET".encode()
    return (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n"
            b"4 0 obj<</Length " + str(len(body)).encode() + b">>stream\n" + body + b"\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")


def _zip(rng: random.Random, name: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        info = zipfile.ZipInfo(f"{name}.txt", date_time=(2024, 1, 1, 0, 0, 0))
        archive.writestr(info, f"{name}\n" * rng.randint(5, 40))
    return out.getvalue()


def make_recovered(rng: random.Random, faker) -> dict[str, bytes]:  # type: ignore[no-untyped-def]
    """Files of five kinds under plausible stems, about half with an extension that lies."""
    kinds = {".jpg": lambda s: jpeg(rng, rng.randrange(2_000, 20_000)), ".png": lambda s: _image(rng, "PNG"),
             ".gif": lambda s: _image(rng, "GIF"), ".pdf": lambda s: _pdf(rng, s), ".zip": lambda s: _zip(rng, s)}
    wrong = {".jpg": [".png", ".pdf", ".txt", ".dat"], ".png": [".jpg", ".gif", ".bmp"], ".gif": [".jpg", ".png"],
             ".pdf": [".txt", ".doc", ".jpg"], ".zip": [".pdf", ".rar", ".docx.tmp"]}
    stems = set()
    while len(stems) < rng.randint(12, 18):
        stems.add(rng.choice([f"IMG_{rng.randint(1000, 9999)}", f"scan_{day_between(faker, -3 * 365, -1):%Y_%m_%d}",
                              f"invoice_{faker.last_name().lower()}", f"attachment_{rng.randint(1, 40)}",
                              f"photo_from_{faker.first_name().lower()}", f"file{rng.randint(100, 999)}",
                              f"{faker.word()}_{faker.word()}"]))
    files: dict[str, bytes] = {}
    for n, stem in enumerate(sorted(stems)):
        ext = rng.choice(list(kinds))
        roll = rng.random()
        shown = (rng.choice(wrong[ext]) if roll < 0.45 else "" if roll < 0.6 else
                 {".jpg": rng.choice([".JPG", ".jpeg"]), ".pdf": ".PDF"}.get(ext, ext) if roll < 0.75 else ext)
        folder = rng.choice(SUBFOLDERS) + "/" if n % 3 == 0 else ""
        files[f"{folder}{stem}{shown}"] = kinds[ext](stem)
    for _ in range(rng.randint(1, 3)):  # text files: no signature, nothing to fix
        files[f"{rng.choice(['', 'mail/'])}{faker.word()}_notes.txt"] = faker.paragraph(nb_sentences=6).encode()
    return files


@register_workflow
class FixExtensions(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.fix_extensions", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Several files in {{ folder }}/{% if recursive %} and its subfolders{% else %} (the top level only; leave "
            "the subfolders alone){% endif %} carry an extension that does not match what they are. Look at each "
            "file's content (its signature, as `file` does) and, where it is a JPEG, PNG, GIF, PDF or zip archive "
            "with an extension that does not fit (.jpg/.jpeg, .png, .gif, .pdf, and .zip or an Office/ODF name "
            "such as .docx), replace the extension with .jpg, .png, .gif, .pdf or .zip.{% if missing %} Files with "
            "no extension at all get the right one added.{% else %} Files with no extension stay as they are."
            "{% endif %}{% if lower_case %} Also write fitting extensions the standard way: lower case, and .jpeg "
            "as .jpg (IMG.JPG becomes IMG.jpg).{% endif %} Keep contents and stems unchanged; text files and other "
            "unrecognised files keep their names.",
            "I rescued a bunch of files into {{ folder }} and half of them won't open because the extensions are "
            "wrong (a photo called .png, a PDF called .txt...). Could you check what each one really is{% if "
            "recursive %}, subfolders included{% else %} (only the ones at the top, the subfolders are fine){% "
            "endif %} and rename it to the right extension: .jpg, .png, .gif, .pdf or .zip (.docx and the like "
            "count as fine for zips)?{% if missing %} Some have no extension at all; give those one too.{% else %} "
            "Don't touch the ones without an extension.{% endif %}{% if lower_case %} And while you're at it, make "
            "the good ones consistent: lower case, .jpg rather than .jpeg.{% endif %}",
            "{{ folder }}/{% if recursive %} (recursive){% else %} (top level){% endif %}: rename files whose "
            "extension != content type (JPEG/PNG/GIF/PDF/zip by signature) to .jpg/.png/.gif/.pdf/.zip"
            "{% if missing %}; add ext where missing{% endif %}{% if lower_case %}; normalise .JPG/.jpeg/.PDF "
            "-> lower case .jpg/.pdf{% endif %}.",
        ],
        criteria=["Every recognised file whose extension lies ends in its content's extension; the rest keep "
                  "their names.", "Contents unchanged; nothing added or lost."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="Recovered files, some misnamed")],
        checks=[CheckTemplate(func="tree.extensions_fixed", bind={
            "recursive": "recursive", "missing": "missing", "lower_case": "lower_case"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        pick = lambda value: value if value is not None else ctx.rng.random() < 0.5  # noqa: E731
        params = Params(folder=ctx.rng.choice(FOLDERS), recursive=pick(opts.recursive), missing=pick(opts.missing),
                        lower_case=pick(opts.lower_case))
        rule = ExtensionsFixed(folder=params.folder, recursive=params.recursive, missing=params.missing,
                               lower_case=params.lower_case)
        while True:
            files = make_recovered(ctx.rng, ctx.faker)
            new = {fixed_name(p, d, rule) for p, d in files.items()}
            deeper = [p for p in files if "/" in p and fixed_name(p, files[p], rule.model_copy(
                update={"recursive": True, "missing": True, "lower_case": True})) != p]
            bare = [p for p in files if "." not in p.rsplit("/", 1)[-1]]
            odd = [p for p in files if p.rsplit(".", 1)[-1] in ("JPG", "jpeg", "PDF")]
            if len(new) == len(files) and deeper and bare and odd and new != set(files):
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os
            root = {lit(params.folder)}
            kinds = [(b"\\xff\\xd8\\xff", ".jpg", (".jpg", ".jpeg")), (b"\\x89PNG\\r\\n\\x1a\\n", ".png", (".png",)),
                     (b"%PDF-", ".pdf", (".pdf",)), (b"GIF8", ".gif", (".gif",)),
                     (b"PK\\x03\\x04", ".zip", (".zip", ".docx", ".xlsx", ".pptx", ".odt", ".ods", ".epub"))]
            for folder, dirs, names in os.walk(root):
                if not {params.recursive!r}:
                    dirs[:] = []
                for name in sorted(names):
                    path = os.path.join(folder, name)
                    with open(path, "rb") as f:
                        head = f.read(16)
                    kind = next(((e, fits) for magic, e, fits in kinds if head.startswith(magic)), None)
                    if kind is None:
                        continue
                    stem, ext = os.path.splitext(name)
                    if not ext:
                        new = name + kind[0] if {params.missing!r} else name
                    elif ext.lower() in kind[1]:
                        new = stem + (kind[0] if ext.lower() in (kind[0], ".jpeg") else ext.lower()) if {params.lower_case!r} else name
                    else:
                        new = stem + kind[0]
                    if new != name:
                        os.rename(path, os.path.join(folder, new))
                        print(os.path.relpath(path, root), "->", new)
        """
        return solution(
            shell_step(f"find {params.folder} -type f | sort | head -50", "First I see which files the folder "
                       "holds.", "List the files"),
            script_step(script, "I rename each file whose extension does not fit its signature.", "Fix the extensions"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check the names.", "Check the tree"))
