"""A shop's translation files (Symfony-style flat YAML: `checkout.pay: Bezahlen`): the English source
and German, French and Spanish translations that have fallen behind it, as the translation families
edit and report them."""

from __future__ import annotations

import random

LANGS = ["de", "fr", "es"]
# key -> English, German, French, Spanish
TEXTS = {
    "nav.home": ("Home", "Startseite", "Accueil", "Inicio"),
    "nav.orders": ("My orders", "Meine Bestellungen", "Mes commandes", "Mis pedidos"),
    "nav.account": ("Account", "Konto", "Compte", "Cuenta"),
    "nav.help": ("Help", "Hilfe", "Aide", "Ayuda"),
    "cart.title": ("Your cart", "Ihr Warenkorb", "Votre panier", "Tu carrito"),
    "cart.empty": ("Your cart is empty.", "Ihr Warenkorb ist leer.", "Votre panier est vide.",
                   "Tu carrito está vacío."),
    "cart.remove": ("Remove", "Entfernen", "Supprimer", "Eliminar"),
    "checkout.pay": ("Pay now", "Jetzt bezahlen", "Payer maintenant", "Pagar ahora"),
    "checkout.total": ("Total: {amount}", "Gesamt: {amount}", "Total : {amount}", "Total: {amount}"),
    "checkout.coupon": ("Apply coupon", "Gutschein einlösen", "Appliquer le code promo", "Aplicar cupón"),
    "checkout.coupon_invalid": ("This coupon is not valid.", "Dieser Gutschein ist ungültig.",
                                "Ce code promo n'est pas valide.", "Este cupón no es válido."),
    "account.login": ("Sign in", "Anmelden", "Se connecter", "Iniciar sesión"),
    "account.logout": ("Sign out", "Abmelden", "Se déconnecter", "Cerrar sesión"),
    "account.password_reset": ("Forgot your password?", "Passwort vergessen?", "Mot de passe oublié ?",
                               "¿Olvidaste tu contraseña?"),
    "orders.status.shipped": ("Shipped", "Versandt", "Expédiée", "Enviado"),
    "orders.status.delivered": ("Delivered", "Zugestellt", "Livrée", "Entregado"),
    "orders.track": ("Track parcel", "Sendung verfolgen", "Suivre le colis", "Seguir envío"),
    "errors.network": ("Connection lost. Please try again.", "Verbindung unterbrochen. Bitte erneut versuchen.",
                       "Connexion perdue. Veuillez réessayer.", "Conexión perdida. Inténtalo de nuevo."),
    "errors.not_found": ("Page not found", "Seite nicht gefunden", "Page introuvable", "Página no encontrada"),
}
OBSOLETE = {
    "promo.banner": ("Summer sale!", "Sommerschlussverkauf!", "Soldes d'été !", "¡Rebajas de verano!"),
    "checkout.classic": ("Classic checkout", "Klassische Kasse", "Paiement classique", "Pago clásico"),
    "nav.blog": ("Blog", "Blog", "Blog", "Blog"),
}
def quote(text: str) -> str:
    """The text as a YAML scalar: double-quoted where plain YAML would misread it (as the sync oracle's
    QUOTE writes it)."""
    if ": " in text or text.endswith(":") or text[:1] in "{[!&*#?|>'\"%@`":
        return '"' + text.replace('"', '\\"') + '"'
    return text


def translation_files(rng: random.Random) -> dict[str, str]:
    """The English source and three translations that have fallen behind: each lacks one to four of
    the source's keys (at least one before its last key) and may hold a key the source dropped."""
    keys = [k for k in TEXTS if rng.random() < 0.85 or k in ("nav.home", "checkout.pay")]
    files = {"en": ["# Source strings. Add new keys here first.", *(f"{k}: {quote(TEXTS[k][0])}" for k in keys)]}
    for n, lang in enumerate(LANGS, start=1):
        missing = set(rng.sample(keys[:-1], 1) + rng.sample(keys, rng.randint(0, 3)))
        old = rng.sample(sorted(OBSOLETE), rng.randint(1 if lang == "de" else 0, 2))
        lines = [f"{k}: {quote(TEXTS[k][n])}" for k in keys if k not in missing]
        for key in old:
            lines.insert(rng.randrange(len(lines) + 1), f"{key}: {quote(OBSOLETE[key][n])}")
        files[lang] = [f"# {lang} strings - reviewed by the translation agency", *lines]
    return {lang: "\n".join(lines) + "\n" for lang, lines in files.items()}
