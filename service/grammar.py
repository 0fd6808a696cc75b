"""Hungarian grammar that Fluent itself lacks, as Fluent custom functions.

The Hungarian bundles (``service.i18n``) register ``FUNCTIONS``:

* ``{ ARTICLE($x) } { $x }`` — the definite article ``a`` or ``az`` for the
  text ``$x`` is shown as; ``ARTICLE($x, case: "upper")`` gives ``A``/``Az``
  at the start of a sentence.
* ``{ SUFFIX($n, "es") }`` — ``$n`` with a case ending or the ``-s``
  adjective ending hyphenated to it in the form vowel harmony asks for:
  ``5-ös``, ``3-as``, ``2-t``, ``10-hez``.  The second argument names the
  ending by any of its forms (``"es"``, ``"at"``, ``"ban"``, ``"hoz"`` …).

Both see an argument as its rendered text (a number as its digits, a
nested message as its text) and read a number by its spoken Hungarian form
(1 egy, 5 öt, 1000 ezer, 10⁶ egymillió …); a text ending in a digit and a
full stop is an ordinal, read by its last word (5. ötödik: ``5.-et``).
Names of players are never given an ending: the messages are worded so
that a name needs none ("… kapja: { $seat }").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from fluent.runtime.resolver import MAX_PART_LENGTH
from fluent.runtime.types import FluentNone, FluentType

VOWELS = frozenset("aáeéiíoóöőuúüű")
_BACK = frozenset("aáoóuú")
_ROUNDED = frozenset("öőüű")

_ONES = ("", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_ONES_BEFORE = ("", "egy", "két", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")  # before száz/ezer
_TENS = ("", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan", "kilencven")
_TENS_BEFORE = ("", "tizen", "huszon", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan", "kilencven")
_GROUPS = ((10**12, "billió"), (10**9, "milliárd"), (10**6, "millió"), (1000, "ezer"))

# How letters are named, for single letters and abbreviations ("az F", "a
# B", "az SMS", "B-hez", "A-s").
_LETTERS = dict(zip("AÁBCDEÉFGHIÍJKLMNOÓÖŐPQRSTUÚÜŰVWXYZ",
                    ("á", "á", "bé", "cé", "dé", "e", "é", "ef", "gé", "há", "i", "í", "jé", "ká", "el", "em",
                     "en", "o", "ó", "ö", "ő", "pé", "kú", "er", "es", "té", "u", "ú", "ü", "ű", "vé", "duplavé",
                     "iksz", "ipszilon", "zé"), strict=True))


def spoken(number: int) -> str:
    """A whole number as Hungarian reads it, in one word: 5 → ``öt``,
    1000 → ``ezer``, 2001 → ``kétezeregy``, 10⁶ → ``egymillió``."""
    if number < 0:
        return "mínusz" + spoken(-number)
    if number == 0:
        return "nulla"
    words = []
    for size, name in _GROUPS:
        count, number = divmod(number, size)
        if count:
            words.append(("" if count == 1 and size == 1000 else _below_thousand(count, before=True)) + name)
    if number:
        words.append(_below_thousand(number, before=False))
    return "".join(words)


_ORDINAL_ONES = ("", "egyedik", "kettedik", "harmadik", "negyedik", "ötödik", "hatodik", "hetedik", "nyolcadik",
                 "kilencedik")
_ORDINAL_TENS = ("", "tizedik", "huszadik", "harmincadik", "negyvenedik", "ötvenedik", "hatvanadik", "hetvenedik",
                 "nyolcvanadik", "kilencvenedik")


def ordinal(number: int) -> str:
    """The last word of an ordinal as Hungarian reads it (what its endings
    follow): 1. ``első``, 2. ``második``, 5. ``ötödik``, 21. ``egyedik``
    (huszonegyedik), 100. ``századik``."""
    number = abs(number)
    if number in (1, 2):
        return ("első", "második")[number - 1]
    if number % 10:
        return _ORDINAL_ONES[number % 10]
    if number % 100:
        return _ORDINAL_TENS[number % 100 // 10]
    if number % 1000:
        return "századik"
    return "ezredik" if number % 10**6 else "milliomodik" if number else "nulladik"


def _below_thousand(number: int, before: bool) -> str:
    hundreds, rest = divmod(number, 100)
    tens, ones = divmod(rest, 10)
    word = "" if not hundreds else ("száz" if hundreds == 1 else _ONES_BEFORE[hundreds] + "száz")
    if tens and ones:
        word += _TENS_BEFORE[tens]
    elif tens:
        word += _TENS[tens]
    if ones:
        word += (_ONES_BEFORE if before else _ONES)[ones]
    return word


def _text(value: Any) -> str:
    """The text an argument is shown as."""
    if isinstance(value, FluentNone):  # a missing argument: Fluent shows its name
        return value.name or "???"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return float.__repr__(value)
    return str(value)


_NUMBER = re.compile(r"[+−-]?\d[\d\s\u00a0\u202f.,]*")
_LEAD = re.compile(r"^(?:[\s\"'„“”«»‚‘’(\[{*_~`#•·—–]|-(?!\d))+")


def _reading(text: str, first: bool) -> str:
    """The spoken form of the word of ``text`` that decides: its first word
    for an article, its last for a suffix.  Numbers are read out; a single
    letter or an abbreviation is read letter by letter ("ef", "bé")."""
    if first:
        text = _LEAD.sub("", text)
        match = _NUMBER.match(text)
    else:
        text = text.rstrip(" )]”\"'!?")
        if re.search(r"\d\.$", text):  # "5." is an ordinal: ötödik
            return ordinal(int(re.sub(r"\D", "", text.rsplit(" ", 1)[-1]) or 0))
        text = text.rstrip(".")
        match = re.search(r"\d[\d\s\u00a0\u202f]*(?:[.,]\d+)?$", text)
    if match:
        digits = re.sub(r"[^\d.,]", "", match.group()).replace(",", ".")
        whole, _, fraction = digits.partition(".")
        if first:
            if match.group()[0] in "−-":
                return "mínusz"
            return spoken(int(whole)) if whole else "nulla"
        if fraction.strip("0") and not text.endswith("."):
            return spoken(int(fraction))  # 1.5 "egész öt tized": the last number read
        return spoken(int(whole))
    words = re.findall(r"[^\W\d_]+", text)
    if not words:
        return ""
    word = words[0] if first else words[-1]
    if len(word) == 1 or (word.isupper() and len(word) <= 4):  # a letter or an abbreviation: spelt out
        return _LETTERS.get(word[0 if first else -1].upper(), word.lower())
    return word.lower()


def article(value: Any, case: str = "lower") -> str:
    """The Hungarian definite article for ``value``: ``az`` before a vowel
    sound, ``a`` otherwise.  Numbers count by how they are spoken (az 1, az
    5, az 50, az 500, az 1000, a 2, a 3, a 100; "#5" and "5." as five), a
    letter or abbreviation by its name (az F, a B).  ``case="upper"`` gives
    ``A``/``Az`` for the start of a sentence."""
    reading = _reading(_text(value), first=True)
    word = "az" if reading[:1] in VOWELS else "a"
    return word.capitalize() if str(case).lower() == "upper" else word


# Endings by their family: any form names the family.  A family is
# (back, front unrounded, front rounded) forms after a consonant, and the
# forms after a vowel.
_ENDINGS: dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    "s": (("as", "es", "ös"), ("s", "s", "s")),       # adjective: 3-as, 5-ös
    "t": (("at", "et", "öt"), ("t", "t", "t")),       # accusative: 3-at, 5-öt, 2-t
    "ban": (("ban", "ben", "ben"), ("ban", "ben", "ben")),
    "ba": (("ba", "be", "be"), ("ba", "be", "be")),
    "ból": (("ból", "ből", "ből"), ("ból", "ből", "ből")),
    "hoz": (("hoz", "hez", "höz"), ("hoz", "hez", "höz")),
    "nál": (("nál", "nél", "nél"), ("nál", "nél", "nél")),
    "tól": (("tól", "től", "től"), ("tól", "től", "től")),
    "ra": (("ra", "re", "re"), ("ra", "re", "re")),
    "ról": (("ról", "ről", "ről"), ("ról", "ről", "ről")),
    "on": (("on", "en", "ön"), ("n", "n", "n")),
    "nak": (("nak", "nek", "nek"), ("nak", "nek", "nek")),
    "ig": (("ig", "ig", "ig"), ("ig", "ig", "ig")),
    "ként": (("ként", "ként", "ként"), ("ként", "ként", "ként")),
    "ért": (("ért", "ért", "ért"), ("ért", "ért", "ért")),
    "st": (("ast", "est", "öst"), ("st", "st", "st")),  # the -s adjective as object: a 4-est, a 6-ost
    "val": (("al", "el", "el"), ("val", "vel", "vel")),  # assimilates: 5-tel, 1-gyel
    "vá": (("á", "é", "é"), ("vá", "vé", "vé")),          # assimilates: 5-té
}
_FAMILY = {form: family for family, (after_consonant, after_vowel) in _ENDINGS.items()
           for form in (family, *after_consonant, *after_vowel)}
_FAMILY.update({"os": "s", "ot": "t", "ost": "st", "ben": "ban", "hez": "hoz", "vel": "val", "al": "val", "el": "val",
                "en": "on", "ön": "on", "n": "on"})
_DIGRAPHS = ("dzs", "gy", "ly", "ny", "sz", "ty", "zs", "cs", "dz")


def _harmony(word: str) -> int:
    """0 back, 1 front unrounded, 2 front rounded.  Back or front by the
    last vowel other than i/í (neutral: harminc-as, papír-hoz, második-ból;
    only i: tíz-es); rounded if the last vowel is (öt-höz, but ötödik-hez)."""
    vowels = [c for c in word if c in VOWELS]
    decisive = next((c for c in reversed(vowels) if c not in "ií"), "e")
    if decisive in _BACK:
        return 0
    return 2 if vowels and vowels[-1] in _ROUNDED else 1


def _ending(word: str, family: str) -> str:
    """The ending of ``family`` for the spoken ``word``."""
    harmony = _harmony(word)
    after_consonant, after_vowel = _ENDINGS[family]
    if word[-1:] in VOWELS:
        if family in ("s", "st") and word.endswith("kettő"):
            return "es" if family == "s" else "est"  # kettes, kettest
        return after_vowel[harmony]
    form = after_consonant[harmony]
    if family == "st":
        return _ending(word, "s") + "t"
    if family in ("s", "t") and word.endswith(("hat", "milliárd")):
        return "o" + form[1:]  # hatos, hatot, milliárdos
    if family in ("val", "vá"):  # the v assimilates: the last consonant doubles
        last = next((d for d in _DIGRAPHS if word.endswith(d)), word[-1])
        return last + form
    return form


def suffix(value: Any, ending: str) -> str:
    """``value`` with ``ending`` hyphenated to it in the right form:
    ``suffix(5, "es")`` → ``5-ös``, ``suffix(2, "at")`` → ``2-t``,
    ``suffix(1, "val")`` → ``1-gyel``.  A number is read by its spoken
    last word (3 három → 3-as, 6 hat → 6-os, 100 száz → 100-as, 1000 ezer
    → 1000-es); ``ending`` is any form of the ending."""
    text = _text(value)
    family = _FAMILY.get(str(ending).strip("-").lower())
    if family is None:
        raise ValueError(f"unknown Hungarian ending: {ending!r}")
    reading = _reading(text, first=False)
    if not reading:
        return f"{text}-{_ENDINGS[family][0][1]}"
    return f"{text}-{_ending(reading, family)}"


def ARTICLE(value: Any, case: str = "lower") -> str:  # noqa: N802 - Fluent function names are upper case
    """Fluent: ``{ ARTICLE($x) }`` → ``a``/``az``; ``case: "upper"`` → ``A``/``Az``."""
    return article(value, case)


class _Long(str, FluentType):
    """A result longer than Fluent lets a placeable be, shown in full (as
    ``service.i18n.LongText``)."""

    def format(self, locale: Any) -> str:  # type: ignore[override]
        return self


def SUFFIX(value: Any, ending: str) -> str:  # noqa: N802
    """Fluent: ``{ SUFFIX($n, "es") }`` → ``5-ös``."""
    result = suffix(value, ending)
    return _Long(result) if len(result) > MAX_PART_LENGTH else result


# fluent.runtime annotates a function as one argument → FluentType; its
# resolver takes any arity and a str result as well.
FUNCTIONS = cast(dict[str, Callable[[Any], FluentType]], {"ARTICLE": ARTICLE, "SUFFIX": SUFFIX})
