"""The Whoosh schema of the search index: what each unit is indexed and stored as.

Whoosh provides the fields (terms with their frequencies and, for phrases, positions; each
unit's field lengths for BM25; columns of per-unit values; stored texts). The project adds
the layout: one index over every document, fields per language `xx` (every document of a
language shares its fields, so a word's statistics are its language's):

- `exact_xx`: the exact keys (folded, unstemmed) of the unit's own title, then its text, with
  positions (`Phrase` queries);
- `title_xx`, `law_xx`, `text_xx`: the stems of its own title (or its term), of the title of
  its law, of its text;
- `ocr_xx` (a language with an OCR'd document): the exact keys of the text as printed;
- columns `id`, `lang` (the document's address, `kb.store.addresses`), `law`, `kind` and
  `cites` (ids, space-separated), read whole when the index is opened (`kb.search.units`);
- stored `title`, `heading` (the unit's own title), `text` and `raw` (the OCR'd text), read
  for the hits shown.

The analyzers are `kb.search.analysis`'s (Whoosh pickles them into the index: the index is
read with this package's classes).

>>> s = schema(["fi"], ["fi"])
>>> sorted(n for n in s.names() if n.endswith("_fi"))
['exact_fi', 'law_fi', 'ocr_fi', 'text_fi', 'title_fi']
>>> field("text", "fi")
'text_fi'
"""

from __future__ import annotations

from collections.abc import Iterable

from whoosh import fields

from kb.core.ids import LAW_LEVELS
from kb.profiles import SHIPPED, Profiles
from kb.search.analysis import index_analyzer

SEARCHABLE = frozenset((*LAW_LEVELS, "definition", "table", "topic"))
STEM_FIELDS = ("title", "law", "text")  # fields of stems, per language
TERM_FIELDS = ("exact", *STEM_FIELDS, "ocr")  # every field of words, per language
COLUMNS = ("id", "lang", "law", "kind", "cites")  # per unit, read when the index opens
STORED = ("title", "heading", "text", "raw")  # per unit, read when it is shown


def field(name: str, language: str) -> str:
    """A language's field of a kind (`text`, `exact`, ...)."""
    return f"{name}_{language}"


def schema(
    languages: Iterable[str], ocr: Iterable[str] = (), profiles: Profiles = SHIPPED
) -> fields.Schema:
    """The schema of an index of `languages` (codes), those in `ocr` with an OCR field, each
    analysed with its words in `profiles`."""
    found: dict[str, fields.FieldType] = {
        name: fields.ID(stored=True, sortable=True) for name in COLUMNS
    }
    found.update({name: fields.STORED() for name in STORED})
    for lang in languages:
        exact, stems = (
            index_analyzer(lang, "exact", profiles),
            index_analyzer(lang, "stems", profiles),
        )
        found[field("exact", lang)] = fields.TEXT(analyzer=exact, phrase=True)
        for name in STEM_FIELDS:
            found[field(name, lang)] = fields.TEXT(analyzer=stems, phrase=False)
        if lang in ocr:
            found[field("ocr", lang)] = fields.TEXT(analyzer=exact, phrase=False)
    return fields.Schema(**found)
