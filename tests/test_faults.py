"""Failures lose no data: a corrupt source fails its own document only, and the knowledge base
and index built before stay whole and served.

Every test works on a copy of the whole corpus and of a knowledge base built from it once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from subprocess import PIPE

import pytest

from kb import store
from kb.cli import main
from kb.ingest import lawbook
from kb.pipeline import build, code_hash, document_hash
from kb.search import searcher as search
from kb.search import write as index_build
from kb.search.searcher import get_searcher
from kb.search.write import index_dir
from kb.web import create_app
from tests.conftest import CORPUS, ROOT

# Injected faults: bad sources, killed builds, full disks.
pytestmark = [pytest.mark.slow, pytest.mark.sweep]

LANGS = ("et", "fi", "sk", "sv", "tr")
# Each language's document, by its id (corpus/<lang>/document.toml: the key of its build).
DOC = {"et": "et-2017", "fi": "fi-2017", "sk": "sk-2007", "sv": "sv-2007-card", "tr": "tr-2017"}
# A page and a search of each document that answer from its built version.
PAGE = {lang: f"/{lang}/law/12" for lang in ("et", "fi", "sk", "tr")} | {"sv": "/sv/part/topic.63"}
QUERY = {"fi": "revokki", "tr": "rönons", "sk": "nepriznanie", "et": "mastisalgamine"} | {
    "sv": "revoke"
}


def source(corpus: Path, lang: str) -> Path:
    return corpus / lang / f"{lang}.txt"


def snapshot(data: Path) -> dict[str, bytes]:
    """The built documents, byte for byte."""
    return {lang: (store.current(data) / f"{DOC[lang]}.json").read_bytes() for lang in LANGS}


def assert_served(data: Path, langs: tuple[str, ...] = LANGS) -> None:
    """The knowledge base in `data` is whole and the site serves it: a page and a search
    of each language answer with content."""
    manifest = store.read_manifest(data)
    assert sorted(manifest["documents"]) == sorted(DOC.values())
    for lang in LANGS:
        assert store.load_units(DOC[lang], data)
    client = create_app(data).test_client()
    for lang in langs:
        page = client.get(PAGE[lang])
        assert page.status_code == 200, (lang, page.status_code)
        found = client.get(f"/api/v1/search?q={QUERY[lang]}&lang={lang}").get_json()
        assert found["hits"], lang
    assert get_searcher(data).langs == sorted(LANGS)


def truncate(fraction: float) -> Callable[[bytes], bytes]:
    """Cut a source after this fraction of its bytes (maybe inside a character)."""
    return lambda data: data[: int(len(data) * fraction)]


def garbage(data: bytes) -> bytes:
    """200 random bytes, starting with one no UTF-8 text has, in the middle of the source."""
    at = data.index(b"\n", len(data) // 2) + 1
    return data[:at] + b"\xff" + random.Random(8).randbytes(199) + data[at:]


def nul_bytes(data: bytes) -> bytes:
    """A run of NUL and other control bytes (valid UTF-8, but no text) in the middle."""
    at = data.index(b"\n", len(data) // 2) + 1
    return data[:at] + b"\x00\x00\x01\x02\x1b" + data[at:]


def duplicate_law_20(data: bytes) -> bytes:
    heading = "PRAVIDLO 20 – OPAKOVANIE A VYSVETLENIE HLÁŠOK\n".encode()
    return data.replace(heading, heading + b"\n" + heading, 1)


def reencode(codec: str) -> Callable[[bytes], bytes]:
    """The same text saved in another encoding."""
    return lambda data: data.decode("utf-8").encode(codec, errors="replace")


def line_of(data: bytes, needle: bytes) -> int:
    return data[: data.index(needle)].count(b"\n") + 1


def lines(data: bytes) -> int:
    return data.rstrip(b"\n").count(b"\n") + 1


# (language, how its source is broken, the expected message, its line in the broken source)
CORRUPTIONS: dict[str, tuple[str, Callable[[bytes], bytes], str, Callable[[bytes], int]]] = {
    "fi truncated in the laws": ("fi", truncate(0.4), "", lines),
    "fi truncated in its index": ("fi", truncate(0.8), "truncated?", lines),
    "fi last line cut": ("fi", truncate(0.9995), "truncated?", lines),
    "et truncated": ("et", truncate(0.6), "", lines),
    "sv truncated": ("sv", truncate(0.5), "truncated?", lines),
    "tr binary garbage": ("tr", garbage, "not valid UTF-8", lambda d: line_of(d, b"\xff")),
    "sk control bytes": ("sk", nul_bytes, "control character U+0000", lambda d: line_of(d, b"\0")),
    "sk law heading twice": ("sk", duplicate_law_20, "law 20 appears again", lambda d: 0),
    "et empty": ("et", lambda d: b"", "no law heading found", lambda d: 1),
    "sv empty": ("sv", lambda d: b"", "is not a heading", lambda d: 1),
    "fi in Latin-1": ("fi", reencode("latin-1"), "not valid UTF-8 (byte 0xf6)", lambda d: 3),
    "tr in UTF-16": ("tr", reencode("utf-16"), "not valid UTF-8 (byte 0xff)", lambda d: 1),
    "sk in cp1250, one line": ("sk", reencode("cp1250"), "not valid UTF-8", lambda d: 1),
}


@pytest.mark.parametrize("case", CORRUPTIONS)
def test_a_corrupt_source_fails_its_document_and_keeps_the_previous_one(
    site: tuple[Path, Path], case: str
) -> None:
    lang, corrupt, message, line = CORRUPTIONS[case]
    corpus, data = site
    before, index_before = snapshot(data), index_dir(data).resolve()
    path = source(corpus, lang)
    broken = corrupt(path.read_bytes())
    path.write_bytes(broken)

    report = build(corpus, data)

    assert list(report.errors) == [DOC[lang]]
    where = f"corpus/{lang}/{lang}.txt:"
    assert all(p.startswith(where) for p in report.errors[DOC[lang]]), report.errors
    assert any(message in p for p in report.errors[DOC[lang]]), report.errors
    if line(broken):
        assert report.errors[DOC[lang]][0].startswith(f"{where}{line(broken)}: "), report.errors
    assert sorted(report.reused) == sorted(set(DOC.values()) - {DOC[lang]})
    assert snapshot(data) == before  # the broken document keeps its previous version
    assert store.read_manifest(data)["documents"][DOC[lang]]["stale"] is True
    assert index_dir(data).resolve() == index_before  # the same knowledge, the same index
    assert_served(data, (lang,))


def test_a_truncated_finnish_book_fails_its_build_the_others_build(
    site: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """`lawkb build` on a corpus where the Finnish book was cut at half (inside a line)
    while the Turkish one changed: exit 1 naming corpus/fi/fi.txt and the line where it
    ends; Turkish rebuilds, the rest is reused; the previous Finnish book is served and
    found by the new search index."""
    corpus, data = site
    fi_before = snapshot(data)["fi"]
    text = source(corpus, "fi").read_text(encoding="utf-8")
    cut = text[: len(text) // 2].rstrip("\n")[:-5]
    source(corpus, "fi").write_text(cut, encoding="utf-8")
    source(corpus, "tr").write_text(source(corpus, "tr").read_text("utf-8") + "\n\n", "utf-8")

    assert main(["--corpus", str(corpus), "--data", str(data), "build", "--no-pages"]) == 1

    out, err = capsys.readouterr()
    ends = cut.count("\n") + 1
    assert f"corpus/fi/fi.txt:{ends}: the source ends here" in err
    assert "parsed: tr-2017; reused: et-2017, sk-2007, sv-2007-card" in err
    assert "fi-2017: not built (1 error)" in err
    assert "fi-2017  2017 lawbook  laws 93" in out and "(previous build: this document" in out
    assert "tr-2017  2017 lawbook  laws 93" in out
    assert snapshot(data)["fi"] == fi_before
    assert_served(data)
    title = next(u["title"] for u in json.loads(fi_before)["units"] if u["id"] == "93")
    law = create_app(data).test_client().get("/api/v1/laws/fi/93").get_json()
    assert law["units"][0]["title"] == title


def test_a_missing_source_fails_its_document(site: tuple[Path, Path]) -> None:
    corpus, data = site
    source(corpus, "sv").unlink()
    report = build(corpus, data)
    missing = "corpus/sv/sv.txt:1: cannot be read: No such file or directory"
    assert report.errors == {"sv-2007-card": [missing]}
    assert_served(data, ("sv",))


def test_a_parser_crash_fails_its_document_only(
    site: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug the parser meets on one source is that document's error, not the build's."""
    corpus, data = site
    parse = lawbook.parse_lawbook

    def crash_on_estonian(doc, *args, **kwargs) -> None:
        if doc.lang == "et":
            raise IndexError("list index out of range")
        parse(doc, *args, **kwargs)

    monkeypatch.setattr(lawbook, "parse_lawbook", crash_on_estonian)
    report = build(corpus, data, force=True)
    assert report.errors == {
        "et-2017": ["corpus/et/et.txt:1: the parser failed (IndexError: list index out of range)"]
    }
    assert sorted(report.built) == ["fi-2017", "sk-2007", "sv-2007-card", "tr-2017"]
    assert_served(data, ("et",))


