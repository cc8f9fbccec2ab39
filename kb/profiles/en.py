"""English, the language of the original Laws: the words of the English terms the Estonian
subject index and the Slovak definitions print, and of English queries searched in any book."""

from kb.core.profile import Words

WORDS = Words(
    alphabet="abcdefghijklmnopqrstuvwxyz",
    snowball="english",
    # Question words and table talk that say nothing about the law ("what now", "what happens").
    stopwords="what now happens happened happen do does did should can could we i my me "
    "when after before then there here how why which who law laws rule rules",
    # Suits and cards, as players name them ("the ace of spades").
    # Not `club`, which is also the players' club ("can our club make its own rules").
    cards="spade spades heart hearts diamond diamonds clubs ace aces king kings queen queens "
    "jack jacks deuce notrump",
    players=(
        (
            "hesitation hesitated hesitate tanked tank",
            "unauthorized information",
            "a break in tempo: the Laws speak of the information it gives (16B)",
        ),
        ("led", "lead", "the past of 'lead' (the stemmer keeps it apart)"),
        ("turn", "rotation", "'out of turn' for a call: the Laws say 'out of rotation'"),
        ("boards", "board", "the plural"),
        ("dropped", "visible card", "a card dropped face up"),
        ("TD", "director", "the tournament director, abbreviated"),
    ),
)
