"""Boundary cases of the #10 text/pdf breadth checks: config files edited or converted between
INI, YAML, TOML, .env and JSON. The LAST section's last setting is where a loop that stops one
short lets a wrong file through; a number written as text in a typed format, a commented-out
line whose value changed, and a .env line that is not NAME=value all fail."""

from __future__ import annotations

import io
import json
from typing import Any

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case
from workflows.pdf._forms import form_pdf

INI = "; api settings\n\n[server]\nport = 8080\ndebug = true\n\n[cache]\nbackend = redis\nttl_s = 300\n"
YAML = "# api settings\nserver:\n  port: 8080\n  debug: true\ncache:\n  backend: redis\n  ttl_s: 300\n"
TOML = '# api\n[server]\nport = 8080\ndebug = true\n\n[cache]\nbackend = "redis"\nttl_s = 300\n'
ENV = "# api\nSERVER_PORT=8080\nSERVER_DEBUG=true\nCACHE_BACKEND=redis\nCACHE_TTL_S=300\n"
JSON = '{"server": {"port": 8080, "debug": true}, "cache": {"backend": "redis", "ttl_s": 300}}'


def edited(label: str, fmt: str, original: str, output: str, options: dict[str, Any], passes: bool,
           says: str = "") -> Case:
    ext = {"env": "env"}.get(fmt, fmt)
    src, out = f"conf/app.{ext}", f"conf/app.new.{ext}"
    return Case(label, None, {"file": out, "input_file": src, "format": fmt, **options}, passes, says,
                files={out: output.encode()}, originals={src: original.encode()})


def converted(label: str, source: str, original: str, target: str, output: str, passes: bool, says: str = "") -> Case:
    src, out = f"conf/app.{source}", f"conf/app.{target}"
    return Case(label, None, {"file": out, "input_file": src, "source": source, "target": target}, passes, says,
                files={out: output.encode()}, originals={src: original.encode()})


SET_TTL = {"operation": "set", "section": "cache", "key": "ttl_s", "value": "600"}
ADD = {"operation": "add", "section": "cache", "key": "prefix", "value": "app:"}
REMOVE = {"operation": "remove", "section": "cache", "key": "ttl_s"}
COMMENT = {"operation": "comment_out", "section": "cache", "key": "ttl_s"}
RENAME = {"operation": "rename", "section": "cache", "key": "ttl_s", "new_key": "expiry_s"}

LOG_LINES = [
    "2024-05-01 08:59:59 INFO [api] job 1 started",
    "2024-05-01 09:00:00 WARNING [api] queue depth is 40",
    "2024-05-01 09:30:10 ERROR [api] upstream returned HTTP 502",
    "2024-05-01 09:30:10 ERROR [api] upstream returned HTTP 502",
    "2024-05-01 10:59:59 DEBUG [api] cache miss",
    "2024-05-01 11:00:00 ERROR [api] Upstream timed out",
]
LOG = "\n".join(LOG_LINES) + "\n"


