"""Boundary cases of `text.requirements_edited`: a requirements file of five packages.

Names compare as pip compares them (`django` is `Django`, `python_dateutil` is `python-dateutil`),
version clauses in any order with any spacing, comments free. A pin one release off, `~=` on another
version, `>=` where `~=` is asked, an extra given to the wrong package, a package added at the end
instead of its place, the LAST line changed, a line that is no requirement, and a sort that keeps
case order (`Pillow` before `celery`) all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

REQS = ["# Runtime dependencies", "", "celery==5.3.4", "Django==4.2.7", "gunicorn>=21.2.0",
        "python-dateutil==2.8.2", "sentry-sdk==1.38.0   # error reporting"]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "",
         original: list[str] = REQS) -> Case:
    return Case(label, None, {"file": "new.txt", "input_file": "requirements.txt", **options}, passes, says,
                files={"new.txt": ("\n".join(lines) + "\n").encode()},
                originals={"requirements.txt": ("\n".join(original) + "\n").encode()})


def edited(k: int, line: str | None, lines: list[str] = REQS) -> list[str]:
    return [*lines[:k], *([line] if line is not None else []), *lines[k + 1:]]


PIN = {"operation": "pin", "package": "gunicorn", "version": "22.0.0"}
BUMP = {"operation": "bump", "package": "sentry-sdk", "version": "1.45.0"}
LOOSEN = {"operation": "loosen", "package": "Django"}
ADD = {"operation": "add", "package": "httpx", "version": "0.27.0"}
UNSORTED = ["# deps", "sentry-sdk==1.38.0", "Pillow==10.3.0", "celery==5.3.4", "boto3==1.34.0"]

CASES: dict[str, list[Case]] = {
    "text.requirements_edited": [
        case("gunicorn pinned", edited(4, "gunicorn==22.0.0"), PIN, True),
        case("gunicorn pinned with spaces, its name in capitals", edited(4, "Gunicorn == 22.0.0"), PIN, True),
        case("gunicorn pinned one release off", edited(4, "gunicorn==21.2.0"), PIN, False,
             "line 5 of new.txt is requirement 'gunicorn==21.2.0', expected requirement 'gunicorn==22.0.0'"),
        case("gunicorn pinned but its minimum kept too", edited(4, "gunicorn>=21.2.0,==22.0.0"), PIN, False,
             "line 5 of new.txt"),
        case("the last line bumped, its comment moved", edited(6, "sentry-sdk==1.45.0  # errors"), BUMP, True),
        case("the last line left at its old pin", REQS, BUMP, False, "line 7 of new.txt is requirement "
             "'sentry-sdk==1.38.0', expected requirement 'sentry-sdk==1.45.0'"),
        case("Django loosened to ~= its pin", edited(3, "django~=4.2.7"), LOOSEN, True),
        case("Django loosened to ~= the minor version only", edited(3, "Django~=4.2"), LOOSEN, False,
             "line 4 of new.txt"),
        case("Django loosened to >= instead", edited(3, "Django>=4.2.7"), LOOSEN, False, "line 4 of new.txt"),
        case("minimum set on dateutil, written with an underscore",
             edited(5, "python_dateutil>=2.8"), {"operation": "minimum", "package": "python-dateutil",
                                                 "version": "2.8"}, True),
        case("httpx added in its alphabetical place", [*REQS[:5], "httpx==0.27.0", *REQS[5:]], ADD, True),
        case("httpx added at the end", [*REQS, "httpx==0.27.0"], ADD, False,
             "line 6 of new.txt is requirement 'python-dateutil==2.8.2', expected requirement 'httpx==0.27.0'"),
        case("httpx added unpinned", [*REQS[:5], "httpx", *REQS[5:]], ADD, False, "line 6 of new.txt"),
        case("celery removed", edited(2, None), {"operation": "remove", "package": "celery"}, True),
        case("celery left in", REQS, {"operation": "remove", "package": "celery"}, False,
             "line 3 of new.txt is requirement 'celery==5.3.4'"),
        case("celery given its redis extra", edited(2, "celery[redis]==5.3.4"),
             {"operation": "extra", "package": "celery", "extra": "redis"}, True),
        case("the extra given to Django instead", edited(3, "Django[redis]==4.2.7"),
             {"operation": "extra", "package": "celery", "extra": "redis"}, False, "line 3 of new.txt"),
        case("a line that is no requirement", [*edited(2, "celery[redis]==5.3.4"), "celery with redis please"],
             {"operation": "extra", "package": "celery", "extra": "redis"}, False,
             "extra at line 8: line 'celery with redis please'"),
        case("sorted ignoring case", ["# deps", "boto3==1.34.0", "celery==5.3.4", "Pillow==10.3.0",
                                      "sentry-sdk==1.38.0"], {"operation": "sort"}, True, original=UNSORTED),
        case("sorted with capitals first", ["# deps", "Pillow==10.3.0", "boto3==1.34.0", "celery==5.3.4",
                                            "sentry-sdk==1.38.0"], {"operation": "sort"}, False,
             "line 2 of new.txt is requirement 'Pillow==10.3.0', expected requirement 'boto3==1.34.0'",
             original=UNSORTED),
        case("sorted but the last two swapped", ["# deps", "boto3==1.34.0", "celery==5.3.4", "sentry-sdk==1.38.0",
                                                 "Pillow==10.3.0"], {"operation": "sort"}, False,
             "line 4 of new.txt", original=UNSORTED),
    ],
}
