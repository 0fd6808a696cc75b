"""One player's turn: the planned actions split into parts, free travel,
character abilities, action coins and the skip penalty (rules 6.3-7.7, 11.2-11.3).

``state["turn"]`` is the acting seat; ``state["turn_progress"]`` holds the
parts still owed, the open sub-decision (``decision``), whether the mason's
ability was used and the actions bought with a coin.  A decision of another
seat (choose a card after losing one, hand one over) is ``state["pending"]``.

For each decision ``*_ids`` is the rule of what is legal, ``*_labels`` words
those ids and ``apply_*`` is the transition.
"""

from __future__ import annotations

from games.base import Action, ActionId, Msg, seat_ref
from games.maharaja import flow, track
from games.maharaja.board import CITIES, CITY_IDS
from games.maharaja.common import (
    CHAR_ID,
    LURE_ID,
    action_msg,
    any_open_village,
    back_action,
    board_key,
    char_msg,
    id_table,
    loc_msg,
    m,
    node_msg,
    open_locations,
    own_villages,
    pass_card,
    picker_ids,
    picker_labels,
    remove_house,
)
from games.maharaja.common import add_house as add_village_house
from games.maharaja.data import (
    ACTION_PARTS,
    ACTIONS,
    ARTIST,
    ARTIST_PALACE_COST,
    GOLD_ACTION,
    HOUSE_COST,
    HOUSES_PER_COLOUR,
    MASON,
    MONK,
    OUTER_SLOTS,
    PALACE_COST,
    SKIP_PENALTY,
)
from games.maharaja.schema import Decision, MaharajaState, Table, TurnProgress
from games.maharaja.travel import Payment, can_travel, destinations, go_ids, payments_to

HOUSE_PARTS = ("hcity", "hany", "house")
COIN_ACTIONS = tuple(a for a in ACTIONS if a != "swap")  # a coin never buys a swap (rule 11.3)
PALACE_ID = id_table("palace", ("inner", "outer"))
GOV_ID = id_table("gov", CITY_IDS)
COIN_IDS = tuple(id_table("coin", COIN_ACTIONS).values())
# The sub-decisions that choose a location through the picker.
LOCATION_KINDS = ("build", "mbuild", "move", "mmove", "move_to")


def palace_cost(table: Table, seat: int) -> int:
    """The artist builds palaces cheaper (rule 11.2)."""
    return ARTIST_PALACE_COST if ARTIST in table["characters"][seat] else PALACE_COST


def multi(table: Table) -> bool:
    """Advanced game 2: several characters per player (rule 11.2.6)."""
    return table["options"]["advanced"] >= 2


def progress(table: Table) -> TurnProgress:
    turn = table["turn_progress"]
    assert turn is not None
    return turn


# -- targets -------------------------------------------------------------------
def build_targets(table: Table, seat: int, parts: list[str], free: bool) -> tuple[str | None, bool]:
    """Where a house may go, the turn owing ``parts``: the architect's city,
    if any, and whether the open villages too (a house owed anywhere, or the
    mason's free house)."""
    anywhere = free or "house" in parts or "hany" in parts
    here = table["architects"][seat]
    return (here if here in CITIES and (anywhere or "hcity" in parts) else None), anywhere


def can_build(table: Table, seat: int, parts: list[str]) -> bool:
    """A house owed can be built: it costs HOUSE_COST from the reserve and
    needs a place (his city, or an open village for a house owed anywhere)."""
    if table["gold"][seat] < HOUSE_COST or table["reserve"][seat] <= 0:  # type: ignore[operator]
        return False
    city, villages = build_targets(table, seat, parts, False)
    return city is not None or (villages and any_open_village(table))


def move_sources(table: Table, seat: int) -> tuple[str, ...]:
    """Where ``seat`` has houses: his cities, then his villages."""
    houses = table["city_houses"]
    return (*(city for city in CITY_IDS if houses[city][seat]), *own_villages(board_key(table), seat))


def has_houses(table: Table, seat: int) -> bool:
    """``move_sources(table, seat)`` is not empty: houses are conserved
    (``check_invariants``), so those not in the reserve or the box stand on
    the board."""
    return table["reserve"][seat] + table["bank_houses"][seat] < HOUSES_PER_COLOUR


