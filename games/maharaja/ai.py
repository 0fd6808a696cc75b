"""A sensible Maharaja AI.  It decides from its own view only: its own gold,
its own plan, public board -- never other players' secret plans or gold."""

from __future__ import annotations

from typing import Any

from games.base import Action, ActionId
from games.maharaja import evaluation
from games.maharaja.board import CITIES, ROAD_OF, ROADS, START
from games.maharaja.data import ARTIST, ARTIST_PALACE_COST, MERCHANT, MONK, OUTER_SLOTS, PALACE_COST, SADHU
from games.maharaja.schema import Decision, MaharajaView, TurnProgress
from games.maharaja.travel import costs, destinations

# Preferred characters, best first.
CHAR_PREF = (6, 2, 7, 4, 5, 1, 3)


def _character(action_id: str) -> int:
    """The character number of "char:3", "pick:3", "give:3", "swap:3"…"""
    return ActionId.parse(action_id).number()


def _pref(action_id: str) -> int:
    return CHAR_PREF.index(_character(action_id))


def _gold(view: MaharajaView, seat: int) -> int:
    gold = view["gold"][seat]
    assert gold is not None  # its own gold
    return gold


def _progress(view: MaharajaView) -> TurnProgress:
    progress = view["turn_progress"]
    assert progress is not None
    return progress


