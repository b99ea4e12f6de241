"""A command line for a catalogue package: `python3 -m <package>.cli VALUE...` prints one line per
value, `<value>\\t<result>`, of one of its module's one-number functions (argparse, a `main(argv)`
that returns the exit code), with a test. What option tasks are made of.

    files, cli, tests = add_cli(rng, project, kind, "km_to_miles")
"""

from __future__ import annotations

import random

from preparers.code import ProjectContent

# one-number functions of the catalogue, and what their values are
FUNCTIONS = {"units": {"km_to_miles": "distances in km", "celsius_to_fahrenheit": "temperatures in Celsius"},
             "shipping": {"parcel_rate": "parcel weights in kg"}, "loans": {"late_fee": "days late"},
             "parking": {"fee": "minutes parked"}, "payroll": {"holiday_hours": "hours worked"},
             "inventory": {"shelf_life_left": "days in stock"}}
VALUES = ["12", "3.5", "30", "7", "45", "0.5", "18", "90", "2"]

_SOURCE = '''"""Command line for {package}: {function} of each value given.

    python3 -m {package}.cli VALUE [VALUE ...]
"""

import argparse

from {package}.{module} import {function}


def build_parser():
    parser = argparse.ArgumentParser(prog="{prog}", description="Print {function} of each value, one per line.")
    parser.add_argument("values", nargs="+", type=float, help="{about}")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    for value in args.values:
        print(f"{{value:g}}\\t{{{function}(value)}}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
'''


def add_cli(rng: random.Random, project: ProjectContent, module: str, function: str,
            about: str) -> tuple[dict[str, str], str, str]:
    """The project's files with `cli.py` and `tests/test_cli.py`; (files, cli path, tests path)."""
    package = project.package
    source = _SOURCE.format(package=package, module=module, function=function, about=about,
                            prog=package.replace("_", "-"))
    sample = rng.sample(VALUES, 2)
    tests = (f"from {package}.cli import main\n\n\ndef test_prints_one_line_per_value(capsys):\n"
             f"    assert main({sample!r}) == 0\n    lines = capsys.readouterr().out.splitlines()\n"
             f"    assert [line.split('\\t')[0] for line in lines] == {[f'{float(v):g}' for v in sample]!r}\n")
    files = {**project.files, f"{package}/cli.py": source, "tests/test_cli.py": tests}
    return files, f"{package}/cli.py", "tests/test_cli.py"
