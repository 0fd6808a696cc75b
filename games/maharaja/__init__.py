"""Maharaja (Wolfgang Kramer & Michael Kiesling, Phalanx 2004), 2-5 players."""

from games.maharaja.engine import Maharaja

GAME = Maharaja()

__all__ = ["GAME", "Maharaja"]