def move_targets(table: Table, seat: int, source: str) -> str | None:
    """The city a house from ``source`` may go to: his architect's (if he
    stands in one) unless the house comes from there."""
    here = table["architects"][seat]
    return here if here in CITIES and here != source else None


def palace_slots(table: Table, seat: int) -> list[str]:
    """The palace slots ``seat`` may build in (rule 7.3): in his architect's
    city, while he has palaces and can pay; the inner slot once, outer slots
    up to OUTER_SLOTS."""
    here = table["architects"][seat]
    if here not in CITIES or table["palaces_left"][seat] <= 0 or table["gold"][seat] < palace_cost(  # type: ignore[operator]
            table, seat):
        return []
    garden = table["gardens"][here]
    out = ["inner"] if garden["inner"] is None else []
    if len(garden["outer"]) < OUTER_SLOTS:
        out.append("outer")
    return out


def mason_free(table: Table, seat: int, turn: TurnProgress) -> bool:
    """The mason's ability, once a turn (rule 11.2)."""
    return MASON in table["characters"][seat] and not turn["mason_used"]


def holder(table: Table, c: int) -> int | None:
    """The seat holding character ``c`` (None: the bank)."""
    return next((seat for seat, hand in enumerate(table["characters"]) if c in hand), None)


def swap_ids(table: Table, seat: int) -> list[str]:
    """The characters ``seat`` may take by a swap (rule 7.7): any in play
    but his own, the bank's first.  In advanced game 2 (several cards each)
    the others' only once the bank is empty, and then he may also lure a
    card from a player holding more cards than he does (rule 11.2.6)."""
    characters = table["characters"]
    bank = table["character_bank"]
    out: list[str] = []
    if multi(table) and not bank:
        own = len(characters[seat])
        for other in range(table["players"]):
            if other != seat:
                out += [CHAR_ID["swap"][c] for c in characters[other]]
                if len(characters[other]) > own:
                    out.append(LURE_ID[other])
        return out
    out += [CHAR_ID["swap"][c] for c in sorted(bank)]
    if not multi(table):
        for other in range(table["players"]):
            if other != seat:
                out += [CHAR_ID["swap"][c] for c in characters[other]]
    return out


# -- the turn menu ---------------------------------------------------------------
def menu_ids(state: MaharajaState, seat: int, turn: TurnProgress) -> list[str]:
    """What the acting seat may do with no sub-decision open: the parts of
    his plan still owed where they can be done (rule 7), the mason's free
    house or move, an action coin, travel (rule 7.1: before, between and
    after the parts) and the end of his turn."""
    parts = turn["parts"]
    out = []
    if "gold" in parts:
        out.append("do:gold")
    if "quarry" in parts:
        out.append("do:quarry")
    if can_build(state, seat, parts):
        out.append("do:build")
    if "move" in parts and has_houses(state, seat):
        out.append("do:move")
    if "palace" in parts:
        out += [PALACE_ID[slot] for slot in palace_slots(state, seat)]
    if "gov" in parts:
        out.append("do:gov")
    if "swap" in parts:
        out.append("do:swap")
    if mason_free(state, seat, turn):
        if state["reserve"][seat] > 0:
            out.append("mason:build")
        if has_houses(state, seat):
            out.append("mason:move")
    if state["action_coins"][seat] > 0 and not state["coin_used"][seat]:
        out.append("do:coin")
    if can_travel(state, seat, MONK in state["characters"][seat]):
        out.append("do:travel")
    out.append("end")
    return out


# id -> (label key, group, style) of the menu's fixed offers
_MENU_WORDS = {
    "do:gold": ("action.gold", "act", "primary"), "do:quarry": ("action.quarry", "act", "primary"),
    "do:build": ("label.build", "act", "primary"), "do:move": ("action.move", "act", "primary"),
    "do:gov": ("action.governor", "act", "primary"), "do:swap": ("action.swap", "act", "primary"),
    "mason:build": ("label.mason_build", "ability", "success"),
    "mason:move": ("label.mason_move", "ability", "success"),
    "do:coin": ("label.coin", "ability", "success"), "do:travel": ("label.travel", "travel", "secondary"),
}


