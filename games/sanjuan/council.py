"""The councillor and the prospector: cards drawn at the phase start, in seat
order from the chooser; the seats that keep some of them (councillor, gold
mine) decide at once, each in its pick step (``picks``)."""

from __future__ import annotations

from games.base import Msg

from . import picks
from .data import ARCHIVE, COST, GOLD_MINE, PREFECTURE
from .state import ORDER, SEAT, State, card_names, city_bits, counted_events, draw_n, draw_to_hand, privilege

_ARCHIVE, _PREFECTURE, _GOLD_MINE = 1 << ARCHIVE, 1 << PREFECTURE, 1 << GOLD_MINE
_COUNCIL_DRAW = counted_events("ev.council_draw")  # (at most 2 + 3 * 2 cards)


def begin_councillor(s: State, ev: list[Msg]) -> bool:
    ch = s["chooser"]
    assert ch is not None
    deciding = []
    hands, deck = s["hands"], s["deck"]
    looking_at, pick_mode, picks_needed, picked = s["looking_at"], s["pick_mode"], s["picks_needed"], s["picked"]
    chooser_draws = 2 + 3 * privilege(s)
    works = city_bits(s)
    for p in ORDER[s["players"]][ch]:
        n = chooser_draws if p == ch else 2
        if n <= len(deck):  # ``draw_n``'s common case, inlined
            cards = deck[:-n - 1:-1]
            del deck[-n:]
        else:
            cards = draw_n(s, n, ev)
            deck = s["deck"]
            if not cards:
                continue
        bits = works[p]
        keep = 2 if bits & _PREFECTURE else 1
        ev.append(_COUNCIL_DRAW[p][len(cards)])
        ev.append({"key": "sanjuan.ev.you_look", "args": {"cards": card_names(cards)}, "to": p})
        if bits & _ARCHIVE:
            # Archive: the drawn cards join the hand, discards come from it all.
            hands[p].extend(cards)
            need = len(cards) - min(keep, len(cards))
            if need:
                picks.start_pick(s, p, "discard", need)
                deciding.append(p)
        elif len(cards) <= keep:
            hands[p].extend(cards)
        else:
            looking_at[p] = cards
            # ``picks.start_pick(s, p, "keep", keep)``, inlined
            pick_mode[p] = "keep"
            picks_needed[p] = keep
            picked[p] = []
            deciding.append(p)
    deciding.sort()
    s["deciding"] = deciding
    return not deciding


def begin_prospector(s: State, ev: list[Msg]) -> bool:
    ch = s["chooser"]
    assert ch is not None
    draw_to_hand(s, ch, privilege(s), "prospector", ev)
    deciding = []
    works = city_bits(s)
    for p in ORDER[s["players"]][ch]:
        if not works[p] & _GOLD_MINE:
            continue
        cards = draw_n(s, 4, ev)
        # The four cards are turned up openly ("jól láthatóan"): a public event.
        if len(cards) == 4 and len({COST[c] for c in cards}) == 4:
            s["looking_at"][p] = cards
            picks.start_pick(s, p, "keep", 1)
            deciding.append(p)
            ev.append({"key": "sanjuan.ev.gold_mine_hit", "args": {"player": SEAT[p], "cards": card_names(cards)}})
        else:
            s["discard"].extend(cards)
            if cards:
                ev.append({"key": "sanjuan.ev.gold_mine_miss",
                           "args": {"player": SEAT[p], "cards": card_names(cards)}})
            else:
                ev.append({"key": "sanjuan.ev.gold_mine_empty", "args": {"player": SEAT[p]}})
    s["phase"] = "goldmine"
    deciding.sort()
    s["deciding"] = deciding
    return not deciding
