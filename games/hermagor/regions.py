"""Enclosing a region: a colour with a trading post in every village around
a region takes its flag's nobility (the next free space of the track) and
may place a production disc in one of its buildings' rows (the leftmost free
slot the price marker leaves open); the shared colour's disc always goes on,
the player to act picks the row."""

from __future__ import annotations

from games.base import Action, ActionId, Msg
from games.hermagor import board
from games.hermagor.common import Table, colour_ref, good_msg, m, shared
from games.hermagor.data import NOBILITY, PROD_SLOTS, open_slots
from games.hermagor.schema import HermagorState, Pending


def check_enclosures(state: HermagorState, colour: int, village: str, decider: int,
                     events: list[Msg]) -> None:
    """``colour`` put a post in ``village``: every region around it now
    enclosed by the colour's posts is scored (``decider`` picks the rows)."""
    posts = state["village_posts"]
    for r in board.REGIONS_OF[village]:
        if all(colour in posts[v] for v in board.REGIONS[r]["v"]):
            _enclose(state, colour, r, decider, events)


def _enclose(state: HermagorState, colour: int, r: int, decider: int, events: list[Msg]) -> None:
    """``colour`` has enclosed region ``r``: its flag's nobility, and a
    production disc to place (``decider`` chooses the row)."""
    region = board.REGIONS[r]
    events.append(m("ev.enclose", who=colour_ref(state, colour), region=r + 1))
    if region["flag"]:
        _nobility(state, colour, events)
    if prod_options(state, colour, r):
        state["pending"].append({"kind": "production", "seat": decider, "colour": colour, "region": r})
    else:
        note = no_prod_reason(state, colour, r)
        if note is not None:
            events.append(note)


def _nobility(state: HermagorState, colour: int, events: list[Msg]) -> None:
    track = state["nobility"]
    if state["disc_supply"][colour] == 0:
        events.append(m("ev.nobility_nodisc", who=colour_ref(state, colour)))
        return
    if None not in track:
        events.append(m("ev.nobility_full", who=colour_ref(state, colour)))
        return
    i = track.index(None)
    track[i] = colour
    state["disc_supply"][colour] -= 1
    value = NOBILITY[i]
    if colour < state["players"]:
        state["money"][colour] += value
    events.append(m("ev.nobility", who=colour_ref(state, colour), value=value))


def prod_options(state: Table, colour: int, region: int) -> list[tuple[str, int]]:
    """Rows the region allows with a free uncovered slot: (good, slot index),
    the leftmost free slot of each row."""
    if state["disc_supply"][colour] == 0:
        return []
    out = []
    players = state["players"]
    production, prices = state["production"], state["prices"]
    for good in board.REGIONS[region]["b"]:
        row = production[good]
        for i in open_slots(prices[good], players):
            if row[i] is None:
                out.append((good, i))
                break
    return out


def no_prod_reason(state: Table, colour: int, region: int) -> Msg | None:
    """Why an enclosed region gives no production building (None: the region
    shows none, only its flag)."""
    goods = board.REGIONS[region]["b"]
    if not goods:
        return None
    who = colour_ref(state, colour)
    if state["disc_supply"][colour] == 0:
        return m("ev.noprod_discs", who=who, region=region + 1)
    key = "ev.noprod_full" if len(goods) == 1 else "ev.noprod_full_rows"
    return m(key, who=who, region=region + 1, goods=_goods_list(goods))


def _goods_list(goods: list[str]) -> Msg:
    if len(goods) == 1:
        return good_msg(goods[0])
    return m("and" + str(len(goods)), **{f"g{i}": good_msg(g) for i, g in enumerate(goods)})


def _prod_choices(state: Table, pending: Pending) -> list[tuple[str, int]]:
    """The rows open to the pending production disc, the best slot first."""
    return sorted(prod_options(state, pending["colour"], pending["region"]), key=lambda t: t[1])


def prod_ids(state: HermagorState, seat: int) -> list[str]:
    """A row open to the disc; a player may also keep it (``noprod``), the
    shared colour's disc always goes on."""
    pending = state["pending"][0]
    ids = [f"prod:{good}" for good, _slot in _prod_choices(state, pending)]
    if pending["colour"] != shared(state):
        ids.append("noprod")
    return ids


def prod_labels(state: HermagorState, seat: int, ids: list[str]) -> list[Action]:
    pending = state["pending"][0]
    slots = dict(prod_options(state, pending["colour"], pending["region"]))
    out = []
    for action in ids:
        if action == "noprod":
            out.append(Action(action, m("act.noprod"), "prod"))
            continue
        good = ActionId.parse(action).arg(0)
        out.append(Action(action, m("act.prod", good=good_msg(good), value=PROD_SLOTS[slots[good]]),
                          "prod", "primary"))
    return out


def apply_prod(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    pending = state["pending"].pop(0)
    colour = pending["colour"]
    if action.head == "noprod":
        return [m("ev.noprod", who=colour_ref(state, colour))]
    good = action.arg(0)
    slot = dict(prod_options(state, colour, pending["region"]))[good]
    state["production"][good][slot] = colour
    state["disc_supply"][colour] -= 1
    value = PROD_SLOTS[slot]
    if colour < state["players"]:
        state["money"][colour] += value
    return [m("ev.prod", who=colour_ref(state, colour), good=good_msg(good), value=value)]
