"""Words for a rental: what is rented, how many, and what kind of offer it is.

Core picks the offer (:mod:`planner.core.costs.rental`); this only words it, once for the energy
panel, Compare Variants, the printed sheet and the assumptions form, so "4× Vast.ai RTX 4090,
interruptible" reads the same everywhere (issue 29: the kind was never said).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QObject

from planner.core.costs.rental import INTERRUPTIBLE, MARKETPLACE, ON_DEMAND, RESERVED


class Rentals(QObject):
    """The translation context of rental words (``Rentals.tr("…", "", n)`` for plurals)."""

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        """Translate a rental word (a class method: rentals have no object)."""
        return QCoreApplication.translate("Rentals", text, disambiguation, n)


def kind_text(kind: str) -> str:
    """"on-demand", "interruptible", "marketplace", "reserved", or that it is not stated."""
    if kind == ON_DEMAND:
        return Rentals.tr("on-demand")
    if kind == INTERRUPTIBLE:
        return Rentals.tr("interruptible")
    if kind == MARKETPLACE:
        return Rentals.tr("marketplace")
    if kind == RESERVED:
        return Rentals.tr("reserved")
    return Rentals.tr("kind not stated")


def kind_tooltip(kind: str) -> str:
    """What renting an offer of that kind means, for a tooltip."""
    if kind == ON_DEMAND:
        return Rentals.tr("On-demand: the provider's own machines by the hour, kept as long as "
                          "you pay.")
    if kind == INTERRUPTIBLE:
        return Rentals.tr("Interruptible (spot, bid): cheaper hours the provider can take back "
                          "mid-run.")
    if kind == MARKETPLACE:
        return Rentals.tr("Marketplace: a third party's machine listed on the provider's "
                          "market; quality and price vary from host to host and day to day.")
    if kind == RESERVED:
        return Rentals.tr("Reserved: a lower price for a commitment of months or years.")
    return Rentals.tr("The offer's record does not say what kind of rental it is.")


def rented_text(offer: str, units: int, gpus: int, kind: str) -> str:
    """"2× Vast.ai RTX 4090, interruptible", "1× AWS p5.48xlarge (8 GPUs), on-demand"."""
    if units == gpus:
        text = Rentals.tr("%1× %2, %3")
    else:
        text = Rentals.tr("%1× %2 (%n GPU(s)), %3", "", gpus)
    return text.replace("%1", str(units)).replace("%2", offer).replace("%3", kind_text(kind))


def left_out_text(kinds: Sequence[str]) -> str:
    """Why there is no rental when only offers the user did not ask for exist."""
    if not kinds:
        return ""
    text = Rentals.tr("No on-demand rental of this GPU on record; %1 offers are left out "
                      "(tick “Also interruptible and marketplace offers” to compare them).")
    return text.replace("%1", Rentals.tr(", ", "between the kinds of a list").join(
        kind_text(k) for k in kinds))


def column_note(like_for: str | None) -> str:
    """Under the rental column's name: which variant it rents like for like, or that none."""
    if like_for is not None:
        return Rentals.tr("like for like: %1").replace("%1", like_for)
    return Rentals.tr("not like for like")


def column_tooltip(like_for: str | None, kind: str) -> str:
    """The rental column's header tooltip: what like for like means here, and the kind."""
    if like_for is not None:
        text = Rentals.tr("Rents what %1 has: the same GPU model, as many GPUs (the energy "
                          "panel's rental of that variant).").replace("%1", like_for)
    else:
        text = Rentals.tr("Not like for like: no compared variant has this GPU model, so one "
                          "unit of the offer is costed.")
    return f"{text}\n{kind_tooltip(kind)}"
