"""Boundary cases of `text.translations_reported`: an English source of four keys and three
translations (German lacks two and holds a dropped key, French lacks the last key, Spanish is
complete).

Passes with the keys listed per file in order, as lines or sections (`- none` for a file with
nothing), spacing and blank lines free. Fails with the LAST file's key missing, a key of another
kind listed, keys out of the source's order, the tag left off, a file's `- none` left out, a heading
with the whole path, and a line beyond the report."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

EN = ["nav.home: Home", "cart.empty: Your cart is empty.", "checkout.pay: Pay now", "errors.network: Lost."]
DE = ["nav.home: Startseite", "promo.banner: Sommerschlussverkauf!", "errors.network: Verbindung weg."]
FR = ["nav.home: Accueil", "cart.empty: Votre panier est vide.", "checkout.pay: Payer"]
ES = ["nav.home: Inicio", "cart.empty: Tu carrito está vacío.", "checkout.pay: Pagar", "errors.network: Perdida."]
PATHS = ["t/messages.de.yaml", "t/messages.fr.yaml", "t/messages.es.yaml"]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    files = {"t/messages.en.yaml": EN, **dict(zip(PATHS, [DE, FR, ES], strict=True))}
    return Case(label, None, {"file": "gaps.md", "source": "t/messages.en.yaml",
                              **{f"file{n}": p for n, p in enumerate(PATHS, start=1)}, **options}, passes, says,
                files={"gaps.md": ("\n".join(lines) + "\n").encode()},
                originals={p: ("\n".join(v) + "\n").encode() for p, v in files.items()})


MISSING = ["messages.de.yaml: cart.empty", "messages.de.yaml: checkout.pay", "messages.fr.yaml: errors.network"]
BOTH = ["## messages.de.yaml", "", "- cart.empty (missing)", "- checkout.pay (missing)", "- promo.banner (extra)", "",
        "## messages.fr.yaml", "- errors.network (missing)", "## messages.es.yaml", "- none"]
EXTRA = {"what": "extra", "sections": True}

CASES: dict[str, list[Case]] = {
    "text.translations_reported": [
        case("missing keys as lines", MISSING, {"what": "missing"}, True),
        case("spacing free", [x.replace(": ", ":   ") + " " for x in MISSING], {"what": "missing"}, True),
        case("the last file's key left out", MISSING[:-1], {"what": "missing"}, False,
             "gaps.md has 2 text lines, expected 3 (first missing: 'messages.fr.yaml: errors.network')"),
        case("keys out of the source's order", [MISSING[1], MISSING[0], MISSING[2]], {"what": "missing"}, False,
             "text line 1 of gaps.md is 'messages.de.yaml: checkout.pay', expected 'messages.de.yaml: cart.empty'"),
        case("an extra key listed among the missing", [*MISSING[:2], "messages.de.yaml: promo.banner", MISSING[2]],
             {"what": "missing"}, False, "text line 3 of gaps.md is 'messages.de.yaml: promo.banner'"),
        case("whole paths instead of names", [x.replace("messages.", "t/messages.") for x in MISSING],
             {"what": "missing"}, False, "text line 1 of gaps.md is 't/messages.de.yaml: cart.empty'"),
        case("both kinds in sections", BOTH, {"what": "both", "sections": True}, True),
        case("a tag left off the last key", [*BOTH[:7], "- errors.network", *BOTH[8:]],
             {"what": "both", "sections": True}, False, "text line 6 of gaps.md is '- errors.network', expected '- errors.network (missing)'"),
        case("a file with nothing left without '- none'", BOTH[:-1], {"what": "both", "sections": True}, False,
             "gaps.md has 7 text lines, expected 8 (first missing: '- none')"),
        case("extra keys in sections", ["## messages.de.yaml", "- promo.banner", "## messages.fr.yaml", "- none",
                                        "## messages.es.yaml", "- none"], EXTRA, True),
        case("a heading one level off", ["# messages.de.yaml", "- promo.banner", "## messages.fr.yaml", "- none",
                                         "## messages.es.yaml", "- none"], EXTRA, False,
             "text line 1 of gaps.md is '# messages.de.yaml', expected '## messages.de.yaml'"),
        case("a line beyond the report", ["## messages.de.yaml", "- promo.banner", "## messages.fr.yaml", "- none",
                                          "## messages.es.yaml", "- none", "Checked by Ana."], EXTRA, False,
             "extra: 'Checked by Ana.'"),
    ],
}
