"""A turn: take money or buy buildings, the 2-player gift, the end-of-turn
refill with scoring, and the end of the game."""

from __future__ import annotations

from functools import lru_cache

from games import rng
from games.alhambra.common import (
    P,
    building_msg,
    cards_msg,
    currency_msg,
    m,
    money_msg,
    scorer_ref,
    type_msg,
    values_text,
)
from games.alhambra.data import (
    BUILDINGS,
    CURRENCY,
    MAX_ACTIONS,
    NEUTRAL_AFTER,
    ROUNDS,
    ROW_SIZE,
    SCORE_A,
    VALUE,
    YARD,
)
from games.alhambra.payments import by_value, is_valid_payment, is_valid_take, payments_from, take_options
from games.alhambra.scoring import score_round, type_counts
from games.base import Action, IllegalAction, Msg, State


def ids_text(cards: list[int]) -> str:
    return ",".join(str(c) for c in sorted(cards))


def buy_options(state: State, seat: int) -> list[tuple[int, list[int], int]]:
    """(slot, cards, overpay) for every minimal purchase (no card that could be
    left out), exact ones first: every such payment is offered, up to equal
    cards (issue 13: no cap, so 7+6 for a price of 8 is a button too)."""
    per_currency: list[list[int]] = [[], [], [], []]
    for c in state["hands"][seat]:
        per_currency[CURRENCY[c]].append(c)
    exact: list[tuple[int, list[int], int]] = []
    over: list[tuple[int, list[int], int]] = []
    for slot, b in enumerate(state["yard"]):
        if b is None:
            continue
        mine = per_currency[YARD[slot]]
        price = BUILDINGS[b][1]
        if sum(VALUE[c] for c in mine) < price:
            continue
        for pay, extra in payments_from(by_value(mine), price):
            (over if extra else exact).append((slot, pay, extra))
    return exact + over


@lru_cache(maxsize=16384)
def _buy_action(slot: int, b: int, pay: tuple[int, ...], extra: int) -> Action:
    # Cached: Actions are immutable and their labels are only read, so equal
    # purchases share one object (legal_actions runs once per move).
    args = {"slot": slot + 1, "building": building_msg(b), "currency": currency_msg(YARD[slot]),
            "paid": values_text(list(pay))}
    aid = f"buy:{slot + 1}:{ids_text(list(pay))}"
    if extra:
        args["over"] = extra
        return Action(aid, {"key": P + "label.buy_over", "args": args}, "buy", "secondary")
    return Action(aid, {"key": P + "label.buy_exact", "args": args}, "buy", "success")


@lru_cache(maxsize=16384)
def _take_action(cards: tuple[int, ...]) -> Action:
    # Per set of cards (not per row): single cards recur all game long.
    return Action("take:" + ",".join(map(str, cards)),
                  {"key": P + "label.take", "args": {"cards": [money_msg(c) for c in cards]}},
                  "take", "primary")


def legal_actions(state: State, seat: int) -> list[Action]:
    if state["phase"] == "over" or seat != state["turn"]:
        return []
    if state["phase"] == "gift":
        b = state["pending"][0]
        return [Action("keep", m("label.keep", building=building_msg(b)), "gift", "primary"),
                Action("gift", m("label.gift", building=building_msg(b)), "gift", "secondary")]
    yard = state["yard"]
    exact: list[Action] = []
    over: list[Action] = []
    for slot, pay, extra in buy_options(state, seat):
        (over if extra else exact).append(_buy_action(slot, yard[slot], tuple(pay), extra))
    actions = exact + [_take_action(tuple(cards)) for cards in take_options(state["row"])] + over
    # A turn is always exactly one action (rulebook L93): after an exact
    # purchase the player must act again; there is no ending the turn early.
    if not actions and state["acts"] == 0:
        actions.append(Action("pass", m("label.pass"), "end", "danger"))
    return actions


def _parse_cards(text: str) -> list[int]:
    cards = [int(x) for x in text.split(",")]
    if any(str(c) != x for c, x in zip(cards, text.split(","), strict=True)):
        raise ValueError(text)
    return cards


def _illegal(key: str, **args) -> IllegalAction:
    return IllegalAction(m("reason." + key, **args))


def apply(state: State, seat: int, action_id: str) -> list[Msg]:
    """Validate completely, then mutate; see ``games.base.Game.apply``."""
    phase = state["phase"]
    if phase == "over":
        raise _illegal("over")
    if seat != state["turn"]:
        raise IllegalAction({"key": "core.error.not_your_turn"})
    head, _, rest = action_id.partition(":")
    if phase == "gift":
        if action_id not in ("keep", "gift"):
            raise _illegal("gift_pending")
        return _finish_gift(state, seat, action_id == "gift")
    if head == "take":
        try:
            cards = _parse_cards(rest)
        except ValueError:
            raise _illegal("bad_action") from None
        if not is_valid_take(state["row"], cards):
            raise _illegal("take")
        return _take(state, seat, cards)
    if head == "buy":
        slot_text, _, cards_text = rest.partition(":")
        try:
            slot = int(slot_text) - 1
            cards = _parse_cards(cards_text)
        except ValueError:
            raise _illegal("bad_action") from None
        if not 0 <= slot < ROW_SIZE or state["yard"][slot] is None:
            raise _illegal("slot_empty")
        hand = state["hands"][seat]
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            raise _illegal("not_your_cards")
        b = state["yard"][slot]
        if not is_valid_payment(cards, YARD[slot], BUILDINGS[b][1]):
            raise _illegal("payment", currency=currency_msg(YARD[slot]), price=BUILDINGS[b][1])
        return _buy(state, seat, slot, cards)
    if action_id == "pass" and state["acts"] == 0 and legal_actions(state, seat)[0].id == "pass":
        return _end_turn(state, [m("ev.pass", seat={"seat": seat})])
    raise _illegal("bad_action")


