"""Search: Whoosh retrieves, the project's law-level policy ranks (docs/search.md draws the
path of a query through these modules).

Written by the build: `schema` (the fields), `analysis` (the languages' words as Whoosh
analyzers; `stems`, `ocr`), `write` (the index and the tables beside it), `concepts` (the
subject index and the situation thesaurus), `letters`.

Read by a search, in order: `searcher` (the facade: `get_searcher(data).search(...)`),
`relevance` (whether the query is about the laws at all), `query` (a player's words to
Whoosh queries; `spell`), `retrieve` (Whoosh's matchers, scored by `weighting`), `rank`
(the law-level policy; `matching`, `units`), `hits`.
`evaluate` measures the answers on the query sets.
"""
