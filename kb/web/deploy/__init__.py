"""`lawkb deploy`: the public deployment on one machine. Several `lawkb serve` workers share
one data directory behind nginx, run with the shipped configuration (`nginx.conf` beside
this file): nginx holds slow and idle clients, compresses and spreads the load; a worker
that dies is started again.

>>> conf = nginx_conf("0.0.0.0:8080", [8081, 8082], Path("/srv/lawkb/deploy"), Path("/srv/p"))
>>> "listen 0.0.0.0:8080 default_server;" in conf, "server 127.0.0.1:8082" in conf
(True, True)
>>> "if (-f /srv/p/$page/index.html.gz) {" in conf, "alias /srv/p/;" in conf
(True, True)
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from kb import store
from kb.core import progress
from kb.web.i18n import UI_LANGS
from kb.web.page_files import page_root
from kb.web.security import HEADERS

CONF = Path(__file__).with_name("nginx.conf")
BROTLI = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")  # Debian's package
TEMP_DIRS = ("body", "proxy", "fastcgi", "uwsgi", "scgi")


class DeployError(Exception):
    """What keeps the deployment from starting, said in one line."""


def nginx_conf(listen: str, ports: list[int], prefix: Path, pages: Path) -> str:
    """The shipped nginx configuration for workers on `ports` of 127.0.0.1, listening on
    `listen`, its pid, logs and temporary files under `prefix`, sending the page files under
    `pages` (`kb.web.page_files.page_root` of the current build's link), brotli files too
    where nginx has the module (libnginx-mod-http-brotli-static)."""
    upstreams = "\n".join(
        f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for port in ports
    )
    text = CONF.read_text(encoding="utf-8")
    return (
        text.replace("@PREFIX@", str(prefix))
        .replace("@UPSTREAMS@", upstreams)
        .replace("@LISTEN@", listen)
        .replace("@SECURITY_HEADERS@", security_headers())
        .replace("@PAGES@", str(pages))
        .replace("@UI_LANGS@", "|".join(UI_LANGS))
        .replace("@USER@", nginx_user(pages))
        .replace("@MODULES@", f"load_module {BROTLI};" if BROTLI.exists() else "")
        .replace("@BROTLI@", " " * 12 + "brotli_static on;" if BROTLI.exists() else "")
    )


def nginx_user(pages: Path) -> str:
    """nginx's `user` directive: started as root, nginx's workers run as `nobody` unless told,
    and could not read the page files the site's workers write; they run as the owner of the
    data directory instead (started as anyone else, nginx runs as that user: no directive).

    >>> nginx_user(Path("/nonexistent/kb/pages")) in ("", "user root;")
    True
    """
    if os.geteuid() != 0:
        return ""
    for folder in pages.parents:
        try:
            return f"user {pwd.getpwuid(folder.stat().st_uid).pw_name};"
        except (OSError, KeyError):
            continue
    return ""


def security_headers() -> str:
    """The site's security headers as nginx directives: each added to every answer (`always`:
    nginx's own errors too) and hidden from the workers' answers, so each is sent once.

    >>> [line.strip() for line in security_headers().splitlines() if "Frame" in line]
    ['proxy_hide_header X-Frame-Options;', 'add_header X-Frame-Options "DENY" always;']
    """
    lines = []
    for name, value in HEADERS.items():
        lines += [f"proxy_hide_header {name};", f'add_header {name} "{value}" always;']
    return "\n".join(" " * 8 + line for line in lines)


def free_ports(n: int) -> list[int]:
    """`n` ports of 127.0.0.1 free right now."""
    sockets = [socket.socket() for _ in range(n)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def answers(url: str) -> bool:
    """Whether `url` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


@dataclass
class Deployment:
    """nginx and its workers, started and stopped together."""

    nginx: str
    data: Path
    corpus: Path | None
    listen: str
    workers: int
    threads: int
    public_url: str
    ports: list[int] = field(default_factory=list)
    processes: dict[int, subprocess.Popen] = field(default_factory=dict)
    proxy: subprocess.Popen | None = None
    renderer: subprocess.Popen | None = None  # `lawkb render`, at low priority, once up

    @property
    def prefix(self) -> Path:
        return self.data.resolve() / "deploy"

    def lawkb(self, *argv: str) -> list[str]:
        """A `lawkb` command line on this deployment's data and corpus."""
        corpus = ["--corpus", str(self.corpus)] if self.corpus else []
        return [sys.executable, "-m", "kb.cli", "--data", str(self.data), *corpus, *argv]

    def worker(self, port: int) -> subprocess.Popen:
        argv = self.lawkb("serve", "--host", "127.0.0.1", "--port", str(port))
        argv += ["--threads", str(self.threads), "--public-url", self.public_url]
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL)

    def render(self) -> subprocess.Popen:
        """Write every page as files (`lawkb render`) beside the workers, at the lowest
        priority: nginx sends each page's file once it is there, a worker's render before."""
        argv = self.lawkb("--quiet", "render", "--public-url", self.public_url)
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL, preexec_fn=lambda: os.nice(19))

    def start(self) -> None:
        """Write the configuration, start the workers and, once they answer, nginx."""
        conf = self.prefix / "nginx.conf"
        for name in TEMP_DIRS:
            (self.prefix / "tmp" / name).mkdir(parents=True, exist_ok=True)
        self.ports = free_ports(self.workers)
        pages = page_root(store.current(self.data.resolve()), self.public_url)
        text = nginx_conf(self.listen, self.ports, self.prefix, pages)
        conf.write_text(text, encoding="utf-8")
        checked = subprocess.run(
            [self.nginx, "-t", "-q", "-p", str(self.prefix), "-c", str(conf)],
            capture_output=True,
            text=True,
        )
        if checked.returncode:
            raise DeployError(f"nginx refuses {conf}: {checked.stderr.strip()}")
        self.processes = {port: self.worker(port) for port in self.ports}
        deadline = time.monotonic() + 120
        with progress.stage("workers", total=len(self.processes)) as done:
            for port, process in self.processes.items():
                while not answers(f"http://127.0.0.1:{port}/"):
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise DeployError(f"the worker on port {port} did not start")
                    time.sleep(0.2)
                done(f"port {port}")
        argv = [self.nginx, "-p", str(self.prefix), "-c", str(conf), "-g", "daemon off;"]
        self.proxy = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while not answers(f"http://{self.local_address()}/"):
            if self.proxy.poll() is not None:
                error = self.proxy.stderr.read().decode(errors="replace").strip().splitlines()
                raise DeployError(f"nginx did not start: {error[-1] if error else 'no reason'}")
            if time.monotonic() > deadline:
                raise DeployError(f"nginx does not answer on {self.listen}")
            time.sleep(0.1)
        self.renderer = self.render()

    def local_address(self) -> str:
        host, _, port = self.listen.rpartition(":")
        return f"{'127.0.0.1' if host in ('0.0.0.0', '', '[::]') else host}:{port}"

    def supervise(self) -> int:
        """Run until nginx stops or a signal ends the deployment; a worker that dies is
        started again on its port."""
        assert self.proxy is not None
        while self.proxy.poll() is None:
            time.sleep(1)
            if self.renderer is not None and self.renderer.poll() is not None:
                done = (
                    "every page written as files"
                    if self.renderer.returncode == 0
                    else (
                        f"rendering the pages stopped (exit {self.renderer.returncode}): "
                        "the workers render each at its first request"
                    )
                )
                print(f"lawkb deploy: {done}", file=sys.stderr)
                self.renderer = None
            for port, process in self.processes.items():
                if process.poll() is not None:
                    print(f"lawkb deploy: worker on port {port} stopped; starting it again",
                          file=sys.stderr)  # fmt: skip
                    self.processes[port] = self.worker(port)
        return 1

    def stop(self) -> None:
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.send_signal(signal.SIGQUIT)  # nginx: finish the answers under way
        ours = [*self.processes.values(), *([self.renderer] if self.renderer else [])]
        for process in ours:
            if process.poll() is None:
                process.terminate()
        for process in [*ours, *([self.proxy] if self.proxy else [])]:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def run(deployment: Deployment) -> int:
    """Start the deployment, say where it answers, and run it until SIGTERM or Ctrl-C."""
    if shutil.which(deployment.nginx) is None:
        raise DeployError(
            f"{deployment.nginx} not found: install nginx (apt-get install nginx), "
            "or serve with `lawkb serve`"
        )

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        deployment.start()
        print(
            f"serving the Laws on http://{deployment.local_address()}/ "
            f"(nginx and {deployment.workers} lawkb workers)",
            file=sys.stderr,
        )
        return deployment.supervise()
    except KeyboardInterrupt:
        return 0
    finally:
        deployment.stop()
