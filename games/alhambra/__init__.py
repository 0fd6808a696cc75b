"""Alhambra: The Card Game (Dirk Henn, Queen Games / Piatnik), 2–6 players.

Modules: ``data`` (components, scoring tables), ``schema`` (state and view
shapes), ``setup`` (set-up), ``flow`` (who decides now; the end of a turn:
refill, scoring cards, game end), ``turn`` (the decision "act": take money,
buy, pass), ``gift`` (2 players: keep or give), ``payments`` (which cards pay
/ may be taken), ``scoring`` (majorities, outcome, the AI's evaluation),
``view`` (what a seat may see, prompts, private summary), ``determinize``
(hidden worlds for the hard AI), ``ai``, ``undo`` (undo window),
``invariants``, ``engine`` (the ``Game`` protocol wired to the modules).

Rule readings where the rulebook is silent (as players of the published game
would expect; sources in ``data``):

* Starting capital is drawn seat 0 first, then clockwise; it is public at
  set-up (``Game.setup_events``) and hidden afterwards.  Start player: fewest
  cards, then the lower total (GAMES.md), then seat order from a random seat
  (announced in the set-up log).
* The five piles: the top piles take the extra cards of an uneven split; the
  view tells which pile the next scoring card is in and, as players can count
  the piles, the range of positions from the top of the deck.
* 2 players: the neutral's 6 set-up buildings are dealt after the yard.  The
  gift to the neutral is a keep/give decision after every purchase; an exact
  payment still earns the extra action when the building is given away.
  The neutral holds no money, so he never receives a leftover building.
* A turn is always exactly one action (rulebook L93, GAMES.md): after an
  exact payment the player must act again (take money or buy); there is no
  "end your turn".  A player who can do nothing at all at the start of a turn
  passes (only possible when the money row is empty); a bonus action with
  nothing possible (no money row, nothing affordable) ends the turn by itself.
* At the end of a turn the yard is refilled first; when it cannot be filled
  to four the game ends at once (the money row is not refilled).  Scoring
  cards still in the deck then never score: only C follows.
* Leftover buildings: "most of the currency" means the highest total value of
  that currency in hand; a tie for the most, or nobody holding any, leaves
  the building in the yard.
* Payments: the rulebook lets a player pay any set of own cards of the slot's
  currency worth at least the price; the moves are the payments without a
  superfluous card (every one of them, up to equal cards, exact ones first).
  A card that could be left out only throws money away, so a payment with
  one is not offered (and, since the core decides legality from the listed
  moves, refused).
"""

from games.alhambra.engine import Alhambra

GAME = Alhambra()

__all__ = ["GAME", "Alhambra"]
