"""The San Juan engine: ties the rule modules to the ``games.base`` protocol."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

from games.base import Action, Decision, Game, Msg, Option, Outcome

from . import ai, build, derived, determinize, flow, goods, invariants, picks, scoring, setup, undo
from . import view as views
from .actions import labelled
from .common import State
from .data import MAX_PLAYERS, MIN_PLAYERS
from .schema import Options, PublicView, SanJuanState, SanJuanView, SeatView

OPTIONS = (
    Option("start_choice", False, (False, True), "sanjuan.option.start_choice",
           "sanjuan.option.start_choice.desc"),
)


def _labels(state: State, seat: int, ids: list[str]) -> list[Action]:
    """Every decision's labels: a label depends on the id alone."""
    return labelled(ids)


# The rules by decision kind: San Juan has no pending decisions, so the kind
# is the phase.  The rule modules' transitions get the flow's next step bound.
# Four fast twins are kept (``flow.role_allows``, ``flow.chapel_allows``,
# ``build.allows``, ``picks.allows``: see their modules).
_select = Decision(goods.ids, partial(goods.apply, flow.all_decided), _labels)
_pick = Decision(picks.ids, partial(picks.apply, flow.all_decided), _labels, picks.allows)
DECISIONS: dict[str, Decision] = {
    "role": Decision(flow.role_ids, flow.apply_role, _labels, flow.role_allows),
    "builder": Decision(build.ids, partial(build.apply, flow.end_role), _labels, build.allows),
    "chapel": Decision(flow.chapel_ids, flow.apply_tuck, _labels, flow.chapel_allows),
    "producer": _select,
    "trader": _select,
    "start": _pick,
    "limit": _pick,
    "councillor": _pick,
    "goldmine": _pick,
}


class SanJuan(Game[SanJuanState, SanJuanView]):
    id = "sanjuan"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = OPTIONS
    state_type = SanJuanState
    public_view_type = PublicView
    seat_view_type = SeatView
    decisions = DECISIONS

    def setup(self, players: int, options: dict[str, Any], seed: int) -> SanJuanState:
        self.check_players(players)
        return setup.new_state(players, cast(Options, self.resolve_options(options)), seed)

    def setup_events(self, state: SanJuanState) -> list[Msg]:
        return setup.opening_events(state)

    def upgrade_state(self, state: dict[str, Any]) -> SanJuanState:
        """A stored state brought up to date: the derived fields a state stored
        before they existed lacks, set to their recomputation (``derived``)."""
        derived.fill(state, missing_only=True)
        return cast(SanJuanState, state)

    to_act = staticmethod(flow.to_act)
    decision_for = staticmethod(flow.decision_for)

    def refusal(self, state: SanJuanState, seat: int, action_id: str) -> Msg:
        return views.refusal(state, seat, action_id)

    def prompt(self, state: SanJuanState, seat: int) -> Msg:
        return views.prompt(state, seat)

    def view(self, state: SanJuanState, seat: int | None) -> SanJuanView:
        if seat is None:
            return views.public_view(state)
        return views.seat_view(state, seat, views.prompt(state, seat))  # the prompt is drawn on the private picture

    def is_over(self, state: SanJuanState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: SanJuanState) -> Outcome:
        return scoring.outcome(state)

    def closes_undo(self, before: SanJuanState, after: SanJuanState, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: SanJuanView, seat: int) -> list[Msg]:
        return views.private_summary(cast(SeatView, view), seat)

    def choose_ai_action(self, view: SanJuanView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(cast(SeatView, view), seat, [a.id for a in legal], rnd)

    def choose_normal_action(self, view: SanJuanView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal(cast(SeatView, view), seat, [a.id for a in legal], rnd)

    def determinize(self, view: SanJuanView, seat: int, rnd: Any) -> SanJuanState:
        return determinize.determinize(cast(SeatView, view), seat, rnd)

    def evaluate(self, state: SanJuanState) -> list[float]:
        return scoring.evaluate(state)

    def check_invariants(self, state: SanJuanState) -> None:
        invariants.check_invariants(state)
