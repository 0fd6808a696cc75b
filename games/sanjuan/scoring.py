"""Final scoring: building VP, chapel cards, the 6-cost bonuses, palace last.
Tiebreak: cards in hand plus goods."""

from __future__ import annotations

import math

from games.base import Msg, Outcome, rank_rewards

from .common import State, m
from .data import (
    CARD_TYPE,
    CITY_HALL,
    END_BUILDINGS,
    GUILD_HALL,
    IS_PROD,
    KIND,
    MONUMENT,
    PALACE,
    PROD,
    TRIUMPHAL_ARCH,
    VP,
)
from .schema import ScoreSheet

ARCH_BONUS = (0, 4, 6, 8)  # by number of monuments (1/2/3)


def score_sheet(state: State, seat: int) -> ScoreSheet:
    """Score parts of seat ``p`` (``total`` included)."""
    city = [c for c, _ in state["cities"][seat]]
    types = {CARD_TYPE[c] for c in city}
    sheet: ScoreSheet = {"buildings": sum(VP[c] for c in city), "chapel": len(state["chapel"][seat]),
                         "guild_hall": 0, "city_hall": 0, "triumphal_arch": 0, "palace": 0, "total": 0}
    if GUILD_HALL in types:
        sheet["guild_hall"] = 2 * sum(1 for c in city if IS_PROD[c])
    if CITY_HALL in types:
        sheet["city_hall"] = sum(1 for c in city if KIND[c] != PROD)
    if TRIUMPHAL_ARCH in types:
        sheet["triumphal_arch"] = ARCH_BONUS[min(3, sum(1 for c in city if KIND[c] == MONUMENT))]
    subtotal = (sheet["buildings"] + sheet["chapel"] + sheet["guild_hall"] + sheet["city_hall"]
                + sheet["triumphal_arch"])
    if PALACE in types:
        sheet["palace"] = subtotal // 4
    sheet["total"] = subtotal + sheet["palace"]
    return sheet


def tiebreak(state: State, seat: int) -> int:
    return len(state["hands"][seat]) + sum(1 for _, g in state["cities"][seat] if g >= 0)


def outcome(state: State) -> Outcome:
    n = state["players"]
    sheets = [score_sheet(state, seat) for seat in range(n)]
    scores = [sh["total"] for sh in sheets]
    keys = [(scores[seat], tiebreak(state, seat)) for seat in range(n)]
    ranking: list[list[int]] = []
    for key in sorted(set(keys), reverse=True):
        ranking.append([seat for seat in range(n) if keys[seat] == key])
    details: list[list[Msg]] = []
    for seat, sh in enumerate(sheets):
        lines = [m("score.buildings", n=sh["buildings"])]
        if sh["chapel"]:
            lines.append(m("score.chapel", n=sh["chapel"]))
        for card, points in (("guild_hall", sh["guild_hall"]), ("city_hall", sh["city_hall"]),
                             ("triumphal_arch", sh["triumphal_arch"]), ("palace", sh["palace"])):
            if points:
                lines.append(m("score.bonus", card=m("card." + card), n=points))
        lines.append(m("score.total", n=sh["total"]))
        lines.append(m("score.tiebreak", n=tiebreak(state, seat)))
        details.append(lines)
    return Outcome(scores=scores, ranking=ranking, details=details)


# ``evaluate``: how many points a card in hand or a good is worth before the
# end (it becomes part of a building), the spread of the estimate, and the
# share of the reward the ranking gives at the end (the rest: the margin).
CARD_POINTS, GOOD_POINTS, SPREAD, RANK_SHARE = 0.55, 0.45, 2.5, 0.5


def evaluate(state: State) -> list[float]:
    """Rewards for the hard AI's playouts.  Before the end: each seat's points
    so far plus what its cards and goods may still become (less as the end
    nears).  At the end: the ranking (``rank_rewards``) blended with the same
    smooth reward of the final scores — a bare win or loss is too noisy for
    the hundred-odd playouts a second allows; a wider win still ranks higher
    and the winner's reward stays the highest."""
    n = state["players"]
    if state["phase"] == "over":
        out = outcome(state)
        est = [out.scores[seat] + 0.01 * tiebreak(state, seat) for seat in range(n)]
        ranked = rank_rewards(out.ranking, n)
        return [RANK_SHARE * r + (1 - RANK_SHARE) * m for r, m in zip(ranked, _smooth(est), strict=True)]
    left = max(0, END_BUILDINGS - max(map(len, state["cities"]))) / END_BUILDINGS
    est = []
    for seat in range(n):
        goods = sum(1 for _, g in state["cities"][seat] if g >= 0)
        est.append(score_sheet(state, seat)["total"] + left * (CARD_POINTS * len(state["hands"][seat]) + GOOD_POINTS * goods)
                   + 0.1 * (len(state["hands"][seat]) + goods))
    return _smooth(est)


def _smooth(est: list[float]) -> list[float]:
    """Estimated scores as rewards in [0, 1]: a smooth chance of winning
    (softmax) and of beating each other seat (logistic), weighted as
    ``rank_rewards`` weights winning and places."""
    n = len(est)
    top = max(est)
    weights = [math.exp((e - top) / SPREAD) for e in est]
    total = sum(weights)
    out = []
    for seat in range(n):
        beaten = sum(1 / (1 + math.exp((est[q] - est[seat]) / SPREAD)) for q in range(n) if q != seat) / max(1, n - 1)
        out.append(0.75 * weights[seat] / total + 0.25 * beaten)
    return out
