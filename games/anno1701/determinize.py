"""The hard AI's worlds: a full state a seat cannot tell from the real one
(``Game.determinize``).

What a seat's view hides: the rival's hand (its size shows), the order and
contents of the six era piles (their sizes show), the order of the citizen
supply, the unturned voyage cards, the captain or commander sailing with a
voyage (only its bonus shows) and the generator.  Every card is somewhere, so
the era cards the seat cannot see are exactly the piles plus the rival's hand
(plus the sailing bonus card): each era's unseen cards are shuffled, its piles
take their sizes from the top, and what is left of every era is the rival's
hand.  A searched pile or a spied hand the view shows stays as shown.
"""

from __future__ import annotations

from typing import Any, cast

from .data import BASE_IDS, CARDS, CITIZEN_IDS, ERA_IDS, EXPLORER_IDS, VOYAGE_IDS
from .schema import AnnoState, Pending, SeatView, Settlement
from .settlement import symbol

_BASE_CARDS = {s: [i for i in BASE_IDS[s] if i not in EXPLORER_IDS[s]] for s in (0, 1)}
_BONUS_TYPE = {1: "captain", 2: "commander"}


def determinize(view: SeatView, seat: int, rnd: Any) -> AnnoState:
    rival = 1 - seat
    known_pile: tuple[int, list[int]] | None = None
    known_hand: list[int] | None = None
    pending: list[Pending] = []
    for shown in view["pending"]:
        item = cast(Pending, {k: v for k, v in shown.items() if k != "cards"})
        if "give" in shown:
            item["give"] = dict(shown["give"])
        if "get" in shown:
            item["get"] = dict(shown["get"])
        if "before" in shown:
            item["before"] = list(shown["before"])
        if shown["kind"] == "confirm" and "action" not in shown:
            item["action"] = "end"     # the rival's move to confirm: never the seat's decision
        if shown["seat"] == seat and "cards" in shown:
            if shown["kind"] == "pick":
                known_pile = (shown["pile"], list(shown["cards"]))
            elif shown["kind"] == "spy":
                known_hand = list(shown["cards"])
        pending.append(item)

    settlements: list[Settlement] = []
    for s, settlement in enumerate(view["settlements"]):
        settlements.append({
            "owner": s, "base_cards": list(_BASE_CARDS[s]),
            "citizens": [list(stack) for stack in settlement["citizens"]],
            "landscapes": list(settlement["landscapes"]), "centres": list(settlement["centres"]),
            "luxury": {"rum": settlement["luxury"]["rum"], "tobacco": settlement["luxury"]["tobacco"]},
            "ship": settlement["ship"], "slots": list(settlement["slots"]),
            "hand": list(view["hand"]) if s == seat else [],
        })

    # The era cards the seat cannot place: neither in its hand, on the table,
    # in the discard, nor in a pile or hand its view shows.
    seen = set(view["hand"]) | set(view["discard"])
    for settlement in view["settlements"]:
        seen.update(c for c in settlement["slots"] if c is not None)
    if known_pile is not None:
        seen.update(known_pile[1])
    if known_hand is not None:
        seen.update(known_hand)
    unseen = {e: [c for c in ERA_IDS[e] if c not in seen] for e in (1, 2, 3)}

    shown_voyage = view["voyage"]
    voyage = None
    if shown_voyage is not None:
        bonus_card = None
        if shown_voyage["bonus"]:
            typ = _BONUS_TYPE[shown_voyage["bonus"]]
            # Only an era with more unseen cards than its piles hold can
            # have lent the card (the rest of the surplus is the rival's hand).
            surplus = {e: len(unseen[e]) - _pile_room(view, e, known_pile) for e in (1, 2, 3)}
            options = [c for e in (1, 2, 3) if surplus[e] > 0 for c in unseen[e] if CARDS[c].type == typ]
            bonus_card = rnd.choice(options)
            unseen[CARDS[bonus_card].era].remove(bonus_card)
        rest = [c for c in VOYAGE_IDS if c not in shown_voyage["seen"]]
        rnd.shuffle(rest)
        voyage = {
            "order": list(shown_voyage["seen"]) + rest, "seen": list(shown_voyage["seen"]),
            "bonus": shown_voyage["bonus"], "bonus_card": bonus_card, "speed": shown_voyage["speed"],
            "fight": shown_voyage["fight"], "opponent_speed": shown_voyage["opponent_speed"],
        }

    piles: list[list[int]] = [[] for _ in range(6)]
    hand: list[int] = []
    for e in (1, 2, 3):
        cards = unseen[e]
        rnd.shuffle(cards)
        for k in (2 * (e - 1), 2 * (e - 1) + 1):
            if known_pile is not None and known_pile[0] == k:
                piles[k] = known_pile[1]
                continue
            size = view["pile_sizes"][k]
            piles[k], cards = cards[:size], cards[size:]
        hand += cards
    if known_hand is not None:
        hand = known_hand
    else:
        rnd.shuffle(hand)
    settlements[rival]["hand"] = hand

    on_table = {c for settlement in view["settlements"] for stack in settlement["citizens"] for c in stack}
    supply = {}
    for level, ids in CITIZEN_IDS.items():
        left = [c for c in ids if c not in on_table]
        rnd.shuffle(left)
        supply[level] = left

    dice = view["dice"]
    sacks = [symbol(settlement, "sacks") for settlement in settlements]
    cannons = [symbol(settlement, "cannons") for settlement in settlements]
    state: AnnoState = {
        "game": view["game"], "players": view["players"], "options": {"offers": view["options"]["offers"]},
        "rng": rnd.getrandbits(64), "phase": view["phase"], "turn": view["turn"],
        "turn_count": view["turn_count"],
        "dice": None if dice is None else {"number": dice["number"], "event": dice["event"]},
        "used_slots": list(view["used_slots"]), "offers_made": view["offers_made"], "pending": pending,
        "settlements": settlements, "piles": piles, "supply": supply,
        "voyage_deck": list(VOYAGE_IDS), "voyage": voyage,  # type: ignore[typeddict-item]
        "discard": list(view["discard"]),
        "trade_holder": view["trade_holder"], "sea_holder": view["sea_holder"],
        # Buildings are never lost, so a token was claimed once iff someone has 3 symbols now.
        "trade_claimed": max(sacks) >= 3, "sea_claimed": max(cannons) >= 3,
        "winner": view["winner"], "win_reason": view["win_reason"],
    }
    return state


def _pile_room(view: SeatView, era: int, known_pile: tuple[int, list[int]] | None) -> int:
    """How many unseen cards of ``era`` its piles hold."""
    return sum(view["pile_sizes"][k] for k in (2 * (era - 1), 2 * (era - 1) + 1)
               if known_pile is None or known_pile[0] != k)
