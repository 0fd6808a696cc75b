"""What the table and a seat may see: each view is built field by field from
what its audience may know (``schema.PublicView``, ``schema.SeatView``), never
copied from the state.  Hidden: hands, chapel cards (neither how many nor
which), a councillor's or the start rule's looked-at cards (the gold mine's
are open), pending choices of others, the identity of goods, the deck order,
the RNG and the order of the face-down trading-house tiles.

Also the words around the views: ``prompt`` (what a seat is asked),
``refusal`` (why an action is refused) and ``private_summary`` (a seat's
private view as lines of text)."""

from __future__ import annotations

from games.base import ActionId, Msg, msg, typed_ref

from . import flow
from .build import net_cost
from .common import State, card_msg, has_type, has_type_in, m
from .data import CARD_TYPE, COST, GOOD_KEYS, IS_PROD, PROD, TKIND, TYPE_INDEX, TYPE_KEYS
from .schema import BuildingView, Options, PublicView, SeatView, TakenRole
from .scoring import outcome, score_sheet


def public_view(state: State) -> PublicView:
    n = state["players"]
    options: Options = {"start_choice": state["options"]["start_choice"]}
    roles: list[TakenRole] = [{"role": r["role"], "seat": r["seat"]} for r in state["roles"]]
    goldmine = state["phase"] == "goldmine"
    v: PublicView = {
        "game": "sanjuan",
        "seat": None,
        "players": n,
        "options": options,
        "phase": state["phase"],
        "round": state["round"],
        "governor": state["governor"],
        "turn": state["turn"],
        "deciding": list(state["deciding"]),
        "roles": roles,
        "role_order": list(state["role_order"]),
        "chooser_index": state["chooser_index"],
        "chooser": state["chooser"],
        "library_privilege": state["library_privilege"],
        "library_used": list(state["library_used"]),
        "turned_tile": state["turned_tile"],
        "builder_step": state["builder_step"],
        "deck_size": len(state["deck"]),
        "discard_size": len(state["discard"]),
        "hand_sizes": [len(h) for h in state["hands"]],
        # Goods are face-down cards: only whether a building holds one is public.
        "cities": [[[c, g >= 0] for c, g in city] for city in state["cities"]],
        "covered": [list(c) for c in state["covered"]],
        "built_this_phase": list(state["built_this_phase"]),
        # The gold mine's four cards lie open ("jól láthatóan"): everyone sees them.
        "gold_mine_cards": [list(state["looking_at"][seat]) if goldmine else [] for seat in range(n)],
    }
    if state["phase"] == "over":
        out = outcome(state)
        v["score_sheets"] = [score_sheet(state, seat) for seat in range(n)]
        v["scores"] = out.scores
        v["ranking"] = out.ranking
    return v


def seat_view(state: State, seat: int, prompt: Msg) -> SeatView:
    """The public view and what only ``seat`` knows: its hand, its chapel
    cards, the cards it looks at or has picked, its pending choice, the
    building it is paying for; ``prompt``: what it is asked to decide."""
    bld = state["building"] if state["phase"] == "builder" and state["turn"] == seat else None
    building: BuildingView | None = None if bld is None else {
        "card": bld["card"], "over": bld["over"], "cost": bld["cost"],
        "paid_cards": list(bld["paid_cards"]), "paid_goods_from": [i for i, _ in bld["paid_goods"]]}
    v: SeatView = {
        **public_view(state),
        "seat": seat,
        "hand": list(state["hands"][seat]),
        "chapel": list(state["chapel"][seat]),
        "looking_at": list(state["looking_at"][seat]),
        "picked": list(state["picked"][seat]),
        "picks_needed": state["picks_needed"][seat],
        "pick_mode": state["pick_mode"][seat],
        "selected": list(state["selected"][seat]),
        "select_limit": state["select_limit"][seat],
        "building": building,
        "prompt": prompt,
    }
    return v


def prompt(state: State, seat: int) -> Msg:
    """What ``seat`` is asked to decide now (or whom it waits for)."""
    phase = state["phase"]
    if phase == "over":
        return m("prompt.over")
    if flow.decision_for(state, seat) is None:
        if phase == "role":
            return m("prompt.wait_role", player={"seat": state["turn"]})
        if phase == "builder":
            return m("prompt.wait_build", player={"seat": state["turn"]})
        return m("prompt.wait")
    if phase == "role":
        return m("prompt.role")
    if phase == "builder":
        step = state["builder_step"]
        if step == "choose":
            return m("prompt.build")
        bld = state["building"]
        assert bld is not None
        if step == "onto":
            return m("prompt.onto", card=card_msg(bld["card"]))
        left = bld["cost"] - len(bld["paid_cards"]) - len(bld["paid_goods"])
        return m("prompt.pay", card=card_msg(bld["card"]), n=left)
    if phase == "chapel":
        return m("prompt.chapel")
    if phase in ("producer", "trader"):
        left = state["select_limit"][seat] - len(state["selected"][seat])
        return m("prompt.produce" if phase == "producer" else "prompt.sell", n=left)
    need, picked = state["picks_needed"][seat], len(state["picked"][seat])
    if picked >= need:
        return m("prompt.confirm")
    key = {"start": "start", "limit": "limit", "goldmine": "gold_mine"}.get(phase)
    if key is None:
        key = "keep" if state["pick_mode"][seat] == "keep" else "archive"
    return m("prompt." + key, n=need - picked)


