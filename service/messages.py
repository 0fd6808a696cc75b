"""Platform messages (keys under ``core.``): (English, Hungarian)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # errors shared by all engines
    "core.error.unknown_option": ("Unknown table option: {option}.", "Ismeretlen asztalbeállítás: {option}."),
    "core.error.bad_option_value": ("Option {option} cannot be {value}.", "A(z) {option} beállítás nem lehet {value}."),
    "core.error.player_count": ("This game needs {low}–{high} players.", "Ehhez a játékhoz {low}–{high} játékos kell."),
    "core.error.not_your_turn": ("It is not your turn to act.", "Most nem te következel."),
    "core.error.illegal_action": ("That move is not possible now.", "Ez a lépés most nem lehetséges."),
}