def test_a_rebuild_is_served_at_once(site: tuple[Path, Path]) -> None:
    """Law pages and comparisons are kept rendered per build: a changed source, rebuilt,
    shows on the next request of a running site."""
    corpus, data = site
    client = create_app(data).test_client()
    for url in ("/tr/law/5", "/compare/5?langs=tr,fi"):
        assert "YERLERİN BELİRLENMESİ" in client.get(url).get_data(as_text=True)
    path = source(corpus, "tr")
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("YASA 5 – YERLERİN BELİRLENMESİ", "YASA 5 – OTURMA DÜZENİ"), "utf-8"
    )
    assert build(corpus, data).built == ["tr-2017"]
    for url in ("/tr/law/5", "/compare/5?langs=tr,fi"):
        page = client.get(url).get_data(as_text=True)
        assert "OTURMA DÜZENİ" in page and "YERLERİN BELİRLENMESİ" not in page, url


def lawkb(corpus: Path, data: Path, *args: str) -> list[str]:
    """The `lawkb` command line on a corpus and a data directory; a build writes no pages
    (what these faults break is the knowledge base; pages: tests/test_page_files.py)."""
    pages = ["--no-pages"] if args[:1] == ("build",) else []
    return [sys.executable, "-m", "kb.cli", "--corpus", str(corpus), "--data", str(data), *args,
            *pages]  # fmt: skip


