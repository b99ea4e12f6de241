"""Domain libraries in the sandbox: a harness version's listed libraries are importable there, read-only,
and nothing else is; evolution varies them and the episodes really run with and without them (a
scripted local OpenAI-protocol teacher that always reaches for the library)."""

from __future__ import annotations

import io
import json
import shlex
import textwrap
from pathlib import Path
from typing import Any

import docx
import pptx
from reportlab.pdfgen import canvas

from flows.evolve import EvolveConfig, run
from forge.harness import HARNESSES, episode_id
from forge.harness.domain_libraries import DOMAIN_LIBRARIES, sandbox_packages
from forge.harness.system_prompt import harness_identity, render_system_prompt
from forge.harness.versions import HarnessVariant, resolve_harness
from forge.models import TaskBundle, TeacherInfo
from forge.models.harness import DomainLibraryRef
from forge.sandbox import JobDir, SandboxLimits, open_sandbox
from forge.sandbox.python_packages import IMPORT_ROOT
from forge.settings import Settings
from forge.store import open_store
from skills import load_taxonomy
from tests.security.test_host_info import _assert_no_host_path
from tests.support.openai_server import FakeOpenAI, Response, reply, tool
from workflows import WORKFLOWS

LIBRARIES_DIR = Path(__file__).resolve().parents[2] / "forge" / "harness" / "libraries"


def always_sorts_with_the_helper(tasks: list[TaskBundle]):
    """One tool call that sorts with `forgelib.tables`, whatever the prompt says; then it stops."""
    by_instruction = {t.instruction: t for t in tasks}

    def answer(body: dict[str, Any]) -> Response:
        messages = body["messages"]
        if any(m["role"] == "tool" for m in messages):
            return reply("Sorted the rows.", prompt_tokens=300, completion_tokens=5)
        p = by_instruction[messages[1]["content"]].params
        code = (f"from forgelib.tables import sort_rows; print(sort_rows({p['input']!r}, {p['column']!r}, "
                f"sheet={p['sheet']!r}, descending={p['descending']}, out={p['output']!r}), 'rows sorted')")
        return reply("<think>The helper sorts whole rows in one call.</think>\nAction: sort with forgelib.tables",
                     tool_calls=[tool("bash", command=f"python3 -c {shlex.quote(code)}")],
                     prompt_tokens=300, completion_tokens=40)

    return answer


def test_evolution_runs_each_variant_with_exactly_its_domain_libraries(tmp_path: Path) -> None:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    task = WORKFLOWS.get(skill.workflow).build(skill, seed=11)
    settings_base: dict[str, Any] = {"_env_file": None, "data_dir": tmp_path / "data", "llm_max_retries": 0,
                                     "concurrency": 2}
    store = open_store(Settings(**settings_base).resolved_db_url())
    store.save_task(task, "seed-run")
    store.set_task_status(task.id, "accepted")
    variants = [HarnessVariant(label="tables", domain_libraries=["tables"]),
                HarnessVariant(label="documents", domain_libraries=["documents", "pdf"])]
    with FakeOpenAI(default=always_sorts_with_the_helper([task])) as server:
        settings = Settings(**settings_base, teacher_base_url=server.base_url, teacher_model="teacher-m")
        result = run(EvolveConfig(variants=variants, task_ids=[task.id]), settings)

    scores = {s.label: s for s in result.scores}
    assert (scores["base"].success_rate, scores["tables"].success_rate, scores["documents"].success_rate) == (0, 1, 0)
    assert result.chosen == "tables" and result.recorded_version == "β"
    observations = {}  # what each variant's one command printed, as its teacher read it back
    for request in server.requests:
        system, *rest = request.body["messages"]
        for message in rest:
            if message["role"] == "tool":
                label = next((lib for lib in ("tables", "documents") if f"`forgelib.{lib}`" in system["content"]), "base")
                observations[label] = message["content"]
    assert "rows sorted" in observations["tables"] and "Error" not in observations["tables"]
    assert "ModuleNotFoundError: No module named 'forgelib.tables'" in observations["documents"]
    assert "ModuleNotFoundError: No module named 'forgelib'" in observations["base"]

    base = HARNESSES.get("terminal")
    with_tables, with_documents = (v.apply(base) for v in variants)
    identities = {harness_identity(h).partition("#")[2] for h in (base, with_tables, with_documents)}
    assert len(identities) == 3  # the same prompt but for the libraries: three contents, three ids
    teacher = TeacherInfo(kind="model", model="teacher-m")
    assert len({episode_id(task.id, h, teacher) for h in (base, with_tables, with_documents)}) == 3
    beta = resolve_harness("terminal", store)
    tables = DOMAIN_LIBRARIES.get("tables")
    assert beta.version == "β" and beta.environment.domain_libraries == [DomainLibraryRef(name="tables", digest=tables.digest)]
    assert tables.summary in render_system_prompt(beta) and "forgelib" not in render_system_prompt(base)


