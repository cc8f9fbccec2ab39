"""The Turkish 2017 law book: plain text from PDF (guide: shared/guides/tr.md)."""

from kb.core.profile import (
    CODE,
    REL,
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

PROFILE = Profile(
    lang="tr",
    regions=(
        Region("front", "front", None),
        Region("definitions", "definitions", rx(r"^TANIMLAR$")),
        Region("laws", "laws", None),
        Region("footnotes", "footnotes", rx(r"^\d{1,2}\u00a0[–-]")),
    ),
    law_heading=rx(r"^YASA (?P<num>\d{1,2})\s*[–-]\s*(?P<title>.+?)\s*$"),
    sections=(
        # A no-break space after the letter marks an untitled section (35, 56, 71).
        SectionForm(rx(r"^(?P<letter>[A-Z])\.\u00a0(?P<rest>.*)$"), "text"),
        SectionForm(rx(r"^(?P<letter>[A-Z])\. (?P<rest>.*)$"), "title"),
    ),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d{1,2})\.\s+"), ("subsection",)),
        MarkerForm(rx(r"^\((?P<v>[a-z]{1,4})\)\s*"), ("subitem", "item")),
        MarkerForm(rx(r"^(?P<v>[a-z])\)\s+"), ("item",)),
        MarkerForm(rx(r"^(?P<v>[ivx]{1,4})\.\s+"), ("subitem",), strict=True),
    ),
    footnotes=FootnoteForm(
        line=rx(r"^(?P<marker>\d{1,2})\u00a0[–-]\u00a0?(?P<text>.*)$"),
        anchor=rx(
            r"(?:(?<=[a-zçğıöşüA-ZÇĞİÖŞÜ]{2})(?<!Yasa)|(?<=[a-zçğıöşü]\.)|(?<=\u00a0))"
            r"(?P<marker>\d{1,2})(?=[\s\u00a0,.;)]|$)"
        ),
    ),
    definitions=DefinitionForm(term=rx(r"^(?P<term>.+)$"), alternating=True),
)

# "bkz. Yasa 12C", "Yasalar 27B1(b), 30B1(b)(ii) ve 32A2(a)", "30, 31 ve 32’nci Yasaların",
# "(ancak bkz. 47E1)"; internal: "C2 maddesi", "yukarıdaki 2(c) veya 2(d) maddelerine",
# "A1 ve A2 bentlerinde", "Madde 3’te", "(bkz. C)".
_LIST = r"(?:\s*,\s*|\s+(?:ve|veya)\s+(?:Yasa\s)?)"
REFERENCES = References(
    lang="tr",
    forms=(
        RefForm(rx(rf"\b[Yy]asa(?:lar)?\s?(?P<codes>{CODE}(?:{_LIST}{CODE})*)(?!\d)")),
        RefForm(
            rx(
                r"\b(?P<codes>\d{1,2}(?:\s*,\s*\d{1,2})*\s+ve\s+\d{1,2})’"
                r"(?:nci|inci|ıncı|üncü|uncu)\s+Yasa"
            )
        ),
        RefForm(rx(r"\b[Bb]kz\.?\s*(?P<codes>\d{1,2}[A-G]\d{0,2})\b")),
        RefForm(
            rx(
                r"\b[Bb]kz\.?\s*(?:aşağıda(?:ki)?\s|yukarıda(?:ki)?\s)?(?P<codes>[A-H]\d{0,2}"
                r"(?:\([a-l]\))?(?:\((?:i{1,3}|iv|v)\))?)(?![\w’])"
            ),
            "law",
        ),
        RefForm(
            rx(
                rf"(?<![\w’])(?P<codes>{REL}(?:\.?\s*(?:,|ve|veya)\s*{REL})*)\.?(?:’\w*)?\s+"
                r"(?:[Mm]adde|[Bb]ent|[Bb]end)\w*"
            ),
            "law",
        ),
        RefForm(rx(rf"\b[Mm]adde\s(?P<codes>{REL}(?:\s(?:ve|veya)\s{REL})*)(?![\w])"), "law"),
        # "(bkz. yukarıdaki paragraf)": the unit printed just before.
        RefForm(rx(r"(?P<codes>yukarıdaki paragraf)"), "previous"),
        # A section code with a case ending and no cue word: "B1’in uygulanmasını".
        RefForm(rx(r"(?<![\w’])(?P<codes>[A-H]\d{1,2}(?:\([a-l]\))?)’\w+"), "law"),
    ),
    style="Yasa {code}",
    table="Yasa {code} tablosu",  # tr.txt:239 "Yasa 78B’deki tabloya göre"
    heading="Yasa {n}",
    quotes="“”",
    itemfmt="({})",
    cues=("ayrıca bkz.", "ayrıca bkz", "bkz.", "bkz"),
    words=("yasa", "yasalar", "yasası"),
    glued=True,
)

