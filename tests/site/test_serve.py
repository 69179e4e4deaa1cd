"""`pnp serve` serves the built site on 127.0.0.1 and rebuilds it when a rules page changes."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from tests.site.conftest import copy_content


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def wait_for(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.slow
def test_serve_rebuilds_when_a_rules_page_changes(tmp_path):
    content = copy_content(tmp_path / "content")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "serve",
                               "escape-earth", "--content", str(content), "--output", "output", "--port", str(port)],
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    url = f"http://127.0.0.1:{port}/escape-earth/en/rules/turn.html"
    try:
        first = wait_for(lambda: fetch(url), 120, "the first build to be served")
        assert "livereload" in first, "pages are served with the live-reload script"
        assert "Marker from the live reload test" not in first
        page = content / "escape-earth" / "rules" / "en" / "30-turn.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nMarker from the live reload test.\n", encoding="utf-8")
        wait_for(lambda: "Marker from the live reload test" in (fetch(url) or ""), 120, "the rebuilt page")
        # a card's new name reaches its page (rebuilt from the build cache: the English units only)
        cards = content / "escape-earth" / "cards" / "events.yaml"
        text = cards.read_text(encoding="utf-8")
        assert "en: Plague outbreak}" in text
        cards.write_text(text.replace("en: Plague outbreak}", "en: Plague of the live reload test}", 1),
                         encoding="utf-8")
        card = f"http://127.0.0.1:{port}/escape-earth/en/cards/seuchenausbruch.html"
        wait_for(lambda: "Plague of the live reload test" in (fetch(card) or ""), 120, "the card's new name")
        # a content error shows over the page with its file and line, and goes when it is mended
        edited = cards.read_text(encoding="utf-8")
        line = edited.splitlines().index(next(x for x in edited.splitlines() if "Plague of the live" in x)) + 1
        cards.write_text(edited.replace("en: Plague of the live reload test}", "en: <b>Plague</b>, en: twice}", 1),
                         encoding="utf-8")
        broken = wait_for(lambda: (fetch(card) or "") if "pnp-build-errors" in (fetch(card) or "") else "", 120,
                          "the error overlay")
        overlay = broken.split('id="pnp-build-errors"', 1)[1].split("</div>", 1)[0]
        assert f"escape-earth/cards/events.yaml:{line}:" in overlay
        assert "<b>" not in overlay, "content text in the overlay is escaped"
        assert "Plague of the live reload test" in broken, "the last good page stays under the overlay"
        cards.write_text(edited, encoding="utf-8")
        wait_for(lambda: "pnp-build-errors" not in (fetch(card) or "pnp-build-errors"), 120, "the overlay to go")
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=300)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@pytest.mark.slow
def test_serve_answers_only_local_host_names(tmp_path):
    """DNS rebinding: a page on evil.example that resolves its name to 127.0.0.1 is refused."""
    content = copy_content(tmp_path / "content")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "serve",
                               "astronuts", "--content", str(content), "--output", "output", "--port", str(port)],
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}/astronuts/en/index.html"  # a game built alone: its site alone

    def status(host: str) -> int:
        request = urllib.request.Request(base, headers={"Host": host})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code
        except OSError:
            return 0

    try:
        wait_for(lambda: fetch(base), 120, "the first build to be served")
        assert status(f"127.0.0.1:{port}") == 200
        assert status(f"localhost:{port}") == 200
        assert status(f"evil.example:{port}") == 403
        assert status("evil.example") == 403
        assert status(f"127.0.0.1.evil.example:{port}") == 403
        assert status(f"localhost:{port}@evil") == 403  # a URL parser reads the host as `evil`
        assert status(f"[::1]:{port}") == 200
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            assert server.wait(timeout=300) in (0, 130)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@pytest.mark.slow
def test_serve_serves_the_designer_site_beside_the_players_and_nothing_outside_it(tmp_path):
    """/site-designer/ is output/site-designer; its links back (../../../site/...) reach the players' site under
    /site/ as well as at the root; a link planted in the designer's folder is not followed."""
    content = copy_content(tmp_path / "content")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "serve",
                               "astronuts", "--content", str(content), "--output", "output", "--port", str(port)],
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        designer = wait_for(lambda: fetch(f"{base}/site-designer/astronuts/en/index.html"), 120,
                            "the designer's site to be served")
        assert "livereload" in designer, "designer pages are served with the live-reload script"
        assert 'href="../../../site/astronuts/en/index.html"' in designer
        assert fetch(f"{base}/site-designer/astronuts/en/balance.html") is not None
        players = [fetch(f"{base}{prefix}/astronuts/en/index.html") or "" for prefix in ("/site", "")]
        assert players[0].rsplit("<script", 1)[0] == players[1].rsplit("<script", 1)[0]  # but the live reload's id
        assert "Astronuts" in players[0]
        assert fetch(f"{base}/astronuts/en/balance.html") is None  # the balance is the designer's
        (tmp_path / "secret.txt").write_text("not for the browser", encoding="utf-8")
        os.symlink(tmp_path / "secret.txt", tmp_path / "output" / "site-designer" / "planted.txt")
        assert fetch(f"{base}/site-designer/planted.txt") is None
        assert fetch(f"{base}/site-designer/../secret.txt") is None
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=300)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
