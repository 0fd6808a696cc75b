"""The councillor and the prospector: cards drawn at the phase start, in seat
order from the chooser; the seats that keep some of them (councillor, gold
mine) decide at once, each in its pick step (``picks``)."""

from __future__ import annotations

from games.base import Msg

from . import picks
from .common import ORDER, SEAT, State, card_names, city_bits, counted_events, draw_n, draw_to_hand, privilege
from .data import ARCHIVE, COST, GOLD_MINE, PREFECTURE

_ARCHIVE, _PREFECTURE, _GOLD_MINE = 1 << ARCHIVE, 1 << PREFECTURE, 1 << GOLD_MINE
_COUNCIL_DRAW = counted_events("ev.council_draw")  # (at most 2 + 3 * 2 cards)


def begin_councillor(state: State, events: list[Msg]) -> bool:
    ch = state["chooser"]
    assert ch is not None
    deciding = []
    hands = state["hands"]
    chooser_draws = 2 + 3 * privilege(state)
    works = city_bits(state)
    for seat in ORDER[state["players"]][ch]:
        cards = draw_n(state, chooser_draws if seat == ch else 2, events)
        if not cards:
            continue
        bits = works[seat]
        keep = 2 if bits & _PREFECTURE else 1
        events.append(_COUNCIL_DRAW[seat][len(cards)])
        events.append({"key": "sanjuan.ev.you_look", "args": {"cards": card_names(cards)}, "to": seat})
        if bits & _ARCHIVE:
            # Archive: the drawn cards join the hand, discards come from it all.
            hands[seat].extend(cards)
            need = len(cards) - min(keep, len(cards))
            if need:
                picks.start_pick(state, seat, "discard", need)
                deciding.append(seat)
        elif len(cards) <= keep:
            hands[seat].extend(cards)
        else:
            state["looking_at"][seat] = cards
            picks.start_pick(state, seat, "keep", keep)
            deciding.append(seat)
    deciding.sort()
    state["deciding"] = deciding
    return not deciding


def begin_prospector(state: State, events: list[Msg]) -> bool:
    ch = state["chooser"]
    assert ch is not None
    draw_to_hand(state, ch, privilege(state), "prospector", events)
    deciding = []
    works = city_bits(state)
    for seat in ORDER[state["players"]][ch]:
        if not works[seat] & _GOLD_MINE:
            continue
        cards = draw_n(state, 4, events)
        # The four cards are turned up openly ("jól láthatóan"): a public event.
        if len(cards) == 4 and len({COST[c] for c in cards}) == 4:
            state["looking_at"][seat] = cards
            picks.start_pick(state, seat, "keep", 1)
            deciding.append(seat)
            events.append({"key": "sanjuan.ev.gold_mine_hit", "args": {"player": SEAT[seat], "cards": card_names(cards)}})
        else:
            state["discard"].extend(cards)
            if cards:
                events.append({"key": "sanjuan.ev.gold_mine_miss",
                           "args": {"player": SEAT[seat], "cards": card_names(cards)}})
            else:
                events.append({"key": "sanjuan.ev.gold_mine_empty", "args": {"player": SEAT[seat]}})
    state["phase"] = "goldmine"
    deciding.sort()
    state["deciding"] = deciding
    return not deciding