def menu_labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    out = []
    for action_id in ids:
        words = _MENU_WORDS.get(action_id)
        if words is not None:
            key, group, style = words
            out.append(Action(action_id, m(key), group, style))
        elif action_id == "end":
            undone = len(progress(state)["parts"])
            if undone:  # the other players are paid for every part left undone
                out.append(Action("end", m("label.end_skip", n=undone, gold=SKIP_PENALTY), "end", "danger"))
            else:
                out.append(Action("end", m("label.end"), "end", "success"))
        else:  # palace:<slot>
            slot = action_id.partition(":")[2]
            out.append(Action(action_id, m(f"label.palace_{slot}", gold=palace_cost(state, seat)), "act", "primary"))
    return out


# -- the open sub-decision ----------------------------------------------------------
def decision_locations(state: MaharajaState, seat: int, turn: TurnProgress, decision: Decision) -> tuple[str, ...]:
    """The locations a picker decision chooses among: where a house may be
    built, which house to move, where a moved house may go (anywhere open
    but where it comes from, or his city)."""
    kind = decision["kind"]
    if kind in ("move", "mmove"):
        return move_sources(state, seat)
    if kind == "move_to":
        source = decision["source"]
        return open_locations(state, move_targets(state, seat, source), True, source)
    city, villages = build_targets(state, seat, turn["parts"], kind == "mbuild")
    return open_locations(state, city, villages)


def decision_ids(state: MaharajaState, seat: int, turn: TurnProgress, decision: Decision) -> list[str]:
    """The choices of the open sub-decision, and "back" to leave it (but
    handing a card back after a swap, which is owed)."""
    kind = decision["kind"]
    if kind == "give":
        return [CHAR_ID["give"][c] for c in sorted(state["characters"][seat]) if c != decision["taken_character"]]
    if kind in LOCATION_KINDS:
        out = picker_ids(decision_locations(state, seat, turn, decision), decision["road"])
    elif kind == "gov":
        out = [GOV_ID[c] for c in track.lowerable(state["governors"])]
    elif kind == "swap":
        out = swap_ids(state, seat)
    elif kind == "coin":
        out = [*COIN_IDS]
    elif kind == "travel":
        out = go_ids(state, seat, MONK in state["characters"][seat])
    else:  # route: equal routes paying different players
        out = [f"via:{i}" for i in range(len(payments_to(state, seat, decision["city"])))]
    out.append("back")
    return out


def decision_labels(state: MaharajaState, seat: int, turn: TurnProgress, decision: Decision,
                    ids: list[str]) -> list[Action]:
    kind = decision["kind"]
    if kind in LOCATION_KINDS:
        group = "source" if kind in ("move", "mmove") else "target"
        return picker_labels(decision_locations(state, seat, turn, decision), ids, group)
    return [back_action() if action_id == "back" else _choice_label(state, seat, decision, ActionId.parse(action_id))
            for action_id in ids]


def _choice_label(state: MaharajaState, seat: int, decision: Decision, action: ActionId) -> Action:
    head, arg = action.head, action.args[0]
    action_id = str(action)
    if head == "give":
        return Action(action_id, m("label.give", char=char_msg(int(arg))), "swap")
    if head == "gov":
        space = track.space_number(state["governors"][arg])
        return Action(action_id, m("label.gov", city=m(f"city.{arg}"), space=space), "gov")
    if head == "swap":
        c = int(arg)
        owner = holder(state, c)
        if owner is None:
            return Action(action_id, m("label.swap_bank", char=char_msg(c)), "swap")
        return Action(action_id, m("label.swap_from", char=char_msg(c), seat=seat_ref(owner)), "swap")
    if head == "lure":
        return Action(action_id, m("label.lure", seat=seat_ref(int(arg))), "swap")
    if head == "coin":
        return Action(action_id, action_msg(arg), "coin", "primary")
    if head == "go":
        return Action(action_id, _go_label(state, seat, arg), "travel")
    # via:<i>
    pay = payments_to(state, seat, decision["city"])[int(arg)]
    return Action(action_id, m("label.via", pay=_payees_short(pay)), "travel")


def _go_label(state: MaharajaState, seat: int, city: str) -> Msg:
    cost, ways = destinations(state, seat)[city]
    if cost == 0:
        return m("label.go_free", city=node_msg(city))
    if len(ways) > 1:
        return m("label.go_choose", city=node_msg(city), gold=cost)
    key = "label.go_monk" if MONK in state["characters"][seat] else "label.go"
    return m(key, city=node_msg(city), gold=cost, pay=_payees_short(ways[0]))


