r"""The report for people and programs: text, JSON, TSV (each finding with both texts and the
line and column of the offending words); for CAT tools, sentence-level TMX 1.4 and XLIFF 2.0
of the aligned units (the report's findings as notes) and the glossary as a CSV or TBX
termbase.

>>> from kb.crosslang.library import get_library
>>> from kb.qa import report
>>> to_tsv(report(get_library(), ["fi", "et"], ["extra"])).splitlines()[0].split("\t")[:7]
['check', 'severity', 'id', 'langs', 'message', 'sources', 'urls']
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

from kb.core.ids import LAW_LEVELS, law_of
from kb.core.model import Unit
from kb.crosslang.library import Book, Library
from kb.layers import glossary
from kb.profiles import load_words
from kb.qa.checks import sentences, without_pages
from kb.qa.groups import align_books
from kb.qa.model import Finding, Report

TSV_COLUMNS = ("check", "severity", "id", "langs", "message", "sources", "urls", "odd", "code",
               "places", "words", "texts", "key")  # fmt: skip
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
XLIFF = "urn:oasis:names:tc:xliff:document:2.0"


def to_json(report: Report) -> str:
    """The report as JSON: `langs`, `coverage`, `counts`, `ignored` (how many) and
    `findings`, each {check, severity, id, langs, message, where}.

    >>> json.loads(to_json(Report(["fi"], {}, [])))["findings"]
    []
    """
    return json.dumps(report.to_json(), ensure_ascii=False, indent=1)


def _cell(text: str) -> str:
    return " ".join(text.split())


def to_tsv(report: Report) -> str:
    """The findings as TSV: a header row, then a row per finding (TSV_COLUMNS); the sides'
    sources (file:line), places (file:line:column) and URLs are space-separated in the order
    of `langs`; `words` and `texts` give each side's offending words and text as
    `lang: ...`, separated by ` | `."""
    rows = [TSV_COLUMNS]
    for f in report.findings:
        sources = " ".join(w.source for w in f.where)
        urls = " ".join(w.url for w in f.where)
        words = " | ".join(f"{w.lang}: {w.words}" for w in f.where if w.words)
        texts = " | ".join(f"{w.lang}: {w.text}" for w in f.where)
        places = " ".join(w.place for w in f.where)
        odd, code = ",".join(f.about), f.code or f.check
        rows.append((f.check, f.severity, f.id, ",".join(f.langs), f.message, sources, urls,
                     odd, code, places, words, texts, f.key))  # fmt: skip
    return "".join("\t".join(_cell(c) for c in row) + "\n" for row in rows)


def to_text(report: Report) -> str:
    """The report for reading in a terminal: the documents, the findings check by check (with
    both sides of each), the counts and how many the ignore list silenced.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa import report
    >>> r = report(get_library(), ["fi", "tr", "et"], ["missing"])
    >>> for line in to_text(r).splitlines()[7:10]:
    ...     print(line)
    missing (3)
      error   16.C.3  [et,fi,tr]  16.C.3 is in fi, tr, not in et
              et 16.C: corpus/et/et.txt:1039  /et/law/16#16C
    """
    docs = report.coverage["documents"]
    lines = ["Documents:"]
    for lang, doc in docs.items():
        lines.append(f"  {lang}  {doc['edition']} {doc['kind']:8} {doc['source']}  {doc['title']}")
    missing = {x: sum(len(row[x].get("missing", [])) for row in report.coverage["laws"].values())
               for x in docs}  # fmt: skip
    lines.append("Coverage: units missing per document: " + ", ".join(
        f"{x} {n}" for x, n in missing.items()))  # fmt: skip
    read = report.coverage.get("reading", {})
    lines.append("Read with: " + "; ".join(f"{x} {_reader(r)}" for x, r in read.items()))
    for check in report.checks:
        found = [f for f in report.findings if f.check == check]
        if found:
            lines.append(f"\n{check} ({len(found)})")
            lines.extend(line for f in found for line in _finding_lines(f))
    counts = ", ".join(f"{c} {n}" for c, n in report.counts().items())
    lines.append(f"\n{len(report.findings)} findings ({counts}); {len(report.ignored)} ignored")
    for f, reason in report.ignored:
        lines.append(f"ignored: {f.check} {f.id} [{','.join(f.about)}] {f.message}")
        lines.append(f"          reason: {reason}")
    lines.extend(f"unused ignore entry: {e}" for e in report.unused_ignores)
    return "\n".join(lines) + "\n"


def _reader(read: dict[str, str]) -> str:
    """What a book is read with, said in the text report.

    >>> _reader({"dictionary": "et_EE (hunspell)", "analyser": ""}).split(", ", 1)[1]
    'grammar read in part (words taken for like ones; the rest needs the qa extra)'
    """
    said = [f"dictionary {read['dictionary'] or 'none installed'}"]
    if "analyser" in read:
        analyser = read["analyser"]
        said.append(f"grammar by {analyser}" if analyser else
                    "grammar read in part (words taken for like ones; the rest needs the qa "
                    "extra)")  # fmt: skip
    return ", ".join(said)


def _finding_lines(f: Finding) -> list[str]:
    """A finding in the text report: its line, then each side with its place, the offending
    words and the text."""
    lines = [f"  {f.severity:7} {f.id}  [{','.join(f.langs)}]  {f.message}"]
    for w in f.where:
        lines.append(f"          {w.lang} {w.id}: {w.place}  {w.url}")
        if w.words:
            lines.append(f"            at: {_cell(w.words)}")
        if w.text:
            lines.append(f"            {_cell(w.text)}")
    return lines


def segment(unit: Unit) -> str:
    """A unit's text as a translation segment: its title and its own text, one per line.

    >>> segment(Unit("12.A", "section", "A.", "Oikeus", "Teksti.", "fi", 2017, (1, 1)))
    'Oikeus\\nTeksti.'
    """
    return "\n".join(part for part in (unit.title.strip(), unit.text.strip()) if part)


def tmx_pairs(library: Library, langs: list[str]) -> list[tuple[str, dict[str, Unit]]]:
    """The translation units: per aligned group, the units of the chosen languages that
    stand alone for it with a segment (a card has none; a book of the other edition only where
    the map joins one unit to one unit of the same kind), where at least two languages have
    one.

    >>> from kb.crosslang.library import get_library
    >>> [(uid, list(units)) for uid, units in tmx_pairs(get_library(), ["fi", "sk"])][:2]
    [('1', ['fi', 'sk']), ('2', ['fi', 'sk'])]
    """
    alignment = align_books(library, langs)
    out = []
    for group in alignment.groups:
        kind = next(u.kind for x in alignment.peers for u in group.units[x])
        units = {}
        for lang in alignment.peers + alignment.others:
            unit = group.unit(lang)
            if unit is None or not segment(unit):
                continue
            if lang in alignment.others:
                back = alignment.expected(lang, group.id)
                if back != [unit.id] or unit.kind != kind:
                    continue
            units[lang] = unit
        if len(units) >= 2:
            out.append((group.id, {x: units[x] for x in langs if x in units}))
    return out


def sentence_pairs(source: Unit, target: Unit) -> list[tuple[str, str]]:
    """A unit pair's segments: its sentences paired one to one when both have as many (else
    the whole texts), print page references ("(s. 94)") stripped; the title first.

    >>> a = Unit("1", "section", "", "Otsikko", "Yksi lause. Toinen lause (s. 38).", "fi", 2017,
    ...          (1, 1))
    >>> b = Unit("1", "section", "", "Pealkiri", "Esimene lause. Teine lause.", "et", 2017, (1, 1))
    >>> sentence_pairs(a, b)
    [('Otsikko', 'Pealkiri'), ('Yksi lause.', 'Esimene lause.'), ('Toinen lause.', 'Teine lause.')]
    """
    pairs = []
    titles = [" ".join(without_pages(u.title, u.lang).split()) for u in (source, target)]
    if all(titles):
        pairs.append((titles[0], titles[1]))
    texts = [" ".join(without_pages(u.text, u.lang).split()) for u in (source, target)]
    if all(texts):
        first, second = sentences(texts[0]), sentences(texts[1])
        same = len(first) == len(second)
        pairs += list(zip(first, second, strict=True)) if same else [(texts[0], texts[1])]
    return pairs


def _flags(report: Report | None) -> dict[str, list[Finding]]:
    """The findings of a report by the unit id they are on."""
    found: dict[str, list[Finding]] = {}
    for f in report.findings if report else []:
        found.setdefault(f.id, []).append(f)
    return found


def to_tmx(library: Library, langs: list[str], report: Report | None = None) -> str:
    """TMX 1.4 of the aligned units of some languages (the first is the source language), a
    <tu> per sentence pair of the source language with another (`sentence_pairs`, id
    `<unit>#<n>`; units the source book lacks are left out, so every <tu> has the header's
    source language), a <tuv> per language, each with its source line and unit id as <prop>s;
    the findings of `report` blaming either language are <note>s of the pair ("check:
    message"; a CAT tool can leave such pairs out).

    >>> from kb.crosslang.library import get_library
    >>> tmx = to_tmx(get_library(), ["fi", "et"])
    >>> tmx.count("<tu ") > 1000, '<tu tuid="16.C.3#1"' in tmx, "(s. " in tmx
    (True, False, False)
    """
    root = ET.Element("tmx", version="1.4")
    ET.SubElement(root, "header", {
        "creationtool": "lawkb", "creationtoolversion": "0.1.0", "segtype": "sentence",
        "o-tmf": "lawkb JSON", "adminlang": "en", "srclang": langs[0], "datatype": "plaintext",
    })  # fmt: skip
    body = ET.SubElement(root, "body")
    flags = _flags(report)
    first = langs[0]
    for uid, units in tmx_pairs(library, langs):
        if first not in units:
            continue  # a unit the source book lacks: no segment in the header's language
        for other in [x for x in units if x != first]:
            for n, pair in enumerate(sentence_pairs(units[first], units[other]), 1):
                tu = ET.SubElement(body, "tu", tuid=f"{uid}#{n}")
                for f in flags.get(uid, []):
                    if set(f.about) & {first, other}:
                        ET.SubElement(tu, "note").text = f"{f.check}: {f.message}"
                ET.SubElement(tu, "prop", type="x-law").text = law_of(uid) or uid
                for lang, text in zip((first, other), pair, strict=True):
                    unit = units[lang]
                    tuv = ET.SubElement(tu, "tuv", {XML_LANG: lang})
                    source = f"{library.books[lang].meta['source']}:{unit.lines[0]}"
                    ET.SubElement(tuv, "prop", type="x-source").text = source
                    ET.SubElement(tuv, "prop", type="x-id").text = unit.id
                    ET.SubElement(tuv, "seg").text = text
    return _xml(root)


def _xml(root: ET.Element) -> str:
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def xliff_pairs(library: Library, langs: list[str]) -> list[tuple[str, str]]:
    """The language pairs an XLIFF export of some languages gives (XLIFF is bilingual): the
    first law book with each other law book, in the order chosen.

    >>> from kb.crosslang.library import get_library
    >>> xliff_pairs(get_library(), ["fi", "tr", "et", "sv"])
    [('fi', 'tr'), ('fi', 'et')]
    """
    books = [x for x in langs if library.books[x].kind == "lawbook"]
    return [(books[0], x) for x in books[1:]]


def to_xliff(library: Library, langs: list[str], report: Report | None = None) -> str:
    """XLIFF 2.0 from the first language to the second: a <unit> per aligned unit pair
    (`<unit id>` with dots as printed), a <segment> per sentence pair, its `state` "final"
    (the published translation) or "translated" where a finding of `report` blames either
    language (a reviewer should look), and those findings as <note>s (category: the check).

    >>> from kb.crosslang.library import get_library
    >>> x = to_xliff(get_library(), ["fi", "et"])
    >>> x.count("<unit ") > 800, 'srcLang="fi" trgLang="et"' in x, 'state="final"' in x
    (True, True, True)
    """
    ET.register_namespace("", XLIFF)
    source, target = langs[:2]
    root = ET.Element(f"{{{XLIFF}}}xliff", {"version": "2.0", "srcLang": source, "trgLang": target})
    file = ET.SubElement(root, f"{{{XLIFF}}}file", id=f"{source}-{target}")
    flags = _flags(report)
    for uid, units in tmx_pairs(library, [source, target]):
        if len(units) < 2:
            continue
        unit = ET.SubElement(file, f"{{{XLIFF}}}unit", id=uid)
        blamed = [f for f in flags.get(uid, []) if set(f.about) & {source, target}]
        if blamed:
            notes = ET.SubElement(unit, f"{{{XLIFF}}}notes")
            for f in blamed:
                note = ET.SubElement(notes, f"{{{XLIFF}}}note", category=f.check)
                note.text = f.message + (f" (fix: {f.fix_text})" if f.fix_text else "")
        state = "translated" if blamed else "final"
        for n, (src, trg) in enumerate(sentence_pairs(units[source], units[target]), 1):
            segment = ET.SubElement(unit, f"{{{XLIFF}}}segment", id=f"s{n}", state=state)
            ET.SubElement(segment, f"{{{XLIFF}}}source").text = src
            ET.SubElement(segment, f"{{{XLIFF}}}target").text = trg
    return _xml(root)


def book_forms(book: Book, term: str) -> list[str]:
    """A defined term as the book writes it in running text: in its own order (an inverted
    heading, "Hláška, psychická", put in text order by `kb.layers.glossary.term_forms`) and
    its own case (a heading in capitals or with a capital first letter in lower case, unless
    the book capitalises the term in mid-sentence).

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> book_forms(lib.book("sk"), "Hláška, psychická, klamlivá")
    ['psychická hláška', 'klamlivá hláška']
    >>> book_forms(lib.book("et"), "MAST"), book_forms(lib.book("fi"), "Säännöistä vastaava liitto")
    (['mast'], ['Säännöistä Vastaava Liitto'])
    """
    words = load_words(book.key)
    found = []
    for form in glossary.term_forms(term):
        pattern = re.compile(rf"(?<=[^\W\d_] )({re.escape(form)})(?!\w)", re.IGNORECASE)
        printed = Counter(m[1] for u in book.units if u.kind in LAW_LEVELS
                          for m in pattern.finditer(u.text))  # fmt: skip
        lower = " ".join(words.lower(w) for w in form.split())
        found.append(printed.most_common(1)[0][0] if printed else lower)
    return found


def termbase(library: Library, langs: list[str]) -> list[dict[str, str]]:
    """The glossary as termbase entries: per concept its English term(s) and each chosen
    language's defined term(s) (several joined by " | ") and their definition ids.

    >>> from kb.crosslang.library import get_library
    >>> e = next(e for e in termbase(get_library(), ["fi", "et"]) if e["concept"] == "suit")
    >>> e["en"], e["fi"], e["et"]
    ('suit', 'väri', 'mast')
    """
    entries = []
    for concept in glossary.concepts():
        ids = glossary.definitions_of(concept)
        row = {"concept": concept, "en": " | ".join(glossary.english(concept))}
        for lang in langs:
            book = library.books[lang]
            units = [book.by_id[i] for i in ids.get(lang, []) if i in book.by_id]
            row[lang] = " | ".join(f for u in units for f in book_forms(book, u.term or u.title))
            row[f"{lang}_id"] = " | ".join(u.id for u in units)
        if sum(bool(row[x]) for x in langs) >= 1:
            entries.append(row)
    return entries


def to_csv_termbase(library: Library, langs: list[str]) -> str:
    """The termbase as CSV: `concept, en`, then a term and an id column per language."""
    out = io.StringIO()
    columns = ["concept", "en"] + [c for x in langs for c in (x, f"{x}_id")]
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(termbase(library, langs))
    return out.getvalue()


def to_tbx(library: Library, langs: list[str]) -> str:
    """The termbase as TBX-Basic (the martif form CAT tools and translate-toolkit read): a
    `martifHeader` naming the books, a <termEntry> per concept, one <langSet> per language
    (English included) with a <tig> per term (`termNote` partOfSpeech: noun, the Laws'
    defined terms being nouns) in the book's own case and order (`book_forms`).

    >>> from kb.crosslang.library import get_library
    >>> tbx = to_tbx(get_library(), ["fi"])
    >>> '<termEntry id="suit">' in tbx, tbx.count("<martifHeader>")
    (True, 1)
    """
    root = ET.Element("martif", {"type": "TBX-Basic", XML_LANG: "en"})
    header = ET.SubElement(root, "martifHeader")
    desc = ET.SubElement(header, "fileDesc")
    ET.SubElement(
        ET.SubElement(desc, "titleStmt"), "title"
    ).text = "Laws of Duplicate Bridge: the defined terms of the books"
    source = ET.SubElement(desc, "sourceDesc")
    for lang in langs:
        book = library.books[lang]
        ET.SubElement(source, "p").text = f"{lang}: {book.meta['title']} ({book.meta['source']})"
    encoding = ET.SubElement(header, "encodingDesc")
    ET.SubElement(encoding, "p", type="XCSURI").text = "TBXBasicXCSV02.xcs"
    body = ET.SubElement(ET.SubElement(root, "text"), "body")
    for row in termbase(library, langs):
        entry = ET.SubElement(body, "termEntry", id=row["concept"])
        for lang in ["en", *langs]:
            terms = list(dict.fromkeys(filter(None, row[lang].split(" | "))))
            if not terms:
                continue
            lang_set = ET.SubElement(entry, "langSet", {XML_LANG: lang})
            for term in terms:
                tig = ET.SubElement(lang_set, "tig")
                ET.SubElement(tig, "term").text = term
                ET.SubElement(tig, "termNote", type="partOfSpeech").text = "noun"
    return _xml(root)
