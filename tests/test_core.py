"""The engine core: seeded RNG, options, messages."""

import pytest

from games import rng
from games.base import Game, IllegalAction, Option
from service import i18n


def test_rng_is_deterministic_and_state_is_an_int():
    a = {"rng": rng.seed_state(42)}
    b = {"rng": rng.seed_state(42)}
    assert [rng.randbelow(a, 1000) for _ in range(50)] == [rng.randbelow(b, 1000) for _ in range(50)]
    assert isinstance(a["rng"], int)
    c = {"rng": rng.seed_state(43)}
    assert [rng.randbelow(c, 1000) for _ in range(50)] != [rng.randbelow(a, 1000) for _ in range(50)]


def test_rng_die_is_roughly_uniform_and_in_range():
    s = {"rng": rng.seed_state(7)}
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randint(s, 1, 6) - 1] += 1
    assert all(9_000 < c < 11_000 for c in counts)


def test_shuffle_is_a_permutation():
    s = {"rng": rng.seed_state(1)}
    items = list(range(110))
    rng.shuffle(s, items)
    assert sorted(items) == list(range(110)) and items != list(range(110))


def test_shuffle_draws_as_the_plain_fisher_yates():
    """The batched shuffle is ``shuffle_one_by_one``'s very numbers and swaps, for every deck
    size a game shuffles (up to Alhambra's 162 cards), and leaves the generator where it does."""
    for seed in range(240):
        a, b = {"rng": rng.seed_state(seed)}, {"rng": rng.seed_state(seed)}
        items = list(range(seed % 170))
        other = list(items)
        rng.shuffle(a, items)
        rng.shuffle_one_by_one(b, other)
        assert items == other and a == b


def test_shuffle_falls_back_when_a_draw_would_be_rejected(monkeypatch):
    """A draw ``randbelow`` rejects (modulo bias) shifts the later ones: the batched shuffle
    must notice and step one by one.  A slack that flags every draw forces that path."""
    made = rng._lanes

    def flag_all(k):
        ones, low, back, _slack, carries = made(k)
        return ones, low, back, low, carries

    monkeypatch.setattr(rng, "_lanes", flag_all)
    for seed in range(30):
        a, b = {"rng": rng.seed_state(seed)}, {"rng": rng.seed_state(seed)}
        items = list(range(seed * 5 % 170))
        other = list(items)
        rng.shuffle(a, items)
        rng.shuffle_one_by_one(b, other)
        assert items == other and a == b


class _Toy(Game):
    id = "toy"
    options = (Option("short", False, (False, True), "core.option.short"),)


def test_options_are_validated_and_defaulted():
    toy = _Toy()
    assert toy.resolve_options({}) == {"short": False}
    assert toy.resolve_options({"short": True}) == {"short": True}
    with pytest.raises(IllegalAction) as bad:
        toy.resolve_options({"short": "maybe"})
    assert bad.value.reason["key"] == "core.error.bad_option_value"
    with pytest.raises(IllegalAction):
        toy.resolve_options({"nonsense": 1})


def test_messages_localise_with_nested_args_and_seat_names():
    names = ["Anna", "Béla"].__getitem__
    message = {"key": "core.error.player_count", "args": {"low": 2, "high": 4}}
    assert i18n.render(message, "en") == "This game needs 2–4 players."
    assert i18n.render(message, "hu") == "Ehhez a játékhoz 2–4 játékos kell."
    assert i18n.render({"seat": 1}, "hu", names) == "Béla"
    assert i18n.render({"key": "no.such.key"}, "en") == "no.such.key"


def test_locale_mapping():
    assert i18n.language_for_locale("hu") == "hu"
    assert i18n.language_for_locale("en-GB") == "en"
    assert i18n.language_for_locale(None) == "en"