def choose(view: MaharajaView, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    phase = view["phase"]
    head = ActionId.parse(ids[0]).head
    if head in ("char", "pick"):
        return min(ids, key=_pref)
    if phase == "bid":
        return _bid(view, ids, rnd)
    if phase == "place":
        return _pick_place(view, seat, ids, rnd)
    if phase == "plan":
        return _plan(view, seat, ids, rnd)
    if head == "yield":
        return max(ids, key=_pref)  # give the least useful
    return _act(view, seat, ids, rnd)


def _bid(view: MaharajaView, ids: list[str], rnd: Any) -> str:
    auction = view["auction"]
    assert auction is not None
    if auction["leader"] is None:
        return "bid:0"
    nxt = f"bid:{auction['high_bid'] + 1}"
    return nxt if nxt in ids and auction["high_bid"] < 2 and rnd.random() < 0.5 else "pass"


def _upcoming(view: MaharajaView) -> list[str]:
    """Cities in the order the maharaja will visit them (this round first)."""
    gov = view["governors"]
    later = sorted(gov, key=gov.__getitem__)
    current = view["maharaja"]
    return ([current] if current in CITIES and view["phase"] == "act" else []) + later


def _road_value(view: MaharajaView, seat: int, road: int, up: list[str]) -> float:
    a, b, _ = ROADS[road]
    value = 0.0
    for end in (a, b):
        if end in up:
            value += 3 - up.index(end)
        if end == START:
            value += 2
        if end == view["architects"][seat]:
            value += 1
    return value


def _village_value(view: MaharajaView, seat: int, vid: str, up: list[str]) -> float:
    owners = view["villages"][vid]
    return _road_value(view, seat, ROAD_OF[vid], up) + (3 if not owners else 0) - (2 if seat in owners else 0)


def _pick_place(view: MaharajaView, seat: int, ids: list[str], rnd: Any) -> str:
    up = _upcoming(view)[:3]

    def score(i: str) -> float:
        action = ActionId.parse(i)
        if action.head == "at":
            loc = action.arg()
            if loc in CITIES:
                return 5 + (4 if loc in up[:2] else 0)
            return _village_value(view, seat, loc, up)
        if action.head == "road":
            return _road_value(view, seat, action.number(), up) + 2.5
        return -100
    scores = {i: score(i) for i in ids}
    best = max(scores.values())
    return rnd.choice([i for i in ids if scores[i] >= best - 0.01])


def _palace_cost(view: MaharajaView, seat: int) -> int:
    return ARTIST_PALACE_COST if ARTIST in view["characters"][seat] else PALACE_COST


def _plan(view: MaharajaView, seat: int, ids: list[str], rnd: Any) -> str:
    if "plan.confirm" in ids:
        return "plan.confirm"
    gold = _gold(view, seat)
    cost = _palace_cost(view, seat)
    reserve = view["reserve"][seat]
    if view["palaces_left"][seat] == 0:
        want = ["gold", "houses2"]
    elif gold >= cost + 3:
        want = ["palace_house", "houses2" if reserve >= 3 else "gold"]
    elif gold >= cost + 1:
        want = ["palace_house", "gold"]
    elif gold >= cost:
        want = ["palace", "gold"]
    elif reserve < 2:
        want = ["quarry", "gold"]
    elif gold >= cost - 4:
        want = ["gold", "gold"]
    else:
        want = ["gold", rnd.choice(["houses2", "governor", "gold"])]
    plan = view["plans"][seat] or []
    for a in plan:
        if a in want:
            want.remove(a)
        else:
            return "plan.reset"
    return f"plan:{want[0]}"


# -- the turn ---------------------------------------------------------------------
def _palace_target(view: MaharajaView, seat: int) -> tuple[str | None, float]:
    """The best city for a palace that the architect can afford to reach."""
    gold = _gold(view, seat)
    cost = _palace_cost(view, seat)
    monk = MONK in view["characters"][seat]
    here = view["architects"][seat]
    options = {here: 0} if here in CITIES else {}
    for city, (fee, _ways) in destinations(view, seat).items():
        options[city] = 0 if monk else fee
    up = _upcoming(view)
    best, best_score = None, -1e9
    for city, fee in options.items():
        garden = view["gardens"][city]
        if garden["inner"] is not None and len(garden["outer"]) >= OUTER_SLOTS:
            continue
        if fee + cost > gold:
            continue
        score = -fee + (2 if garden["inner"] is None else 0)
        if city in up[:3]:
            score += 6 - 2 * up.index(city)
        if score > best_score:
            best, best_score = city, score
    return best, best_score


def _act(view: MaharajaView, seat: int, ids: list[str], rnd: Any) -> str:
    progress = _progress(view)
    decision = progress["decision"]
    parts = progress["parts"]
    if decision is not None:
        return _decide(view, seat, ids, decision, rnd)
    for quick in ("do:gold", "do:quarry"):
        if quick in ids:
            return quick
    here = view["architects"][seat]
    if "palace" in parts:
        target, _ = _palace_target(view, seat)
        if target == here:
            for slot in ("palace:inner", "palace:outer"):
                if slot in ids:
                    return slot
        elif target is not None and "do:travel" in ids:
            return "do:travel"
    if "mason:build" in ids:
        return "mason:build"
    if "do:build" in ids and any(p in parts for p in ("hcity", "hany", "house")):
        return "do:build"
    if "do:gov" in ids:
        return "do:gov"
    if "do:swap" in ids:
        return "do:swap"
    if "do:move" in ids and _move_choice(view, seat) is not None:
        return "do:move"
    if "do:coin" in ids:
        return "do:coin"
    if "do:travel" in ids and not parts and _score_target(view, seat) is not None:
        return "do:travel"
    return "end"


def _score_target(view: MaharajaView, seat: int) -> str | None:
    """End of turn: go to the maharaja's city if it is cheap, for the point."""
    city = view["maharaja"]
    if view["architects"][seat] == city or city not in CITIES:
        return None
    route = destinations(view, seat).get(city)
    if route is None:
        return None
    if MONK in view["characters"][seat] or route[0] <= min(2, _gold(view, seat)):
        return city
    return None


def _move_choice(view: MaharajaView, seat: int) -> str | None:
    """A house worth moving: one in a village shared with another house."""
    for vid, owners in view["villages"].items():
        if seat in owners and len(owners) == 2:
            return vid
    return None


def _decide(view: MaharajaView, seat: int, ids: list[str], decision: Decision, rnd: Any) -> str:
    kind = decision["kind"]
    parts = _progress(view)["parts"]
    if kind == "travel":
        target = _palace_target(view, seat)[0] if "palace" in parts else _score_target(view, seat)
        go = f"go:{target}"
        return go if go in ids else "back"
    if kind == "route":
        return _route_choice(view, seat, ids, decision["city"])
    if kind in ("build", "mbuild", "move_to"):
        here = view["architects"][seat]
        hot = _upcoming(view)[:2]
        if f"at:{here}" in ids and (here in hot or "hcity" in parts):
            return f"at:{here}"
        return _pick_place(view, seat, [i for i in ids if i != "back"] or ids, rnd)
    if kind in ("move", "mmove"):
        src = _move_choice(view, seat)
        if src and f"at:{src}" in ids:
            return f"at:{src}"
        if src and f"road:{ROAD_OF[src]}" in ids:
            return f"road:{ROAD_OF[src]}"
        choices = [i for i in ids if i != "back"]
        return rnd.choice(choices) if choices and kind == "mmove" else "back"
    if kind == "gov":
        return _gov_choice(view, seat, ids)
    if kind in ("swap", "give"):
        return _swap_choice(view, seat, ids, kind)
    if kind == "coin":
        cost = _palace_cost(view, seat)
        here = view["architects"][seat]
        if _gold(view, seat) >= cost + 1 and here in CITIES and view["palaces_left"][seat] > 0:
            garden = view["gardens"][here]
            if garden["inner"] is None or len(garden["outer"]) < OUTER_SLOTS:
                return "coin:palace"
        return "coin:gold"
    return ids[0]


def _route_choice(view: MaharajaView, seat: int, ids: list[str], city: str) -> str:
    """Equal routes: pay the players with the fewest palaces built."""
    ways = destinations(view, seat)[city][1]
    vias = [i for i in ids if i.startswith("via:")]
    if not vias:
        return "back"
    total = view["palace_total"]

    def threat(i: str) -> tuple[int, str]:
        pay = ways[ActionId.parse(i).number()]
        return (sum(g * (total - view["palaces_left"][o]) for o, g in pay), i)

    return min(vias, key=threat)


def _gov_choice(view: MaharajaView, seat: int, ids: list[str]) -> str:
    best, best_score = None, -1e9
    for i in ids:
        action = ActionId.parse(i)
        if action.head != "gov":
            continue
        pts, _ = evaluation.points(view, action.arg())
        others = max((p for s, p in enumerate(pts) if s != seat), default=0)
        score = pts[seat] - others
        if score > best_score:
            best, best_score = i, score
    return best or "back"


def _swap_choice(view: MaharajaView, seat: int, ids: list[str], kind: str) -> str:
    if kind == "give":
        return max(ids, key=_pref)
    swaps = [i for i in ids if i.startswith("swap:")]
    if not swaps:
        lures = [i for i in ids if i.startswith("lure:")]
        return lures[0] if lures else "back"
    return min(swaps, key=_pref)


# == the normal AI ====================================================================
# Stronger rules than the easy AI above, still from the seat's view alone.  What it
# fixes: the easy AI plans a palace and a house with an empty reserve (at five
# players half its turns leave a part undone: 2 gold to every rival each time),
# never counts the gold action or the merchant towards a palace, ignores the city
# the maharaja visits this very round while planning, and never swaps characters
# (the artist's palace costs 9, not 12).
HOUSE_PARTS = ("hcity", "hany", "house")
# Travel at the end of a turn into the maharaja's city for its point, up to this fee.
END_TRAVEL_FEE = 2


def choose_normal(view: MaharajaView, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    phase = view["phase"]
    head = ActionId.parse(ids[0]).head
    if head in ("char", "pick"):
        return min(ids, key=_pref)
    if phase == "bid":
        return _bid(view, ids, rnd)
    if phase == "place":
        return _pick_place(view, seat, ids, rnd)
    if phase == "plan":
        return _n_plan(view, seat, ids)
    if head == "yield":
        return max(ids, key=_pref)
    return _n_act(view, seat, ids, rnd)


def _n_upcoming(view: MaharajaView) -> list[str]:
    """Cities in the order the maharaja visits them, this round's city first
    (also while planning: it is evaluated at the end of this round)."""
    gov = view["governors"]
    current = view["maharaja"]
    later = [c for c in sorted(gov, key=gov.__getitem__) if c != current]
    return ([current] if current in CITIES else []) + later


def _n_fees(view: MaharajaView, seat: int) -> dict[str, int]:
    """What travelling to each city costs this seat now (0 here; the monk's bank pays)."""
    here = view["architects"][seat]
    fees = {here: 0} if here in CITIES else {}  # first: staying wins ties
    monk = MONK in view["characters"][seat]
    for city, fee in costs(view, seat).items():
        fees[city] = 0 if monk else fee
    return fees


def _n_palace_city(view: MaharajaView, seat: int, budget: int, count: int = 1,
                   cost: int | None = None) -> str | None:
    """The best city where ``count`` palaces fit and, with the fee to get
    there, cost at most ``budget`` gold (None: nowhere)."""
    cost = _palace_cost(view, seat) if cost is None else cost
    up = _n_upcoming(view)
    sadhu = SADHU in view["characters"][seat]
    best, best_score = None, -1e9
    for city, fee in _n_fees(view, seat).items():
        garden = view["gardens"][city]
        free = (garden["inner"] is None) + OUTER_SLOTS - len(garden["outer"])
        if free < count or fee + count * cost > budget:
            continue
        # points this round (the maharaja's city) and soon; the inner palace scores 3
        # staying scores a little more, so the choice never goes round in circles
        score = -fee + (3 if garden["inner"] is None else (1 if sadhu else 0)) + (0.5 if fee == 0 else 0)
        rank = up.index(city)
        score += (8, 4, 2, 1)[rank] if rank < 4 else 0
        if score > best_score:
            best, best_score = city, score
    return best


def _n_plan(view: MaharajaView, seat: int, ids: list[str]) -> str:
    if "plan.confirm" in ids:
        return "plan.confirm"
    want = _n_want(view, seat)
    plan = view["plans"][seat] or []
    if plan and plan[0] not in want:
        # another first pick (the hard AI's search tries them all): complete it, do not undo it
        return f"plan:{_n_complement(view, seat, plan[0], want)}"
    if plan:
        want.remove(plan[0])
    return f"plan:{want[0]}"


def _n_complement(view: MaharajaView, seat: int, first: str, want: list[str]) -> str:
    """The second action beside ``first``: gold for a palace just out of
    reach, the palace beside a swap for the artist, else the best wanted."""
    gold = _gold(view, seat) + (1 if MERCHANT in view["characters"][seat] else 0)
    if first in ("palace", "palace_house") and not _n_palace_city(view, seat, gold):
        return "gold"
    if first == "swap" and _n_palace_city(view, seat, gold, cost=ARTIST_PALACE_COST):
        return "palace"
    return want[0] if want[0] != "swap" or first != "swap" else "gold"


def _n_want(view: MaharajaView, seat: int) -> list[str]:
    """The two actions to plan: a palace as soon as one is affordable (with
    the gold action and the merchant's coin of the same turn), houses only
    with houses in the reserve, the artist fetched when it pays."""
    chars = view["characters"][seat]
    gold = _gold(view, seat) + (1 if MERCHANT in chars else 0)
    reserve = view["reserve"][seat]
    bank = view["bank_houses"][seat]
    left = view["palaces_left"][seat]
    refill = "quarry" if bank > 0 else "gold"
    if left <= 0:
        return ["gold", "gold"]
    if left >= 2 and _n_palace_city(view, seat, gold, 2):
        if reserve >= 2 and _n_palace_city(view, seat, gold - 2, 2):
            return ["palace_house", "palace_house"]
        return ["palace_house" if reserve >= 1 and _n_palace_city(view, seat, gold - 1, 2) else "palace", "palace"]
    if _n_palace_city(view, seat, gold):
        first = "palace_house" if reserve >= 1 and _n_palace_city(view, seat, gold - 1) else "palace"
        after = reserve - (first == "palace_house")
        return [first, refill if after <= 1 else "gold"]
    if _n_palace_city(view, seat, gold + 2):
        return ["gold", "palace"]
    can_swap = ARTIST not in chars and not view["options"]["advanced"] >= 2
    if can_swap and _n_palace_city(view, seat, gold, cost=ARTIST_PALACE_COST):
        return ["palace", "swap"]  # the swap first: the artist builds for 9
    if can_swap and left >= 3:
        return ["gold", "swap"]
    return ["gold", refill if reserve <= 1 else "gold"]


# -- the normal AI's turn ------------------------------------------------------
def _n_goal(view: MaharajaView, seat: int) -> str | None:
    """Where the architect should travel now (None: stay).  Asked by the turn
    menu and again by the travel decision: the same answer both times."""
    parts = _progress(view)["parts"]
    here = view["architects"][seat]
    gold = _gold(view, seat)
    fees = _n_fees(view, seat)
    if "palace" in parts:
        city = _n_palace_city(view, seat, gold, 1)
        if city is not None:
            return None if city == here else city
    houses = [p for p in parts if p in HOUSE_PARTS]
    if houses and view["reserve"][seat] > 0 and here not in CITIES:
        # a house in a city needs the architect there: the nearest of the next cities
        budget = gold - len(houses)
        reachable = [c for c in _n_upcoming(view)[:4] if fees.get(c, 99) <= budget]
        return reachable[0] if reachable else None
    if not parts:
        city = view["maharaja"]
        if city in CITIES and city != here and fees.get(city, 99) <= min(END_TRAVEL_FEE, gold):
            return city
    return None


def _n_act(view: MaharajaView, seat: int, ids: list[str], rnd: Any) -> str:
    progress = _progress(view)
    decision = progress["decision"]
    if decision is not None:
        return _n_decide(view, seat, ids, decision, rnd)
    parts = progress["parts"]
    for quick in ("do:gold", "do:quarry"):
        if quick in ids:
            return quick
    if "do:swap" in ids:  # before the palace: the artist's discount
        return "do:swap"
    goal = _n_goal(view, seat)
    if "palace" in parts and goal is None:
        for slot in ("palace:inner", "palace:outer"):
            if slot in ids:
                return slot
    if goal is not None and "do:travel" in ids:
        return "do:travel"
    if "do:build" in ids and any(p in parts for p in HOUSE_PARTS):
        return "do:build"
    if "do:gov" in ids:
        return "do:gov"
    if "do:move" in ids and _n_move_source(view, seat) is not None:
        return "do:move"
    if "mason:build" in ids:
        return "mason:build"
    if "do:coin" in ids:
        return "do:coin"
    return "end"


def _n_move_source(view: MaharajaView, seat: int) -> str | None:
    """A house to move (only when it has somewhere to go): a village shared
    with a rival first, else any of its village houses."""
    here = view["architects"][seat]
    mine = [v for v, owners in view["villages"].items() if seat in owners]
    if here not in CITIES and not any(len(o) < (1 if view["players"] == 2 else 2) for o in view["villages"].values()):
        return None
    shared = [v for v in mine if len(view["villages"][v]) == 2]
    if shared or mine:
        return (shared or mine)[0]
    cities = [c for c in CITIES if view["city_houses"][c][seat] and c != here]
    return cities[0] if cities and here in CITIES else None


def _n_decide(view: MaharajaView, seat: int, ids: list[str], decision: Decision, rnd: Any) -> str:
    kind = decision["kind"]
    here = view["architects"][seat]
    choices = [i for i in ids if i != "back"]
    if kind == "travel":
        go = f"go:{_n_goal(view, seat)}"
        return go if go in ids else "back"
    if kind == "route":
        return _route_choice(view, seat, ids, decision["city"])
    if kind in ("build", "mbuild", "move_to"):
        hot = _n_upcoming(view)[:3]
        if f"at:{here}" in ids and (here in hot or "hcity" in _progress(view)["parts"] or kind != "mbuild"):
            return f"at:{here}"
        return _pick_place(view, seat, choices, rnd) if choices else "back"
    if kind in ("move", "mmove"):
        src = _n_move_source(view, seat)
        for i in (f"at:{src}", f"road:{ROAD_OF[src]}" if src in ROAD_OF else ""):
            if i in ids:
                return i
        return choices[0] if choices else "back"
    if kind == "gov":
        return _gov_choice(view, seat, ids)
    if kind == "swap":
        if "swap:6" in ids:
            return "swap:6"
        return _swap_choice(view, seat, ids, kind)
    if kind == "give":
        return max(ids, key=_pref)
    if kind == "coin":
        return "coin:palace" if _n_palace_city(view, seat, _gold(view, seat)) else "coin:gold"
    return ids[0]


def normal_plan(view: MaharajaView, seat: int) -> list[str]:
    """The two actions the normal AI would plan for ``seat`` (determinize
    gives rivals such plans)."""
    return _n_want(view, seat)