def _office_files() -> dict[str, bytes]:
    document = docx.Document()
    paragraph = document.add_paragraph()
    paragraph.add_run("Quarterly re")
    paragraph.add_run("port").bold = True  # the word spans two runs
    document.add_paragraph("A report on the north region.")
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Agenda"
    slide.placeholders[1].text = "Budget review"
    pdf = io.BytesIO()
    drawing = canvas.Canvas(pdf)
    drawing.drawString(72, 720, "Introduction")
    drawing.showPage()
    drawing.drawString(72, 720, "Total   revenue: 4,200")
    drawing.save()
    files = {"report.pdf": pdf.getvalue()}
    for name, office in (("report.docx", document), ("deck.pptx", deck)):
        out = io.BytesIO()
        office.save(out)
        files[name] = out.getvalue()
    return files


_USE = textwrap.dedent("""
    import json, os
    from forgelib import documents, pdf
    seen = {"ppid": os.getppid(), "found": pdf.find_pages("report.pdf", "total revenue"),
            "replaced": documents.replace_text("report.docx", "report", "summary", out="out/report.docx"),
            "paragraphs": documents.paragraphs("out/report.docx"), "slides": documents.slide_texts("deck.pptx")}
    try:
        import forgelib.tables
    except ModuleNotFoundError as exc:
        seen["tables"] = str(exc)
    print(json.dumps(seen))
""")
_WRITES = ("echo x >> {root}/forgelib/pdf/__init__.py", "touch {root}/forgelib/evil.py", "rm {root}/forgelib/pdf/__init__.py",
           "chmod 0666 {root}/forgelib/pdf/__init__.py", "mkdir {root}/forgelib/tables")


def test_the_sandbox_mounts_only_the_listed_libraries_read_only_and_no_host_path(tmp_path: Path) -> None:
    environment = HarnessVariant(label="docs", domain_libraries=["documents", "pdf"]).apply(HARNESSES.get("terminal")).environment
    limits = SandboxLimits()
    job = JobDir.create(tmp_path / "scratch-of-a-secret-run", limits)
    try:
        with open_sandbox(job.path, limits, packages=sandbox_packages(environment)) as box:
            for name, data in {**_office_files(), "use.py": _USE.encode()}.items():
                box.put_file(name, data)
            warm = box.run("python3 use.py")
            cold = box.run('"$(type -P -a python3 | sed -n 2p)" use.py')  # the real interpreter, not the shim
            writes = [box.run(command.format(root=IMPORT_ROOT)) for command in _WRITES]
            mounts = box.run("cat /proc/self/mountinfo").stdout
            modes = box.run(f"stat -c '%U %a' {IMPORT_ROOT}/forgelib/pdf/__init__.py").stdout.split()
    finally:
        job.remove()
    seen, again = json.loads(warm.stdout), json.loads(cold.stdout)
    assert seen["ppid"] == 0 and again["ppid"] != 0, (warm, cold)  # one served warm, one run cold
    for result in (seen, again):
        assert result["found"] == [2] and result["replaced"] == 2
        assert result["paragraphs"] == ["Quarterly summary", "A summary on the north region."]
        assert result["slides"] == [["Agenda", "Budget review"]]
        assert result["tables"] == "No module named 'forgelib.tables'"
    for done in writes:  # refused by the modes (the sandbox's uid owns nothing there) and by the mount
        assert done.exit_code != 0 and ("Read-only file system" in done.stderr or "Permission denied" in done.stderr), done
    assert modes == ["root", "444"]
    (line,) = [line for line in mounts.splitlines() if f" {IMPORT_ROOT} " in line]
    assert line.split()[3] == "/" and " ro," in line and " - tmpfs " in line, line
    _assert_no_host_path(mounts, {str(tmp_path), str(job.path), str(LIBRARIES_DIR)})
