"""Boundary cases of `text.hosts_edited`: a shared hosts file of five entries and a retired one.

A new name passes on a line of its own anywhere, with any spacing; an alias anywhere after the
canonical name. It fails at a neighbouring address, twice, sharing a line with another name, and a
blocked site fails without its www name. The LAST entry changed, the wrong line removed, a line
removed instead of commented out, a line that is no hosts entry, and an edit left undone all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HOSTS = ["# QA laptops", "127.0.0.1\tlocalhost", "::1\tlocalhost ip6-localhost", "", "# staging",
         "10.20.4.11\tapi.staging.acme.io api-staging", "10.20.4.12\tshop.staging.acme.io",
         "# 10.20.4.30\tlegacy.staging.acme.io", "", "# tools", "192.168.50.5\tci.internal ci"]
SHOP, CI = HOSTS[6], HOSTS[10]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "hosts_new.txt", "input_file": "hosts.txt", **options}, passes, says,
                files={"hosts_new.txt": ("\n".join(lines) + "\n").encode()},
                originals={"hosts.txt": ("\n".join(HOSTS) + "\n").encode()})


def replaced(old: str, new: str | None) -> list[str]:
    return [line if line != old else new for line in HOSTS if line != old or new is not None]


ADD = {"operation": "add", "name": "grafana.internal", "address": "192.168.50.9"}
BLOCK = {"operation": "block", "name": "news.example.com", "address": "0.0.0.0"}
REPOINT = {"operation": "repoint", "name": "ci.internal", "address": "192.168.50.77"}
ALIAS = {"operation": "alias", "name": "shop.staging.acme.io", "alias": "shop-staging"}

CASES: dict[str, list[Case]] = {
    "text.hosts_edited": [
        case("new name on a line at the end", [*HOSTS, "192.168.50.9\tgrafana.internal"], ADD, True),
        case("new name in the tools block, spaced with blanks", [*HOSTS[:10], "192.168.50.9   grafana.internal", CI],
             ADD, True),
        case("new name one address off", [*HOSTS, "192.168.50.10\tgrafana.internal"], ADD, False,
             "maps grafana.internal to 192.168.50.10 (line 12), expected 192.168.50.9 once"),
        case("new name added twice", [*HOSTS, "192.168.50.9 grafana.internal", "192.168.50.9 grafana.internal"], ADD,
             False, "expected 192.168.50.9 once"),
        case("new name put on ci's line", [*HOSTS[:10], "192.168.50.9\tci.internal ci grafana.internal"], ADD,
             False, "the new entry also names ci, ci.internal"),
        case("site and www blocked on one line", [*HOSTS, "0.0.0.0 news.example.com www.news.example.com"], BLOCK,
             True),
        case("site and www blocked on two lines", [*HOSTS, "0.0.0.0 news.example.com", "0.0.0.0 www.news.example.com"],
             BLOCK, True),
        case("www name left out", [*HOSTS, "0.0.0.0 news.example.com"], BLOCK, False,
             "maps www.news.example.com to nowhere"),
        case("blocked at 127.0.0.2", [*HOSTS, "127.0.0.2 news.example.com www.news.example.com"], BLOCK, False,
             "maps news.example.com to 127.0.0.2 (line 12)"),
        case("the last line repointed, alias kept", replaced(CI, "192.168.50.77 ci.internal ci"), REPOINT, True),
        case("repointed without its alias", replaced(CI, "192.168.50.77 ci.internal"), REPOINT, False,
             "line 11 of hosts_new.txt is entry '192.168.50.77 ci.internal', expected entry "
             "'192.168.50.77 ci.internal ci'"),
        case("left at its old address", HOSTS, REPOINT, False, "line 11 of hosts_new.txt is entry "
             "'192.168.50.5 ci.internal ci'"),
        case("alias added after the name", replaced(SHOP, SHOP + " shop-staging"), ALIAS, True),
        case("alias put first", replaced(SHOP, "10.20.4.12 shop-staging shop.staging.acme.io"), ALIAS, False,
             "line 7 of hosts_new.txt is entry '10.20.4.12 shop-staging shop.staging.acme.io'"),
        case("alias added, the last line changed too", [*replaced(SHOP, SHOP + " shop-staging")[:-1],
                                                        "192.168.50.6\tci.internal ci"], ALIAS, False, "line 11"),
        case("a line that is no entry", [*replaced(SHOP, SHOP + " shop-staging"), "shop-staging -> 10.20.4.12"], ALIAS,
             False, "line 12 of hosts_new.txt is not a hosts entry"),
        case("line removed", replaced(SHOP, None), {"operation": "remove", "name": "shop.staging.acme.io"}, True),
        case("the wrong line removed", replaced(HOSTS[5], None),
             {"operation": "remove", "name": "shop.staging.acme.io"},
             False, "line 6 of hosts_new.txt is entry '10.20.4.12 shop.staging.acme.io'"),
        case("line commented out", replaced(SHOP, "#" + SHOP), {"operation": "disable", "name": "shop.staging.acme.io"},
             True),
        case("line removed instead of commented out", replaced(SHOP, None), {"operation": "disable",
                                                                            "name": "shop.staging.acme.io"}, False,
             "line 7 of hosts_new.txt is commented-out entry '10.20.4.30 legacy.staging.acme.io', expected "
             "commented-out entry '10.20.4.12 shop.staging.acme.io'"),
        case("last line removed by a disable", HOSTS[:-1], {"operation": "disable", "name": "shop.staging.acme.io"},
             False, "line 7"),
    ],
}
