"""Hungarian words (issue 13, "Words"): the article and suffix functions of
``service.grammar``, the Hungarian Fluent files using them instead of
hand-built grammar, and Maharaja's button labels fitting Discord's 80
characters."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from games import registry
from service import grammar, i18n
from service.grammar import article, ordinal, spoken, suffix

GAMES = ("sanjuan", "alhambra", "anno1701", "maharaja", "hermagor")
# Realistic Discord names: 12 characters, some starting with a vowel (an
# article or suffix glued to a name would show).
NAMES = ("Kovács Ádámm", "Öregh Eszter", "Szabó Ibolya", "Uhrin Balázs", "Elek Zsuzsaa", "Ács Nándorka")
BUTTON_LIMIT = 80  # Discord's longest button label


# -- the functions ------------------------------------------------------------------------------

@pytest.mark.parametrize(("number", "words"), [
    (0, "nulla"), (1, "egy"), (2, "kettő"), (5, "öt"), (10, "tíz"), (11, "tizenegy"), (12, "tizenkettő"),
    (20, "húsz"), (25, "huszonöt"), (38, "harmincnyolc"), (100, "száz"), (101, "százegy"), (250, "kétszázötven"),
    (500, "ötszáz"), (1000, "ezer"), (1001, "ezeregy"), (2000, "kétezer"), (5000, "ötezer"),
    (12345, "tizenkétezer-háromszáznegyvenöt".replace("-", "")), (10**6, "egymillió"), (2 * 10**9, "kétmilliárd"),
])
def test_numbers_are_read_as_hungarian_speaks_them(number, words):
    assert spoken(number) == words


def test_ordinals_are_read_by_their_last_word():
    assert [ordinal(n) for n in (1, 2, 3, 5, 11, 12, 20, 21, 100, 1000, 2000000)] == [
        "első", "második", "harmadik", "ötödik", "egyedik", "kettedik", "huszadik", "egyedik", "századik",
        "ezredik", "milliomodik"]


@pytest.mark.parametrize(("value", "expected"), [
    # numbers by their spoken form
    (1, "az"), (2, "a"), (3, "a"), (4, "a"), (5, "az"), (6, "a"), (7, "a"), (8, "a"), (9, "a"), (10, "a"),
    (11, "a"), (15, "a"), (20, "a"), (50, "az"), (55, "az"), (100, "a"), (150, "a"), (500, "az"), (501, "az"),
    (1000, "az"), (1500, "az"), (2000, "a"), (5000, "az"), (10**6, "az"), (0, "a"), (-5, "a"),
    ("1", "az"), ("5.", "az"), ("2.", "a"), ("1.", "az"), ("50.", "az"), ("#5", "az"), ("#12", "a"), ("#1", "az"), ("1.5", "az"),
    ("12 arany", "a"), ("5 arany", "az"), ("(3)", "a"),
    # words: a vowel sound or not
    ("alma", "az"), ("Árkádok", "az"), ("ereklye", "az"), ("Étel", "az"), ("idő", "az"), ("Ír", "az"),
    ("óra", "az"), ("ötlet", "az"), ("Őr", "az"), ("ugrás", "az"), ("út", "az"), ("ügy", "az"), ("űr", "az"),
    ("Pavilon", "a"), ("Szeráj", "a"), ("kert", "a"), ("Torony", "a"), ("sárkánytojás", "a"), ("Dzsaipur", "a"),
    ("„Elek”", "az"), ("„Kovács”", "a"), ("Delhi", "a"), ("Ágra", "az"), ("Udaipur", "az"),
    # letters and abbreviations by their names
    ("A", "az"), ("B", "a"), ("C", "a"), ("F", "az"), ("H", "a"), ("L", "az"), ("M", "az"), ("N", "az"),
    ("R", "az"), ("S", "az"), ("T", "a"), ("X", "az"), ("Z", "a"), ("SMS", "az"), ("BKV", "a"),
])
def test_article(value, expected):
    assert article(value) == expected
    assert article(value, case="upper") == expected.capitalize()


@pytest.mark.parametrize(("number", "s", "t", "ban", "hoz", "ig", "val", "ra"), [
    (0, "s", "t", "ban", "hoz", "ig", "val", "ra"),
    (1, "es", "et", "ben", "hez", "ig", "gyel", "re"),
    (2, "es", "t", "ben", "höz", "ig", "vel", "re"),
    (3, "as", "at", "ban", "hoz", "ig", "mal", "ra"),
    (4, "es", "et", "ben", "hez", "ig", "gyel", "re"),
    (5, "ös", "öt", "ben", "höz", "ig", "tel", "re"),
    (6, "os", "ot", "ban", "hoz", "ig", "tal", "ra"),
    (7, "es", "et", "ben", "hez", "ig", "tel", "re"),
    (8, "as", "at", "ban", "hoz", "ig", "cal", "ra"),
    (9, "es", "et", "ben", "hez", "ig", "cel", "re"),
    (10, "es", "et", "ben", "hez", "ig", "zel", "re"),
    (12, "es", "t", "ben", "höz", "ig", "vel", "re"),
    (15, "ös", "öt", "ben", "höz", "ig", "tel", "re"),
    (16, "os", "ot", "ban", "hoz", "ig", "tal", "ra"),
    (20, "as", "at", "ban", "hoz", "ig", "szal", "ra"),
    (30, "as", "at", "ban", "hoz", "ig", "cal", "ra"),
    (40, "es", "et", "ben", "hez", "ig", "nel", "re"),
    (50, "es", "et", "ben", "hez", "ig", "nel", "re"),
    (60, "as", "at", "ban", "hoz", "ig", "nal", "ra"),
    (70, "es", "et", "ben", "hez", "ig", "nel", "re"),
    (80, "as", "at", "ban", "hoz", "ig", "nal", "ra"),
    (90, "es", "et", "ben", "hez", "ig", "nel", "re"),
    (100, "as", "at", "ban", "hoz", "ig", "zal", "ra"),
    (105, "ös", "öt", "ben", "höz", "ig", "tel", "re"),
    (1000, "es", "et", "ben", "hez", "ig", "rel", "re"),
    (2000, "es", "et", "ben", "hez", "ig", "rel", "re"),
    (10**6, "s", "t", "ban", "hoz", "ig", "val", "ra"),
])
def test_suffix_follows_vowel_harmony(number, s, t, ban, hoz, ig, val, ra):
    forms = {"es": s, "t": t, "ban": ban, "hoz": hoz, "ig": ig, "val": val, "ra": ra}
    for ending, form in forms.items():
        assert suffix(number, ending) == f"{number}-{form}"
        assert suffix(str(number), ending) == f"{number}-{form}"
    # any form names its ending
    for alias in ("as", "os", "ös", "s"):
        assert suffix(number, alias) == f"{number}-{s}"
    for alias in ("at", "et", "ot", "öt"):
        assert suffix(number, alias) == f"{number}-{t}"
    assert suffix(number, "ben") == suffix(number, "ban")
    assert suffix(number, "höz") == suffix(number, "hez") == suffix(number, "hoz")


@pytest.mark.parametrize(("value", "ending", "expected"), [
    (5, "ból", "5-ből"), (3, "ből", "3-ból"), (2, "ból", "2-ből"), (6, "nál", "6-nál"), (7, "nál", "7-nél"),
    (1, "tól", "1-től"), (20, "ról", "20-ról"), (5, "on", "5-ön"), (6, "on", "6-on"), (2, "on", "2-n"),
    (3, "nak", "3-nak"), (1, "nak", "1-nek"), ("#5", "es", "#5-ös"), ("B", "hez", "B-hez"),
    ("A", "s", "A-s"), ("F", "es", "F-es"), (2.5, "es", "2.5-ös"), ("x", "es", "x-es"),
    (9, "ért", "9-ért"), (4, "est", "4-est"), (6, "est", "6-ost"), (5, "ast", "5-öst"), (2, "ast", "2-est"),
    (3, "est", "3-ast"), (100, "est", "100-ast"),
    # ordinals by their spoken last word: első, második, ötödik (front, unrounded: ötödikhez)
    ("1.", "ból", "1.-ből"), ("2.", "ból", "2.-ból"), ("3.", "t", "3.-at"), ("5.", "t", "5.-et"),
    ("5.", "hoz", "5.-hez"), ("1.", "hoz", "1.-höz"), ("6.", "t", "6.-at"), ("10.", "ban", "10.-ben"),
    ("20.", "ban", "20.-ban"), ("21.", "t", "21.-et"), ("100.", "ig", "100.-ig"), ("1000.", "t", "1000.-et"),
])
def test_suffix_after_other_texts(value, ending, expected):
    assert suffix(value, ending) == expected


def test_an_unknown_ending_is_an_error_not_a_guess():
    with pytest.raises(ValueError):
        suffix(5, "xyz")


def test_the_hungarian_bundle_has_the_functions_and_english_does_not():
    assert i18n.text("hermagor.ev.round", "hu", round=2, actions=5, start="Anna") \
        == "2. forduló: 5-ös akciólapka, Anna kezd."
    assert i18n.text("hermagor.ev.round", "hu", round=2, actions=3, start="Anna").startswith("2. forduló: 3-as ")
    assert i18n.text("anno1701.ev.draw", "hu", seat="Anna", pile=1) == "Anna húz az 1. pakliból."
    assert i18n.text("anno1701.ev.draw", "hu", seat="Anna", pile=2) == "Anna húz a 2. pakliból."
    assert i18n.text("core.vote.counted", "hu", votes=2, needed=5).endswith("(2 a szükséges 5-ből).")
    assert i18n.text("core.error.bad_option_value", "hu", option="advanced", value="9").startswith("Az advanced ")
    assert "ARTICLE" not in i18n._bundle("core", "en")._functions
    assert i18n._bundle("core", "hu")._functions["ARTICLE"] is grammar.ARTICLE


# -- the Hungarian sources ----------------------------------------------------------------------

def _hungarian_files():
    return [i18n.locales_dir(name) / "hu.ftl" for name in i18n.catalogue_names()]


# A suffix hand-glued to a placeable: "{ $n }-es", "{ $n }.-at", "{ $x }-ból/ből".
GLUED = re.compile(r"\}\.?-(?!\{)[^\W\d_]")
HAND_ARTICLE = re.compile(r"\(z\)")
# An article written before a placeable: right only if it never varies; the
# exceptions name scoring rounds "A", "B", "C" (r-points = A { $a } · B { $b }).
WRITTEN_ARTICLE = re.compile(r"(?<![^\W\d_])(?:a|az|A|Az) \{ ?\$")
WRITTEN_ARTICLE_OK = {"r-points"}


def find_hand_grammar(source: str) -> list[str]:
    """The lines of a Hungarian .ftl source with hand-built grammar."""
    bad = []
    for line in source.splitlines():
        if line.startswith("#"):
            continue
        identifier = line.split(" =", 1)[0]
        written = WRITTEN_ARTICLE.search(line) and identifier not in WRITTEN_ARTICLE_OK
        if HAND_ARTICLE.search(line) or GLUED.search(line) or written:
            bad.append(line)
    return bad


def test_the_scan_finds_hand_built_grammar():
    assert find_hand_grammar("x = A(z) { $a } lap") and find_hand_grammar("x = a(z) { $a }")
    assert find_hand_grammar("x = { $n }-es lapka") and find_hand_grammar("x = a { $n }.-at")
    assert find_hand_grammar("x = ({ $a } a { $b }-ból/ből)") and find_hand_grammar("x = húz a { $pile }. pakliból")
    assert not find_hand_grammar('x = { SUFFIX($n, "es") } lapka, { $gold }-{ $gold } arany, { ARTICLE($a) } { $a }')


@pytest.mark.parametrize("path", _hungarian_files(), ids=lambda p: p.parent.parent.name)
def test_no_hand_built_grammar_in_the_hungarian_files(path):
    assert find_hand_grammar(path.read_text(encoding="utf-8")) == []


# -- what players read --------------------------------------------------------------------------

def _game_texts(game_id: str, players: int, seed: int, lang: str, options: dict | None = None):
    """Every event, prompt, action label, outcome line and private summary
    of one seeded random game, rendered: (kind, key, text)."""
    game = registry.get(game_id)
    state = game.setup(players, game.resolve_options(options), seed)
    rnd = random.Random(seed)
    names = NAMES.__getitem__

    def shown(kind, message):
        return (kind, message.get("key", "") if isinstance(message, dict) else "", i18n.render(message, lang, names))

    out = [shown("event", e) for e in game.setup_events(state)]
    for step in range(20_000):
        if game.is_over(state):
            break
        seats = game.to_act(state)
        seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
        legal = game.legal_actions(state, seat)
        out.append(shown("prompt", game.prompt(state, seat)))
        out.extend(shown("label", a.label) for a in legal)
        if step % 25 == 0:
            out.extend(shown("summary", line) for line in game.private_summary(game.view(state, seat), seat))
        out.extend(shown("event", e) for e in game.apply(state, seat, rnd.choice(legal).id))
    assert game.is_over(state)
    for lines in game.outcome(state).details:
        out.extend(shown("outcome", line) for line in lines)
    return out


@cache
def _hungarian_texts(game_id: str) -> tuple[tuple[str, str, str], ...]:
    game = registry.get(game_id)
    texts = []
    for players in range(game.min_players, game.max_players + 1):
        for seed in (1, 2) if game.max_players == 2 else (players,):
            texts.extend(_game_texts(game_id, players, seed, "hu"))
    return tuple(texts)


ARTICLE_BEFORE_NUMBER = re.compile(r"(?<![^\W\d_])(a|az|A|Az) (#?\d+)")
SUFFIX_AFTER_NUMBER = re.compile(r"(?<![\d.,])(\d+\.?)-([^\W\d_]+)")


def wrong_grammar(text: str) -> list[str]:
    """What reads as hand-made in one rendered Hungarian text."""
    wrong = []
    if "(z)" in text:
        wrong.append("a(z)")
    for match in ARTICLE_BEFORE_NUMBER.finditer(text):
        word, number = match.groups()
        if article(number, "upper" if word[0].isupper() else "lower") != word:
            wrong.append(match.group())
    for match in SUFFIX_AFTER_NUMBER.finditer(text):
        number, ending = match.groups()
        family = grammar._FAMILY.get(ending)
        if family is None and ending[-2:] in ("al", "el"):  # -val/-vel assimilated: 5-tel, 1-gyel
            family = "val"
        if family is None or suffix(number, family) != match.group():
            wrong.append(match.group())
    return wrong


def test_the_text_check_finds_wrong_grammar():
    assert wrong_grammar("a(z) Kert") == ["a(z)"]
    assert sorted(wrong_grammar("5-es akciólapka, a 1. pakli, A 5. kör, 3-es, 2-at, 10-ból, a 2.-ből")) \
        == sorted(["5-es", "a 1", "A 5", "3-es", "2-at", "10-ból", "2.-ből"])
    assert wrong_grammar("5-ös akciólapka, az 1. pakli, Az 5. kör, a 2-2 arany, 3-as, 2-t, 10-zel, az #5, "
                         "a 2.-ból, az 5.-öt") == ["5.-öt"]


@pytest.mark.parametrize("game_id", GAMES)
def test_rendered_hungarian_has_no_hand_built_grammar(game_id):
    texts = _hungarian_texts(game_id)
    kinds = {kind for kind, _key, _text in texts}
    assert {"event", "prompt", "label"} <= kinds
    wrong = {(key, text) for _kind, key, text in texts if wrong_grammar(text)}
    assert sorted(wrong)[:20] == []


# Scoring rounds are named by letters: "A 1 · B 3" is round A, not an article.
LETTER_NAMES_OK = {"alhambra.r.points", "alhambra.r.stake_legend"}


@pytest.mark.parametrize("name", i18n.catalogue_names())
def test_every_hungarian_message_reads_right_with_any_number(name):
    """Every message of the catalogue (rules, platform texts, what no
    seeded game reached) with each of its arguments a number."""
    wrong = []
    for key, (_english, source) in i18n.catalogue(name).items():
        variables = set(re.findall(r"\$([a-zA-Z][\w-]*)", source))
        for number in (0, 1, 2, 3, 5, 6, 10, 20, 50, 100, 1000):
            text = i18n.render({"key": key, "args": dict.fromkeys(variables, number)}, "hu")
            found = wrong_grammar(text)
            if key in LETTER_NAMES_OK:
                found = [w for w in found if not re.fullmatch(r"[ABC] \d+", w)]
            if found:
                wrong.append((key, number, found))
    assert wrong[:20] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_rendered_hungarian_glues_no_suffix_to_a_name(game_id):
    names = "|".join(map(re.escape, NAMES))
    glued = re.compile(rf"(?:{names})-?(?:nak|nek|hoz|hez|höz|tól|től|ról|ről|val|vel|t|ra|re)\b")
    wrong = {(key, text) for _kind, key, text in _hungarian_texts(game_id) if glued.search(text)}
    assert sorted(wrong)[:20] == []


# -- Maharaja's buttons -------------------------------------------------------------------------

MAHARAJA_VARIANTS = ({}, {"short": True}, {"advanced": 1}, {"advanced": 2})


def maharaja_labels_over(limit: int, games: int = 12) -> dict[str, list[str]]:
    """Action labels of seeded random Maharaja games (2–5 players, every
    variant) longer than ``limit``, by language."""
    game = registry.get("maharaja")
    over: dict[str, list[str]] = {lang: [] for lang in i18n.LANGUAGES}
    for seed in range(games):
        players = 2 + seed % 4
        state = game.setup(players, game.resolve_options(MAHARAJA_VARIANTS[seed // 4 % 4]), seed)
        rnd = random.Random(seed)
        while not game.is_over(state):
            seat = rnd.choice(game.to_act(state))
            legal = game.legal_actions(state, seat)
            for action in legal:
                for lang in i18n.LANGUAGES:
                    text = i18n.render(action.label, lang, NAMES.__getitem__)
                    if len(text) > limit:
                        over[lang].append(text)
            game.apply(state, seat, rnd.choice(legal).id)
    return over


def test_maharaja_button_labels_fit_discord():
    over = maharaja_labels_over(BUTTON_LIMIT)
    assert over == {lang: [] for lang in i18n.LANGUAGES}
    # and the measure sees labels near the limit: it would catch a longer one
    near = maharaja_labels_over(50, games=4)
    assert near["en"] and near["hu"]
