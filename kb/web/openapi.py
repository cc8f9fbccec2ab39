"""The JSON API described as OpenAPI 3.1, served at /api/v1/openapi.json. A test checks it
against the real routes and a fuzzer (schemathesis) checks every answer against it.

>>> sorted(SPEC["paths"])[:3]
['/cite', '/index/{lang}', '/laws']
"""

from __future__ import annotations

from typing import Any


def _string(description: str, **more: Any) -> dict:
    return {"type": "string", "description": description, **more}


def _query(name: str, description: str, required: bool = False, **schema: Any) -> dict:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": {"type": "string", **schema},
    }


def _path(name: str, description: str, **schema: Any) -> dict:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "string", **schema},
    }


def _ok(schema: str, description: str) -> dict:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


ERROR = {
    "description": "An error, said in JSON",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}
LANG = _path(
    "lang",
    "a language code, naming that language's main document (e.g. fi, tr, sk, et, sv), or a "
    "document's id (e.g. fi-2017, sk-2007, sv-2007-card)",
    minLength=1,
)
DOCUMENT = _string("the id of the document answering, e.g. fi-2017 (lang is its language)")
INTS = {"type": "array", "items": {"type": "integer"}}
STRINGS = {"type": "array", "items": {"type": "string"}}

UNIT = {
    "type": "object",
    "description": "A unit of a document: a law, section, subsection, item, sub-item, "
    "definition, table, card topic or a part outside the laws. Further layer fields "
    "(refs, cited_by, footnotes, terms, header, rows, cites, raw, tail) appear when present.",
    "required": ["id", "kind", "label", "title", "text", "lang", "document", "edition", "lines"],
    "properties": {
        "id": _string("canonical id, e.g. 12.C.1.b, def.alert, topic.63"),
        "kind": _string("law, section, subsection, item, subitem, definition, table, ..."),
        "label": _string("the label as printed, e.g. (b)"),
        "title": _string("the title as printed ('' for none)"),
        "text": _string("the unit's own words as printed, without its children"),
        "lang": _string("language code"),
        "document": DOCUMENT,
        "edition": {"type": "integer", "description": "the Laws' edition, e.g. 2017"},
        "lines": {**INTS, "description": "first and last source line"},
        "citation": _string("the citation in the book's own style (law-tree units)"),
        "international": _string("the citation in the international style, e.g. Law 12C1(b)"),
    },
}
COUNTERPART = {
    "type": "object",
    "required": ["lang", "document", "ids", "mapped", "reason"],
    "properties": {
        "lang": _string("the other document's language"),
        "document": _string("the other document's id"),
        "ids": {**STRINGS, "description": "the same unit's ids there"},
        "mapped": {"type": "boolean", "description": "found through the corpus's edition map"},
        "reason": _string("why there is none ('' when there is)"),
    },
}
HIT = {
    "type": "object",
    "required": ["id", "law", "lang", "document", "kind", "title", "snippet", "score"],
    "properties": {
        "id": _string("the unit's id"),
        "law": {"type": ["string", "null"], "description": "its law's number (null: none)"},
        "lang": _string("language code"),
        "document": _string("the id of the unit's document, e.g. fi-2017"),
        "kind": _string("the unit's kind"),
        "title": _string("the unit's title"),
        "snippet": _string("HTML-safe text with <mark> highlights"),
        "score": {"type": "number"},
        "found_by": {
            "type": "array",
            "description": "why the hit was found: by 'text', 'citation', 'index' (with the "
            "index entry matched and its language) or 'situation' (with the phrase of the "
            "situation thesaurus matched and its language)",
            "items": {
                "type": "object",
                "required": ["by"],
                "properties": {
                    "by": {"type": "string", "enum": ["text", "citation", "index", "situation"]},
                    "entry": {"type": "string"},
                    "lang": {"type": "string"},
                    "named": {
                        "type": ["string", "null"],
                        "description": "the entry as the hit's own language names it (null: "
                        "that language names it nowhere)",
                    },
                },
            },
        },
        "books": {
            "type": "array",
            "description": "the documents holding the hit's law, each with its unit: the hit's "
            "own first, then (where several documents were searched, each law listed once) "
            "the others' best units of the law",
            "items": {
                "type": "object",
                "required": ["lang", "document", "id"],
                "properties": {
                    "lang": _string("language code"),
                    "document": _string("the document's id"),
                    "id": _string("the unit's id there"),
                },
            },
        },
    },
}
ENTRY = {
    "type": "object",
    "required": ["term", "targets"],
    "description": "An entry of a book's subject index (or, for a book that prints none, an "
    "entry made in its own words)",
    "properties": {
        "term": _string("the entry's term as printed"),
        "english": _string("its English term, where the book prints one"),
        "heading": _string("the heading it is a sub-entry of ('' for none)"),
        "heading_english": _string("the heading's English term"),
        "lines": INTS,
        "see": {
            "type": "array",
            "description": "'see' (also: false) and 'see also' (also: true) entries",
            "items": {
                "type": "object",
                "required": ["term", "also"],
                "properties": {"term": {"type": "string"}, "also": {"type": "boolean"}},
            },
        },
        "targets": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "label"],
                "properties": {"id": {"type": "string"}, "label": {"type": "string"}},
            },
        },
    },
}

SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Laws of Duplicate Bridge knowledge base",
        "version": "1",
        "description": "The Laws in several languages: laws, units, search and citations. "
        "Read only; every answer is JSON, errors included.",
    },
    "servers": [{"url": "/api/v1"}],
    "paths": {
        "/laws": {
            "get": {
                "operationId": "listLaws",
                "summary": "The laws of one document, or of every document",
                "parameters": [
                    _query("lang", "one document: a language code or a document id (default: all)")
                ],
                "responses": {"200": _ok("LawList", "The laws"), "404": ERROR},
            }
        },
        "/laws/{lang}/{number}": {
            "get": {
                "operationId": "getLaw",
                "summary": "A whole law: its units in print order",
                "parameters": [LANG, _path("number", "the law's number, e.g. 12")],
                "responses": {"200": _ok("Law", "The law's units"), "404": ERROR},
            }
        },
        "/units/{lang}/{uid}": {
            "get": {
                "operationId": "getUnit",
                "summary": "One unit and its counterparts in the other documents",
                "parameters": [LANG, _path("uid", "the unit's canonical id, e.g. 12.C.1.b")],
                "responses": {"200": _ok("UnitWithCounterparts", "The unit"), "404": ERROR},
            }
        },
        "/search": {
            "get": {
                "operationId": "search",
                "summary": "Search the laws: words, a phrase or a citation",
                "parameters": [
                    _query("q", "the query as typed"),
                    _query(
                        "lang",
                        "one document: a language code or a document id (default: all, "
                        "every document)",
                    ),
                    {
                        "name": "offset",
                        "in": "query",
                        "required": False,
                        "description": "hits to skip, for the next page (default 0)",
                        "schema": {"type": "integer", "minimum": 0, "maximum": 10**9},
                    },
                    {
                        "name": "limit",
                        "in": "query",
                        "required": False,
                        "description": "at most this many hits (default 10; 1-100, as the "
                        "command line)",
                        "schema": {"type": "integer", "minimum": 1, "maximum": 100},
                    },
                ],
                "responses": {
                    "200": _ok("SearchResult", "The hits"),
                    "400": ERROR,
                    "404": ERROR,
                },
            }
        },
        "/index/{lang}": {
            "get": {
                "operationId": "subjectIndex",
                "summary": "A book's subject index, A-Z in its alphabet",
                "parameters": [LANG],
                "responses": {"200": _ok("SubjectIndex", "The index"), "404": ERROR},
            }
        },
        "/cite": {
            "get": {
                "operationId": "cite",
                "summary": "Resolve a citation as people type it to a unit's exact wording",
                "parameters": [
                    _query("q", "a citation, e.g. Law 12C1(b), Yasa 16B", required=True),
                    _query(
                        "lang",
                        "the document to cite from: a language code or a document id",
                        required=True,
                        minLength=1,
                    ),
                ],
                "responses": {
                    "200": _ok("Citation", "The unit cited"),
                    "400": ERROR,
                    "404": ERROR,
                },
            }
        },
        "/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This description",
                "responses": {
                    "200": {
                        "description": "OpenAPI 3.1",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    }
                },
            }
        },
    },
    "components": {
        "schemas": {
            "Error": {
                "type": "object",
                "required": ["error", "status"],
                "properties": {
                    "error": _string("what went wrong"),
                    "status": {"type": "integer"},
                    "id": {"type": ["string", "null"], "description": "the unit meant, if any"},
                },
            },
            "LawList": {
                "type": "object",
                "required": ["laws"],
                "properties": {
                    "laws": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["lang", "document", "number", "title"],
                            "properties": {
                                "lang": {"type": "string"},
                                "document": DOCUMENT,
                                "number": {"type": "string"},
                                "title": {"type": "string"},
                            },
                        },
                    }
                },
            },
            "Unit": UNIT,
            "UnitWithCounterparts": {
                "allOf": [
                    {"$ref": "#/components/schemas/Unit"},
                    {
                        "type": "object",
                        "required": ["counterparts"],
                        "properties": {
                            "counterparts": {"type": "array", "items": COUNTERPART},
                            "full_text": _string(
                                "a law-tree unit's whole wording, its children's included"
                            ),
                            "citations": {
                                "type": "object",
                                "description": "a law-tree unit's citations ready to copy, "
                                "ending with its address (a path unless the site has a "
                                "public address)",
                                "required": ["international", "national"],
                                "properties": {
                                    "international": _string("in English, naming the book"),
                                    "national": _string("in the book's own style"),
                                },
                            },
                        },
                    },
                ]
            },
            "Law": {
                "type": "object",
                "required": ["lang", "document", "edition", "units"],
                "properties": {
                    "lang": {"type": "string"},
                    "document": DOCUMENT,
                    "edition": {"type": "integer"},
                    "units": {"type": "array", "items": {"$ref": "#/components/schemas/Unit"}},
                },
            },
            "SearchResult": {
                "type": "object",
                "required": ["query", "lang", "hits", "total", "did_you_mean", "citation"],
                "properties": {
                    "query": {"type": "string"},
                    "lang": {"type": ["string", "null"]},
                    "hits": {"type": "array", "items": HIT},
                    "total": {"type": "integer", "minimum": 0},
                    "did_you_mean": {"type": ["string", "null"]},
                    "citation": {
                        "type": ["object", "null"],
                        "description": "the unit the query cites, when it is a citation",
                    },
                },
            },
            "SubjectIndex": {
                "type": "object",
                "required": ["lang", "document", "source", "letters"],
                "properties": {
                    "lang": {"type": "string"},
                    "document": DOCUMENT,
                    "source": _string("the book whose words the index is in"),
                    "made": {
                        "type": "boolean",
                        "description": "the book prints no index: one made in its own words, "
                        "each entry with the English entries of the printed index that lead "
                        "to its unit",
                    },
                    "letters": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["letter", "entries"],
                            "properties": {
                                "letter": {"type": "string"},
                                "entries": {"type": "array", "items": ENTRY},
                            },
                        },
                    },
                },
            },
            "Citation": {
                "type": "object",
                "required": [
                    "id",
                    "citation",
                    "international",
                    "text",
                    "lang",
                    "document",
                    "edition",
                ],
                "properties": {
                    "id": {"type": "string"},
                    "citation": {"type": "string"},
                    "international": {"type": "string"},
                    "text": _string("the unit's exact wording with its children"),
                    "lang": {"type": "string"},
                    "document": DOCUMENT,
                    "edition": {"type": "integer"},
                },
            },
        }
    },
}
