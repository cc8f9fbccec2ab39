"""The records of the alignment report: where a finding points, the finding, the report.

>>> w = Where("fi", "12.A", "corpus/fi/fi.txt", 671)
>>> w.to_json()
{'lang': 'fi', 'id': '12.A', 'source': 'corpus/fi/fi.txt:671', 'url': '/fi/law/12#12A'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The checks in the order the report lists them.
CHECKS: tuple[str, ...] = (
    "missing", "extra", "numbers", "refs", "length", "empty", "untranslated", "terms", "drift",
    "source",
)  # fmt: skip
SEVERITIES: tuple[str, ...] = ("error", "warning", "info")


def site_url(lang: str, uid: str) -> str:
    """The site's permalink of a unit (the same as the site's `unit_url`): a law-tree unit on
    its law's page at its anchor, a definition in the glossary, anything else on its own page.

    >>> site_url("et", "52.A.c"), site_url("fi", "12"), site_url("tr", "def.bord")
    ('/et/law/52#52Ac', '/fi/law/12', '/tr/definitions#defbord')
    >>> site_url("sv", "topic.62")
    '/sv/part/topic.62'
    """
    law = uid.split(".")[0]
    anchor = uid.replace(".", "")
    if law == "def":
        return f"/{lang}/definitions#{anchor}"
    if not law.isdigit():
        return f"/{lang}/part/{uid}"
    return f"/{lang}/law/{law}" + (f"#{anchor}" if "." in uid else "")


@dataclass(frozen=True)
class Where:
    """One side of a finding: a unit of one book (or, for a unit a book lacks, the nearest unit
    around where it belongs), its source file and line, and its page on the site."""

    lang: str
    id: str
    file: str
    line: int

    @property
    def source(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def url(self) -> str:
        return site_url(self.lang, self.id)

    def to_json(self) -> dict[str, Any]:
        return {"lang": self.lang, "id": self.id, "source": self.source, "url": self.url}


@dataclass(frozen=True)
class Finding:
    """What a check found in one aligned group (or one book): `langs` are the languages it
    compares, the ones it is about first; `where` has a side per language; `law` is the law the
    finding belongs to (None for parts outside the laws)."""

    check: str
    severity: str
    id: str
    langs: tuple[str, ...]
    message: str
    where: tuple[Where, ...]
    law: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The finding as the report's JSON object.

        >>> f = Finding("extra", "error", "52.A.c", ("et",), "only in et", ())
        >>> list(f.to_json())
        ['check', 'severity', 'id', 'langs', 'message', 'where']
        """
        return {
            "check": self.check,
            "severity": self.severity,
            "id": self.id,
            "langs": list(self.langs),
            "message": self.message,
            "where": [w.to_json() for w in self.where],
        }


@dataclass
class Report:
    """The alignment report over some languages: coverage, findings (sorted), and the findings
    the ignore list silenced (with the entry's reason), and the entries that matched nothing."""

    langs: list[str]
    coverage: dict[str, Any]
    findings: list[Finding]
    ignored: list[tuple[Finding, str]] = field(default_factory=list)
    unused_ignores: list[dict[str, Any]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Findings per check, every check listed.

        >>> Report(["fi"], {}, []).counts()["numbers"]
        0
        """
        return {c: sum(f.check == c for f in self.findings) for c in CHECKS}

    def to_json(self) -> dict[str, Any]:
        """The report as the JSON export's object.

        >>> list(Report(["fi"], {}, []).to_json())
        ['langs', 'coverage', 'counts', 'ignored', 'findings']
        """
        return {
            "langs": self.langs,
            "coverage": self.coverage,
            "counts": self.counts(),
            "ignored": len(self.ignored),
            "findings": [f.to_json() for f in self.findings],
        }
