"""The command line's edges as a new user meets them: a version, each command's own usage on
a bad option, every option value checked before any work with one clear line, the same
limits as the API, the card citable as the site cites it, progress on long work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from kb.cli import main
from kb.web.i18n import UI_LANGS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`lawkb argv...` in this process: its exit code, standard output and error."""
    try:
        code = main(list(argv))
    except SystemExit as exit:
        code = int(exit.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, "lawkb 0.1.0\n", "")


def test_the_help_says_what_each_exit_code_means(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "exit codes:\n  0  done" in out and "\n  2  refused: a bad option" in out


def test_a_bad_option_shows_the_commands_own_usage(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "build", "--forse")
    assert code == 2
    assert err.startswith("usage: lawkb build [-h]")
    assert err.endswith("lawkb build: error: unrecognized arguments: --forse\n")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("export", "--format", "site", "{tmp}/site", "--ui", "fi,xx"),
            "lawkb export: error: argument --ui: 'xx' is not one of en, et, fi, sk, sv, tr",
        ),
        (
            ("serve", "--public-url", "notaurl"),
            "lawkb serve: error: argument --public-url: 'notaurl' is not an address such as "
            "https://laws.example.org",
        ),
        (
            ("--data", "/etc/passwd", "build"),
            "lawkb: error: argument --data: /etc/passwd is a file, not a folder",
        ),
        (
            ("search", "revoke", "--limit", "0"),
            "lawkb search: error: argument --limit: 0 is not a whole number from 1 to 100",
        ),
        (
            ("serve", "--port", "70000"),
            "lawkb serve: error: argument --port: 70000 is not a whole number from 0 to 65535",
        ),
    ],
    ids=["ui", "public url", "data", "limit", "port"],
)
def test_an_option_value_is_checked_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...], said: str
) -> None:
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == said
    assert not (tmp_path / "site").exists()  # nothing half written


def test_the_api_has_the_command_lines_limits(client: FlaskClient) -> None:
    # "%C2%B2" is "²", a digit to `str.isdigit` that `int` refuses (it answered 500).
    for limit in ("0", "101", "-1", "x", "%C2%B2", "%D9%A3", "1%E2%81%B0"):
        answer = client.get(f"/api/v1/search?q=revoke&limit={limit}")
        assert answer.status_code == 400
        assert answer.get_json()["error"] == "limit must be a whole number from 1 to 100"
    assert len(client.get("/api/v1/search?q=revoke&limit=100").get_json()["hits"]) > 10


def test_the_card_is_citable_everywhere_the_site_cites_it(
    capsys: pytest.CaptureFixture[str], client: FlaskClient
) -> None:
    """`lag 16D` on the Swedish card names the 2007 Law 16D: the site resolved it, the CLI
    and the API said it does not exist."""
    code, out, _ = run(capsys, "cite", "lag 16D", "--lang", "sv", "--json")
    assert code == 0
    cited = json.loads(out)
    assert (cited["id"], cited["document"], cited["citation"]) == (
        "16.D",
        "sk-2007",
        "pravidlo 16D",
    )
    api = client.get("/api/v1/cite?q=lag+16D&lang=sv").get_json()
    assert api == cited
    assert client.get("/cite?q=lag+16D&lang=sv").headers["Location"] == "/sk/law/16#16D"


@pytest.mark.sweep  # a whole build into a fresh folder
def test_a_build_shows_its_progress_and_quiet_hides_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = str(tmp_path / "data")
    code, out, err = run(capsys, "--data", data, "build", "--no-pages")
    assert code == 0 and "fi-2017  2017 lawbook  laws 93" in out
    lines = err.splitlines()
    assert "documents: 5 items" in lines
    assert any(line.startswith("documents 5/5 tr-2017: parsed (") for line in lines), lines
    assert any(line.startswith("search index: done in ") for line in lines), lines
    assert not any(line.startswith("pages") for line in lines), lines
    assert not (Path(data) / "kb" / "pages").exists()
    code, out, err = run(capsys, "--data", data, "build", "--force", "--quiet", "--no-pages")
    assert code == 0 and "documents" not in err


@pytest.mark.slow
@pytest.mark.sweep  # every page of five documents in six interface languages
def test_a_build_writes_every_page_as_files_in_every_interface_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    code, _, err = run(capsys, "--data", str(data), "build")
    lines = err.splitlines()
    assert code == 0 and "pages: 18 items" in lines
    assert any(line.startswith("pages 18/18 tr: 117 pages (") for line in lines), lines
    assert any(line.startswith("pages: done in ") for line in lines), lines
    assert lines[-1] == "pages as files: 3,102 pages written", lines[-1]
    pages = data / "kb" / "pages"
    assert json.loads((pages / ".rendered.json").read_text()) == sorted(UI_LANGS)
    assert len(list(pages.rglob("index.html.br"))) == 3102
    assert (pages / "tr" / "fi" / "law" / "93" / "index.html.br").is_file()
    code, _, err = run(capsys, "--data", str(data), "build")
    assert code == 0 and "pages as files: up to date" in err.splitlines()
    (pages / ".rendered.json").unlink()  # as a build killed while it wrote them leaves it
    code, _, err = run(capsys, "--data", str(data), "--quiet", "build")
    assert code == 0 and err.splitlines() == [
        f"knowledge base in {data}", "knowledge base up to date", "search index up to date",
        "pages as files: 3,102 pages written",
    ]  # fmt: skip
