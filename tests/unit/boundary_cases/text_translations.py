"""Boundary cases of `text.translations_synced`: an English source of five keys and three
translations (German lacks two keys, one in the middle and the last; French lacks one and holds a
key the source dropped; Spanish is complete).

Passes synced in either order, quotes and comments free. Fails with the LAST translation's file
wrong while the first two are right, a new key missing at the end, an existing translation
overwritten by the English text, [EN] left off (or put on when not asked), an obsolete key kept
when to be removed (and removed when to be kept), keys out of the source's order, and a line that
is no `key: text`."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

EN = ["# source", "nav.home: Home", "cart.empty: Your cart is empty.", "checkout.pay: Pay now",
      'checkout.total: "Total: {amount}"', "errors.network: Connection lost."]
DE = ["# de", "nav.home: Startseite", "checkout.pay: Jetzt bezahlen", 'checkout.total: "Gesamt: {amount}"']
FR = ["# fr", "nav.home: Accueil", "promo.banner: Soldes d'été !", "cart.empty: Votre panier est vide.",
      'checkout.total: "Total : {amount}"', "errors.network: Connexion perdue."]
ES = ["# es", "nav.home: Inicio", "cart.empty: Tu carrito está vacío.", "checkout.pay: Pagar ahora",
      'checkout.total: "Total: {amount}"', "errors.network: Conexión perdida."]
PATHS = ["t/messages.de.yaml", "t/messages.fr.yaml", "t/messages.es.yaml"]


def case(label: str, outs: list[list[str]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"source": "t/messages.en.yaml", **{f"file{n}": p for n, p in enumerate(PATHS, start=1)},
                              **{f"original{n}": p for n, p in enumerate(PATHS, start=1)}, **options}, passes, says,
                files={p: ("\n".join(lines) + "\n").encode() for p, lines in zip(PATHS, outs, strict=True)},
                originals={"t/messages.en.yaml": ("\n".join(EN) + "\n").encode(),
                           **{p: ("\n".join(lines) + "\n").encode() for p, lines in zip(PATHS, [DE, FR, ES],
                                                                                         strict=True)}})


APPEND = {"mark": False, "remove_obsolete": True, "order": "append"}
DE_APPENDED = [*DE, "cart.empty: Your cart is empty.", "errors.network: Connection lost."]
FR_APPENDED = [x for x in FR if not x.startswith("promo")] + ["checkout.pay: Pay now"]
SOURCE = {"mark": True, "remove_obsolete": True, "order": "source"}
DE_ORDERED = ["nav.home: Startseite", 'cart.empty: "[EN] Your cart is empty."',
              "checkout.pay: Jetzt bezahlen", 'checkout.total: "Gesamt: {amount}"',
              'errors.network: "[EN] Connection lost."']
FR_ORDERED = ["nav.home: Accueil", "cart.empty: Votre panier est vide.", 'checkout.pay: "[EN] Pay now"',
              'checkout.total: "Total : {amount}"', "errors.network: Connexion perdue."]

CASES: dict[str, list[Case]] = {
    "text.translations_synced": [
        case("new keys appended, the obsolete one removed", [DE_APPENDED, FR_APPENDED, ES], APPEND, True),
        case("quotes free", [[x.replace("Your cart is empty.", "'Your cart is empty.'") for x in DE_APPENDED],
                             FR_APPENDED, ES], APPEND, True),
        case("the last file changed, the first two right",
             [DE_APPENDED, FR_APPENDED, [*ES[:-1], "errors.network: Connection lost."]],
             APPEND, False, "line 6 of t/messages.es.yaml is 'errors.network: Connection lost.', expected "
             "'errors.network: Conexión perdida.'"),
        case("the last new key missing", [DE_APPENDED[:-1], FR_APPENDED, ES], APPEND, False,
             "t/messages.de.yaml has 4 keys, expected 5 (missing: 'errors.network: Connection lost.')"),
        case("an existing translation overwritten", [[*DE[:2], "checkout.pay: Pay now", *DE_APPENDED[3:]], FR_APPENDED,
                                                     ES], APPEND, False,
             "line 3 of t/messages.de.yaml is 'checkout.pay: Pay now', expected 'checkout.pay: Jetzt bezahlen'"),
        case("the obsolete key kept when to be removed", [DE_APPENDED, [*FR, "checkout.pay: Pay now"], ES], APPEND,
             False, "line 3 of t/messages.fr.yaml is 'promo.banner: Soldes d'été !', expected 'cart.empty:"),
        case("the obsolete key kept as asked", [DE_APPENDED, [*FR, "checkout.pay: Pay now"], ES],
             {**APPEND, "remove_obsolete": False}, True),
        case("the obsolete key removed when to be kept", [DE_APPENDED, FR_APPENDED, ES],
             {**APPEND, "remove_obsolete": False}, False, "line 3 of t/messages.fr.yaml is 'cart.empty:"),
        case("in the source's order with [EN]", [["# de", *DE_ORDERED], ["# fr", *FR_ORDERED], ES], SOURCE, True),
        case("[EN] left off the last new key", [["# de", *DE_ORDERED[:-1], "errors.network: Connection lost."],
                                                ["# fr", *FR_ORDERED], ES], SOURCE, False,
             "line 6 of t/messages.de.yaml is 'errors.network: Connection lost.', expected 'errors.network: [EN] "
             "Connection lost.'"),
        case("[EN] when not asked", [[*DE, "cart.empty: [EN] Your cart is empty.", "errors.network: Connection lost."],
                                     FR_APPENDED, ES], APPEND, False, "line 5 of t/messages.de.yaml is 'cart.empty: "
             "[EN] Your cart is empty.'"),
        case("appended when the source's order was asked", [[*DE, 'cart.empty: "[EN] Your cart is empty."',
                                                            'errors.network: "[EN] Connection lost."'],
                                                           ["# fr", *FR_ORDERED], ES], SOURCE, False,
             "line 3 of t/messages.de.yaml is 'checkout.pay: Jetzt bezahlen', expected 'cart.empty: [EN] Your cart"),
        case("kept obsolete key after the source's keys",
             [["# de", *DE_ORDERED], ["# fr", *FR_ORDERED, "promo.banner: Soldes d'été !"], ES],
             {**SOURCE, "remove_obsolete": False}, True),
        case("a line that is no key: text", [[*DE_APPENDED, "cart.title Ihr Warenkorb"], FR_APPENDED, ES], APPEND,
             False, "line 7 of t/messages.de.yaml is not a 'key: text' line"),
    ],
}
