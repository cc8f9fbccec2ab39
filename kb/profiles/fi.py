"""The Finnish 2017 law book: rough markdown from LaTeX/PDF (guide: shared/guides/fi.md)."""

from kb.core.profile import (
    CODE,
    REL,
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

PROFILE = Profile(
    lang="fi",
    markdown=True,
    regions=(
        Region("front", "front", None),
        Region("toc", "toc", rx(r"^## Sisältö")),
        Region("introduction", "introduction", rx(r"^## \*\*INTRODUCTION"), lang="en"),
        Region("preface", "preface", rx(r"^## \*\*PREFACE"), lang="en"),
        Region("definitions", "definitions", rx(r"^## MÄÄRITELMÄT")),
        Region("laws", "laws", None),
        Region("options", "options", rx(r"^## Lain optiot")),
        Region("index", "index", rx(r"^## Hakemisto")),
        Region("back", "back", rx(r"^Suomen Bridgeliitto – Finlands Bridgeförbund ry$")),
    ),
    list_tail=rx(r"[,;] (?:tai|ja)$"),
    law_heading=rx(r"^(?P<num>\d{1,2}) § (?P<title>[A-ZÄÖÅ].*?)\s*$"),
    sections=(SectionForm(rx(r"^(?P<letter>[A-H])\. (?P<rest>.*)$"), "auto"),),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d{1,2})\.\s+"), ("subsection",)),
        MarkerForm(rx(r"^(?P<v>[a-l])\.(?:\s+|$)"), ("item",)),
        MarkerForm(rx(r"^-?\s*\((?P<v>[a-z]{1,4})\.?\)\s*"), ("subitem", "item")),
    ),
    footnotes=FootnoteForm(
        line=rx(r"^(?P<marker>\d{1,2}(?=\.)|\*{1,2}|†{1,2}|‡)\.?\s+(?P<text>\S.*)$"),
        anchor=rx(r"(?<=[\w.)§:])(?P<marker>\*{1,2}|†{1,2}|‡)"),
        after=rx(r"^---$"),
        need_anchor=True,
        multiline=True,
    ),
    definitions=DefinitionForm(term=rx(r"^(?P<term>.+)$"), bold=True),
    # "### Alert, 10" (page 10: the definitions), "Virheellinen selostus 20F5a §, 37",
    # "<b>Katsoja</b> 76 §, 93", "- Jako**, 10", "*Huom, katso Pakka*"; the definitions are
    # on pages 10-15 (the table of contents: MÄÄRITELMÄT 10, law 1 on page 16).
    index=IndexForm(
        layout="flow",
        definitions="Määritelmät",
        see=rx(r"Huom,?\s*(?:</i>\s*)?katso(?:</i>)?\s+(?P<term>[^<*]+?)\s*(?:</i>|\*)?\s*$"),
        heading=rx(r"^(?:#{3,4} |\*\*|<b>|- [^*]+\*\*)"),
        definition_pages=(10, 15),
    ),
)

# "laki (s. 94) 77 §", "lait (s. 17) 4 §, (s. 25) 12C2 § ja (s. 107) 91 §": the page number
# in parentheses is never a law. Internal: "C2-momentti", "A- ja B-momenteissa", "a-kohdan".
_KW = r"\b(?:[Ll]a(?:ki|kia|in|issa|ista|ille|it|kien|keja|eihin|kiin))"
_PAGE = r"\(s\.\s?\d{1,3}\)\s*"
_ELEM = rf"(?:{_PAGE})?{CODE}(?:\s?§|\s?S\b)?"
_SEP = r"(?:\s*,\s*(?:(?:ja|tai|sekä)\s+)?|\s+(?:ja|tai|sekä)\s+)"
_SEC = r"[A-H]\d{0,2}[a-l]?(?:\((?:i{1,3}|iv|v)\))?"
REFERENCES = References(
    lang="fi",
    forms=(
        RefForm(
            rx(
                rf"(?:{_KW}\s?)?(?P<codes>{_PAGE}{CODE}(?:\s?§|\s?S\b)?"
                rf"(?:{_SEP}{_ELEM}(?<=§))*)"
            )
        ),
        RefForm(rx(rf"{_KW}\s(?P<codes>{CODE}\s?§(?:{_SEP}{CODE}\s?§)*)")),
        # "momenttia 50 sovelletaan" (45C4): a bare number after "momentti" is a law.
        RefForm(rx(r"\bmomentti\w*\s(?P<codes>\d{1,2})(?![\w§])")),
        # The options list: "**1B §, s. 16**" (the page after the code).
        RefForm(rx(rf"(?P<codes>{CODE})\s?§,\s*s\.\s?\d{{1,3}}")),
        RefForm(rx(rf"\b[Ll]akien\s(?P<codes>{CODE}(?:\s*(?:,|ja)\s*{CODE})+)")),
        RefForm(
            rx(
                rf"\bmomen\w*\s(?P<codes>{_SEC}(?:\s\(?[a-l]\)?(?=-koh))?"
                rf"(?:\s(?:ja|tai)\s{_SEC})*)"
            ),
            "law",
        ),
        RefForm(
            rx(rf"(?<![\w-])(?P<codes>{REL}(?:-\s?(?:ja|tai)\s+{REL})*)-\s?(?:momen|koh)\w*"), "law"
        ),
        RefForm(rx(r"\bkatso\s(?P<codes>[A-H]\d{1,2}[a-l]?)\s(?:alempana|ylempänä)"), "law"),
        RefForm(rx(r"\bkoh(?:ta|dassa|dat)\s(?P<codes>\d{1,2})\b"), "law"),
    ),
    style="laki {code} §",
    table="lain {code} § taulukko",  # fi.txt:270 "lain (s. 97) 78B § taulukon mukaan"
    pages=r"\(s\.\s?\d{1,3}\)",  # "laki (s. 94) 77 §": the page the law is printed on
    heading="{n} §",
    quotes="””",
    cues=("katso", "ks."),
    words=("laki", "lain", "lakia", "lait", "lakien", "laissa", "§"),
)