def logged(label: str, lines: list[str] | str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    body = lines if isinstance(lines, str) else "".join(line + "\n" for line in lines)
    return Case(label, None, {"file": "out.log", "input_file": "app.log", "output": "lines", **options}, passes, says,
                files={"out.log": body.encode()}, originals={"app.log": LOG.encode()})


WINDOW = {"select": "window", "start": "09:00", "end": "11:00"}  # 09:00:00 in, 11:00:00 out
WORSE = {"select": "at_least", "level": "WARNING"}
PHRASE = {"select": "phrase", "phrase": "upstream"}

PAGE_TEXTS = ["Alpha section one", "Beta section two", "Gamma section three"]


def three_pages(texts: list[str] = PAGE_TEXTS) -> bytes:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    for text in texts:
        sheet.drawString(72, 720, text)
        sheet.showPage()
    sheet.save()
    return buf.getvalue()


THREE = three_pages()


def rewritten(data: bytes, *, turn: dict[int, int] | None = None, stamps: dict[int, str] | None = None) -> bytes:
    """`data` with pages turned (page -> degrees) and stamped (page -> text drawn in the margin)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for n, page in enumerate(writer.pages, start=1):
        if turn and n in turn:
            page.rotate(turn[n])
        if stamps and n in stamps:
            buf = io.BytesIO()
            sheet = canvas.Canvas(buf, invariant=1)
            sheet.drawString(400, 20, stamps[n])
            sheet.save()
            page.merge_page(PdfReader(buf).pages[0])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def turned(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
           original: bytes = THREE) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "in.pdf", **options}, passes, says,
                files={"out.pdf": output}, originals={"in.pdf": original})


def stamped(label: str, stamps: dict[int, str], options: dict[str, Any], passes: bool, says: str = "",
            output: bytes | None = None) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "in.pdf", **options}, passes, says,
                files={"out.pdf": output or rewritten(THREE, stamps=stamps)}, originals={"in.pdf": THREE})


FORM = form_pdf("leave request", "Acme")
PERSON = {"employee_name": "Ann Lee", "employee_id": "E10001", "manager": "Bo Chen", "first_day": "2025-03-03",
          "last_day": "2025-03-07", "leave_type": "Annual leave"}
OTHER = {**PERSON, "employee_name": "Cy Ford", "employee_id": "E20002"}


def filled(values: dict[str, str], form: bytes = FORM) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(form)))
    writer.update_page_form_field_values(writer.pages[0], values, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def form_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
              original: bytes = FORM) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "form.pdf", **options}, passes, says,
                files={"out.pdf": output}, originals={"form.pdf": original})


def from_record(label: str, output: bytes, data_name: str, data: str, key: str | None, passes: bool,
                says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "form.pdf", "data_file": data_name, "key": key}, passes,
                says, files={"out.pdf": output}, originals={"form.pdf": FORM, data_name: data.encode()})


CSV = ",".join(PERSON) + "\n" + "".join(",".join(r.values()) + "\n" for r in (OTHER, PERSON))
RECORDS_JSON = json.dumps([OTHER, PERSON])
NOTES = "".join(f"{k}: {v}\n" for k, v in PERSON.items())
FILL_TWO = {"names": ["manager", "leave_type"], "values": ["Di Park", "Study leave"]}
CROOKED = rewritten(THREE, turn={2: 90, 3: 180})
BATES = {"stamp": "bates", "text": "ACME", "first_number": 120}

CASES: dict[str, list[Case]] = {
    "pdf.pages_rotated": [
        turned("even pages turned clockwise", rewritten(THREE, turn={2: 90}), {"which": "even", "degrees": 90}, True),
        turned("the wrong way round", rewritten(THREE, turn={2: 270}), {"which": "even", "degrees": 90}, False,
               says="page 2"),
        turned("odd pages: the last one missed", rewritten(THREE, turn={1: 180}), {"which": "odd", "degrees": 180},
               False, says="page 3"),
        turned("odd pages", rewritten(THREE, turn={1: 180, 3: 180}), {"which": "odd", "degrees": 180}, True),
        turned("listed page, another turned too", rewritten(THREE, turn={2: 90, 3: 90}),
               {"which": "listed", "pages": [2], "degrees": 90}, False, says="page 3"),
        turned("all pages, pages reordered", rewritten(rewritten(three_pages(PAGE_TEXTS[::-1]), turn={1: 90, 2: 90,
                                                                                                       3: 90})),
               {"which": "all", "degrees": 90}, False, says="page 1"),
        turned("upright: every crooked page straightened", rewritten(CROOKED, turn={2: 270, 3: 180}),
               {"which": "upright"}, True, original=CROOKED),
        turned("upright: the last page left upside down", rewritten(CROOKED, turn={2: 270}), {"which": "upright"}, False,
               says="page 3", original=CROOKED),
    ],
    "pdf.form_filled": [
        form_case("every field filled", filled(PERSON), {"names": list(PERSON), "values": list(PERSON.values())}, True),
        form_case("the last field left empty", filled({**PERSON, "leave_type": ""}),
                  {"names": list(PERSON), "values": list(PERSON.values())}, False, says="leave_type"),
        form_case("two fields corrected, the rest kept", filled({**PERSON, "manager": "Di Park",
                                                                 "leave_type": "Study leave"}, filled(PERSON)),
                  FILL_TWO, True, original=filled(PERSON)),
        form_case("a field not asked for changed", filled({**PERSON, "manager": "Di Park", "leave_type": "Study leave",
                                                           "employee_id": "E1"}), FILL_TWO, False,
                  says="employee_id", original=filled(PERSON)),
        form_case("the fields flattened away", three_pages(["Leave request form"]), FILL_TWO, False, says="lost", original=filled(PERSON)),
    ],
    "pdf.form_from_record": [
        from_record("the CSV row of the person named", filled(PERSON), "people.csv", CSV, "Ann Lee", True),
        from_record("the other person's row", filled(OTHER), "people.csv", CSV, "Ann Lee", False, says="employee_name"),
        from_record("JSON record, the last field wrong", filled({**PERSON, "leave_type": "Unpaid leave"}),
                    "people.json", RECORDS_JSON, "Ann Lee", False, says="leave_type"),
        from_record("JSON record", filled(PERSON), "people.json", RECORDS_JSON, "Ann Lee", True),
        from_record("notes", filled(PERSON), "notes.txt", NOTES, None, True),
        from_record("notes, a field left blank", filled({**PERSON, "manager": ""}), "notes.txt", NOTES, None, False,
                    says="manager"),
        from_record("a name with no record", filled(PERSON), "people.csv", CSV, "Zed Ray", False, says="0 records"),
    ],
    "pdf.pages_stamped": [
        stamped("the word on every page", {1: "DRAFT", 2: "DRAFT", 3: "DRAFT"}, {"stamp": "text", "text": "DRAFT"},
                True),
        stamped("the word missing on the last page", {1: "DRAFT", 2: "DRAFT"}, {"stamp": "text", "text": "DRAFT"},
                False, says="page 3"),
        stamped("Page N of T", {n: f"Page {n} of 3" for n in (1, 2, 3)}, {"stamp": "page_of_total"}, True),
        stamped("Page N of T, the last one off by one", {1: "Page 1 of 3", 2: "Page 2 of 3", 3: "Page 4 of 3"},
                {"stamp": "page_of_total"}, False, says="page 3"),
        stamped("page numbers, the cover bare", {2: "Page 2", 3: "Page 3"}, {"stamp": "page_number", "skip_first": True},
                True),
        stamped("page numbers counting from the page after the cover", {2: "Page 1", 3: "Page 2"},
                {"stamp": "page_number", "skip_first": True}, False, says="page 2"),
        stamped("the cover stamped too", {1: "Page 1", 2: "Page 2", 3: "Page 3"},
                {"stamp": "page_number", "skip_first": True}, False, says="cover"),
        stamped("Bates from 120", {1: "ACME-000120", 2: "ACME-000121", 3: "ACME-000122"}, BATES, True),
        stamped("Bates, five digits", {1: "ACME-00120", 2: "ACME-00121", 3: "ACME-00122"}, BATES, False, says="page 1"),
        stamped("page text changed", {}, {"stamp": "text", "text": "DRAFT"}, False, says="page 1",
                output=rewritten(three_pages(["Alpha section 1", *PAGE_TEXTS[1:]]),
                                 stamps={1: "DRAFT", 2: "DRAFT", 3: "DRAFT"})),
    ],
    "text.log_selected": [
        logged("window: start included, end excluded", LOG_LINES[1:5], WINDOW, True),
        logged("window: the line at the end time kept", LOG_LINES[1:6], WINDOW, False, says="5 lines, expected 4"),
        logged("window: the line before the start kept", LOG_LINES[0:5], WINDOW, False, says="line 1"),
        logged("at least WARNING: the last ERROR left out", LOG_LINES[1:4], WORSE, False, says="3 lines, expected 4"),
        logged("at least WARNING", [LOG_LINES[i] for i in (1, 2, 3, 5)], WORSE, True),
        logged("phrase in any case", [LOG_LINES[i] for i in (2, 3, 5)], PHRASE, True),
        logged("phrase: the differently cased last match missed", LOG_LINES[2:4], PHRASE, False, says="expected 3"),
        logged("newest first", [LOG_LINES[i] for i in (5, 3, 2)], {**PHRASE, "output": "newest_first"}, True),
        logged("newest first, left in log order", [LOG_LINES[i] for i in (2, 3, 5)], {**PHRASE, "output": "newest_first"},
               False, says="line 1"),
        logged("unique: the repeated line once", [LOG_LINES[i] for i in (2, 5)], {"select": "level", "level": "ERROR",
                                                                               "output": "unique"}, True),
        logged("unique: the repeat kept", [LOG_LINES[i] for i in (2, 3, 5)], {"select": "level", "level": "ERROR",
                                                                           "output": "unique"}, False, says="line 2"),
        logged("level within a window", LOG_LINES[2:4], {**WINDOW, "select": "level_window", "level": "ERROR"}, True),
        logged("all but DEBUG", [LOG_LINES[i] for i in (0, 1, 2, 3, 5)], {"select": "drop_level", "level": "DEBUG"}, True),
        logged("all but DEBUG, a line edited", [LOG_LINES[i] for i in (0, 1, 2, 3)] + [LOG_LINES[5] + "!"],
               {"select": "drop_level", "level": "DEBUG"}, False, says="line 5"),
        logged("count", "4\n", {**WORSE, "output": "count"}, True),
        logged("count one short", "3\n", {**WORSE, "output": "count"}, False, says="expected the single number 4"),
        logged("count with another number beside it", "4 lines since 09:00\n", {**WORSE, "output": "count"}, False,
               says="expected the single number"),
    ],
    "text.config_edited": [
        edited("ini: the last setting set", "ini", INI, INI.replace("ttl_s = 300", "ttl_s = 600"), SET_TTL, True),
        edited("ini: left unchanged", "ini", INI, INI, SET_TTL, False, says="cache.ttl_s"),
        edited("ini: another setting changed too", "ini", INI,
               INI.replace("ttl_s = 300", "ttl_s = 600").replace("port = 8080", "port = 8081"), SET_TTL, False,
               says="server.port"),
        edited("yaml: the number written as a number", "yaml", YAML, YAML.replace("ttl_s: 300", "ttl_s: 600"),
               SET_TTL, True),
        edited("yaml: the number written as text", "yaml", YAML, YAML.replace("ttl_s: 300", "ttl_s: '600'"),
               SET_TTL, False, says="600"),
        edited("toml: a text value must be quoted", "toml", TOML, TOML.replace("ttl_s = 300", "ttl_s = 600\nprefix = app:"),
               ADD, False, says="TOML"),
        edited("toml: added, quoted", "toml", TOML, TOML + 'prefix = "app:"\n', ADD, True),
        edited("toml: add of a key that exists", "toml", TOML, TOML, {**ADD, "key": "ttl_s"}, False, says="already"),
        edited("env: removed", "env", ENV, ENV.replace("CACHE_TTL_S=300\n", ""), REMOVE, True),
        edited("env: a line that is not NAME=value", "env", ENV, ENV.replace("CACHE_TTL_S=300\n", "CACHE TTL\n"),
               REMOVE, False, says="line 5"),
        edited("env: commented out, value kept", "env", ENV, ENV.replace("CACHE_TTL_S", "# CACHE_TTL_S"), COMMENT, True),
        edited("env: deleted instead of commented out", "env", ENV, ENV.replace("CACHE_TTL_S=300\n", ""), COMMENT,
               False, says="comment mark"),
        edited("ini: commented out with another value", "ini", INI, INI.replace("ttl_s = 300", "; ttl_s = 301"),
               COMMENT, False, says="'300'"),
        edited("ini: renamed keeping the value", "ini", INI, INI.replace("ttl_s = 300", "expiry_s = 300"), RENAME, True),
        edited("ini: renamed, value lost", "ini", INI, INI.replace("ttl_s = 300", "expiry_s = 30"), RENAME, False,
               says="cache.expiry_s"),
        edited("yaml: broken indentation", "yaml", YAML, YAML.replace("  ttl_s: 300", "ttl_s: 600"), SET_TTL, False,
               says="sections"),
    ],
    "text.config_converted": [
        converted("ini to json, typed", "ini", INI, "json", JSON, True),
        converted("ini to json, the last number left as text", "ini", INI, "json", JSON.replace("300", '"300"'), False,
                  says="cache.ttl_s"),
        converted("json to ini, booleans lower case", "json", JSON, "ini", INI, True),
        converted("json to ini, the last setting missing", "json", JSON, "ini", INI.replace("ttl_s = 300\n", ""), False,
                  says="[cache]"),
        converted("toml to env", "toml", TOML, "env", ENV, True),
        converted("toml to env, a variable not upper case SECTION_KEY", "toml", TOML, "env",
                  ENV.replace("CACHE_TTL_S", "TTL"), False, says="TTL"),
        converted("env to yaml", "env", ENV, "yaml", YAML, True),
        converted("json to yaml, still JSON", "json", JSON, "yaml", JSON, False, says="still JSON"),
        converted("yaml to toml, an extra section", "yaml", YAML, "toml", TOML + "[extra]\nx = 1\n", False,
                  says="sections"),
    ],
}
