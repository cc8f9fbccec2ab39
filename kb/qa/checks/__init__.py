"""The checks of the alignment report, one module per family behind one interface
(`kb.qa.checks.base.Check`): each takes the aligned books and yields findings.

Checks comparing translations compare the law books of one edition group by group (and the
definitions the glossary links to one concept); a finding blames the language that differs
from the others (`odd`) and points at its offending words. The 2007 book joins through the
map in the missing and drift checks only (below a section the editions are not aligned).
Drift and the parser's notes are housekeeping (`HOUSEKEEPING`), not the translator's list.

>>> REGISTRY["numbers"].family, len(REGISTRY)
('figures', 23)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kb.qa.checks import (
    clauses,
    figures,
    housekeeping,
    mechanics,
    modal,
    references,
    roles,
    spelling,
    structure,
    terms,
    text,
)
from kb.qa.checks.base import Check, plain, sentences, without_pages
from kb.qa.groups import Alignment
from kb.qa.model import ALL_CHECKS, Finding

FAMILIES = (
    structure,
    figures,
    references,
    modal,
    roles,
    clauses,
    text,
    terms,
    mechanics,
    spelling,
    housekeeping,
)
REGISTRY: dict[str, Check] = {c.name: c for family in FAMILIES for c in family.CHECKS}
CHECK_FUNCTIONS: dict[str, Callable[[Alignment], Iterable[Finding]]] = {
    name: REGISTRY[name].run for name in ALL_CHECKS
}

__all__ = ["CHECK_FUNCTIONS", "REGISTRY", "Check", "plain", "sentences", "without_pages"]
