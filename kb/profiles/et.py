"""The Estonian 2017 law book: text from PDF (guide: shared/guides/et.md)."""

from kb.core.profile import (
    DefinitionForm,
    FootnoteForm,
    IndexForm,
    MarkerForm,
    Profile,
    References,
    RefForm,
    Region,
    SectionForm,
    Words,
    rx,
)

UPPER = "A-ZÄÖÜÕŠŽ"

PROFILE = Profile(
    lang="et",
    regions=(
        Region("front", "front", None),
        Region("preface", "preface", rx(r"^2017\.a turniirbridžireeglite eessõna$")),
        Region("preface-et", "preface", rx(r"^Eestikeelse väljaande eessõna$")),
        Region("toc", "toc", rx(r"^SISUKORD$")),
        Region("introduction", "introduction", rx(r"^SISSEJUHATUS ")),
        Region("definitions", "definitions", rx(r"^MÕISTED$")),
        Region("laws", "laws", None),
        Region("index", "index", rx(r"^Lisa 1 INDEKS")),
        Region("appendix-2", "appendix", rx(r"^TÄHTSAMAD MUUTUSED VÕRRELDES")),
        Region("appendix-3", "appendix", rx(r"^OTSUS$")),
        Region("commentary", "commentary", rx(r"^MÄRKUSED JA KOMMENTAARID")),
    ),
    law_heading=rx(rf"^Reegel (?P<num>[1-9][0-9]?) (?P<title>[{UPPER}][^\t]*?)\s*$"),
    sections=(
        SectionForm(rx(r"^(?P<letter>[A-H])\.(?P<rest>)$"), "text"),
        SectionForm(rx(r"^(?P<letter>[A-H])\. (?P<rest>.+)$"), "text", bullet=True),
        SectionForm(rx(r"^(?P<letter>[A-H])\. (?P<rest>.+)$"), "title", bullet=False),
    ),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d)\.\s+"), ("subsection",)),
        MarkerForm(rx(r"^(?P<v>\d)\)\s+"), ("subitem", "subsection")),
        MarkerForm(rx(r"^(?P<v>[a-z])\)\s+"), ("item",)),
    ),
    bullet_items=True,
    strip=((rx(r"\*{1,2}(?=\S)([^*]+?)(?<=\S)\*{1,2}"), r"\1"),),
    split_glued=rx(r"\*\*(?P<marker>[A-H]\.)\*\*\s*$"),
    footnotes=FootnoteForm(
        line=rx(r"^(?P<marker>[¹²³⁴⁵⁶⁷⁸⁹⁰]+) (?P<text>.*)$"),
        anchor=rx(r"(?P<marker>[¹²³⁴⁵⁶⁷⁸⁹⁰]+)"),
    ),
    definitions=DefinitionForm(
        term=rx(
            rf"^(?P<term>[{UPPER}][{UPPER} ]+?)"
            r"(?: \((?:ingl\.\s*)?(?P<english>[^,)]+)(?:,[^)]*)?\))?$"
        ),
    ),
    # "Avakäik väljaspool järjekorda<TAB>54<TAB>Out of turn"; "<i>Vt ka rikkumine</i>".
    index=IndexForm(
        layout="columns",
        definitions="Mõisted",
        introduction="Sissejuhatus",
        note="märkus",
        see=rx(r"^(?:<i>)?Vt(?P<also> ka)? (?P<term>[^<]+?)(?:</i>)?$"),
    ),
)

