"""The automatic steps between decisions: round start, market information,
stall resolution, the villages phase's turns, round end and the game end."""

from __future__ import annotations

from games.base import Msg
from games.hermagor import market_phase, scoring, setup, travel
from games.hermagor.schema import HermagorState


def advance(state: HermagorState, events: list[Msg]) -> None:
    """Run the automatic steps until somebody has to decide."""
    while True:
        pending = state["pending"]
        if pending:
            p = pending[0]
            if p["kind"] == "production" and not travel.prod_options(state, p["colour"], p["region"]):
                pending.pop(0)  # an earlier choice used the last disc or slot
                note = travel.no_prod_reason(state, p["colour"], p["region"])
                if note is not None:
                    events.append(note)
                continue
            return
        phase = state["phase"]
        if phase == "buy" or phase == "tax" or phase == "over":
            return  # a player decides (or the game is over)
        if phase == "act":
            travel.after_action(state)
            if state["phase"] == "act":
                return
        elif phase == "start":
            if not setup.start_round(state, events):
                scoring.final_income(state, events)
                return
        elif phase == "resolve":
            market_phase.start_resolution(state, events)
        elif phase == "tiles":
            market_phase.continue_tiles(state, events)
            if state["phase"] == "tiles" and not state["pending"]:
                return  # cannot happen; guards against a silent loop
        elif phase == "named":
            money_notes(state, events)
            if travel.anyone_can_act(state):
                travel.begin(state)
            else:
                state["phase"] = "end_round"
        elif phase == "end_round":
            travel.end_round(state, events)
            money_notes(state, events)
            state["phase"] = "start"
        else:
            raise AssertionError(f"unknown phase {phase!r}")


def money_notes(state: HermagorState, events: list[Msg]) -> None:
    """Each player privately sees their money at the phase boundaries."""
    for seat, money in enumerate(state["money"]):
        events.append({"key": "hermagor.ev.money", "args": {"amount": money}, "to": seat})
