"""San Juan (Andreas Seyfarth, alea/Ravensburger 2004), 2–4 players.

Modules: ``engine`` (the ``Game`` subclass: the decisions table, wiring),
``setup`` (the new state), ``flow`` (rounds, roles, chapel, hand limit),
``build`` (builder phase and its buildings), ``goods`` (producer, trader),
``council`` (councillor, prospector and gold mine), ``picks`` (keep/discard
steps), ``derived`` (the caches the state keeps), ``view`` (views, prompt,
refusal, private summary), ``scoring``, ``determinize``, ``ai``, ``undo``,
``invariants``, ``schema``, ``data``, ``common`` (the message maker ``m``,
drawing, card names, city queries), ``actions`` (ids and labels).

Rule readings (where the rulebook leaves room):
* The first governor is chosen by the game's RNG ("players choose as they like").
* 2 players: governor, opponent, governor choose roles; the library works once
  a round per player — the governor may choose a first role "keeping the
  library" (``role:<r>:save``) to use it on the second.
* Councillor, producer and trader choices (and gold-mine picks, hand-limit
  discards, chapel tucks, the start-rule picks) are simultaneous; the cards are
  drawn in seat order from the chooser — councillor/gold-mine looks at phase
  start, goods and trade income when the last seat has decided.  A reshuffled
  discard pile is sorted first, so the order of simultaneous decisions never
  changes the deck.
* A pick (keep/discard) is final when the needed number is picked; "undo"
  restarts a partial pick.  A payment nobody could choose differently (the
  rest of the hand is exactly the price, or of one kind, and no good could be
  used) is made automatically.
* The gold mine is always turned up (it costs nothing).  Its four cards are
  turned up openly ("jól láthatóan"): everyone sees them and which one is kept.
* Crane: "same card" means the same building type; the crane cannot be
  covered; a good on the covered building is lost and cannot pay through the
  black market; the covered card stays under the new one (``covered``).
* The 6-cost buildings score their bonus only (no printed point: the card
  list's "6/1" stands for the printed "?"); the palace counts a quarter of
  every other point, itself not included (34 → 8, 42 in all).
* House rule for a degenerate case the rulebook does not cover: when no card
  can ever move again (both piles empty, no goods, nobody able to build even
  as builder) the game ends at the start of the next round.
"""

from .engine import SanJuan

GAME = sanjuan = SanJuan()

__all__ = ["GAME", "SanJuan", "sanjuan"]
