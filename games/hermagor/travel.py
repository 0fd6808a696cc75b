"""Phase 3: moving the merchant, selling, trading posts, enclosing regions
(production discs and nobility), the shared colour's posts with 2 players."""

from __future__ import annotations

from games.base import Action, Msg, State
from games.hermagor import board
from games.hermagor.common import act, colour_ref, good_msg, goods_of, m, order_from, shared, static
from games.hermagor.data import NOBILITY, open_slots

V = board.VILLAGES
DIST = board.DIST
GOOD_OF = board.GOOD_OF
_NUM = {v: int(v[1:]) for v in V}  # village number, for stable ordering


def fresh_step(state: State, seat: int) -> dict:
    return {"mode": None, "duchy": None, "acted": False,
            "sh": shared(state) is None or state["shared_posts"][seat] == 0}


def begin(state: State) -> None:
    state["phase"] = "act"
    seat = state["start"]
    if state["hand"][seat] == 0:
        nxt = _next_seat(state, seat)
        seat = seat if nxt is None else nxt
    state["turn"] = seat
    state["step"] = fresh_step(state, seat)


def _next_seat(state: State, seat: int) -> int | None:
    n = state["players"]
    for i in range(1, n + 1):
        s = (seat + i) % n
        if state["hand"][s] > 0:
            return s
    return None


def anyone_can_act(state: State) -> bool:
    return any(state["hand"])


# -- targets ------------------------------------------------------------------
def can_sell_here(state: State, seat: int) -> bool:
    loc = state["merchant"][seat]
    return (loc != board.HERMAGOR and seat not in state["village"][loc]
            and board.GOOD_OF[loc] in goods_of(state, seat) and state["hand"][seat] > 0)


def move_targets(state: State, seat: int, side: bool) -> list[tuple[str, int]]:
    """Villages to move to and sell in, with the route cost (halved with the
    side road); the fare may be paid out of the sale."""
    loc = state["merchant"][seat]
    goods = goods_of(state, seat)
    money = state["money"][seat]
    prices = state["prices"]
    dist = DIST[loc]
    out = []
    posts = state["village"]
    for v in V:
        good = GOOD_OF[v]
        if v == loc or good not in goods or seat in posts[v]:
            continue
        cost = dist[v] // 2 if side else dist[v]
        if money + prices[good] >= cost:
            out.append((v, cost))
    out.sort(key=lambda t: (t[1] - prices[GOOD_OF[t[0]]], _NUM[t[0]]))
    return out