def _take(state: State, seat: int, cards: list[int]) -> list[Msg]:
    row = state["row"]
    for c in cards:
        row.remove(c)
    state["hands"][seat].extend(cards)
    state["acts"] += 1
    return _end_turn(state, [m("ev.take", seat={"seat": seat}, cards=cards_msg(cards))])


def _buy(state: State, seat: int, slot: int, cards: list[int]) -> list[Msg]:
    hand = state["hands"][seat]
    for c in cards:
        hand.remove(c)
    state["discard"].extend(cards)
    b = state["yard"][slot]
    state["yard"][slot] = None
    price = BUILDINGS[b][1]
    exact = sum(VALUE[c] for c in cards) == price
    state["acts"] += 1
    events = [m("ev.buy", seat={"seat": seat}, building=building_msg(b),
                currency=currency_msg(YARD[slot]), paid=values_text(cards))]
    if state["neutral"] is not None:
        # 2 players: the buyer now decides to keep it or give it to the neutral.
        state["phase"] = "gift"
        state["pending"] = [b, exact]
        return events
    state["built"][seat].append(b)
    return _after_buy(state, seat, exact, events)


def _finish_gift(state: State, seat: int, gift: bool) -> list[Msg]:
    b, exact = state["pending"]
    state["pending"] = None
    state["phase"] = "act"
    events: list[Msg] = []
    if gift:
        state["neutral"].append(b)
        events.append(m("ev.gift", seat={"seat": seat}, building=building_msg(b)))
    else:
        state["built"][seat].append(b)
    return _after_buy(state, seat, exact, events)


def _after_buy(state: State, seat: int, exact: bool, events: list[Msg]) -> list[Msg]:
    if exact and state["acts"] < MAX_ACTIONS and _can_act(state, seat):
        events.append(m("ev.exact", seat={"seat": seat}, n=state["acts"] + 1))
        return events
    return _end_turn(state, events)


def _can_act(state: State, seat: int) -> bool:
    """Anything to do on a bonus action?  (Otherwise the turn just ends.)"""
    if state["row"]:
        return True
    hand = state["hands"][seat]
    for slot, b in enumerate(state["yard"]):
        if b is not None:
            total = sum(VALUE[c] for c in hand if CURRENCY[c] == YARD[slot])
            if total >= BUILDINGS[b][1]:
                return True
    return False


def _end_turn(state: State, events: list[Msg]) -> list[Msg]:
    """Refill the yard (left to right) and the money row; score a revealed
    scoring card before the next turn; end the game when the yard cannot be
    refilled to four."""
    yard = state["yard"]
    bdeck = state["bdeck"]
    new = []
    for i in range(ROW_SIZE):
        if yard[i] is None and bdeck:
            yard[i] = bdeck.pop()
            new.append(yard[i])
    if new:
        events.append(m("ev.yard", buildings=[building_msg(b) for b in new]))
    if None in yard:
        _game_end(state, events)
        return events
    _refill_money(state, events)
    state["turn"] = (state["turn"] + 1) % state["players"]
    state["acts"] = 0
    return events


def _refill_money(state: State, events: list[Msg]) -> None:
    row = state["row"]
    new: list[int] = []
    while len(row) < ROW_SIZE:
        if not state["deck"]:
            if not state["discard"]:
                break
            state["deck"] = state["discard"]
            state["discard"] = []
            rng.shuffle(state, state["deck"])
            events.append(m("ev.reshuffle", n=len(state["deck"])))
        card = state["deck"].pop()
        state["drawn"] += 1
        if card < 0:
            if new:
                events.append(m("ev.row", cards=cards_msg(new)))
                new = []
            _score(state, "A" if card == SCORE_A else "B", events)
            continue
        row.append(card)
        new.append(card)
    if new:
        events.append(m("ev.row", cards=cards_msg(new)))


def scorer_counts(state: State) -> list[list[int]]:
    counts = [type_counts(b) for b in state["built"]]
    if state["neutral"] is not None:
        counts.append(type_counts(state["neutral"]))
    return counts


def _score(state: State, round_: str, events: list[Msg]) -> None:
    points = score_round(scorer_counts(state), round_)
    r = ROUNDS.index(round_)
    events.append(m("ev.scoring", round=round_))
    for scorer, pts in enumerate(points):
        total = sum(pts)
        state["scores"][scorer][r] = total
        if total:
            parts = [m("part", building=type_msg(t), points=p) for t, p in enumerate(pts) if p]
            events.append(m("ev.score_line", who=scorer_ref(state, scorer), points=total, parts=parts))
    state["scored"].append(round_)
    if state["neutral"] is not None and round_ in NEUTRAL_AFTER:
        got = [state["bdeck"].pop() for _ in range(min(NEUTRAL_AFTER[round_], len(state["bdeck"])))]
        state["neutral"].extend(got)
        if got:
            events.append(m("ev.neutral_gets", buildings=[building_msg(b) for b in got]))


def _game_end(state: State, events: list[Msg]) -> None:
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
            events.append(m("ev.leftover", seat={"seat": winners[0]}, building=building_msg(b),
                            currency=currency_msg(cur), amount=best))
        else:
            events.append(m("ev.leftover_stays", building=building_msg(b), currency=currency_msg(cur)))
    _score(state, "C", events)
    state["phase"] = "over"
    totals = [sum(s) for s in state["scores"][: state["players"]]]
    best = max(totals)
    winners = [{"seat": s} for s, t in enumerate(totals) if t == best]
    events.append(m("ev.winner", seats=winners, points=best))
