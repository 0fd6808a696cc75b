"""Placeholder AI (replaced below)."""


def choose(view, seat, legal, rnd):
    return rnd.choice(legal).id
