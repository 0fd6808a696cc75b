"""The Alhambra AIs, reading only their own view: ``choose`` (easy) and
``choose_normal`` (normal, see its section below).

Easy: buildings are valued by what they add to the AI's majority points in the
scoring rounds still to come; exact payments are preferred (extra action, no
money lost); money is taken by total value plus a bonus when it completes an
exact payment for a wanted building.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from games.alhambra.data import BUILDINGS, CURRENCY, ROUNDS, SCORING, TYPES, VALUE, YARD
from games.alhambra.schema import SeatView
from games.alhambra.scoring import score_round, seat_points
from games.base import Action, ActionId

BASE_BUILDING = 2.0      # a building has some worth beyond the current majorities
EXACT_BONUS = 4.0        # another action and no money lost
OVERPAY_COST = 1.2       # per money unit thrown away
TAKE_UNIT = 0.45         # worth of one money unit taken


def _scorers(view: SeatView) -> list[list[int]]:
    counts = [list(c) for c in view["type_counts"]]
    if view["neutral_type_counts"] is not None:
        counts.append(list(view["neutral_type_counts"]))
    return counts


def _gains(view: SeatView, me: int) -> tuple[float, ...]:
    counts = tuple(tuple(c) for c in _scorers(view))
    return _gains_cached(counts, me, tuple(view["scored_rounds"]))


@lru_cache(maxsize=4096)
def _gains_cached(counts: tuple[tuple[int, ...], ...], me: int, scored: tuple[str, ...]) -> tuple[float, ...]:
    """Extra points (remaining rounds) from one more building of each type.
    Cached: the building counts change only when someone buys."""
    tables = [SCORING[r] for r in ROUNDS if r not in scored]
    gains = []
    for t in range(len(TYPES)):
        column = [c[t] for c in counts]
        more = list(column)
        more[me] += 1
        gain = BASE_BUILDING
        for table in tables:
            ranks = [row[t] for row in table]
            gain += seat_points(more, me, ranks) - seat_points(column, me, ranks)
        gains.append(gain)
    return tuple(gains)


def _balance(view: SeatView, counts: list[list[int]], me: int) -> float:
    """My points minus the best opponent's (remaining rounds)."""
    rounds = [r for r in ROUNDS if r not in view["scored_rounds"]] or ["C"]
    totals = [0] * len(counts)
    for r in rounds:
        for s, pts in enumerate(score_round(counts, r)):
            totals[s] += sum(pts)
    others = [totals[s] for s in range(view["players"]) if s != me]
    return totals[me] - max(others)


def _exact_possible(values: list[int], price: int) -> bool:
    bits = 1
    for v in values:
        bits |= bits << v
    return bool(bits >> price & 1)


