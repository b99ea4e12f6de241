"""The file gate's pass over a bundle, on hand-made bundles of real files (no workflow, no sandbox):
criteria and checks numbered from 1, which files are inspected and reported, a malformed file's
first ten problems, and the LibreOffice round trips it starts early (inputs only, in order, none
past the first file a pre-parse check refuses) and whose verdicts it gives in the files' order.

The round trip is the gate's injected collaborator (`GateContext.roundtrip`); here a scripted one
answers per content, so a failed verdict needs no file LibreOffice mangles (the real round trip's
rejections: tests/integration/test_apps_gates.py)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from forge.models import Check, ReferenceSolution, ReferenceStep, Rubric, SetupStep, TaskBundle, TaskFile
from gates import GateContext, run_gate
from gates.file_gate import _start_round_trips
from tests.xlsx import xlsx_bytes

BOOK = xlsx_bytes([["Region", "Units"], ["North", 5], ["South", 7]])
NOTES = b"Quarterly notes: the North region sold 5 units.\n"
OUTPUT = TaskFile(path="outputs/sorted.xlsx", role="output", type="xlsx")


def bundle(*files: TaskFile, criteria: tuple[str, ...] = (), checks: tuple[Check, ...] = (),
           setup: tuple[SetupStep, ...] = ()) -> TaskBundle:
    return TaskBundle(
        skill_ids=["spreadsheet.data.sort.ascending"], apps=["libreoffice-calc"],
        instruction="Sort inputs/book.xlsx by Units and save the result as outputs/sorted.xlsx.",
        files=list(files or (book(), OUTPUT)),
        rubric=Rubric(checks=list(checks or (Check(func="file.exists", options={"file": OUTPUT.path}),)),
                      criteria=list(criteria)),
        reference=ReferenceSolution(steps=[ReferenceStep(thought="t", action="a", tool="bash",
                                                         arguments={"command": "true"})]),
        setup=list(setup), seed=1, workflow="hand.made", workflow_version="1")


def book(path: str = "inputs/book.xlsx", content: bytes = BOOK) -> TaskFile:
    return TaskFile(path=path, role="input", type="xlsx", content=content)


def notes(path: str = "inputs/notes.txt", content: bytes = NOTES) -> TaskFile:
    return TaskFile(path=path, role="input", type="txt", content=content)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str = ""


class ScriptedRoundTrip:
    """Answers by content (a failed verdict for contents in `fails`, None for those in `skips`) and
    records what it was asked, in order."""

    def __init__(self, fails: dict[bytes, str] | None = None, skips: frozenset[bytes] = frozenset()) -> None:
        self.fails, self.skips = fails or {}, skips
        self.asked: list[tuple[bytes, str]] = []
        self._lock = threading.Lock()

    def __call__(self, data: bytes, file_type: str) -> Verdict | None:
        with self._lock:
            self.asked.append((data, file_type))
        if data in self.skips:
            return None
        return Verdict(False, self.fails[data]) if data in self.fails else Verdict(True)


def gate(task: TaskBundle, tmp_path: Path, **ctx: object):  # noqa: ANN201 - a GateResult
    return run_gate("file", task, GateContext(scratch_root=tmp_path, **ctx))  # type: ignore[arg-type]


# --- numbering and reports ---------------------------------------------------------------------------


def test_criteria_are_numbered_from_one(tmp_path: Path) -> None:
    result = gate(bundle(criteria=("The rows are sorted.", "No TODO is left in it.")), tmp_path)
    assert (result.reason, result.message.split(" contains")[0]) == ("template_leftover", "criterion 2")
    assert gate(bundle(criteria=("The rows are sorted.",)), tmp_path).passed


def test_checks_are_numbered_from_one(tmp_path: Path) -> None:
    good = Check(func="file.exists", options={"file": OUTPUT.path})
    unknown = gate(bundle(checks=(good, Check(func="xlsx.nope"))), tmp_path)
    assert unknown.reason == "unknown_check" and unknown.message.startswith("check 2: unknown check 'xlsx.nope'; known: ")
    bad = gate(bundle(checks=(Check(func="file.exists", options={"bogus": 1}),)), tmp_path)
    assert bad.reason == "invalid_check_options" and bad.message.startswith("check 1: ")


def test_a_setup_steps_parameters_are_validated(tmp_path: Path) -> None:
    steps = (SetupStep(type="execute", parameters={"command": "true"}), SetupStep(type="execute", parameters={}))
    result = gate(bundle(setup=steps), tmp_path)
    assert result.reason == "invalid_setup_step" and result.message.startswith("setup step 2 (execute): ")


def test_only_inputs_are_inspected_and_each_is_reported(tmp_path: Path) -> None:
    result = gate(bundle(book(), OUTPUT, notes()), tmp_path)
    assert result.passed, result.message
    files = result.details["files"]
    assert isinstance(files, dict) and sorted(files) == ["inputs/book.xlsx", "inputs/notes.txt"]
    assert files["inputs/book.xlsx"]["sheets"] == ["Data"]  # type: ignore[index,call-overload]


def test_an_unknown_type_is_refused_for_an_output_too(tmp_path: Path) -> None:
    odd = TaskFile(path="outputs/x.xyz", role="output", type="xyz")
    result = gate(bundle(book(), odd), tmp_path)
    assert (result.reason, result.details) == ("unknown_file_type", {"path": "outputs/x.xyz"})
    assert result.message.startswith("outputs/x.xyz: no handler for file type 'xyz'; known: csv, docx, ")


def test_an_input_without_content_is_refused(tmp_path: Path) -> None:
    empty = TaskFile(path="inputs/book.xlsx", role="input", type="xlsx", content=b"")
    result = gate(bundle(empty, OUTPUT), tmp_path)
    assert (result.reason, result.details) == ("input_missing_content", {"path": "inputs/book.xlsx"})
    assert result.message == "inputs/book.xlsx: input file has no content"


def test_a_malformed_file_names_its_first_problem_and_keeps_ten(tmp_path: Path) -> None:
    broken = xlsx_bytes([["a", "b"], *[[i, "=SUM(A1"] for i in range(12)]])
    result = gate(bundle(book(content=broken), OUTPUT), tmp_path)
    assert result.reason == "file_malformed" and result.details["path"] == "inputs/book.xlsx"
    problems = result.details["problems"]
    assert isinstance(problems, list) and len(problems) == 10 and problems[0] == "formula does not parse: Data!B2: =SUM(A1"
    assert result.message == "inputs/book.xlsx: formula does not parse: Data!B2: =SUM(A1"


def test_a_leftover_in_a_file_names_the_file(tmp_path: Path) -> None:
    result = gate(bundle(book(), OUTPUT, notes(content=b"Dear {{ name }}, hello.\n")), tmp_path)
    assert (result.reason, result.details) == ("template_leftover", {"path": "inputs/notes.txt"})
    assert result.message == "inputs/notes.txt: contains '{{' (…Dear {{ name }}, hello. …)"  # the newline shown as a space


# --- round trips --------------------------------------------------------------------------------------


def test_round_trips_start_for_inputs_only_and_an_output_first_does_not_stop_them(tmp_path: Path) -> None:
    trip = ScriptedRoundTrip()
    task = bundle(OUTPUT, book(), notes())
    started = _start_round_trips(task, GateContext(scratch_root=tmp_path, roundtrip=trip))
    assert list(started) == ["inputs/book.xlsx", "inputs/notes.txt"]
    assert [f.result() for f in started.values()] == [Verdict(True), Verdict(True)]
    assert sorted(trip.asked) == sorted([(BOOK, "xlsx"), (NOTES, "txt")])
    assert _start_round_trips(task, GateContext(scratch_root=tmp_path)) == {}  # no round trip: none started


@pytest.mark.parametrize("refused", [
    TaskFile(path="inputs/empty.txt", role="input", type="txt", content=b""),  # no content
    TaskFile(path="inputs/bad.xlsx", role="input", type="xlsx", content=b"not a workbook"),  # its type's bounds
    TaskFile(path="inputs/big.txt", role="input", type="txt", content=b"x" * 101),  # over max_file_bytes
])
def test_no_round_trip_starts_at_or_after_a_file_refused_before_parsing(tmp_path: Path, refused: TaskFile) -> None:
    trip = ScriptedRoundTrip()
    task = bundle(notes(content=b"short note"), refused, notes("inputs/later.txt", b"later note"), OUTPUT)
    started = _start_round_trips(task, GateContext(scratch_root=tmp_path, roundtrip=trip, max_file_bytes=100))
    assert list(started) == ["inputs/notes.txt"]
    started["inputs/notes.txt"].result()
    assert trip.asked == [(b"short note", "txt")]


def test_a_failed_round_trip_rejects_and_a_skipped_or_passed_one_does_not(tmp_path: Path) -> None:
    trip = ScriptedRoundTrip(fails={NOTES: "lost text in the pdf"}, skips=frozenset({BOOK}))
    result = gate(bundle(book(), OUTPUT, notes()), tmp_path, roundtrip=trip)
    assert (result.reason, result.details) == ("libreoffice_roundtrip_failed", {"path": "inputs/notes.txt"})
    assert result.message == "inputs/notes.txt: lost text in the pdf"
    assert gate(bundle(book(), OUTPUT), tmp_path, roundtrip=trip).passed  # skipped (None): no verdict to give
    assert gate(bundle(notes("inputs/other.txt", b"another note"), OUTPUT), tmp_path, roundtrip=trip).passed


def test_verdicts_are_given_in_the_files_order(tmp_path: Path) -> None:
    """A round trip that failed does not jump ahead of an earlier file's own fault, nor the reverse."""
    trip = ScriptedRoundTrip(fails={NOTES: "the text changed"})
    malformed = book(content=xlsx_bytes([["a"], ["=SUM(A1"]]))
    assert gate(bundle(notes(), malformed, OUTPUT), tmp_path, roundtrip=trip).reason == "libreoffice_roundtrip_failed"
    assert gate(bundle(malformed, notes(), OUTPUT), tmp_path, roundtrip=trip).reason == "file_malformed"


def test_a_bundle_without_an_output_or_with_an_unreadable_input_is_refused(tmp_path: Path) -> None:
    assert gate(bundle(book(), notes()), tmp_path).reason == "no_declared_output"
    result = gate(bundle(book(content=b"PK not a workbook"), OUTPUT), tmp_path)
    assert (result.reason, result.details) == ("file_unreadable", {"path": "inputs/book.xlsx"})
    assert result.message.startswith("inputs/book.xlsx: ")
