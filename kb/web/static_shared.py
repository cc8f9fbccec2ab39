"""Blocks that many pages of a UI language's tree repeat, written once for the tree in the
static site (`lawkb export --format site`): a law page's template of its units' tools
(kb/web/static_tools.py) but for the law's number and book, the alignment report's filters
on every law's page, its list of silenced findings. Each becomes a placeholder
`<div data-shared="key">` (with the values of its `{law}` and `{book}`), the block itself
`DIR/<ui>/shared.js`; site.js (`sharedBlocks`) puts them back first thing as the page loads.
A block the placeholder would not give back exactly stays in its page.
"""

from __future__ import annotations

import hashlib
import json
import re

FILE = "shared.js"  # in each UI language's tree
BLOCKS = (
    re.compile(r'<template id="unit-tools">.*?</template>', re.S),
    re.compile(r'<form class="qa-filters".*?</form>', re.S),
    re.compile(r'<ul class="qa-silenced">.*?</ul>', re.S),
)
VALUES = re.compile(r'(?P<name>[?&](?:law|langs?)=)(?P<value>[\w-]+)(?=[&#"])')
TOKEN = re.compile(r"\{(law|book)\}")


def share(html: str, law: str, book: str, blocks: dict[str, str]) -> str:
    """A page with the blocks it repeats made placeholders, each block kept in `blocks` (by
    key), its law's number and book made tokens.

    >>> blocks = {}
    >>> share('<template id="unit-tools"><a href="c?law=12#{r}"></a><a href="t?lang=fi&'
    ...       'id={i}"></a></template>', "12", "fi", blocks)
    '<div data-shared="fe3a9885a6" data-law="12" data-book="fi" hidden></div>'
    >>> print(blocks["fe3a9885a6"])
    <template id="unit-tools"><a href="c?law={law}#{r}"></a><a href="t?lang={book}&id={i}"></a>\
</template>
    """

    def one(m: re.Match) -> str:
        block = m.group(0)
        mine = {"law": law, "book": book}

        def token(v: re.Match) -> str:
            name = "law" if v.group("name").endswith("law=") else "book"
            value = "{" + name + "}" if v.group("value") == mine[name] else v.group("value")
            return v.group("name") + value

        shape = VALUES.sub(token, block)
        if expand(shape, mine) != block:
            return block
        key = hashlib.sha1(shape.encode()).hexdigest()[:10]
        blocks[key] = shape
        values = "".join(f' data-{k}="{v}"' for k, v in (("law", law), ("book", book)) if v)
        return f'<div data-shared="{key}"{values} hidden></div>'

    for pattern in BLOCKS:
        html = pattern.sub(one, html)
    return html


def expand(shape: str, values: dict[str, str]) -> str:
    """A shared block for a page (as site.js puts it back).

    >>> expand("?law={law}&lang={book}", {"law": "12", "book": "fi"})
    '?law=12&lang=fi'
    """
    return TOKEN.sub(lambda m: values[m.group(1)], shape)


def script(blocks: dict[str, str]) -> str:
    """A tree's file of shared blocks (`FILE`).

    >>> script({"k": "<p>"})
    'window.LAWKB_SHARED = {"k": "<p>"};\\n'
    """
    return f"window.LAWKB_SHARED = {json.dumps(blocks, ensure_ascii=False, sort_keys=True)};\n"
