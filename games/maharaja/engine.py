"""The Maharaja engine: wires the rule modules into the ``games.base`` protocol."""

from __future__ import annotations

from typing import Any

from games.base import Action, Decision, Game, Msg, Option, Outcome, seat_ref
from games.maharaja import ai, determinize, flow, invariants, plan, scoring, setup, setup_phase, turn, undo
from games.maharaja import view as view_module
from games.maharaja.common import action_msg, encode_board, keep_character_order, m
from games.maharaja.data import START_HOUSES
from games.maharaja.schema import MaharajaState, MaharajaView, PublicView, SeatView

# The rules by decision kind (``flow.decision_for``: the first pending
# decision's kind, else the phase).
DECISIONS: dict[str, Decision] = {
    "choose": Decision(setup_phase.choose_ids, setup_phase.apply_choose, setup_phase.choose_labels),
    "bid": Decision(setup_phase.bid_ids, setup_phase.apply_bid, setup_phase.bid_labels),
    "place": Decision(setup_phase.place_ids, setup_phase.apply_place, setup_phase.place_labels),
    "plan": Decision(plan.plan_ids, plan.apply_plan, plan.plan_labels),
    "act": Decision(turn.ids, turn.apply, turn.labels, turn.allows),
    "pick": Decision(turn.pick_ids, turn.apply_pick, turn.pick_labels),
    "yield": Decision(turn.yield_ids, turn.apply_yield, turn.yield_labels),
}


class Maharaja(Game[MaharajaState, MaharajaView]):
    id = "maharaja"
    min_players = 2
    max_players = 5
    options = (
        Option("short", False, (False, True), "maharaja.option.short", "maharaja.option.short.desc"),
        Option("advanced", 0, (0, 1, 2), "maharaja.option.advanced", "maharaja.option.advanced.desc"),
    )
    state_type = MaharajaState
    public_view_type = PublicView
    seat_view_type = SeatView
    decisions = DECISIONS

    # -- lifecycle -----------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> MaharajaState:
        self.check_players(players)
        return setup.new_state(players, self.resolve_options(options), seed)  # type: ignore[arg-type]

    def setup_events(self, state: MaharajaState) -> list[Msg]:
        """Who was drawn as "youngest" (and the opening of the bidding variant)."""
        return list(state["opening_events"])

    def upgrade_state(self, state: dict[str, Any]) -> MaharajaState:
        """Older states kept the seats to act (``acting``), now read when
        asked, and some lack the derived ``board`` or ``character_order``
        (see ``common``): both are read afresh."""
        state.pop("acting", None)
        state["board"] = encode_board(state["villages"])
        keep_character_order(state)  # type: ignore[arg-type]
        return state  # type: ignore[return-value]

    to_act = staticmethod(flow.seats_to_act)
    decision_for = staticmethod(flow.decision_for)

    def is_over(self, state: MaharajaState) -> bool:
        return state["phase"] == "over"

    # -- what players see -------------------------------------------------------------
    def prompt(self, state: MaharajaState, seat: int) -> Msg:
        if seat not in self.to_act(state):
            return m("prompt.over") if self.is_over(state) else m("prompt.wait")
        phase = state["phase"]
        if phase == "choose":
            return m("prompt.choose")
        if phase == "bid":
            auction = state["auction"]
            assert auction is not None
            if auction["chooser"] is not None:
                return m("prompt.choose")
            if auction["leader"] is not None:
                return m("prompt.bid", gold=max(auction["high_bid"], 0))
            return m("prompt.bid_open")
        if phase == "place":
            placement = state["placement"]
            assert placement is not None
            return m("prompt.place", n=placement["index"] // state["players"] + 1, total=START_HOUSES)
        if phase == "plan":
            planned = state["plans"][seat]
            if len(planned) == 2:
                return m("prompt.confirm", a=action_msg(planned[0]), b=action_msg(planned[1]))
            return m("prompt.plan", n=len(planned) + 1)
        pending = state["pending"]
        if pending:
            first = pending[0]
            if first["kind"] == "pick":
                return m("prompt.pick")
            return m("prompt.yield", seat=seat_ref(first["recipient"]))
        progress = turn.progress(state)
        decision = progress["decision"]
        if decision is not None:
            return m(f"prompt.step.{decision['kind']}")
        if not progress["parts"]:
            return m("prompt.turn_done")
        return m("prompt.turn", parts=[m(f"part.{part}") for part in progress["parts"]])

    def view(self, state: MaharajaState, seat: int | None) -> MaharajaView:
        """The open board; gold and plans only where this audience may see
        them (see ``view``)."""
        return view_module.view(state, seat)

    def outcome(self, state: MaharajaState) -> Outcome:
        return scoring.outcome(state)

    def check_invariants(self, state: MaharajaState) -> None:
        invariants.check_invariants(state)

    def timed_default(self, state: MaharajaState, seat: int) -> tuple[int, str] | None:
        # a player whose character was taken (or lured) must answer mid-turn of
        # someone else: do not let the round stall
        pending = state["pending"]
        if state["phase"] == "act" and pending and pending[0]["seat"] == seat:
            legal = self.legal_ids(state, seat)
            return (120, legal[0]) if legal else None
        return None

    def closes_undo(self, before: MaharajaState, after: MaharajaState, seat: int, action_id: str) -> bool:
        """Open unless a plan is shown, another seat's gold changes, the round
        is evaluated or the game ends (see ``undo``)."""
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: MaharajaView, seat: int) -> list[Msg]:
        """Gold, plan, characters, action coins and the parts still owed."""
        return view_module.private_summary(view, seat)

    def choose_ai_action(self, view: MaharajaView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(view, seat, legal, rnd)

    def choose_normal_action(self, view: MaharajaView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal(view, seat, legal, rnd)

    def determinize(self, view: MaharajaView, seat: int, rnd: Any) -> MaharajaState:
        return determinize.determinize(view, seat, rnd)

    def evaluate(self, state: MaharajaState) -> list[float]:
        return scoring.evaluate(state)