def walk_targets(state: State, seat: int, duchy: int | None) -> list[tuple[str, int]]:
    loc = state["merchant"][seat]
    money = state["money"][seat]
    dist = DIST[loc]
    posts = state["village"]
    out = [(v, dist[v] // 2) for v in V
           if v != loc and seat not in posts[v] and dist[v] // 2 <= money
           and (duchy is None or board.DUCHY_OF[v] == duchy)]
    out.sort(key=lambda t: (t[1], _NUM[t[0]]))
    return out


def spost_targets(state: State, seat: int) -> list[str]:
    sh = shared(state)
    goods = goods_of(state, seat)
    return [v for v in V if board.GOOD_OF[v] in goods and sh not in state["village"][v]]


def _vmsg(v: str) -> Msg:
    return m("village", n=board.label(v), good=good_msg(board.GOOD_OF[v]))


# -- legal actions ----------------------------------------------------------------
def actions(state: State, seat: int) -> list[Action]:
    step = state["step"]
    mode = step["mode"]
    duchy = step["duchy"]
    if mode in ("move", "side"):
        out = [Action(f"to:{v}", m("act.move_to", village=_vmsg(v), cost=c,
                                   price=state["prices"][board.GOOD_OF[v]]), "move", "primary")
               for v, c in move_targets(state, seat, mode == "side")
               if duchy is None or board.DUCHY_OF[v] == duchy]
        return out + [static("back", "act.back", "move")]
    if mode == "walk":
        out = [Action(f"to:{v}", m("act.walk_to", village=_vmsg(v), cost=c), "move")
               for v, c in walk_targets(state, seat, step["duchy"])]
        return out + [static("back", "act.back", "move")]
    if mode == "spost":
        out = [Action(f"to:{v}", m("act.spost_to", village=_vmsg(v)), "shared")
               for v in spost_targets(state, seat)]
        return out + [static("back", "act.back", "shared")]
    out: list[Action] = []
    if not step["acted"]:
        if can_sell_here(state, seat):
            loc = state["merchant"][seat]
            out.append(act("sell", "act.sell", "action", "success", village=_vmsg(loc),
                           price=state["prices"][board.GOOD_OF[loc]]))
        out += _move_entries(move_targets(state, seat, False), "move")
        if "side" in state["front"][seat]:
            out += _move_entries(move_targets(state, seat, True), "side")
        duchies = {board.DUCHY_OF[v] for v, _ in walk_targets(state, seat, None)}
        for d in sorted(duchies):
            out.append(act(f"walk:{d}", "act.walk", "action", duchy=m(f"duchy.{d}")))
        out.append(static("pass", "act.pass", "action", "danger"))
    if not step["sh"] and spost_targets(state, seat):
        out.append(static("spost", "act.spost", "shared"))
        if step["acted"]:
            out.append(static("done", "act.done", "shared"))
    return out


def _move_entries(targets: list[tuple[str, int]], kind: str) -> list[Action]:
    """One entry, or one per duchy when the destination list would be too
    long for a menu (many goods in hand)."""
    if not targets:
        return []
    if len(targets) <= MAX_LIST:
        return [static(kind, f"act.{kind}", "action", "primary")]
    duchies = sorted({board.DUCHY_OF[v] for v, _ in targets})
    return [act(f"{kind}:{d}", f"act.{kind}_in", "action", "primary", duchy=m(f"duchy.{d}"))
            for d in duchies]


MAX_LIST = 24  # destinations + "back" fit a 25-entry menu


# -- applying -----------------------------------------------------------------------
def apply(state: State, seat: int, action: str, events: list[Msg]) -> None:
    step = state["step"]
    if action == "back":
        step["mode"] = step["duchy"] = None
        return
    if action in ("move", "side", "spost"):
        step["mode"], step["duchy"] = action, None
        return
    if action.startswith(("walk:", "move:", "side:")):
        step["mode"], step["duchy"] = action[:4], int(action[5:])
        return
    if action == "done":
        step["sh"] = True
        return
    if action == "pass":
        _return_post(state, seat)
        step["acted"] = True
        events.append(m("ev.pass", seat={"seat": seat}))
        return
    if action == "sell":
        step["acted"] = True
        sell(state, seat, state["merchant"][seat], events)
        return
    village = action[3:]
    mode = step["mode"]
    step["mode"] = step["duchy"] = None
    loc = state["merchant"][seat]
    if mode == "spost":
        step["sh"] = True
        place_shared(state, seat, village, events)
        return
    step["acted"] = True
    if mode == "walk":
        cost = DIST[loc][village] // 2
        state["money"][seat] -= cost
        state["merchant"][seat] = village
        _return_post(state, seat)
        events.append(m("ev.walk", seat={"seat": seat}, village=_vmsg(village), cost=cost))
        return
    cost = DIST[loc][village]
    if mode == "side":
        full, cost = cost, cost // 2
        state["front"][seat].remove("side")
        state["bag"].append("side")  # used once, back into the bag
        events.append(m("ev.move_side", seat={"seat": seat}, village=_vmsg(village), cost=cost,
                        full=full))
    else:
        events.append(m("ev.move", seat={"seat": seat}, village=_vmsg(village), cost=cost))
    state["merchant"][seat] = village
    # the fare may be paid after the sale: sell first, then pay
    sell(state, seat, village, events)
    state["money"][seat] -= cost


def _return_post(state: State, seat: int) -> None:
    state["hand"][seat] -= 1
    state["supply"][seat] += 1


def sell(state: State, seat: int, village: str, events: list[Msg]) -> None:
    good = board.GOOD_OF[village]
    price = state["prices"][good]
    state["money"][seat] += price
    events.append(m("ev.sell", seat={"seat": seat}, good=good_msg(good), village=_vmsg(village),
                    price=price))
    here = state["village"][village]
    n = state["players"]
    black = "black" in state["front"][seat]
    sh = shared(state)
    for other in here:
        if other == seat or other >= n:
            continue
        amount = 0 if black else (2 if sh is not None and sh in here else 1)
        if amount:
            state["money"][other] += amount
            events.append(m("ev.post_income", seat={"seat": other}, amount=amount))
    if black and any(o != seat and o < n for o in here):
        events.append(m("ev.black", seat={"seat": seat}))
    here.append(seat)
    state["hand"][seat] -= 1
    check_enclosures(state, seat, village, seat, events)


def place_shared(state: State, seat: int, village: str, events: list[Msg]) -> None:
    sh = shared(state)
    state["village"][village].append(sh)
    state["shared_posts"][seat] -= 1
    events.append(m("ev.spost", seat={"seat": seat}, village=_vmsg(village)))
    check_enclosures(state, sh, village, seat, events)


def prod_options(state: State, colour: int, region: int) -> list[tuple[str, int]]:
    """Rows the region allows with a free uncovered slot: (good, slot index)."""
    if state["discs"][colour] == 0:
        return []
    out = []
    for good in board.REGIONS[region]["b"]:
        row = state["prod"][good]
        for i in open_slots(state["prices"][good], state["players"]):
            if row[i] is None:
                out.append((good, i))
                break
    return out


def check_enclosures(state: State, colour: int, village: str, decider: int,
                     events: list[Msg]) -> None:
    posts = state["village"]
    for r in board.REGIONS_OF[village]:
        region = board.REGIONS[r]
        if not all(colour in posts[v] for v in region["v"]):
            continue
        events.append(m("ev.enclose", who=colour_ref(state, colour), region=r + 1))
        if region["flag"]:
            _nobility(state, colour, events)
        if prod_options(state, colour, r):
            state["pending"].append({"kind": "prod", "seat": decider, "colour": colour, "region": r})
        else:
            note = no_prod_reason(state, colour, r)
            if note is not None:
                events.append(note)


def no_prod_reason(state: State, colour: int, region: int) -> Msg | None:
    """Why an enclosed region gives no production building (None: the region
    shows none, only its flag)."""
    goods = board.REGIONS[region]["b"]
    if not goods:
        return None
    who = colour_ref(state, colour)
    if state["discs"][colour] == 0:
        return m("ev.noprod_discs", who=who, region=region + 1)
    key = "ev.noprod_full" if len(goods) == 1 else "ev.noprod_full_rows"
    return m(key, who=who, region=region + 1, goods=_goods_list(goods))


def _goods_list(goods: list[str]) -> Msg:
    if len(goods) == 1:
        return good_msg(goods[0])
    return m("and" + str(len(goods)), **{f"g{i}": good_msg(g) for i, g in enumerate(goods)})


def _nobility(state: State, colour: int, events: list[Msg]) -> None:
    track = state["nobility"]
    if state["discs"][colour] == 0:
        events.append(m("ev.nobility_nodisc", who=colour_ref(state, colour)))
        return
    if None not in track:
        events.append(m("ev.nobility_full", who=colour_ref(state, colour)))
        return
    i = track.index(None)
    track[i] = colour
    state["discs"][colour] -= 1
    value = NOBILITY[i]
    if colour < state["players"]:
        state["money"][colour] += value
    events.append(m("ev.nobility", who=colour_ref(state, colour), value=value))


def prod_actions(state: State, pending: dict) -> list[Action]:
    from games.hermagor.data import PROD_SLOTS
    opts = prod_options(state, pending["colour"], pending["region"])
    out = [act(f"prod:{g}", "act.prod", "prod", "primary", good=good_msg(g), value=PROD_SLOTS[i])
           for g, i in sorted(opts, key=lambda t: t[1])]
    if pending["colour"] == shared(state):
        return out  # the shared colour's disc always goes on: only the row is chosen
    return out + [static("noprod", "act.noprod", "prod")]


def apply_prod(state: State, pending: dict, action: str, events: list[Msg]) -> None:
    from games.hermagor.data import PROD_SLOTS
    colour = pending["colour"]
    if action == "noprod":
        events.append(m("ev.noprod", who=colour_ref(state, colour)))
        return
    good = action[5:]
    slot = dict(prod_options(state, colour, pending["region"]))[good]
    state["prod"][good][slot] = colour
    state["discs"][colour] -= 1
    value = PROD_SLOTS[slot]
    if colour < state["players"]:
        state["money"][colour] += value
    events.append(m("ev.prod", who=colour_ref(state, colour), good=good_msg(good), value=value))


def after_action(state: State) -> None:
    """Called when no decision is pending: end the turn when it is complete."""
    step = state["step"]
    seat = state["turn"]
    if not step["acted"]:
        return
    if not step["sh"] and (state["shared_posts"][seat] == 0 or not spost_targets(state, seat)):
        step["sh"] = True
    if not step["sh"]:
        return
    nxt = _next_seat(state, seat)
    if nxt is None:
        state["phase"] = "end_round"
        return
    state["turn"] = nxt
    state["step"] = fresh_step(state, nxt)


def end_round(state: State, events: list[Msg]) -> None:
    """Tiles go back into the bag; unused shared posts back to their supply;
    merchants stay where they are."""
    sh = shared(state)
    if sh is not None:
        state["supply"][sh] += sum(state["shared_posts"])
        state["shared_posts"] = [0] * state["players"]
    for seat in order_from(state, 0):
        state["bag"].extend(state["front"][seat])
        state["front"][seat] = []
    events.append(m("ev.round_end", round=state["round"]))
