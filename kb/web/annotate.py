"""A unit's exact text as safe HTML, with its layers woven in: cross-references as links,
footnote markers as superscript links. Everything else is escaped.

>>> from kb.core.model import Footnote, Unit
>>> u = Unit("9.A.2", "subsection", "2.", "", "katso laki (s. 80) 65B3 § <x>", "fi", 2017,
...          (1, 1), refs=[{"text": "laki (s. 80) 65B3 §", "targets": ["65.B.3"], "line": 1}],
...          footnotes=[Footnote("4", "Huom.", (2, 2), position=5)])
>>> html = str(annotate(u, lambda t: (f"/fi/law/{t}", t)))
>>> html[:70]
'katso<sup class="fn"><a href="#fn-9A2-4" id="fnref-9A2-4">4</a></sup> '
>>> 'href="/fi/law/65.B.3"' in html, html.endswith("§</a> &lt;x&gt;")
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup, escape

from kb.core.ids import anchor
from kb.core.model import Unit
from kb.layers.cite import render


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    html: Callable[[str], str]  # the HTML for the span's text


Link = Callable[[str], tuple[str, str]]  # a target id -> (href, what it is, for a tooltip)
# A misprinted code's entry (kb/crosslang/misprints.py) -> the words before its suggestion, in
# the UI language ("misprint? the books in Finnish, Turkish cite:").
Note = Callable[[dict], str]


def ref_spans(
    text: str,
    refs: list[dict],
    href: Link,
    field: str = "text",
    note: Note | None = None,
    lang: str = "",
) -> list[Span]:
    """Where each reference stands in the text (or tail), the codes of a list linked one by
    one; a misprinted code is shown as printed, with its note and its suggestion's link."""
    spans: list[Span] = []
    at = 0
    for ref in refs:
        shown = ref["targets"] or ref.get("misprints")
        if ref.get("footnote") or not shown or ref.get("field", "text") != field:
            continue
        start = text.find(ref["text"], at)
        if start < 0:
            start = text.find(ref["text"])
        if start < 0:
            continue
        end = start + len(ref["text"])
        at = end
        spans.append(Span(start, end, _linker(ref, href, note or _note, lang)))
    return spans


def _note(entry: dict) -> str:
    return "misprint?"


def misprint(entry: dict, part: str, href: Link, note: Note, lang: str) -> str:
    """A misprinted code as printed, then its note and the link to its likely unit (named
    in the book's citing style).

    >>> html = misprint({"suggestion": "30.B.1.b"}, "39B1b", lambda t: ("/x", t), _note, "et")
    >>> html[:80]
    '<span class="misprint">39B1b</span> <span class="misprint-note">[misprint? <a cl'
    >>> html[-35:]
    '"30.B.1.b">reegel 30B1b</a>]</span>'
    """
    out = f'<span class="misprint">{escape(part)}</span> <span class="misprint-note">['
    out += str(escape(note(entry)))
    uid = entry.get("suggestion")
    if uid:
        url, what = href(uid)
        out += (
            f' <a class="xref suggestion" href="{escape(url)}" title="{escape(what)}" '
            f'data-target="{escape(uid)}">{escape(render(uid, lang))}</a>'
        )
    return out + "]</span>"


def _linker(ref: dict, href: Link, note: Note, lang: str) -> Callable[[str], str]:
    targets = ref["targets"]
    wrong = [m for m in ref.get("misprints", []) if "at" in m]

    def link(target: str, label: str) -> str:
        url, what = href(target)
        return (
            f'<a class="xref" href="{escape(url)}" title="{escape(what)}" '
            f'data-target="{escape(target)}">{label}</a>'
        )

    def html(part: str) -> str:
        spans = ref.get("spans") or []
        if not wrong and (len(targets) == 1 or len(spans) < 2):
            return link(targets[0], str(escape(part))) if targets else str(escape(part))
        pieces = [(s, e, lambda p, t=t: link(t, str(escape(p)))) for s, e, t in spans]
        pieces += [(*m["at"], lambda p, m=m: misprint(m, p, href, note, lang)) for m in wrong]
        out, last = [], 0
        for start, end, show in sorted(pieces, key=lambda x: x[0]):
            if start < last:
                continue
            out.append(str(escape(part[last:start])))
            out.append(show(part[start:end]))
            last = end
        out.append(str(escape(part[last:])))
        return "".join(out)

    return html


def term_spans(unit: Unit, taken: list[Span], href: Link, field: str = "text") -> list[Span]:
    """The first place each defined term stands in a unit's text (or tail), linked to its
    definition (never inside a reference)."""
    spans, seen = [], set()
    for term in (t for t in unit.terms if t.get("field", "text") == field):
        start, end, target = term["start"], term["end"], term["target"]
        if target in seen or any(s.start < end and start < s.end for s in taken):
            continue
        seen.add(target)
        url, what = href(target)
        html = f'<a class="term" href="{escape(url)}" title="{escape(what)}">{{}}</a>'
        spans.append(Span(start, end, lambda part, html=html: html.format(escape(part))))
    return spans


def annotate(unit: Unit, href: Link, field: str = "text", note: Note | None = None) -> Markup:
    """The unit's text (or title, or tail) as HTML: references linked (misprinted codes with
    their `note`), defined terms linked to the glossary (not in a heading: in a table's
    caption), footnote markers placed."""
    text = getattr(unit, field)
    spans = ref_spans(text, unit.refs, href, field, note, unit.lang)
    spans += (
        term_spans(unit, spans, href, field) if field != "title" or unit.kind == "table" else []
    )
    markers: dict[int, list[str]] = {}
    for f in unit.footnotes:
        if f.where == field and f.position is not None:
            markers.setdefault(f.position, []).append(f.marker)
    out: list[str] = []
    pos = 0
    points = sorted(set(markers) | {s.start for s in spans} | {len(text)})
    span_at = {s.start: s for s in spans}
    for point in points:
        if point < pos:
            continue
        out.append(str(escape(text[pos:point])))
        pos = point
        for marker in markers.get(point, []):
            out.append(footnote_marker(unit.id, marker))
        span = span_at.get(point)
        if span is not None and span.start >= pos:
            out.append(span.html(text[span.start : span.end]))
            pos = span.end
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


def footnote_marker(uid: str, marker: str) -> str:
    """A footnote marker's superscript link to the footnote (and back)."""
    key = f"{anchor(uid)}-{fn_key(marker)}"
    return f'<sup class="fn"><a href="#fn-{key}" id="fnref-{key}">{escape(marker)}</a></sup>'


def fn_key(marker: str) -> str:
    """A footnote marker in a form that can stand in an HTML id.

    >>> fn_key("**"), fn_key("†"), fn_key("12")
    ('s2', 'd1', '12')
    """
    if marker.isdigit():
        return marker
    return {"*": "s", "†": "d", "‡": "dd"}.get(marker[0], "x") + str(len(marker))


def paragraphs(html: Markup) -> list[Markup]:
    """Split annotated text into paragraphs (blank lines) and keep line breaks of tables."""
    return [Markup(p.replace("\n", "<br>")) for p in re.split(r"\n\n+", str(html)) if p]
