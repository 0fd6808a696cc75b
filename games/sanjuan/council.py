"""The councillor and the prospector: cards drawn at the phase start, in seat
order from the chooser; the seats that keep some of them (councillor, gold
mine) decide at once, each in its pick step (``picks``)."""

from __future__ import annotations

from games.base import Msg, msg, seat_ref

from . import picks
from .data import ARCHIVE, COST, GOLD_MINE, PREFECTURE
from .state import State, card_names, draw_n, draw_to_hand, order_from, owns, privilege


def begin_councillor(s: State, ev: list[Msg]) -> bool:
    ch = s["chooser"]
    assert ch is not None
    deciding = []
    for p in order_from(s, ch):
        n = 2 + (3 * privilege(s) if p == ch else 0)
        keep = 2 if owns(s, p, PREFECTURE) else 1
        cards = draw_n(s, n, ev)
        if not cards:
            continue
        ev.append(msg("sanjuan.ev.council_draw", player=seat_ref(p), n=len(cards)))
        ev.append({**msg("sanjuan.ev.you_look", cards=card_names(cards)), "to": p})
        if owns(s, p, ARCHIVE):
            # Archive: the drawn cards join the hand, discards come from it all.
            s["hands"][p].extend(cards)
            need = len(cards) - min(keep, len(cards))
            if need:
                picks.start_pick(s, p, "discard", need)
                deciding.append(p)
        elif len(cards) <= keep:
            s["hands"][p].extend(cards)
        else:
            s["looking_at"][p] = cards
            picks.start_pick(s, p, "keep", keep)
            deciding.append(p)
    s["deciding"] = sorted(deciding)
    return not deciding


def begin_prospector(s: State, ev: list[Msg]) -> bool:
    ch = s["chooser"]
    assert ch is not None
    draw_to_hand(s, ch, privilege(s), "prospector", ev)
    deciding = []
    for p in order_from(s, ch):
        if not owns(s, p, GOLD_MINE):
            continue
        cards = draw_n(s, 4, ev)
        # The four cards are turned up openly ("jól láthatóan"): a public event.
        if len(cards) == 4 and len({COST[c] for c in cards}) == 4:
            s["looking_at"][p] = cards
            picks.start_pick(s, p, "keep", 1)
            deciding.append(p)
            ev.append(msg("sanjuan.ev.gold_mine_hit", player=seat_ref(p), cards=card_names(cards)))
        else:
            s["discard"].extend(cards)
            if cards:
                ev.append(msg("sanjuan.ev.gold_mine_miss", player=seat_ref(p), cards=card_names(cards)))
            else:
                ev.append(msg("sanjuan.ev.gold_mine_empty", player=seat_ref(p)))
    s["phase"] = "goldmine"
    s["deciding"] = sorted(deciding)
    return not deciding
