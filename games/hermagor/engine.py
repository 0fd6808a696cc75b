"""The Hermagor engine: dispatch between the phases, views, invariants."""

from __future__ import annotations

from typing import Any

from games.base import Action, Game, IllegalAction, Msg, Option, Outcome, State
from games.hermagor import board, scoring, setup, travel, undo
from games.hermagor import market_phase as mp
from games.hermagor.common import colours, m, shared
from games.hermagor.data import (
    BUYERS,
    DISCS_PER_COLOUR,
    POSTS_PER_COLOUR,
    SHARED_BUYERS_EACH,
    bag_tiles,
)


class Hermagor(Game):
    id = "hermagor"
    min_players = 2
    max_players = 5
    options = (
        Option("tax", False, (False, True), "hermagor.option.tax", "hermagor.option.tax.desc"),
        Option("six", False, (False, True), "hermagor.option.six", "hermagor.option.six.desc"),
        Option("ten", False, (False, True), "hermagor.option.ten", "hermagor.option.ten.desc"),
    )

    # -- lifecycle ------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        self.check_players(players)
        state = setup.new_state(players, self.resolve_options(options), seed)
        events: list[Msg] = []
        _advance(state, events)
        state["setup_events"] = events
        return state

    def to_act(self, state: State) -> list[int]:
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        if state["phase"] in ("tax", "buy", "act"):
            return [state["turn"]]
        return []

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["pending"]:
            p = state["pending"][0]
            kind = p["kind"]
            if kind == "rise":
                return mp.rise_actions(state, p)
            if kind == "fluct":
                return mp.fluct_actions(state)
            if kind == "name":
                return mp.name_actions(state, p)
            return travel.prod_actions(state, p)
        phase = state["phase"]
        if phase == "tax":
            return mp.tax_actions(state)
        if phase == "buy":
            return mp.buy_actions(state, seat)
        return travel.actions(state, seat)

    def apply(self, state: State, seat: int, action_id: str) -> list[Msg]:
        if seat not in self.to_act(state):
            raise IllegalAction(m("err.not_now"))
        if action_id not in {a.id for a in self.legal_actions(state, seat)}:
            raise IllegalAction(m("err.illegal", action=action_id[:64]))
        events: list[Msg] = []
        if state["pending"]:
            p = state["pending"].pop(0)
            kind = p["kind"]
            if kind in ("rise", "fluct"):
                if action_id == "norise":
                    events.append(m("ev.norise", seat={"seat": seat}))
                mp.apply_price(state, seat, p, action_id, events)
            elif kind == "name":
                mp.apply_name(state, seat, p, action_id, events)
            else:
                travel.apply_prod(state, p, action_id, events)
        elif state["phase"] == "tax":
            mp.apply_tax(state, seat, action_id, events)
        elif state["phase"] == "buy":
            mp.apply_buy(state, seat, action_id, events)
        else:
            travel.apply(state, seat, action_id, events)
        _advance(state, events)
        return events

    def prompt(self, state: State, seat: int) -> Msg:
        if seat not in self.to_act(state):
            return m("prompt.wait")
        if state["pending"]:
            p = state["pending"][0]
            if p["kind"] == "rise":
                return m("prompt.rise", good=m("good." + p["good"]))
            if p["kind"] == "prod":
                key = "prompt.prod_shared" if p["colour"] == shared(state) else "prompt.prod"
                return m(key, region=p["region"] + 1)
            return m("prompt." + p["kind"])
        phase, step = state["phase"], state["step"]
        if phase == "tax":
            return m("prompt.tax")
        if phase == "buy":
            if step["band"] is not None:
                return m("prompt.band_shared" if step["shared"] else "prompt.band")
            return m("prompt.buy", left=state["buyers"][seat])
        mode = step["mode"]
        if mode:
            return m("prompt." + mode)
        if step["acted"]:
            return m("prompt.after")
        return m("prompt.act", left=state["hand"][seat])

    def view(self, state: State, seat: int | None) -> State:
        out = {k: v for k, v in state.items() if k not in ("rng", "setup_events")}
        over = state["phase"] == "over"  # the final money is the public result
        out["money"] = [mon if s == seat or over else None for s, mon in enumerate(state["money"])]
        # the action tiles lie face down: only how many are left is known
        out["actions"] = [None] * len(state["actions"])
        out["viewer"] = seat
        return out

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(state)

    def closes_undo(self, before: State, after: State, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: State, seat: int) -> list[Msg]:
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: State, seat: int, legal: list[Action], rnd: Any) -> str:
        from games.hermagor.ai import choose_ai_action
        return choose_ai_action(view, seat, legal, rnd)

    # -- invariants -------------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        check_invariants(state)


