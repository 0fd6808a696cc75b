"""Hermagor (Emanuele Ornella, Mind the Move 2006) for 2–5 players.

Modules: ``data`` (goods, prices, tiles, action tiles, nobility), ``board``
(the map) and ``market`` (the market square), ``schema`` (state and views),
``setup`` (the new state), ``flow`` (turn orders and the automatic steps
between decisions: round start, phase 2, round end), the rule modules
``tax`` (the tax official), ``buyers`` (phase 1), ``stalls`` (phase 2:
market information, tiles by majority, prices, start player), ``travel``
(phase 3: moving, selling, trading posts) and ``regions`` (enclosures,
nobility, production), ``scoring`` (final income, result, the AI's
estimate), ``view`` (what each seat may see, its summary, the prompt),
``engine`` (the ``Game`` protocol), ``ai``, ``determinize``, ``undo``,
``invariants``.

Rule readings (where the rulebook leaves room or is not public):
* The map, the market's path-space costs, the tile contents and the nobility
  values are reconstructed (see ``board``, ``market``, ``data``).
* Money is hidden: each player sees their own (privately logged at the phase
  boundaries); money shown to the tax official is public; all money is public
  at the end.  The action tiles lie face down: only how many are left is
  known.  Tiles are drawn from the bag at random (the seeded RNG).
* A move's fare may be paid out of the sale it makes; a walk (no sale) costs
  half the fare and returns a post; a pass returns a post.
* Ties for a stall: the buyer on the stall, then more side than corner
  buyers, else the tile stays.  The tax official's "youngest player" tie goes
  round from a seat the RNG picks.
* The nobility track is part of the price table: its discs count in the
  tiebreak beside the production discs.
* 2 players: a shared third colour with 2 buyers and 2 trading posts for each
  player a round; its enclosures always put a disc on the price table (the
  player to act picks the row); a sale next to a shared post pays 2.
"""

from games.hermagor.engine import Hermagor

# ``games.registry`` reads ``GAME``.
GAME = hermagor = Hermagor()

__all__ = ["GAME", "Hermagor", "hermagor"]
