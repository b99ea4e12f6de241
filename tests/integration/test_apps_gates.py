"""The apps beyond spreadsheets: each has its families, and the package gate round-trips the outputs
too. Every family's own run through the gates is the contract's (tests/contract/test_workflows.py)
and, on other seeds and every param value, tests/integration/test_gates_hardened.py's."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import require
from workflows import WORKFLOWS

APPS = ("document", "presentation", "pdf", "text", "data", "code", "files", "multi")
APP_WORKFLOWS = [name for name in WORKFLOWS if name.split(".")[0] in APPS]


def test_every_app_has_at_least_three_families_and_multi_four() -> None:
    counts = {app: sum(1 for n in APP_WORKFLOWS if n.startswith(f"{app}.")) for app in APPS}
    assert all(n >= 3 for n in counts.values()), counts
    assert counts["multi"] >= 4, counts

@require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")
@require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")
def test_an_oracle_output_that_libreoffice_loads_without_its_text_is_rejected(tmp_path: Path) -> None:
    """python-pptx ignores a broken theme, so every check passes; Impress renders the slides without
    their text. The inputs are sound, so only the round trip of the OUTPUT can catch it."""
    from forge.models import ReferenceSolution, ReferenceStep
    from gates import GateContext, run_gates
    from gates.roundtrip import libreoffice_roundtrip
    from skills import load_taxonomy

    skill = next(s for s in load_taxonomy().skills.values() if s.workflow == "presentation.add_slide")
    good = WORKFLOWS.get("presentation.add_slide").build(skill, 2)
    deck = good.outputs()[0].path
    breaks_theme = (f"python3 -c 'import zipfile, shutil; src = zipfile.ZipFile(\"{deck}\"); "
                    "out = zipfile.ZipFile(\"broken.pptx\", \"w\"); "
                    "[out.writestr(i, b\"<<not xml\" if i.filename == \"ppt/theme/theme1.xml\" else src.read(i)) "
                    f"for i in src.infolist()]; out.close(); shutil.move(\"broken.pptx\", \"{deck}\")'")
    step = ReferenceStep(thought="t", action="Break the theme", tool="bash", arguments={"command": breaks_theme})
    broken = good.model_copy(update={"reference": ReferenceSolution(steps=[*good.reference.steps, step])})
    ctx = GateContext(scratch_root=tmp_path, roundtrip=libreoffice_roundtrip(tmp_path / "lo"))
    assert run_gates(good, ctx)[-1].passed
    result = run_gates(broken, ctx)[-1]
    assert (result.gate, result.passed, result.reason) == ("package", False, "output_roundtrip_failed"), result.message
    assert deck in result.message and "lost text in the pdf" in result.message