def _payees_short(pay: Payment) -> list[Msg]:
    """Payees for a button (Discord: 80 characters): by their colour on the
    board, since four player names may not fit; the log names them."""
    return [m("label.pay_colour", colour=m(f"colour.{owner}"), gold=gold) for owner, gold in pay]


# -- the acting seat's decision ---------------------------------------------------
def ids(state: MaharajaState, seat: int) -> list[str]:
    """The acting seat's turn: the menu, or the open sub-decision."""
    turn = progress(state)
    decision = turn["decision"]
    return menu_ids(state, seat, turn) if decision is None else decision_ids(state, seat, turn, decision)


# -- the fast twin of the turn's rule --------------------------------------------------
# Whether an action is legal is asked at every move of a turn (the core's
# ``admit``); listing the turn's ids a second time for it costs 6 % of a
# random game's instructions (2 players: 10.27 -> 9.62 M with the twin; 5
# players: 27.24 -> 25.70 M).  ``allows`` is the twin of ``str(action) in
# ids(state, seat)`` that asks the menu's one offer an action names
# (``menu_ids``'s tests, one by one) and leaves a sub-decision's choices to
# their rule; tests/maharaja/test_random.py compares the two over seeded
# random games, with ids of every kind and malformed ones.
_PART_OFFERS = {"gold": "gold", "quarry": "quarry", "gov": "gov", "swap": "swap"}


def allows(state: MaharajaState, seat: int, action: ActionId) -> bool:
    """Fast twin of ``str(action) in ids(state, seat)`` (see above)."""
    turn = progress(state)
    decision = turn["decision"]
    head, args = action
    if decision is not None:
        if head == "back":
            return not args and decision["kind"] != "give"
        return str(action) in decision_ids(state, seat, turn, decision)
    if head == "end":
        return not args
    if len(args) != 1:
        return False
    (arg,) = args
    parts = turn["parts"]
    if head == "do":
        part = _PART_OFFERS.get(arg)
        if part is not None:
            return part in parts
        if arg == "build":
            return can_build(state, seat, parts)
        if arg == "move":
            return "move" in parts and has_houses(state, seat)
        if arg == "coin":
            return state["action_coins"][seat] > 0 and not state["coin_used"][seat]
        if arg == "travel":
            return can_travel(state, seat, MONK in state["characters"][seat])
        return False
    if head == "mason":
        if arg == "build":
            return mason_free(state, seat, turn) and state["reserve"][seat] > 0
        return arg == "move" and mason_free(state, seat, turn) and has_houses(state, seat)
    return head == "palace" and "palace" in parts and arg in palace_slots(state, seat)


def labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    turn = progress(state)
    decision = turn["decision"]
    return menu_labels(state, seat, ids) if decision is None else decision_labels(state, seat, turn, decision, ids)


# -- another seat's decision in the middle of a turn (``state["pending"]``) ----------
def pick_ids(state: MaharajaState, seat: int) -> list[str]:
    """After a swap took his card: choose one from the bank (rule 7.7)."""
    return [CHAR_ID["pick"][c] for c in sorted(state["character_bank"])]


def pick_labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    return [Action(action_id, char_msg(ActionId.parse(action_id).number()), "char", "primary") for action_id in ids]


def yield_ids(state: MaharajaState, seat: int) -> list[str]:
    """Lured: hand one of his cards over (rule 11.2.6)."""
    return [CHAR_ID["yield"][c] for c in sorted(state["characters"][seat])]


def yield_labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    return [Action(action_id, m("label.yield", char=char_msg(ActionId.parse(action_id).number())), "char")
            for action_id in ids]