def choose(view: SeatView, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    if "keep" in ids:
        b = view["pending"][0]["building"]
        t = BUILDINGS[b][0]
        keep = _scorers(view)
        keep[seat][t] += 1
        gift = _scorers(view)
        gift[-1][t] += 1
        return "keep" if _balance(view, keep, seat) >= _balance(view, gift, seat) else "gift"
    if len(ids) == 1:
        return ids[0]

    gains = _gains(view, seat)
    hand = view["hand"]
    best_id, best_score = ids[-1], -1e9
    # per yard slot: (currency, price, gain, my values, already payable exactly)
    slots = []
    for slot, building in enumerate(view["yard"]):
        if building is not None:
            mine = [c["value"] for c in hand if c["currency"] == YARD[slot]]
            slots.append((YARD[slot], building["price"], gains[building["type"]], mine,
                          _exact_possible(mine, building["price"])))
    values = {c["id"]: c["value"] for c in hand}
    row = {c["id"]: c for c in view["money_row"]}
    for action in legal:
        aid = action.id
        parsed = ActionId.parse(aid)
        if parsed.head == "buy":
            building = view["yard"][parsed.number(0) - 1]
            assert building is not None
            over = sum(values[c] for c in parsed.numbers(1)) - building["price"]
            score = gains[building["type"]]
            score += EXACT_BONUS if over == 0 else -OVERPAY_COST * over
        elif parsed.head == "take":
            cards = [row[c] for c in parsed.numbers(0)]
            score = TAKE_UNIT * sum(c["value"] for c in cards)
            for cur, price, gain, mine, exact in slots:
                if exact:
                    continue
                new = [c["value"] for c in cards if c["currency"] == cur]
                if new and _exact_possible(mine + new, price):
                    score += 0.35 * gain   # completes an exact payment for a wanted building
        else:
            continue
        score += rnd.random() * 0.01
        if score > best_score:
            best_id, best_score = aid, score
    return best_id


# -- the normal AI ------------------------------------------------------------
#
# Weaknesses of the easy AI, found in self-play: it overpays (≈15 money a
# game thrown away, every overpaid purchase also costs the action an exact
# one would give back), undervalues money that makes a yard building payable
# exactly, ignores what a building costs, plays the last turns as if money
# still had a future, and values majorities only as they stand (a one-building
# lead looks worthless to defend).  The normal AI prices exact payments and
# the money that enables them higher, counts the price paid, lets money lose
# its worth as the building deck runs out, and values a building by the points
# it may expect from the type (``_expected``: rivals may still catch up or
# fall behind, the more so the further off a scoring round is).

# The normal AI's weights, tuned in seat-rotated matches against the easy AI
# (2 and 3 players).  Found there: exact payments and the money that makes
# them matter most; money must lose its worth as the building deck runs out
# (else seats end with 40+ unspent); a building's price is a cost too.
# The majorities weigh a quarter of their points (``scale``): at full weight
# the AI chased first buildings of a type and tied places at any price.
W = {
    "base": 2.0,        # a building's worth beyond the majorities
    "denial": 0.0,      # share of the best rival's loss counted as mine (tried: no gain)
    "exact": 8.0,       # an exact payment: one more action, nothing thrown away
    "overpay": 2.0,     # per money unit thrown away
    "price": 0.3,       # per money unit paid (money spent cannot buy another building)
    "unit": 0.7,        # worth of one money unit taken
    "make_exact": 1.0,  # share of a yard building's worth for making it payable exactly
    "end_span": 8,      # buildings left in the deck below which money loses worth
    "scale": 0.25,      # weight of the majorities against the money (1.0: 0.73 at 2p, 0.50 at 3p)
    "drift": 0.6,       # scale of how far majorities may still move
    "buy_rate": 0.5,    # buildings bought per money card drawn
    "final": 1.0,       # deck empty: play for the chance of winning (0: the heuristic as before)
    "final_tol": 0.005,  # chances of winning this close count as equal (the heuristic decides)
}


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


@lru_cache(maxsize=65536)
def _expected(column: tuple[int, ...], who: int, places: tuple[tuple[int, ...], ...],
              sigmas: tuple[float, ...]) -> float:
    """Points ``who`` may expect from one type in the rounds to come:
    ``places`` the points per place of each round, ``sigmas`` how far the
    difference of two scorers' counts may still drift before it.  Each
    rival is ahead, tied or behind with the chances of that drift; the
    place (a tie counting half) is read off the points table."""
    mine = column[who]
    if not mine:
        return 0.0
    total = 0.0
    for ranks, sigma in zip(places, sigmas, strict=True):
        place = 0.0
        for o, theirs in enumerate(column):
            if o == who:
                continue
            d = theirs - mine
            if sigma < 0.05:
                place += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
            else:
                ahead = _phi((d - 0.5) / sigma)
                place += ahead + 0.5 * (_phi((d + 0.5) / sigma) - ahead)
        low = int(place)
        frac = place - low
        here = ranks[low] if low < len(ranks) else 0
        below = ranks[low + 1] if low + 1 < len(ranks) else 0
        total += here + frac * (below - here)
    return total


def _future(view: SeatView) -> list[tuple[str, float]]:
    """The rounds still to come, each with about how many buildings will be
    bought before it (about one per two money cards drawn; all of them
    before the last)."""
    supply = view["building_deck_count"] + sum(b is not None for b in view["yard"])
    hint = view["next_scoring"]
    rounds: list[tuple[str, float]] = []
    if hint is not None:
        middle = (hint["first_position"] + hint["last_position"]) / 2
        rounds.append((hint["card"], min(supply, W["buy_rate"] * middle)))
        if hint["card"] == "A":
            pile = max(view["money_deck_count"] - hint["last_position"], 3) / 3
            rounds.append(("B", min(supply, W["buy_rate"] * (hint["last_position"] + 1.5 * pile))))
    rounds.append(("C", float(supply)))
    return rounds


def _model(view: SeatView) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[str, int], ...], tuple[int, ...]]:
    """The majorities (buildings per type of every scorer), the rounds to
    come with the buildings bought before each, and the supply per type."""
    counts = _scorers(view)
    supply = list(_TYPE_TOTALS)
    for c in counts:
        for t, k in enumerate(c):
            supply[t] -= k
    for p in view["pending"]:
        supply[BUILDINGS[p["building"]][0]] -= 1
    # Rounded to even numbers: the values are cached, and a building more
    # or less bought before a round barely moves them.
    future = tuple((r, 2 * round(buys / 2)) for r, buys in _future(view))
    return tuple(map(tuple, counts)), future, tuple(supply)


