"""San Juan AI (placeholder, replaced below)."""


def choose(view, seat, legal, rnd):
    return legal[0]