WORDS = Words(
    alphabet="abcdefghijklmnopqrstuvwxyzåäö",
    snowball="finnish",
    second_key="gradation",
    # Question words and table talk: "mitä nyt", "saako", "pitääkö", "voinko".
    stopwords="mitä mitäs nyt sitten saako pitääkö voinko voiko onko kuka ketkä mikä miten "
    "kun vaikka ihan vain vaan jo vielä se sen sitä hän minä mä mun sinä sä sulla meillä "
    "me meitä teille tässä siinä jos niin kuin eikö mulla minulla",
    # Suits and cards, as players name them ("pata-ässä", "kunkku", "seiska"); not `kasi`
    # (an eight), which folds as `käsi` (a hand) does, nor `jätkä` (a jack), as `jatka`.
    cards="pata pataa padan padat patoja hertta herttaa hertan hertat herttoja ruutu ruutua "
    "ruudun ruudut ruutuja risti ristiä ristin ristit ristejä ässä ässää ässän ässät kuningas "
    "kuningasta kuninkaan kunkku kunkun rouva rouvaa rouvan akka akan sotilas sotilaan "
    "kymppi kympin kakkonen kakkosen kakkosta kolmonen kolmosen nelonen nelosen vitonen "
    "vitosen kutonen kutosen seiska seiskan ysi ysin sangi sangin sangia",
    players=(
        (
            "kaveri kaverin kaverille kaverilta kaverinsa",
            "partneri",
            "partner: 'kaveri' at the club",
        ),
        (
            "huuto huudon huutoa huutaa huusi huudot huutojen huutonsa",
            "tarjous",
            "a call or bid: players 'shout' (huutaa), the book bids (tarjous)",
        ),
        ("KJ KJ:n KJ:lle", "kilpailunjohtaja", "the director, abbreviated in speech"),
        ("boksi boksista boksin boksissa", "brikka", "the board: 'boksi' in clubs"),
        ("viejä viejän viejältä", "pelinviejä", "declarer, shortened"),
        ("claimata claimaus claimi claimasi", "vaatimus", "a claim: the English word in speech"),
        ("mietti miettiä jahkailee", "epäröinti", "hesitation: 'thinking for ages'"),
        ("sakko sakkoa", "rangaistus", "a penalty: 'fine' in speech"),
        ("sakkokortti sakkokortin", "rangaistuskortti", "a penalty card: 'fine card' in speech"),
        ("vastapuoli vastapuolen vastapuolelle vastapuolelta", "vastustaja", "the opponents"),
        ("lappu lapun lappuja", "tarjous", "a bidding card from the box: 'slip' in speech"),
    ),
)

# Numbers the book spells out, for the translators' report (`kb.qa.checks.figures`): a word
# form (a regular expression matched as a whole word, case-insensitive) and its value; longer
# forms first. Ordinals (kolmas, neljäs, kolmastoista) are not numbers of things.
NUMBER_WORDS = (
    (r"kolmetoista", 13),
    (r"kolme(?:n|a|sta|en|lla|lle)?", 3),
    (r"neljä(?:n|ä|stä|än|llä|lle)?", 4),
)

# Concepts a translation must carry wherever the Laws state them, for the translators' report
# (`kb.qa.checks.check_clauses`): a name shared by every language and the forms of this book
# (a regular expression, case-insensitive). "luvaton tieto" is unauthorised information.
CONCEPTS = {
    "unauthorised": r"\bluvat(?:o|to)\w*|\blait(?:o|to)\w*",
    "damage": r"\bvahin\w*|\bvahing\w*",
    "major": r"\biso(?:n|ja|t|na|ksi)?\s+rangaistus\w*",
    "minor": r"\bpie(?:ni|nen|niä|net|neksi)\s+rangaistus\w*",
    "automatic": r"\bautomaatti\w*",
    "promptly": r"\bviipymättä|\bvälittömä\w*|\bheti\b|\bpikaisesti|\bviivytyksettä",
}