WORDS = Words(
    lemma="tr",
    alphabet="abcçdefgğhıijklmnoöprsştuüvyz",
    casing=(("I", "ı"), ("İ", "i")),  # Python's lower() gets both wrong
    snowball="turkish",
    second_key="prefix5",
    # Question words and table talk: "ne olur", "şimdi ne olacak", "olur mu", "miyim".
    stopwords="ne olur olacak şimdi mi mı mu mü miyim mıyım muyum bu şu o bir de da ama "
    "kim nasıl neden niye hemen artık sonra önce ben benim biz bizim sen onun",
    # Suits and cards, as players name them ("maça ası", "kupa papazı", "pik attı", "rua");
    # not `kör` (hearts, and "blind") nor `ikili` (a two, and "pairs": "ikili turnuva").
    cards="maça maçayı maçası maçalar kupa kupayı kupası kupalar karo karoyu karosu karolar "
    "sinek sineği sinekler pik piki trefl trefli as ası asını papaz papazı papazını rua ruayı "
    "kız kızı kızını dam damı vale valesi valeyi onlu onluyu ikiliyi üçlü sanzatu",
    players=(
        (
            "ortak ortağım ortağı ortağımın ortağına ortağının",
            "partner",
            "partner: 'ortak' in speech; the book keeps the English word",
        ),
        ("kağıt kağıdı kağıdını kağıdı", "kart", "a card: 'kağıt' (paper) at the table"),
        ("oynayan oynayanın", "deklaran", "declarer: 'oyunu oynayan', the one who plays the hand"),
        ("masadaki yerdeki", "yer", "dummy: 'the one on the table'"),
        ("düşünüp düşündü bekledi", "duraksama", "hesitation: 'thought, waited'"),
        ("claim", "talep", "a claim: the English word in speech"),
        ("kontra", "kontr", "a double: the club spelling"),
        ("renons renonse", "rönons", "a revoke: the French spelling players also write"),
        ("ceza kartı", "cezalı", "a penalty card: 'ceza kartı' in speech"),
        ("kutu kutudan", "board", "the board: 'box' in speech"),
        ("açtı açılış açılışına", "deklare", "opened the bidding: a bid"),
    ),
)

# Numbers the book spells out, for the translators' report (`kb.qa.checks.figures`): a word
# form (a regular expression matched as a whole word, case-insensitive) and its value; longer
# forms first ("on üç" is 13; "üçüncü" is an ordinal).
NUMBER_WORDS = (
    (r"on ?üç\w*", 13),
    (r"üç(?!üncü)\w*", 3),
    (r"dör[dt]\w*", 4),
)

# Words Turkish doubles on purpose ("birer birer", one by one; "ayrı ayrı", separately): the
# translators' report does not take them for a doubled word.
REDUPLICATED = frozenset({"birer", "ayrı", "teker", "yavaş", "sık", "ara"})

# Concepts a translation must carry wherever the Laws state them, for the translators' report
# (`kb.qa.checks.check_clauses`): a name shared by every language and the forms of this book
# (a regular expression, case-insensitive). "izinsiz/usulsüz bilgi" is unauthorised information.
CONCEPTS = {
    "unauthorised": r"izinsiz\w*|usulsüz bilgi\w*",
    "damage": r"zarar\w*|mağdur\w*",
    "major": r"\bmajör\s+cezal\w*",
    "minor": r"\bminör\s+cezal\w*",
    "automatic": r"\botomatik\w*|\bkendiliğinden",
    # ("hemen o oyuncunun önünde", right in front of the player, is a place, not a time: 50A)
    "promptly": r"\bderhal|\bhemen\b(?!(?:\s+\w+){0,2}\s+önün)|\bgecikme(?:den|ksizin)"
    r"|\b(?:vakit|zaman) kaybetmeden|\bivedilikle|\bacilen",
}
