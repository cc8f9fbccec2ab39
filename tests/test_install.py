"""A normal install: the wheel built from this tree, installed (not editable) in a clean
virtualenv, and `lawkb` used from an empty directory, as a federation's admin would."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from kb.web.deploy import answers
from tests.conftest import ROOT
from tests.helpers.servers import free_port

pytestmark = [pytest.mark.slow, pytest.mark.sweep]  # a non-editable install, a fresh venv

PAGES = {
    "/": "Laws",
    "/fi/law/12": "KILPAILUNJOHTAJAN HARKINTAVALTA",
    "/compare/12?langs=fi,tr": "HAKEMİN TAKDİR YETKİLERİ",
    "/search?q=revokki&lang=fi": "revok",
    "/fi/definitions": "Aloituskortti",
    "/alignment": "fi",
    "/et/part/index": "INDEKS",
    "/api/v1/laws?lang=tr": '"number":"12"',
    "/api/v1/openapi.json": '"openapi":"3.1.0"',
}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The `lawkb` of a clean virtualenv with the wheel installed; an environment whose
    HOME is empty and which names no data directory or corpus."""
    root = tmp_path_factory.mktemp("install")
    wheels, venv = root / "wheels", root / "venv"
    pip = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
    run = {"check": True, "capture_output": True, "text": True, "timeout": 600}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                    str(ROOT)], cwd=root, **run)  # fmt: skip
    subprocess.run([sys.executable, "-m", "venv", str(venv)], **run)
    subprocess.run([*pip, "install", *map(str, wheels.glob("lawkb-*.whl"))], cwd=root, **run)
    (root / "home").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LAWKB_", "XDG_"))}
    env |= {"HOME": str(root / "home"), "PATH": f"{venv / 'bin'}:{env['PATH']}"}
    return venv / "bin" / "lawkb", env


def lawkb(installed: tuple[Path, dict[str, str]], cwd: Path, *args: str, **env: str):
    program, environ = installed
    return subprocess.run([str(program), *args], cwd=cwd, env=environ | env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip


@pytest.fixture
def empty(tmp_path: Path) -> Path:
    return tmp_path


def test_build_and_cite_from_an_empty_directory(installed, empty: Path) -> None:
    built = lawkb(installed, empty, "build")
    home = Path(installed[1]["HOME"])
    assert built.returncode == 0, built.stderr
    assert f"knowledge base in {home}/.local/share/lawkb" in built.stderr
    assert "fi-2017  2017 lawbook  laws 93" in built.stdout
    assert "sv-2007-card  2007 card" in built.stdout
    assert list(empty.iterdir()) == []  # nothing written where it ran
    cited = lawkb(installed, empty, "cite", "Law 12C1b", "--lang", "fi")
    assert cited.returncode == 0, cited.stderr
    assert cited.stdout.startswith("laki 12C1b § (Law 12C1(b), 2017)\n\nb. Korvaavaa")


def test_every_page_type_answers_from_an_installed_server(installed, empty: Path) -> None:
    program, env = installed
    port = free_port()
    server = subprocess.Popen([str(program), "serve", "--port", str(port)], cwd=empty, env=env,
                              stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not answers(f"http://127.0.0.1:{port}/"):
            assert server.poll() is None and time.monotonic() < deadline
            time.sleep(0.3)
        for path, expected in PAGES.items():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
                assert response.status == 200, path
                assert expected in response.read().decode(), path
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_bad_input_is_one_line_and_a_non_zero_exit(installed, empty: Path) -> None:
    cases = [
        (("serve", "--port", "99999"), "argument --port: 99999 is not a whole number"),
        (("serve", "--port", "-1"), "argument --port: -1 is not a whole number"),
        (("search", "revokki", "--limit", "0"), "argument --limit: 0 is not a whole number"),
        (("--corpus", "/nonexistent", "build"), "lawkb build: /nonexistent: no such corpus"),
        (("cite", "Law 12C1b", "--lang", "xx"), "lawkb cite: no document for language 'xx'"),
    ]
    for args, says in cases:
        run = lawkb(installed, empty, *args)
        assert run.returncode != 0 and says in run.stderr, (args, run.stderr)
        assert "Traceback" not in run.stderr
