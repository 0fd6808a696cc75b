"""San Juan (Andreas Seyfarth, alea/Ravensburger 2004), 2–4 players."""

from .engine import SanJuan

GAME = SanJuan()

__all__ = ["GAME", "SanJuan"]
