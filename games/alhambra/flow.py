"""The automatic steps between decisions (who decides is the engine's
``decision_for``: the seat with the turn): the end of a turn refills the yard and the money row, a scoring card turned up is
scored at once (2 players: the neutral then receives buildings), and the
game ends when the yard cannot be refilled to four."""

from __future__ import annotations

from games import rng
from games.alhambra.common import building_msg, cards_msg, currency_msg, m, scorer_ref, type_msg
from games.alhambra.data import CURRENCY, NEUTRAL_AFTER, ROUNDS, ROW_SIZE, SCORE_A, VALUE, YARD
from games.alhambra.schema import AlhambraState, Round
from games.alhambra.scoring import score_round, scorer_counts
from games.base import Msg, seat_ref


def end_turn(state: AlhambraState, events: list[Msg]) -> list[Msg]:
    """Refill the yard (left to right) and the money row; score a revealed
    scoring card before the next turn; end the game when the yard cannot be
    refilled to four."""
    yard = state["yard"]
    if None in yard:
        building_deck = state["building_deck"]
        new = []
        for slot in range(ROW_SIZE):
            if yard[slot] is None and building_deck:
                building = yard[slot] = building_deck.pop()
                new.append(building_msg(building))
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


def _score(state: AlhambraState, round_: Round, events: list[Msg]) -> None:
    """A scoring round: every scorer's majority points (``score_round``);
    2 players: the neutral receives buildings after A and B (rulebook)."""
    points = score_round(scorer_counts(state), round_)
    index = ROUNDS.index(round_)
    events.append(m("ev.scoring", round=round_))
    for scorer, by_type in enumerate(points):
        total = sum(by_type)
        state["scores"][scorer][index] = total
        if total:
            parts = [m("part", building=type_msg(building_type), points=type_points)
                     for building_type, type_points in enumerate(by_type) if type_points]
            events.append(m("ev.score_line", who=scorer_ref(state["players"], scorer), points=total, parts=parts))
    state["scored_rounds"].append(round_)
    neutral = state["neutral"]
    if neutral is not None and round_ in NEUTRAL_AFTER:
        building_deck = state["building_deck"]
        got = [building_deck.pop() for _ in range(min(NEUTRAL_AFTER[round_], len(building_deck)))]
        neutral.extend(got)
        if got:
            events.append(m("ev.neutral_gets", buildings=[building_msg(building) for building in got]))


def _game_end(state: AlhambraState, events: list[Msg]) -> None:
    """Remaining yard buildings go to the player with the most money (total
    value) of the slot's currency; a tie — or nobody holding any — leaves it."""
    events.append(m("ev.game_end"))
    for slot, building in enumerate(state["yard"]):
        if building is None:
            continue
        currency = YARD[slot]
        totals = [sum(VALUE[card] for card in hand if CURRENCY[card] == currency) for hand in state["hands"]]
        best = max(totals)
        winners = [seat for seat, total in enumerate(totals) if total == best]
        if best > 0 and len(winners) == 1:
            state["built"][winners[0]].append(building)
            state["yard"][slot] = None
            events.append(m("ev.leftover", seat=seat_ref(winners[0]), building=building_msg(building),
                            currency=currency_msg(currency), amount=best))
        else:
            events.append(m("ev.leftover_stays", building=building_msg(building), currency=currency_msg(currency)))
    _score(state, "C", events)
    state["phase"] = "over"
    state["turn"] = None
    totals = [sum(scores) for scores in state["scores"][: state["players"]]]
    best = max(totals)
    winner_refs = [seat_ref(seat) for seat, total in enumerate(totals) if total == best]
    events.append(m("ev.winner", seats=winner_refs, count=len(winner_refs), points=best))
