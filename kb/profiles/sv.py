"""The Swedish director's card (2007): how it refers to laws and how Swedish readers cite."""

from kb.core.profile import CODE, References, RefForm, Words, rx

# "se lag 16D", "(29C, 30C, 31)", "Se 16D2", "enligt 27A"; "(29.A4)" is an OCR-garbled 29A.
REFERENCES = References(
    lang="sv",
    forms=(
        RefForm(rx(rf"\b[Ll]ag(?:en)?\s+(?P<codes>{CODE}(?:\s*(?:,|och)\s*{CODE})*)")),
        RefForm(rx(rf"\((?P<codes>{CODE}(?:,\s*{CODE})*)\)")),
        RefForm(rx(r"\((?P<codes>\d{1,2})\.[A-H]\d\)")),
        RefForm(rx(r"\b(?:[Ss]e(?:\s+dock)?|enligt)\s+(?P<codes>\d{1,2}[A-H]\d{0,2})\b")),
    ),
    style="lag {code}",
    table="tabellen i lag {code}",
    heading="Lag {n}",
    quotes="””",
    itemfmt="({})",
    cues=("se dock", "se", "enligt"),
    words=("lag", "lagen", "lagarna"),
)

WORDS = Words(
    alphabet="abcdefghijklmnopqrstuvwxyzåäö",
    snowball="swedish",
    # Question words and table talk: "vad händer nu", "får", "måste".
    stopwords="vad händer nu får måste kan ska jag vi han hon det den fast redan när hur "
    "vem varför sedan innan",
    # Suits and cards, as players name them ("spaderess", "hjärterkungen").
    cards="spader spadern spaderess hjärter hjärtern ruter rutern klöver klövern ess esset "
    "ässet kung kungen dam damen knekt knekten tia tian nia nian tvåa tvåan trea trean sang",
)