def _building_values(view: SeatView, me: int) -> tuple[float, ...]:
    counts, future, supply = _model(view)
    return _values_cached(counts, me, view["players"], future, supply,
                          W["base"], W["scale"], W["denial"], W["drift"])


def _type_outlook(t: int, scorers: int, future: tuple[tuple[str, int], ...], supply: tuple[int, ...],
                  drift: float) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """Points per place of type ``t`` in the rounds to come, and how far two
    scorers' counts may drift apart before each: about the square root of
    what each may still buy of the type."""
    left = max(sum(supply), 1)
    places = tuple(tuple(row[t] for row in SCORING[r]) for r, _ in future)
    sigmas = tuple(round(drift * math.sqrt(2 * buys * supply[t] / left / scorers), 1) for _, buys in future)
    return places, sigmas


def keep_or_gift(view: SeatView, me: int) -> str:
    """2 players: keep the building just bought, or give it to the neutral
    player, whichever leaves me further ahead of my rival in the type."""
    t = BUILDINGS[view["pending"][0]["building"]][0]
    counts, future, supply = _model(view)
    places, sigmas = _type_outlook(t, len(counts), future, supply, W["drift"])
    column = tuple(c[t] for c in counts)
    rival = 1 - me
    keep = list(column)
    keep[me] += 1
    gift = list(column)
    gift[-1] += 1

    def lead(col: tuple[int, ...]) -> float:
        return _expected(col, me, places, sigmas) - _expected(col, rival, places, sigmas)

    return "keep" if lead(tuple(keep)) >= lead(tuple(gift)) else "gift"


_TYPE_TOTALS = tuple(sum(1 for t, _ in BUILDINGS if t == kind) for kind in range(len(TYPES)))


@lru_cache(maxsize=16384)
def _values_cached(counts: tuple[tuple[int, ...], ...], me: int, players: int,
                   future: tuple[tuple[str, int], ...], supply: tuple[int, ...],
                   base: float, scale: float, denial: float, drift: float) -> tuple[float, ...]:
    """My worth of one more building of each type: what it adds to the
    points I may expect from the type (``_expected``) in the rounds to come,
    plus a share of what it takes from the rival who loses most by it.
    Cached: it changes only when someone buys or the rounds move on."""
    values = []
    for t in range(len(TYPES)):
        places, sigmas = _type_outlook(t, len(counts), future, supply, drift)
        column = tuple(c[t] for c in counts)
        more = list(column)
        more[me] += 1
        after = tuple(more)
        gain = _expected(after, me, places, sigmas) - _expected(column, me, places, sigmas)
        loss = 0.0
        if denial:
            loss = max((_expected(column, s, places, sigmas) - _expected(after, s, places, sigmas)
                        for s in range(players) if s != me), default=0.0)
        values.append(base + scale * (gain + denial * loss))
    return tuple(values)