def refusal(state: State, seat: int, action_id: str) -> Msg:
    """A helpful reason for an illegal action where we can tell one (the
    core has decided it is illegal)."""
    action = ActionId.parse(action_id)
    head, arg = action.head, action.arg(0)
    if state["phase"] == "role" and head == "role" and any(r["role"] == arg for r in state["roles"]):
        return m("error.role_taken")
    if len(action.args) != 1:
        return msg("core.error.illegal_action", action=typed_ref(action_id))
    if state["phase"] == "builder" and state["builder_step"] == "choose" and head == "build" and arg in TYPE_INDEX:
        t = TYPE_INDEX[arg]
        if not has_type_in(state["hands"][seat], t):
            return m("error.not_in_hand")
        if TKIND[t] != PROD and has_type(state, seat, t):
            return m("error.already_built", card=m("card." + arg))
        return m("error.cannot_afford", card=m("card." + arg), n=net_cost(state, seat, t))
    if head in ("pay", "keep", "discard", "tuck") and arg in TYPE_INDEX:
        return m("error.not_in_hand")
    return msg("core.error.illegal_action", action=typed_ref(action_id))


# -- private summary -----------------------------------------------------------

def _sorted(cards: list[int]) -> list[int]:
    """Production buildings first, then by cost (as the private picture)."""
    return sorted(cards, key=lambda c: (not IS_PROD[c], COST[c], CARD_TYPE[c]))


def _names(cards: list[int]) -> list[Msg]:
    """Card names, equal cards once with a count ("2× Indigo Plant")."""
    out: list[Msg] = []
    counts: dict[int, int] = {}
    order: list[int] = []
    for c in _sorted(cards):
        t = CARD_TYPE[c]
        if t not in counts:
            order.append(t)
        counts[t] = counts.get(t, 0) + 1
    for t in order:
        name = m("card." + TYPE_KEYS[t])
        out.append(name if counts[t] == 1 else m("summary.times", n=counts[t], card=name))
    return out


def private_summary(view: SeatView, seat: int) -> list[Msg]:
    """What ``seat`` holds, read from its own view: hand, chapel cards, cards
    it is looking at or has picked, the building being paid for, the goods
    chosen in a producer/trader phase and the goods on its buildings."""
    out: list[Msg] = []
    hand = view.get("hand") or []
    if hand:
        out.append(m("summary.hand", n=len(hand), cards=_names(hand)))
    else:
        out.append(m("summary.hand_empty"))
    city = view["cities"][seat] if 0 <= seat < len(view.get("cities", [])) else []
    chapel = view.get("chapel") or []
    if chapel or any(TYPE_KEYS[CARD_TYPE[c]] == "chapel" for c, _ in city):
        if chapel:
            out.append(m("summary.chapel", n=len(chapel), cards=_names(chapel)))
        else:
            out.append(m("summary.chapel_empty"))
    look = view.get("looking_at") or []
    if look:
        out.append(m("summary.look", n=len(look), cards=_names(look)))
    picked = view.get("picked") or []
    if picked:
        key = "summary.kept" if view.get("pick_mode") == "keep" else "summary.discarded"
        out.append(m(key, n=len(picked), cards=_names(picked)))
    bld = view.get("building")
    if bld:
        line = m("summary.building", card=m("card." + TYPE_KEYS[CARD_TYPE[bld["card"]]]),
                   paid=len(bld["paid_cards"]) + len(bld["paid_goods_from"]), need=bld["cost"])
        out.append(line)
    sel = view.get("selected") or []
    if sel and view.get("phase") in ("producer", "trader"):
        key = "summary.produce" if view["phase"] == "producer" else "summary.sell"
        goods = [m("good." + GOOD_KEYS[CARD_TYPE[city[i][0]]]) for i in sel if 0 <= i < len(city)]
        out.append(m(key, n=len(goods), lim=view.get("select_limit", len(goods)), goods=goods))
    goods = [m("good." + GOOD_KEYS[CARD_TYPE[c]]) for c, g in city if g and IS_PROD[c]]
    if goods:
        out.append(m("summary.goods", n=len(goods), goods=goods))
    return out
