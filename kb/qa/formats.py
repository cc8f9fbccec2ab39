r"""The report for people and programs: text, JSON, TSV; and TMX 1.4 of the aligned units for
CAT tools.

>>> from kb.library import get_library
>>> from kb.qa import report
>>> to_tsv(report(get_library(), ["fi", "et"], ["extra"])).rstrip().split("\t")
['check', 'severity', 'id', 'langs', 'message', 'sources', 'urls']
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from kb.library import Library
from kb.model import Unit
from kb.qa.groups import align_books
from kb.qa.model import CHECKS, Report

TSV_COLUMNS = ("check", "severity", "id", "langs", "message", "sources", "urls")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


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
    sources and URLs are space-separated in the order of `langs`."""
    rows = [TSV_COLUMNS]
    for f in report.findings:
        sources = " ".join(w.source for w in f.where)
        urls = " ".join(w.url for w in f.where)
        rows.append((f.check, f.severity, f.id, ",".join(f.langs), f.message, sources, urls))
    return "".join("\t".join(_cell(c) for c in row) + "\n" for row in rows)


def to_text(report: Report) -> str:
    """The report for reading in a terminal: the documents, the findings check by check (with
    both sides of each), the counts and how many the ignore list silenced.

    >>> from kb.library import get_library
    >>> from kb.qa import report
    >>> r = report(get_library(), ["fi", "tr", "et"], ["missing"])
    >>> for line in to_text(r).splitlines()[6:8]:
    ...     print(line)
    missing (3)
      error   16.C.3  [et,fi,tr]  16.C.3 is in fi, tr, not in et
    """
    docs = report.coverage["documents"]
    lines = ["Documents:"]
    for lang, doc in docs.items():
        lines.append(f"  {lang}  {doc['edition']} {doc['kind']:8} {doc['source']}  {doc['title']}")
    missing = {x: sum(len(row[x].get("missing", [])) for row in report.coverage["laws"].values())
               for x in docs}  # fmt: skip
    lines.append("Coverage: units missing per document: " + ", ".join(
        f"{x} {n}" for x, n in missing.items()))  # fmt: skip
    for check in CHECKS:
        found = [f for f in report.findings if f.check == check]
        if not found:
            continue
        lines.append(f"\n{check} ({len(found)})")
        for f in found:
            lines.append(f"  {f.severity:7} {f.id}  [{','.join(f.langs)}]  {f.message}")
            lines.extend(f"          {w.lang} {w.id}: {w.source}  {w.url}" for w in f.where)
    counts = ", ".join(f"{c} {n}" for c, n in report.counts().items())
    lines.append(f"\n{len(report.findings)} findings ({counts}); {len(report.ignored)} ignored")
    lines.extend(f"unused ignore entry: {e}" for e in report.unused_ignores)
    return "\n".join(lines) + "\n"


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

    >>> from kb.library import get_library
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


def to_tmx(library: Library, langs: list[str]) -> str:
    """TMX 1.4 of the aligned units of some languages (the first is the source language): a
    <tu> per aligned group with a <tuv> per language, each with its source line as a <prop>.

    >>> from kb.library import get_library
    >>> tmx = to_tmx(get_library(), ["fi", "et"])
    >>> tmx.count("<tu ") > 800, '<tu tuid="16.C.3"' in tmx
    (True, False)
    """
    root = ET.Element("tmx", version="1.4")
    ET.SubElement(root, "header", {
        "creationtool": "lawkb", "creationtoolversion": "0.1.0", "segtype": "paragraph",
        "o-tmf": "lawkb JSON", "adminlang": "en", "srclang": langs[0], "datatype": "plaintext",
    })  # fmt: skip
    body = ET.SubElement(root, "body")
    for uid, units in tmx_pairs(library, langs):
        tu = ET.SubElement(body, "tu", tuid=uid)
        ET.SubElement(tu, "prop", type="x-law").text = uid.split(".")[0]
        for lang, unit in units.items():
            tuv = ET.SubElement(tu, "tuv", {XML_LANG: lang})
            source = f"{library.books[lang].meta['source']}:{unit.lines[0]}"
            ET.SubElement(tuv, "prop", type="x-source").text = source
            ET.SubElement(tuv, "prop", type="x-id").text = unit.id
            ET.SubElement(tuv, "seg").text = segment(unit)
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