def apply_pick(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    c = action.number()
    pass_card(state, c, None, seat)
    return [m("event.pick", seat=seat_ref(seat), char=char_msg(c))]


def apply_yield(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    pending = state["pending"].pop(0)
    c = action.number()
    to = pending["recipient"]
    pass_card(state, c, seat, to)
    return [m("event.yield", seat=seat_ref(seat), char=char_msg(c), to=seat_ref(to))]


# -- applying ------------------------------------------------------------------------
# The parts a house pays, in the order they are used, by where it goes.
_HOUSE_PARTS_AT_CITY = HOUSE_PARTS
_HOUSE_PARTS_AT_VILLAGE = ("hany", "house")


def apply(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    turn = progress(state)
    decision = turn["decision"]
    if decision is not None:
        return _apply_decision(state, seat, action, turn, decision)
    parts = turn["parts"]
    head = action.head
    if head == "do":
        what = action.args[0]
        if what == "gold":
            parts.remove("gold")
            state["gold"][seat] += GOLD_ACTION
            return [m("event.gold", seat=seat_ref(seat), gold=GOLD_ACTION)]
        if what == "quarry":  # two houses from the box to the reserve, as many as are left
            parts.remove("quarry")
            n = min(2, state["bank_houses"][seat])
            state["bank_houses"][seat] -= n
            state["reserve"][seat] += n
            return [m("event.quarry", seat=seat_ref(seat), n=n)]
        turn["decision"] = {"kind": what, "road": None}  # type: ignore[typeddict-item]  # build, move, gov, swap, ...
        return []
    if head == "mason":
        turn["decision"] = {"kind": "mbuild" if action.args[0] == "build" else "mmove", "road": None}
        return []
    if head == "palace":
        return _build_palace(state, seat, action.args[0])
    # end: the bank pays every other player for each part left undone (rule 7)
    events = []
    if parts:
        for other in range(state["players"]):
            if other != seat:
                state["gold"][other] += SKIP_PENALTY
        events.append(m("event.skipped", seat=seat_ref(seat), n=len(parts), gold=SKIP_PENALTY))
    events.append(m("event.turn_end", seat=seat_ref(seat)))
    events += flow.end_turn(state, seat)
    return events


def _build_palace(state: MaharajaState, seat: int, slot: str) -> list[Msg]:
    city = state["architects"][seat]
    cost = palace_cost(state, seat)
    progress(state)["parts"].remove("palace")
    state["gold"][seat] -= cost
    state["palaces_left"][seat] -= 1
    garden = state["gardens"][city]
    if slot == "inner":
        garden["inner"] = seat
    else:
        garden["outer"].append(seat)
    return [m(f"event.palace_{slot}", seat=seat_ref(seat), city=node_msg(city), gold=cost)]


def add_house(state: MaharajaState, seat: int, loc: str) -> None:
    """A house of ``seat`` into a city or a village."""
    if loc in CITIES:
        state["city_houses"][loc][seat] += 1
    else:
        add_village_house(state, loc, seat)


def take_house(state: MaharajaState, seat: int, loc: str) -> None:
    """A house of ``seat`` out of a city or a village."""
    if loc in CITIES:
        state["city_houses"][loc][seat] -= 1
    else:
        remove_house(state, loc, seat)


def _apply_decision(state: MaharajaState, seat: int, action: ActionId, turn: TurnProgress,
                    decision: Decision) -> list[Msg]:
    kind = decision["kind"]
    head = action.head
    if head == "back":
        if kind == "route":
            turn["decision"] = {"kind": "travel", "road": None}
        elif decision["road"] is not None:
            decision["road"] = None
        else:
            turn["decision"] = None
        return []
    if head == "road":
        decision["road"] = action.number()
        return []
    arg = action.args[0]  # every other action names its target
    if head == "at":
        if kind in ("build", "mbuild"):
            return _build_house(state, seat, turn, arg, kind == "mbuild")
        if kind in ("move", "mmove"):
            turn["decision"] = {"kind": "move_to", "source": arg, "free": kind == "mmove", "road": None}
            return []
        # move_to
        turn["decision"] = None
        source = decision["source"]
        take_house(state, seat, source)
        add_house(state, seat, arg)
        if decision["free"]:
            turn["mason_used"] = True
        else:
            turn["parts"].remove("move")
        return [m("event.move", seat=seat_ref(seat), src=loc_msg(source), loc=loc_msg(arg))]
    if head == "gov":
        turn["decision"] = None
        turn["parts"].remove("gov")
        track.lower(state["governors"], arg)
        return [m("event.gov", seat=seat_ref(seat), city=node_msg(arg),
                  space=track.space_number(state["governors"][arg]))]
    if head == "coin":
        turn["decision"] = None
        state["action_coins"][seat] -= 1
        state["coin_bank"] += 1
        state["coin_used"][seat] = True
        turn["parts"].extend(ACTION_PARTS[arg])
        turn["coin_actions"].append(arg)
        return [m("event.coin", seat=seat_ref(seat), action=action_msg(arg))]
    if head == "go":
        ways = payments_to(state, seat, arg)
        if len(ways) > 1:  # equal routes paying different players: he picks (ruling on rule 7.1)
            turn["decision"] = {"kind": "route", "city": arg, "road": None}
            return []
        turn["decision"] = None
        return _travel(state, seat, arg, ways[0])
    if head == "via":
        turn["decision"] = None
        city = decision["city"]
        return _travel(state, seat, city, payments_to(state, seat, city)[action.number()])
    if head == "swap":
        return _swap(state, seat, action.number())
    if head == "lure":
        turn["decision"] = None
        turn["parts"].remove("swap")
        victim = action.number()
        flow.interrupt(state, {"seat": victim, "kind": "yield", "recipient": seat})
        return [m("event.lure", seat=seat_ref(seat), victim=seat_ref(victim))]
    # give: the card handed back for the one taken
    turn["decision"] = None
    c = action.number()
    giver = decision["taken_from"]
    pass_card(state, c, seat, giver)
    return [m("event.give", seat=seat_ref(seat), char=char_msg(c), victim=seat_ref(giver))]


def _build_house(state: MaharajaState, seat: int, turn: TurnProgress, loc: str, free: bool) -> list[Msg]:
    """A house from the reserve to ``loc``: the mason's is free, another pays
    HOUSE_COST and the first house part owed it fits."""
    turn["decision"] = None
    state["reserve"][seat] -= 1
    add_house(state, seat, loc)
    if free:
        turn["mason_used"] = True
        return [m("event.mason_build", seat=seat_ref(seat), loc=loc_msg(loc))]
    state["gold"][seat] -= HOUSE_COST
    parts = turn["parts"]
    fits = _HOUSE_PARTS_AT_CITY if loc in CITIES else _HOUSE_PARTS_AT_VILLAGE
    parts.remove(next(part for part in fits if part in parts))
    return [m("event.build", seat=seat_ref(seat), loc=loc_msg(loc), gold=HOUSE_COST)]


def _travel(state: MaharajaState, seat: int, city: str, pay: Payment) -> list[Msg]:
    """The architect goes to ``city`` paying the owners of the houses on the
    way (rule 7.1); the monk's fees are paid by the bank (rule 11.2)."""
    gold = state["gold"]
    cost = 0
    for owner, fee in pay:
        gold[owner] += fee
        cost += fee
    monk = MONK in state["characters"][seat]
    if not monk:
        gold[seat] -= cost
    state["architects"][seat] = city
    if not pay:
        return [m("event.travel_free", seat=seat_ref(seat), city=node_msg(city))]
    payees = [m("label.pay_to", seat=seat_ref(owner), gold=fee) for owner, fee in pay]
    return [m("event.travel_monk" if monk else "event.travel", seat=seat_ref(seat), city=node_msg(city), gold=cost,
              pay=payees)]


def _swap(state: MaharajaState, seat: int, c: int) -> list[Msg]:
    """Take character ``c`` (rule 7.7): from the bank or another player, who
    then picks one from the bank; in advanced game 2 he keeps his own cards
    and hands one back to the player he took from (rule 11.2.6)."""
    turn = progress(state)
    turn["decision"] = None
    turn["parts"].remove("swap")
    owner = holder(state, c)
    if multi(state):
        pass_card(state, c, owner, seat)
        if owner is None:
            return [m("event.swap_bank_keep", seat=seat_ref(seat), char=char_msg(c))]
        turn["decision"] = {"kind": "give", "road": None, "taken_character": c, "taken_from": owner}
        return [m("event.swap_take", seat=seat_ref(seat), char=char_msg(c), victim=seat_ref(owner))]
    (old,) = state["characters"][seat]  # (one card each but in "multi")
    pass_card(state, old, seat, None)
    pass_card(state, c, owner, seat)
    if owner is None:
        return [m("event.swap_bank", seat=seat_ref(seat), char=char_msg(c), old=char_msg(old))]
    flow.interrupt(state, {"seat": owner, "kind": "pick"})
    return [m("event.swap_player", seat=seat_ref(seat), char=char_msg(c), old=char_msg(old),
              victim=seat_ref(owner))]
