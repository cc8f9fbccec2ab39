"""The Slovak 2007 law book: plain text, a paragraph a line (guide: shared/guides/sk.md)."""

from kb.core.profile import (
    CODE,
    DefinitionForm,
    FootnoteForm,
    MarkerForm,
    Profile,
    References,
    RefForm,
    Region,
    SectionForm,
    Words,
    rx,
)

UPPER = "A-ZÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ"

PROFILE = Profile(
    lang="sk",
    regions=(
        Region("introduction", "introduction", None),
        Region("definitions", "definitions", rx(r"^DEFINÍCIA POJMOV")),
        Region("laws", "laws", None),
    ),
    law_heading=rx(r"^PRAVIDLO\s+(?P<num>\d{1,2})\s*[–—-]\s*(?P<title>.+?)\s*$"),
    sections=(SectionForm(rx(r"^(?P<letter>[A-H])\.\s+(?P<rest>.+)$"), "title"),),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d{1,2})\.\s+"), ("subsection",)),
        # A subsection number printed without its dot (21B3, 47E2).
        MarkerForm(rx(rf"^(?P<v>\d{{1,2}})\s+(?=[({UPPER}])"), ("subsection",), strict=True),
        MarkerForm(rx(r"^(?:\.\.\.)?\((?P<v>[a-z]{1,4})\)\s*"), ("subitem", "item")),
    ),
    table_line=rx(r"^\t"),
    law_note=rx(r"^Poznámka:"),
    footnotes=FootnoteForm(
        line=rx(r"^(?P<marker>\*{1,3})\s+(?P<text>.*)$"),
        anchor=rx(r"(?<=[\w.,)])(?P<marker>\*{1,3})"),
    ),
    definitions=DefinitionForm(
        term=rx(
            rf"^(?P<term>[{UPPER}][^()–\-\d]*?)\s*(?:\((?P<english>[^)]+)\))?\s*[–-]\s*"
            r"(?P<body>.*)$"
        ),
        skip=rx(r"^V\s+zátvorke"),
    ),
)

# "pozri pravidlo 40B2(b)", "pravidlá 41 B a 41 C", "podľa pravidiel 30, 31 alebo 32";
# internal: "pozri C2 nižšie", "odsek 4 nižšie", "v odsekoch A –E", "podľa A2".
_W = r"[ \u00a0]"
_SEC = r"[A-H]\d{0,2}(?:\([a-z]\))?"
_NUM = r"\d{1,2}(?:\([a-z]\))?"  # a subsection of the section: "bodov 2 a 3"
REFERENCES = References(
    lang="sk",
    forms=(
        RefForm(
            rx(
                rf"\b[Pp]ravid(?:lo|la|lá|lom|lu|le|iel|lami|lách|lám){_W}+"
                rf"(?P<codes>{CODE}(?:{_W}*(?:,|a|alebo){_W}+{CODE})*)"
            )
        ),
        RefForm(
            rx(
                rf"\b(?:[Pp]ozri(?:{_W}však)?|odsek\w*|bod\w*|podľa|písmena|ako{_W}v){_W}+"
                rf"(?P<codes>{_SEC}(?:{_W}*(?:,|a|alebo|–|-){_W}*{_SEC})*"
                rf"|{_NUM}(?:{_W}*(?:,|a|alebo){_W}+{_NUM})*)"
                r"(?![\w(])"
            ),
            "law",
        ),
    ),
    style="pravidlo {code}",
    table="tabuľka v pravidle {code}",  # sk.txt:57 "tabuľky uvedenej v pravidle 78B"
    heading="Pravidlo {n}",
    quotes="„“",
    itemfmt="({})",
    cues=("pozri však", "pozri", "podľa", "v súlade s"),
    words=("pravidlo", "pravidla", "pravidlá", "pravidle", "pravidlom", "pravidlu"),
)

WORDS = Words(
    lemma="sk",
    alphabet="aáäbcčdďeéfghiíjklĺľmnňoóôpqrŕsštťuúvwxyýzž",
    # Case endings of nouns and adjectives, every gender and number, longest first (no
    # Snowball stemmer exists for Slovak): a light stemmer conflates ponuka, ponuky, ponuke.
    suffixes="iami ovia ieho iemu iach ovi ami ách ach ich ích och ých ými ého ému "
    "om ou ov ej ie ia iu ám ím ým ho mu mi ú á é í ý a e i o u y",
    stopwords="a aj alebo ani ak ako ale by bol bola bolo byť je sú že sa si v vo na do z zo "
    "k ku s so o od po pri pre za nad pod pred cez ten tá to tie tým toho ktorý ktorá "
    "ktoré ktorého jeho jej ich ho mu im "
    # Question words and table talk: "čo teraz", "môže", "treba".
    "čo teraz potom môže môžem môžeme treba mám máme kto kedy prečo ako už ešte ja my mi "
    "nám mňa som sme hoci",
    # Suits and cards, as players name them ("pikové eso", "srdcový kráľ").
    cards="pik piky pikovú pikové pikového srdce srdcia srdcom srdcový srdcovú srdcové káro "
    "kára kárové károvú kárový tref trefy trefová trefovú trefové eso esá esom kráľ kráľa "
    "kráľom dáma dámu dámou dolník dolníka desiatka desiatku deviatka dvojka dvojku trojka "
    "trojku",
    players=(
        ("rozhodca rozhodcu rozhodcovi", "vedúci", "the director: 'rozhodca' (referee) in speech"),
        ("stôl stola stole", "tichý", "dummy: 'the table' in speech"),
        ("revoke revok", "nepriznanie", "a revoke: the English word in speech"),
        ("zaváhanie zaváhal rozmýšľal premýšľal", "váhanie", "hesitation"),
        ("claim klejm", "nárok", "a claim: the English word in speech"),
        ("trestná", "pokutovou", "a penalty card: 'trestná karta' in speech, 'pokutová' in print"),
        ("box boxu krabička", "krabica", "the board"),
        ("hlavný hráč", "hlavný", "declarer: already 'hlavný hráč' in the book"),
    ),
)
