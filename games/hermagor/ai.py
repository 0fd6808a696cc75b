"""Placeholder AI (replaced below)."""


def choose_ai_action(view, seat, legal, rnd):
    return rnd.choice(legal).id
