"""The undo window of Anno 1701 (``closes_undo``).

Undo (Board Game Arena's policy): a player may take back an action while it
drew nothing, turned no card and showed nobody anything hidden.  Hidden in
this game are the hands, the order of the era piles and of the voyage deck, a
searched pile (its searcher sees it) and the hand a spy looks at.

``closes_undo`` keeps the window open only for actions on a whitelist of
choices that work on open information alone (building from one's own hand,
paying goods, trading, composing an offer, answering it, the reactions to the
dice, ending a phase or the turn without drawing) and, as a second safety net,
closes it whenever the resulting state shows a sign of a reveal: the RNG moved,
the game ended, a voyage card was turned, a pile was searched or a hand spied
on, a card entered a hand from a hidden place, or the rival's hand changed.
"""

from __future__ import annotations

from collections import Counter

from games.base import ActionId

from .schema import AnnoState

# Phase actions (no pending decision) that draw and reveal nothing.
SAFE_PHASE = {
    "action": frozenset({"build", "up", "ship", "play", "use", "bank", "offer", "end"}),
    "end": frozenset({"pass", "swap"}),
}
# Pending decisions whose every answer works on open information.
SAFE_PENDING = frozenset({
    "guild", "landing", "lodge", "queen", "hunt", "trader", "take", "inventor", "poison",
    "theatre", "bankget", "offer", "answer", "pick", "buy", "centre", "confirm",
})
# Pending decisions with only some safe answers (the others turn a card or roll).
SAFE_ANSWERS = {"tribute": frozenset({"pay"}), "next": frozenset({"stop"})}
# Pending items that show their seat hidden cards (a searched pile, a spied hand).
SHOWING = ("pick", "spy")


def _whitelisted(before: AnnoState, seat: int, action_id: str) -> bool:
    if before["pending"]:
        item = before["pending"][0]
        if item["seat"] != seat:
            return False
        kind = item["kind"]
        return kind in SAFE_PENDING or action_id in SAFE_ANSWERS.get(kind, ())
    return ActionId.parse(action_id).head in SAFE_PHASE.get(before["phase"], ())


def _showing(state: AnnoState) -> int:
    return sum(1 for item in state["pending"] if item["kind"] in SHOWING)


def _known_to(state: AnnoState, seat: int) -> set[int]:
    """Cards ``seat`` may take into its hand without anything new being seen:
    the open discards and a pile it is searching."""
    known = set(state["discard"])
    for item in state["pending"]:
        if item["kind"] == "pick" and item["seat"] == seat:
            known.update(state["piles"][item["pile"]])
    return known


def reveals(before: AnnoState, after: AnnoState, seat: int) -> bool:
    """Whether ``before`` → ``after`` shows a sign that chance was drawn or
    something hidden was seen (or the game was settled)."""
    if after["rng"] != before["rng"] or after["phase"] == "over":
        return True
    other = 1 - seat
    if after["settlements"][other]["hand"] != before["settlements"][other]["hand"]:
        return True
    seen_before = len(before["voyage"]["seen"]) if before["voyage"] else 0
    seen_after = len(after["voyage"]["seen"]) if after["voyage"] else 0
    if after["voyage"] is not None and (before["voyage"] is None or seen_after > seen_before):
        return True
    if _showing(after) > _showing(before):
        return True
    gained = Counter(after["settlements"][seat]["hand"]) - Counter(before["settlements"][seat]["hand"])
    return not set(gained) <= _known_to(before, seat)


def closes_undo(before: AnnoState, after: AnnoState, seat: int, action_id: str) -> bool:
    return not _whitelisted(before, seat, action_id) or reveals(before, after, seat)


__all__ = ["closes_undo", "reveals"]