def _advance(state: State, events: list[Msg]) -> None:
    """Run the automatic steps until somebody has to decide."""
    while True:
        pending = state["pending"]
        if pending:
            p = pending[0]
            if p["kind"] == "prod" and not travel.prod_options(state, p["colour"], p["region"]):
                pending.pop(0)  # an earlier choice used the last disc or slot
                note = travel.no_prod_reason(state, p["colour"], p["region"])
                if note is not None:
                    events.append(note)
                continue
            return
        phase = state["phase"]
        if phase == "start":
            if not setup.start_round(state, events):
                scoring.final_income(state, events)
                return
        elif phase == "resolve":
            mp.start_resolution(state, events)
        elif phase == "tiles":
            mp.continue_tiles(state, events)
            if state["phase"] == "tiles" and not state["pending"]:
                return  # cannot happen; guards against a silent loop
        elif phase == "named":
            _money_notes(state, events)
            if travel.anyone_can_act(state):
                travel.begin(state)
            else:
                state["phase"] = "end_round"
        elif phase == "act":
            travel.after_action(state)
            if state["phase"] == "act":
                return
        elif phase == "end_round":
            travel.end_round(state, events)
            _money_notes(state, events)
            state["phase"] = "start"
        else:  # tax, buy, over: a player decides (or the game is over)
            return


def _money_notes(state: State, events: list[Msg]) -> None:
    """Each player privately sees their money at the phase boundaries."""
    for seat, money in enumerate(state["money"]):
        event = m("ev.money", amount=money)
        event["to"] = seat
        events.append(event)


_ALL_TILES = {n: sorted(bag_tiles(n)) for n in range(2, 6)}


def check_invariants(state: State) -> None:
    n = state["players"]
    sh = shared(state)
    counts = [0] * colours(state)
    for v, posts in state["village"].items():
        assert len(posts) == len(set(posts)), f"two posts of a colour in {v}"
        for x in posts:
            counts[x] += 1
    for c in range(colours(state)):
        on_board = counts[c]
        held = sum(state["shared_posts"]) if c == sh else state["hand"][c]
        assert state["supply"][c] >= 0 and held >= 0
        assert state["supply"][c] + held + on_board == POSTS_PER_COLOUR, f"posts of colour {c}"
        discs = sum(row.count(c) for row in state["prod"].values()) + state["nobility"].count(c)
        assert state["discs"][c] >= 0 and state["discs"][c] + discs == DISCS_PER_COLOUR
    tiles = list(state["bag"]) + [t for t in state["stalls"] if t] + [
        t for f in state["front"] for t in f]
    assert sorted(tiles) == _ALL_TILES[n], "tiles not conserved"
    for seat in range(n):
        assert state["money"][seat] >= 0, f"money of seat {seat} negative"
        placed = state["on_stall"].count(seat) + state["on_space"].count(seat)
        assert 0 <= placed + state["buyers"][seat] <= BUYERS
        assert state["merchant"][seat] in board.NODES
    if sh is not None:
        placed = state["on_stall"].count(sh) + state["on_space"].count(sh)
        assert placed + sum(state["shared_buyers"]) <= 2 * SHARED_BUYERS_EACH
    assert all(5 <= p <= 10 for p in state["prices"].values())
