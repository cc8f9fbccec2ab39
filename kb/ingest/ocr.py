"""OCR repair: a reviewed correction dictionary turns an OCR'd text into the text people read.

The corrections are data (`corpus/<lang>/ocr.toml`, read by `load_rules`):

- `words`: OCR form -> correct word, for forms that are not words of the language;
- `phrases`: several OCR words that stand for one word (`BJ UD|T` -> `BJUDIT`);
- `context`: OCR forms that are themselves words of the language (`far` is "father" but on
  the card means `får`), corrected only where their neighbours say so;
- `letters` and `characters`: what the OCR printed for each letter it lost and the characters
  it misread, kept with the document (`Rules.damage`) for search over the text as printed.

Repair replaces words and nothing else: spaces, punctuation and line breaks stay as printed,
so the repaired text has the lines of the raw text and a reader can always be shown the raw
line beside the repaired one.

>>> rules = Rules(words={"nir": "när", "pa": "på"})
>>> rules.repair("Nir han spelar ut pa bordet")
'När han spelar ut på bordet'
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

# A word of OCR text: anything between spaces and punctuation, so the OCR's stray characters
# (`£f6r`, `¢j`, `OT|LLRACKL|GT`, the bullet `®`) stay inside the word they spoil.
WORD = re.compile(r"[^\s.,;:!?()\[\]/\-–\"']+")
# Punctuation that ends a sentence: a context rule never looks across it.
SENTENCE_END = re.compile(r"[.!?:]")


@dataclass(frozen=True)
class Context:
    """A correction of a real word that applies only where its neighbours match.

    `prev`/`next` must match (the whole word, case-folded; "" when the sentence starts or ends
    there) and `not_prev`/`not_next` must not, for `form` to become `to`.

    >>> lag = Context("lag", "låg", not_next=re.compile(r"\\d.*"))
    >>> lag.applies("som", "med"), lag.applies("se", "16D")
    (True, False)
    """

    form: str
    to: str
    prev: re.Pattern[str] | None = None
    next: re.Pattern[str] | None = None
    not_prev: re.Pattern[str] | None = None
    not_next: re.Pattern[str] | None = None

    def applies(self, prev: str, next_: str) -> bool:
        """Whether the rule applies between these neighbouring words."""
        prev, next_ = prev.lower(), next_.lower()
        return (
            (self.prev is None or bool(self.prev.fullmatch(prev)))
            and (self.next is None or bool(self.next.fullmatch(next_)))
            and (self.not_prev is None or not self.not_prev.fullmatch(prev))
            and (self.not_next is None or not self.not_next.fullmatch(next_))
        )


@dataclass
class Rules:
    """A document's corrections. A `words` key written with capitals matches only as written
    and is replaced as written; any other key matches in any case and keeps the case of the
    OCR word (`Nir` -> `När`, `NAGON` -> `NÅGON`).

    >>> Rules(words={"nagon": "någon", "Jfelande": "felande"}).repair("NAGON Jfelande")
    'NÅGON felande'
    """

    words: dict[str, str] = field(default_factory=dict)
    phrases: dict[str, str] = field(default_factory=dict)
    context: list[Context] = field(default_factory=list)
    letters: dict[str, list[str]] = field(default_factory=dict)
    characters: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._exact = {k: v for k, v in self.words.items() if k != k.lower()}
        self._folded = {k: v for k, v in self.words.items() if k == k.lower()}
        self._context: dict[str, list[Context]] = {}
        for rule in self.context:
            self._context.setdefault(rule.form, []).append(rule)
        self._phrases = [(k.split(), v) for k, v in self.phrases.items()]

    def damage(self) -> dict[str, dict]:
        """What search must know of the OCR (kept with the document): the renderings of each
        lost letter (`letters`) and the misread characters (`characters`).

        >>> Rules(letters={"ä": ["a", "i"]}).damage()
        {'letters': {'ä': ['a', 'i']}, 'characters': {}}
        """
        return {"letters": self.letters, "characters": self.characters}

    def repair(self, text: str) -> str:
        """The text with every OCR word that has a correction corrected.

        >>> far = Context("far", "får", not_prev=re.compile("min|din|hans"))
        >>> Rules(context=[far]).repair("Han far spela. Hans far spelar.")
        'Han får spela. Hans far spelar.'
        """
        words = list(WORD.finditer(text))
        out: list[str] = []
        at = 0
        i = 0
        while i < len(words):
            taken, fixed = self._phrase(text, words, i)
            if not taken:
                taken, fixed = 1, self._word(text, words, i)
            out.append(text[at : words[i].start()])
            out.append(fixed)
            at = words[i + taken - 1].end()
            i += taken
        out.append(text[at:])
        return "".join(out)

    def _phrase(self, text: str, words: list[re.Match[str]], i: int) -> tuple[int, str]:
        """A phrase starting at word i, as (how many words it takes, its correction)."""
        for parts, to in self._phrases:
            span = words[i : i + len(parts)]
            if len(span) < len(parts) or [w.group().lower() for w in span] != parts:
                continue
            gaps = [text[a.end() : b.start()] for a, b in itertools.pairwise(span)]
            if all(g.strip() == "" and "\n" not in g for g in gaps):
                return len(parts), match_case(span[0].group(), to)
        return 0, ""

    def _word(self, text: str, words: list[re.Match[str]], i: int) -> str:
        """The correction of word i (itself when there is none)."""
        word = words[i].group()
        if word in self._exact:
            return self._exact[word]
        if word.lower() in self._folded:
            return match_case(word, self._folded[word.lower()])
        for rule in self._context.get(word.lower(), []):
            if rule.applies(neighbour(text, words, i, -1), neighbour(text, words, i, 1)):
                return match_case(word, rule.to)
        return word


def neighbour(text: str, words: list[re.Match[str]], i: int, step: int) -> str:
    """The word just before (step -1) or after (step 1) word i in its sentence, else "".

    >>> ws = list(WORD.finditer("kan gilla. Sedan"))
    >>> neighbour("kan gilla. Sedan", ws, 1, -1), neighbour("kan gilla. Sedan", ws, 1, 1)
    ('kan', '')
    """
    j = i + step
    if not 0 <= j < len(words):
        return ""
    a, b = sorted((words[i], words[j]), key=lambda m: m.start())
    return "" if SENTENCE_END.search(text[a.end() : b.start()]) else words[j].group()


def match_case(form: str, word: str) -> str:
    """`word` in the case of the OCR `form`: all capitals, a capital first letter, or as is.

    >>> match_case("NAGON", "någon"), match_case("Nir", "när"), match_case("4r", "är")
    ('NÅGON', 'När', 'är')
    """
    letters = [c for c in form if c.isalpha()]
    if len(letters) > 1 and form.isupper():
        return word.upper()
    if form[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def load_rules(path: Path) -> Rules:
    """The corrections of a `ocr.toml` file; a form corrected both always and in context is an
    error (the file must say which).

    >>> load_rules(Path("corpus/sv/ocr.toml")).repair("Nir han far spela pa bordet")
    'När han får spela på bordet'
    """
    with path.open("rb") as f:
        data = tomllib.load(f)
    rules = [context_rule(entry) for entry in data.get("context", [])]
    both = sorted({r.form for r in rules} & {k.lower() for k in data.get("words", {})})
    if both:
        raise ValueError(f"{path}: corrected both always and in context: {', '.join(both)}")
    return Rules(data.get("words", {}), data.get("phrases", {}), rules,
                 data.get("letters", {}), data.get("characters", {}))  # fmt: skip


def context_rule(entry: dict[str, str]) -> Context:
    """A context rule from its table in `ocr.toml`."""
    patterns = {k: re.compile(entry[k]) for k in ("prev", "next", "not_prev", "not_next")
                if k in entry}  # fmt: skip
    return Context(entry["form"].lower(), entry["to"], **patterns)