def assert_whole(data: Path) -> None:
    """The data directory holds one whole knowledge base, served, and no half-built one."""
    target = store.current(data).resolve()
    assert target.parent == (data / "builds").resolve() and not target.name.startswith(".")
    for lang in LANGS:
        json.loads((target / f"{DOC[lang]}.json").read_text(encoding="utf-8"))
    assert_served(data, ("fi",))


def test_kill_9_during_a_build_leaves_the_previous_knowledge_base(
    site: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`lawkb build --force` killed at several points: while it starts, parses, swaps the
    knowledge base in and builds the index (each build has a changed source, so it builds
    both). The `kb` link always names a whole build that a new server serves."""
    corpus, data = site
    path = source(corpus, "tr")
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert build(corpus, data).built == ["tr-2017"]
    repository = document_hash(CORPUS / "tr", code_hash())
    killed = 0
    for n, delay in enumerate((0.1, 0.4, 0.7, 1.0, 1.5, 2.5)):
        path.write_text(path.read_text(encoding="utf-8") + "\n" * n, encoding="utf-8")
        process = subprocess.Popen(lawkb(corpus, data, "build", "--force"), cwd=ROOT)
        time.sleep(delay)
        if process.poll() is None:
            process.kill()
            killed += 1
        process.wait(timeout=300)
        monkeypatch.setattr(search, "_searchers", {})  # as in a server started now
        assert_whole(data)
        # What the site serves comes from this corpus, never from the repository's.
        assert store.read_manifest(data)["documents"]["tr-2017"]["hash"] != repository
    assert killed >= 5
    assert subprocess.run(lawkb(corpus, data, "build"), cwd=ROOT, timeout=300).returncode == 0
    assert_whole(data)
    leftovers = [p.name for p in (data / "indexes").iterdir() if p.name.startswith(".")]
    assert leftovers == []  # a killed index build's files go at the next build


def living(group: int) -> list[int]:
    """The processes of a process group that have not ended (a zombie has ended)."""
    out = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            state, _, pgrp = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:3]
        except (FileNotFoundError, ProcessLookupError):  # ended meanwhile
            continue
        if int(pgrp) == group and state != "Z":
            out.append(int(entry.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes in /proc")
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: one index writer, not forked")
def test_a_build_killed_while_it_indexes_leaves_no_process_behind(
    site: tuple[Path, Path],
) -> None:
    """`kill -9` of a build while its forked writers index: they end with it, rather than
    wait for work for ever holding the data directory's locks, and the next build runs."""
    corpus, data = site
    path = source(corpus, "tr")
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    process = subprocess.Popen(
        lawkb(corpus, data, "build", "--force"), cwd=ROOT, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 300
        while len(living(process.pid)) < 2 and process.poll() is None:  # the writers forked
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert process.poll() is None, "the build ended before its index's writers started"
        process.kill()
        process.wait(timeout=60)
        deadline = time.monotonic() + 10
        while living(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert living(process.pid) == []
    finally:  # what a failure leaves goes, not to hold the locks of the tests after it
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    assert subprocess.run(lawkb(corpus, data, "build"), cwd=ROOT, timeout=300).returncode == 0
    assert_whole(data)


def test_two_builds_at_once_both_finish_whole(tmp_path: Path) -> None:
    """Two `lawkb build --force` on the same empty data directory at once: the lock makes
    one wait for the other; both succeed and leave one whole knowledge base and index."""
    corpus, data = tmp_path / "corpus", tmp_path / "var"
    shutil.copytree(CORPUS, corpus)
    builds = [
        subprocess.Popen(
            lawkb(corpus, data, "build", "--force"), cwd=ROOT, stdout=PIPE, stderr=PIPE
        )
        for _ in range(2)
    ]
    for process in builds:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert out.decode().count(" lawbook  laws 93 ") == 4
    assert_whole(data)
    assert [p.name for p in data.iterdir() if p.name.endswith(".new")] == []


# Root reads any directory: the server then runs as nobody, for whom a mode 000 directory is
# unreadable (everything it needs is imported before it gives up root).
AS_ANOTHER_USER = """
import os, sys
import kb.cli, kb.web, kb.web.server, kb.search.searcher, waitress
if os.geteuid() == 0:
    os.setgroups([]); os.setgid(65534); os.setuid(65534)
sys.exit(kb.cli.main(sys.argv[1:]))
"""


def test_the_server_says_when_its_data_directory_is_unreadable(
    site: tuple[Path, Path],
) -> None:
    corpus, data = site
    data.chmod(0)
    try:
        argv = lawkb(corpus, data, "serve", "--port", "0")
        argv[1:3] = ["-c", AS_ANOTHER_USER]
        run = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        data.chmod(0o755)
    assert run.returncode == 2
    assert run.stderr.startswith(f"lawkb serve: cannot use the data directory {data}: ")
    assert "Permission denied" in run.stderr and "Traceback" not in run.stderr


def test_create_app_says_when_the_knowledge_base_is_damaged(site: tuple[Path, Path]) -> None:
    _, data = site
    (store.current(data) / "manifest.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(RuntimeError, match=f"cannot read the knowledge base in {data}"):
        create_app(data)


def cli(corpus: Path, data: Path, *args: str) -> subprocess.CompletedProcess:
    """`lawkb` run as a user would (its own process)."""
    argv = lawkb(corpus, data, *args)
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_a_missing_or_empty_corpus_is_an_error_and_changes_nothing(
    site: tuple[Path, Path], tmp_path: Path
) -> None:
    """`LAWKB_CORPUS=/nonexistent lawkb build` used to exit 0 and publish an empty knowledge
    base (every page 500 or 404). Now: one line, exit 2, and the site still serves."""
    _, data = site
    before = store.current(data).resolve()
    (tmp_path / "empty").mkdir()
    argv = [sys.executable, "-m", "kb.cli", "--data", str(data), "build"]
    for corpus, says in (
        ("/nonexistent", "no such corpus folder"),
        (tmp_path / "empty", "no document in the corpus (no */document.toml)"),
    ):
        env = {**os.environ, "LAWKB_CORPUS": str(corpus)}
        run = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
        assert run.returncode == 2 and run.stderr == f"lawkb build: {corpus}: {says}\n"
    assert store.current(data).resolve() == before
    assert_served(data)


def test_a_full_disk_during_the_index_build_keeps_knowledge_base_and_index_together(
    site: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The disk fills while the new index is written: `lawkb build` says so in one line and
    exits 2; the previous knowledge base and its own index stay served (they are swapped as
    one), and no half-made build or index is left behind."""
    corpus, data = site
    before, index_before = store.current(data).resolve(), index_dir(data).resolve()
    path = source(corpus, "tr")
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(data / "indexes"))
        yield

    monkeypatch.setattr(index_build, "documents", full)
    assert main(["--corpus", str(corpus), "--data", str(data), "build", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == f"lawkb build: {data / 'indexes'}: No space left on device\n"
    assert store.current(data).resolve() == before and index_dir(data).resolve() == index_before
    assert [p.name for p in (data / "builds").iterdir() if p.name.startswith(".")] == []
    assert [p.name for p in (data / "indexes").iterdir() if p.name.startswith(".")] == []
    monkeypatch.undo()
    monkeypatch.setattr(search, "_searchers", {})
    assert_served(data)


def test_a_read_only_data_directory_is_one_line(site: tuple[Path, Path]) -> None:
    """As a user who may not write the data directory: one line, exit 2, no traceback; the
    knowledge base is as it was."""
    corpus, data = site
    before = snapshot(data)
    path = source(corpus, "tr")
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    argv = lawkb(corpus, data, "build")
    argv[1:3] = ["-c", AS_ANOTHER_USER]
    run = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert run.stderr.startswith("lawkb build: ") and "Permission denied" in run.stderr
    assert snapshot(data) == before


def test_the_error_note_clears_when_the_source_is_fixed(site: tuple[Path, Path]) -> None:
    """A broken source, then the same source restored: the next plain `lawkb build` rebuilds
    without the note "previous build: this document has errors" (it used to say "up to
    date" and keep the note until `--force`)."""
    corpus, data = site
    path = source(corpus, "fi")
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])
    assert cli(corpus, data, "build").returncode == 1
    path.write_bytes(good)
    run = cli(corpus, data, "build")
    assert run.returncode == 0, run.stderr
    assert "up to date" not in run.stderr.splitlines()[0]
    assert "previous build" not in run.stdout and "fi-2017  2017 lawbook  laws 93" in run.stdout


def test_the_build_cache_keeps_only_what_builds_use(site: tuple[Path, Path]) -> None:
    corpus, data = site
    path = source(corpus, "tr")
    for n in range(4):
        path.write_text(path.read_text(encoding="utf-8") + "\n" * (n + 1), encoding="utf-8")
        assert build(corpus, data).built == ["tr-2017"]
    cached = sorted(p.name for p in (data / "cache").glob("tr-2017-*.json"))
    assert len(cached) == store.KEEP_BUILDS