def choose_normal(view: SeatView, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    if "keep" in ids:
        return keep_or_gift(view, seat)
    if len(ids) == 1:
        return ids[0]

    values = _building_values(view, seat)
    hand = view["hand"]
    # Money is worth what it can still buy: nothing once the building deck
    # runs out (the game ends when the yard cannot be refilled, and money
    # left over scores nothing).
    endgame = min(1.0, view["building_deck_count"] / W["end_span"])
    unit = W["unit"] * endgame
    by_cur: list[list[int]] = [[] for _ in YARD]
    for c in hand:
        by_cur[c["currency"]].append(c["value"])
    slots = []
    for slot, building in enumerate(view["yard"]):
        if building is not None:
            mine = by_cur[YARD[slot]]
            slots.append((YARD[slot], building["price"], values[building["type"]], mine,
                          _exact_possible(mine, building["price"])))
    card_values = {c["id"]: c["value"] for c in hand}
    row = {c["id"]: c for c in view["money_row"]}
    best_id, best_score = ids[-1], -1e9
    scores: dict[str, float] = {}
    for action in legal:
        parsed = ActionId.parse(action.id)
        if parsed.head == "buy":
            building = view["yard"][parsed.number(0) - 1]
            assert building is not None
            over = sum(card_values[c] for c in parsed.numbers(1)) - building["price"]
            score = values[building["type"]] - W["price"] * building["price"] * endgame
            if over == 0:
                score += W["exact"]
            else:
                score -= W["overpay"] * over * endgame
        elif parsed.head == "take":
            cards = [row[c] for c in parsed.numbers(0)]
            score = unit * sum(c["value"] for c in cards)
            for cur, price, worth, mine, exact in slots:
                new = [c["value"] for c in cards if c["currency"] == cur]
                if new and not exact and _exact_possible(mine + new, price):
                    score += W["make_exact"] * worth
        else:
            continue
        score += rnd.random() * 0.01
        scores[action.id] = score
        if score > best_score:
            best_id, best_score = action.id, score
    if view["building_deck_count"] == 0 and W["final"]:
        return _final_choice(view, seat, scores) or best_id
    return best_id


# -- the last turns ----------------------------------------------------------
#
# With the building deck empty, every purchase ends the game at the end of
# the turn: the buildings left in the yard go to the most money of their
# currency, then C is scored.  The normal AI then plays for the win: it counts
# the points as they would stand, with the leftovers given by every seat's
# money, which the open record shows (``money_known``).


def _money_totals(money: list[int]) -> list[int]:
    """The total value held in each currency."""
    totals = [0] * len(YARD)
    for card in money:
        totals[CURRENCY[card]] += VALUE[card]
    return totals


def _leftover_owner(money: list[list[int]], currency: int) -> int | None:
    """Who gets a leftover building of ``currency``: the one seat with the
    most of it (none on a tie, or if nobody holds any)."""
    column = [totals[currency] for totals in money]
    best = max(column)
    return column.index(best) if best > 0 and column.count(best) == 1 else None


@lru_cache(maxsize=65536)
def _last_round_points(counts: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each scorer's points in the last scoring for these building counts.  The endgame
    search asks for the same few final counts across its moves and playouts (the hard AI's
    playouts end in it)."""
    return tuple(map(sum, score_round([list(c) for c in counts], "C")))


def _win_share(view: SeatView, me: int, counts: list[list[int]], money: list[list[int]],
               left: list[tuple[int, int]]) -> float:
    """My share of the win if the game ends now: ``counts`` the buildings per
    scorer, ``money`` every seat's totals per currency, ``left`` the yard's
    leftovers (currency, type)."""
    final = [list(c) for c in counts]
    for currency, t in left:
        owner = _leftover_owner(money, currency)
        if owner is not None:
            final[owner][t] += 1
    points = _last_round_points(tuple(map(tuple, final)))
    totals = [sum(view["scores"][s][:2]) + points[s] for s in range(view["players"])]
    best = max(totals)
    return 1.0 / totals.count(best) if totals[me] == best else 0.0


def _final_choice(view: SeatView, me: int, scores: dict[str, float]) -> str | None:
    """The deck is empty: the move with the best share of the win (the
    heuristic ``scores`` break ties)."""
    counts = _scorers(view)
    money = [_money_totals(h) for h in view["money_known"]]
    values = {c["id"]: (c["currency"], c["value"]) for c in view["hand"]}
    yard = view["yard"]
    bought = None in yard   # a purchase this turn: the game ends with it
    row = {c["id"]: c for c in view["money_row"]}
    chances: dict[str, float] = {}
    for aid in scores:
        parsed = ActionId.parse(aid)
        if parsed.head == "buy":
            slot = parsed.number(0) - 1
            building = yard[slot]
            assert building is not None
            after = [list(c) for c in counts]
            after[me][building["type"]] += 1
            rest = [list(totals) for totals in money]
            for paid in parsed.numbers(1):
                rest[me][values[paid][0]] -= values[paid][1]
            left = [(YARD[s], b["type"]) for s, b in enumerate(yard) if b is not None and s != slot]
            chances[aid] = _win_share(view, me, after, rest, left)
        elif parsed.head == "take":
            more = [list(totals) for totals in money]
            for taken in parsed.numbers(0):
                more[me][row[taken]["currency"]] += row[taken]["value"]
            left = [(YARD[s], b["type"]) for s, b in enumerate(yard) if b is not None]
            if bought:
                chances[aid] = _win_share(view, me, counts, more, left)
            else:
                # The next seat most likely buys one of the four and ends it.
                nxt = (me + 1) % view["players"]
                total = 0.0
                for s, b in enumerate(yard):
                    assert b is not None
                    after = [list(c) for c in counts]
                    after[nxt][b["type"]] += 1
                    total += _win_share(view, me, after, more, [x for i, x in enumerate(left) if i != s])
                chances[aid] = total / len(left)
    if not chances:
        return None
    top = max(chances.values())
    return max((aid for aid in chances if chances[aid] >= top - W["final_tol"]), key=lambda a: scores[a])
