"""The end of a turn: the yard and the money row are refilled, a scoring
card turned up is scored at once (2 players: the neutral then receives
buildings), and the game ends when the yard cannot be refilled to four."""

from __future__ import annotations

from functools import lru_cache

from games import rng
from games.alhambra.common import (
    BUILDING_MSGS,
    SEAT_REFS,
    building_msg,
    cards_msg,
    currency_msg,
    m,
    scorer_ref,
    type_msg,
)
from games.alhambra.data import CURRENCY, NEUTRAL_AFTER, ROUNDS, ROW_SIZE, SCORE_A, VALUE, YARD
from games.alhambra.schema import AlhambraState, Round
from games.alhambra.scoring import score_round, type_counts
from games.base import Msg


def end_turn(state: AlhambraState, events: list[Msg]) -> list[Msg]:
    """Refill the yard (left to right) and the money row; score a revealed
    scoring card before the next turn; end the game when the yard cannot be
    refilled to four."""
    yard = state["yard"]
    if None in yard:
        bdeck = state["building_deck"]
        new = []
        for i in range(ROW_SIZE):
            if yard[i] is None and bdeck:
                b = yard[i] = bdeck.pop()
                new.append(BUILDING_MSGS[b])
        if new:
            events.append(m("ev.yard", buildings=new))
        if None in yard:
            _game_end(state, events)
            return events
    row = state["money_row"]
    if len(row) < ROW_SIZE:
        deck = state["money_deck"]
        cards: list[int] = []
        while len(row) < ROW_SIZE:
            if not deck:
                if not state["discard"]:
                    break
                deck = state["money_deck"] = state["discard"]
                state["discard"] = []
                rng.shuffle(state, deck)
                events.append(m("ev.reshuffle", n=len(deck)))
            card = deck.pop()
            state["cards_drawn"] += 1
            if card < 0:
                if cards:
                    events.append(m("ev.row", cards=cards_msg(cards)))
                    cards = []
                _score(state, "A" if card == SCORE_A else "B", events)
                continue
            row.append(card)
            cards.append(card)
        if cards:
            events.append(m("ev.row", cards=cards_msg(cards)))
    turn = state["turn"]
    assert turn is not None
    state["turn"] = (turn + 1) % state["players"]
    state["actions_taken"] = 0
    return events


def scorer_counts(state: AlhambraState) -> list[list[int]]:
    """Buildings per type of every scorer (2 players: the neutral last)."""
    counts = [type_counts(b) for b in state["built"]]
    if state["neutral"] is not None:
        counts.append(type_counts(state["neutral"]))
    return counts


def _score(state: AlhambraState, round_: Round, events: list[Msg]) -> None:
    points = score_round(scorer_counts(state), round_)
    r = ROUNDS.index(round_)
    events.append(m("ev.scoring", round=round_))
    for scorer, pts in enumerate(points):
        total = sum(pts)
        state["scores"][scorer][r] = total
        if total:
            parts = [_part(t, p) for t, p in enumerate(pts) if p]
            events.append(m("ev.score_line", who=scorer_ref(state["players"], scorer), points=total, parts=parts))
    state["scored_rounds"].append(round_)
    neutral = state["neutral"]
    if neutral is not None and round_ in NEUTRAL_AFTER:
        bdeck = state["building_deck"]
        got = [bdeck.pop() for _ in range(min(NEUTRAL_AFTER[round_], len(bdeck)))]
        neutral.extend(got)
        if got:
            events.append(m("ev.neutral_gets", buildings=[building_msg(b) for b in got]))


@lru_cache(maxsize=1024)
def _part(t: int, points: int) -> Msg:
    # Shared: messages are only read.
    return m("part", building=type_msg(t), points=points)


def _game_end(state: AlhambraState, events: list[Msg]) -> None:
    """Remaining yard buildings go to the player with the most money (total
    value) of the slot's currency; a tie — or nobody holding any — leaves it."""
    events.append(m("ev.game_end"))
    for slot, b in enumerate(state["yard"]):
        if b is None:
            continue
        cur = YARD[slot]
        totals = [sum(VALUE[c] for c in h if CURRENCY[c] == cur) for h in state["hands"]]
        best = max(totals)
        winners = [s for s, t in enumerate(totals) if t == best]
        if best > 0 and len(winners) == 1:
            state["built"][winners[0]].append(b)
            state["yard"][slot] = None
            events.append(m("ev.leftover", seat=SEAT_REFS[winners[0]], building=building_msg(b),
                            currency=currency_msg(cur), amount=best))
        else:
            events.append(m("ev.leftover_stays", building=building_msg(b), currency=currency_msg(cur)))
    _score(state, "C", events)
    state["phase"] = "over"
    state["turn"] = None
    totals = [sum(s) for s in state["scores"][: state["players"]]]
    best = max(totals)
    winner_refs = [SEAT_REFS[s] for s, t in enumerate(totals) if t == best]
    events.append(m("ev.winner", seats=winner_refs, count=len(winner_refs), points=best))
