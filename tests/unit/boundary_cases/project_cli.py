"""Boundary cases of `project.cli_option_added` on a real catalogue package with an argparse CLI
(km_to_miles of each value), run in a bubblewrap sandbox: --sort largest first (not smallest, and
the plain output unchanged), --min keeping a result exactly at the bound, --precision 0 (7 or 7.0, not 7.46),
--output writing the lines and printing nothing, and a missing test all decide."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case
from workflows.code._all_kinds import make_package
from workflows.code._cli import add_cli


def _project() -> tuple[dict[str, str], str, str]:
    faker = Faker()
    faker.seed_instance(3)
    project = make_package(random.Random(3), faker, "units", neighbours=1)
    return add_cli(random.Random(3), project, "units", "km_to_miles", "distances in km")


FILES, CLI, TESTS = _project()
LOOP = '    for value in args.values:\n        print(f"{value:g}\\t{km_to_miles(value)}")\n'
LINES = '    lines = [(f"{value:g}", km_to_miles(value)) for value in args.values]\n'
PRINT = '    print("".join(f"{v}\\t{r}\\n" for v, r in lines), end="")\n'
VALUES = ["12", "3.5", "30", "7"]  # 7.46, 2.17, 18.64, 4.35 miles


def cli(argument: str, body: str) -> str:
    source = FILES[CLI].replace("    return parser\n", f"    parser.add_argument({argument})\n    return parser\n", 1)
    return source.replace(LOOP, LINES + body + PRINT, 1)


def test(argv: list[str]) -> str:
    return FILES[TESTS] + f"\n\ndef test_option(capsys, tmp_path, monkeypatch):\n    monkeypatch.chdir(tmp_path)\n" \
                          f"    assert main({argv!r}) == 0\n"


def case(label: str, source: str, passes: bool, says: str = "", tests: str | None = None, **options: Any) -> Case:
    argv = [*VALUES, options["flag"], *([options["argument"]] if options.get("argument") else [])]
    files = {**FILES, CLI: source, TESTS: test(argv) if tests is None else tests}
    return Case(label, None, {"folder": "proj", "file": f"proj/{CLI}", "test_file": f"proj/{TESTS}",
                              "values": VALUES, **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in files.items()}, originals={"proj": pack_project(FILES)})


SORT = {"option": "sort", "flag": "--sort"}
SORTED = '    if args.sort:\n        lines.sort(key=lambda p: -p[1])\n'
MIN = {"option": "at_least", "flag": "--min", "argument": "7.46"}
PRECISION = {"option": "precision", "flag": "--precision", "argument": "0"}
OUTPUT = {"option": "output", "flag": "--output", "argument": "out.tsv"}
WRITE = '    if args.output:\n        open(args.output, "w").write("".join(f"{v}\\t{r}\\n" for v, r in lines))\n'

CASES = {
    "project.cli_option_added": [
        case("--sort: largest result first", cli('"--sort", action="store_true"', SORTED), True, **SORT),
        case("--sort: smallest first", cli('"--sort", action="store_true"', SORTED.replace("-p[1]", "p[1]")), False,
             "prints '3.5\\t2.17\\n7\\t4.35", **SORT),
        case("results rounded to 1 decimal even without --sort", cli('"--sort", action="store_true"', SORTED +
             "    lines = [(v, round(r, 1)) for v, r in lines]\n"), False, "without --sort the CLI now prints", **SORT),
        case("no new test of the option", cli('"--sort", action="store_true"', SORTED), False,
             "has no new test that calls main()", tests=FILES[TESTS], **SORT),
        case("--min keeps the result exactly at the bound", cli('"--min", type=float', "    if args.min is not None:\n"
                                                                "        lines = [p for p in lines if p[1] >= args.min]\n"),
             True, **MIN),
        case("--min drops the result at the bound (>)", cli('"--min", type=float', "    if args.min is not None:\n"
                                                            "        lines = [p for p in lines if p[1] > args.min]\n"),
             False, "expected '12\\t7.46\\n30\\t18.64\\n'", **MIN),
        case("--precision 0 written as 7.0", cli('"--precision", type=int', "    if args.precision is not None:\n"
                                                 "        lines = [(v, round(r, args.precision)) for v, r in lines]\n"),
             True, **PRECISION),
        case("--precision taken but ignored", cli('"--precision", type=int', ""), False, "prints '12\\t7.46", **PRECISION),
        case("--output written, nothing printed", cli('"--output"', WRITE + "        return 0\n"), True, **OUTPUT),
        case("--output written and printed too", cli('"--output"', WRITE), False, "prints '12\\t7.46",
             **OUTPUT),
    ],
}
