"""The per-language analysis behind search: case, apostrophes, stems, folding, OCR forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.ingest.ocr import load_rules
from kb.profiles import load_words
from kb.search.analysis import analyzer
from kb.search.ocr import ocr_variants, repair_ocr
from kb.search.spell import Speller, distance
from kb.search.stems import fold, light_stem

SLOVAK = tuple(load_words("sk").suffixes.split())


def keys(lang: str, text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(k.exact, k.stems) for k in analyzer(lang).words(text)]


def test_turkish_dotted_and_dotless_i() -> None:
    assert analyzer("tr").lower("İHLAL KURALLARI") == "ihlal kuralları"
    tr = analyzer("tr")
    # Upper and lower case meet, with or without the Turkish letters.
    assert tr.keys("İHLAL") == tr.keys("ihlal")
    assert tr.keys("KURALLARI") == tr.keys("kuralları")
    assert tr.keys("CEZALI").exact == tr.keys("cezalı").exact == tr.keys("cezali").exact
    # No combining dot survives (Python's own lower() leaves U+0307 after İ).
    assert all("\u0307" not in k.exact for k in tr.words("DİKKAT İLK İKİ"))


def test_turkish_apostrophe_suffix_is_dropped() -> None:
    assert keys("tr", "Yasa’nın Yasa'nın Yasa")[0] == keys("tr", "yasa")[0]
    assert [k for k, _ in keys("tr", "Yasa 62C3’te belirtilen")][:2] == ["yasa", "62c3"]
    # A Finnish colon suffix is a suffix too.
    assert keys("fi", "WBF:n")[0][0] == "wbf"


def test_typed_without_diacritics_meets_the_text() -> None:
    tr = analyzer("tr")
    # The stems of the folded word are indexed too, so both spellings share a stem.
    for typed, printed in (("sirasiz", "sırasız"), ("cikis", "çıkış"), ("yetersız", "yetersiz")):
        assert set(tr.keys(typed).stems) & set(tr.keys(printed).stems), (typed, printed)
    fi, et, sk = analyzer("fi"), analyzer("et"), analyzer("sk")
    assert set(fi.keys("vaaralla").stems) & set(fi.keys("väärällä").stems)
    assert et.keys("oigused").exact == et.keys("õigused").exact
    assert sk.keys("nedostatocne").exact == sk.keys("nedostatočné").exact
    assert sk.keys("nedostatocne").stems[0] == sk.keys("nedostatočné").stems[0] == "nedostatocn"


def test_folding() -> None:
    assert fold("Ääkköset ÅÖ") == "Aakkoset AO"
    assert fold("çğıöşü ÇĞİÖŞÜ") == "cgiosu CGIOSU"
    assert fold("ľščťžýáíéúäôň") == "lsctzyaieuaon"
    assert fold("õäöü šž") == "oaou sz"
    assert fold("plain") == "plain"


@pytest.mark.parametrize(
    ("forms", "stem"),
    [
        (("ponuka", "ponuky", "ponuke", "ponuku", "ponukou", "ponúk", "ponukami"), "ponuk"),
        (("hráč", "hráča", "hráčovi", "hráčom", "hráči", "hráčov"), "hrac"),
        (("zdvih", "zdvihu", "zdvihy", "zdvihov", "zdvihoch", "zdvihmi"), "zdvih"),
        (("pokutová", "pokutovej", "pokutové", "pokutovú", "pokutových"), "pokutov"),
        (("nedostatočná", "nedostatočné", "nedostatočnej", "nedostatočného"), "nedostatocn"),
    ],
)
def test_slovak_stemmer_conflates_case_forms(forms: tuple[str, ...], stem: str) -> None:
    sk = analyzer("sk")
    assert {sk.keys(f).stems[0] for f in forms} == {stem}


def test_slovak_stemmer_keeps_short_words_and_stems() -> None:
    assert light_stem("pas", SLOVAK) == "pas"  # would leave fewer than three letters
    assert light_stem("kto", SLOVAK) == "kto"
    assert light_stem("karta", SLOVAK) == "kart"
    assert light_stem("kartou", SLOVAK) == "kart"


def test_snowball_stems_conflate_inflections() -> None:
    fi, et, sv = analyzer("fi"), analyzer("et"), analyzer("sv")
    assert fi.keys("rangaistuskortin").stems == fi.keys("rangaistuskortti").stems
    assert fi.keys("lepääjälle").stems == fi.keys("lepääjän").stems
    assert et.keys("mängijad").stems == et.keys("mängijale").stems
    assert sv.keys("färgen").stems == sv.keys("färg").stems == sv.keys("farg").stems


def test_stop_words() -> None:
    assert analyzer("fi").is_stopword("ja")
    assert analyzer("tr").is_stopword("ve")
    assert analyzer("sv").is_stopword(fold("när"))
    assert analyzer("et").is_stopword("ning")
    assert analyzer("sk").is_stopword("alebo")
    assert not analyzer("fi").is_stopword("revokki")


def test_swedish_ocr_variants() -> None:
    # The card printed ä mostly as i, å as a, ö as o, 6 or é (guides/sv.md §6): data of the
    # card's folder (corpus/sv/ocr.toml), not of the code.
    card = load_rules(Path(__file__).resolve().parent.parent / "corpus" / "sv" / "ocr.toml")
    lost, misread = card.letters, card.characters
    assert "firg" in ocr_variants("färg", lost)
    assert "6verfors" in ocr_variants("överförs", lost)
    assert "maste" in ocr_variants("måste", lost)
    assert "poing" in ocr_variants("poäng", lost)
    assert ocr_variants("bud", lost) == []
    assert len(ocr_variants("ändring påförs överförs", lost)) <= 64
    assert ocr_variants("färg", {}) == []  # a typed text: no printed forms
    assert repair_ocr("OT|LLRACKL|GT", misread) == "OTILLRACKLIGT"
    assert repair_ocr("¢j", misread) == "ej"
    assert repair_ocr("¢j", {}) == "¢j"


def test_offsets_point_at_the_printed_words() -> None:
    text = "Revokki (laki 63) — REVOKIN korjaaminen"
    words = [text[t.start : t.end] for t in analyzer("fi").tokens(text)]
    assert words == ["Revokki", "laki", "63", "REVOKIN", "korjaaminen"]


def test_near_spellings() -> None:
    speller = Speller({"rangaistuskortti": 9, "rangaistuskortin": 3, "tikki": 20, "pakka": 5})
    assert speller.near("rangaistuskorti", 2)[0] == "rangaistuskortti"
    assert speller.near("rangaistsukortti", 2)[0] == "rangaistuskortti"  # two letters swapped
    assert speller.near("tikik", 1) == ["tikki"]
    assert speller.near("pakka", 1) == []  # the word itself is not a suggestion
    assert distance("revokki", "revokin", 2) == 2
    assert distance("abcdef", "ghijkl", 2) == 3