# "vt reegel 16D", "reegleid 4, 12C2 ja 91", "reeglis 45E (…) või 58B"; tokens are lenient
# so that misprints ("26V", "1Bb3", "16c2") are found and reported. Internal: "lõiget B4",
# "punktide 2c või 2d", "vt C2 allpool".
_TOK = r"\d{1,2}(?:[A-Za-z][A-Za-z0-9]*)?(?:\(\d\))?"
_SEP = r"(?: ?(?:,|ja|või|ning|/) ?| (?=\d{1,2}[A-Z])| \([^()]*\) (?:või|ja) )"
_RELET = r"(?:[A-Ha-h]\d{0,2}[a-e]?\d?\)?|\d[a-e]?|[a-e]\))"
REFERENCES = References(
    lang="et",
    forms=(
        RefForm(
            rx(
                rf"\b[Rr]eeg(?:el|l[a-zõäöü]*)[ \u00a0]+(?P<codes>{_TOK}(?:{_SEP}{_TOK})*)"
                r"(?![\w])"
            )
        ),
        RefForm(
            rx(
                rf"\b(?:lõi\w*|löi\w*|punkt\w*)\s(?P<codes>{_RELET}(?:\s(?:ja|või)\s{_RELET})*)"
                r"(?![\w])"
            ),
            "law",
        ),
        RefForm(rx(r"\bvt\s(?P<codes>[A-H]\d{0,2}[a-e]?\d?)\s(?:allpool|eespool)"), "law"),
        # A bare section letter closing a parenthesis: "(kunstliku passi korral vt C)".
        RefForm(rx(r"\b(?:vt|vaata)\s(?P<codes>[A-H])(?=\))"), "law"),
        RefForm(
            rx(
                r"\b(?:vt|vaata)(?:\s(?:ka|järgnevat|eelnevat))?\s(?P<codes>[A-H]\d{1,2}[a-e]?\d?)(?!\w)"
            ),
            "law",
        ),
    ),
    style="reegel {code}",
    table="reegli {code} tabel",  # et.txt:477 "reeglis 78B toodud astmiku"
    heading="Reegel {n}",
    quotes="„“",
    subitem_digits=True,
    cues=("vaata ka", "vaata", "vt ka", "vt"),
    words=("reegel", "reeglit", "reegli", "reeglis", "reegliga", "reegluga", "reeglid"),
)

WORDS = Words(
    alphabet="abcdefghijklmnopqrsšzžtuvwõäöüxy",
    snowball="estonian",
    stopwords="ja ning ka ei et kui või aga on oli olema see selle seda need nende ta tema ma mu "
    "sa me te nad mis kes kus kas pärast enne kuni vaid ainult siis veel kõik oma "
    # Question words and table talk: "mis nüüd", "kas tohib", "mida teha".
    "nüüd mida tohib tohin võib võin saab peab pean kuidas miks juba kuigi mina meie",
    # Suits and cards, as players name them ("poti äss", "ärtu kuningas").
    # Not `poiss` (a jack, and "boy").
    cards="pada poti potid ärtu ärtud ärtut ruutu ruudud ruutut risti ristid ristit äss ässa "
    "ässad ässaga kuningas kuninga kuningat kuningaga emand emanda daam daami soldat soldati "
    "sõdur sõduri trumbita",
    players=(
        ("kaaslane kaaslase", "partner", "partner: 'kaaslane' in speech"),
        ("revoke revokk", "mastisalgamine", "a revoke: the English word in speech"),
        ("claim", "nõudlus", "a claim: the English word in speech"),
        ("dummy", "laud", "dummy: the English word in speech"),
        ("karistuskaart karistuskaardi", "trahvikaart", "a penalty card, word for word"),
        ("mõtles mõtlemine", "kõhklemine", "hesitation: 'thinking'"),
        ("boks karp", "jaotusekarp", "the board"),
    ),
)

# Numbers the book spells out, for the translators' report (`kb.qa.checks.figures`): a word
# form (a regular expression matched as a whole word, case-insensitive) and its value; longer
# forms first (kolmeteistkümnes, neljas are ordinals).
NUMBER_WORDS = (
    (r"kolmteist(?:kümmend)?", 13),
    (r"kolm(?:e|est|ele|eks)?", 3),
    (r"neli|nelja(?:st|le|ks)?", 4),
)

# Concepts a translation must carry wherever the Laws state them, for the translators' report
# (`kb.qa.checks.check_clauses`): a name shared by every language and the forms of this book
# (a regular expression, case-insensitive). Unauthorised information is "ebaseaduslik teave",
# also "ebareeglipärane teave" (not "ebareeglipärane toiming", an irregularity).
CONCEPTS = {
    "unauthorised": r"ebaseadusl\w*|lubamatu\w*|ebareeglipärase teab\w*|mittereeglipärane"
    r"|\bebareeglipärane\b(?!\s+toiming)|\bluba omamata",
    "damage": r"\bkahju\w*",
    "major": r"\bvanem\w*\s+trahvikaar\w*",
    "minor": r"\bnoorem\w*\s+trahvikaar\w*",
    "automatic": r"\bautomaat\w*|\biseenesest",
    "promptly": r"\bkohe\b|\bkohes\w*|\bviivitamat\w*|\botsekohe|\bviivituseta",
}
