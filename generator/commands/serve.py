"""`pnp serve`: build, serve the rules site (and the designer's, under /site-designer/), and rebuild with
live reload when the game changes.

Watches the content tree (YAML, rules pages, icons), the shared templates (card layouts, icons)
and the site's committed parts (base config, theme overrides, styles). A rebuild is `pnp build`
(incremental: only what the change touched is made again), so what you see is what `pnp build`
writes; a rebuild with errors prints them, keeps serving the last good site (the build never
half-writes output/) and shows them over every page, file:line first, until a rebuild succeeds.
"""

from __future__ import annotations

import html
import logging
import os
import posixpath
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed
from generator.commands.loading import game_ids
from generator.content.errors import ContentError, ErrorList
from generator.content.library import UnknownGame, resolve_games

if TYPE_CHECKING:
    from generator.checking import LoadedGames

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
ServeEvent = Callable[[str, dict[str, Any]], None]  # (kind, details): rebuilt, failed, listening, stopped
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
POLL_SECONDS = 0.15  # how often the watcher looks for saved changes (mkdocs' default is 0.5; a look costs ~3 ms)
QUIET_SECONDS = 0.05  # a rebuild starts once no file changed for this long (mkdocs waits 0.1 s)


def host_name(header: str) -> str | None:
    """The host name of a Host header, read as a URL parser reads it (`localhost:8000` -> `localhost`,
    `[::1]:8000` -> `::1`); None for a header that is more than a host and port (`localhost:8000@evil`,
    whose host is `evil`, or a path) or has a port that is not a number."""
    try:
        parts = urllib.parse.urlsplit("//" + header.strip())
        parts.port  # a port that is not a number raises  # noqa: B018
    except ValueError:
        return None
    if parts.username is not None or parts.password is not None or parts.path or parts.query or parts.fragment:
        return None
    return parts.hostname


def allowed_hosts(bound: str) -> frozenset[str]:
    """Local names, plus the address the server was told to listen on."""
    return LOCAL_NAMES | {bound.lower().strip("[]")}


def host_allowed(header: str, bound: str) -> bool:
    """Whether a request with this Host header is addressed to a local name."""
    name = host_name(header)
    return name is not None and name in allowed_hosts(bound)


def host_checked(server_class):
    """The live-reload server, answering only requests addressed to a local name.

    A web page elsewhere can point a name it controls at 127.0.0.1 (DNS rebinding) and then read
    the local site through the browser; such requests carry that foreign name in `Host:`.
    """

    class HostCheckedServer(server_class):
        def serve_request(self, environ, start_response):
            if not host_allowed(environ.get("HTTP_HOST", ""), str(self.server_address[0])):
                start_response("403 Forbidden", [("Content-Type", "text/plain; charset=utf-8")])
                return [b"pnp serve answers only requests to localhost or 127.0.0.1\n"]
            return super().serve_request(environ, start_response)

    return HostCheckedServer


def inside(root: str, path: str) -> bool:
    """Whether `path`, every link in it followed, is inside `root` (itself resolved)."""
    top = os.path.realpath(root)
    return os.path.commonpath([top, os.path.realpath(path)]) == top


def inside_root(server_class):
    """The live-reload server, serving no file reached through a link out of the site folder.

    A build restores no link, but output/ is not trusted: a link planted there must not make the
    server hand out the file it points at (a key, a password file)."""

    class InsideRootServer(server_class):
        def _serve_request(self, environ, start_response):
            path = environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8", "ignore")
            if not path.startswith("/livereload/") and (path + "/").startswith(self.mount_path):
                # the file the server would open (as mkdocs' server finds it)
                relative = path[len(self.mount_path):] + ("index.html" if path.endswith("/") else "")
                relative = posixpath.normpath("/" + relative).lstrip("/")
                if not inside(self.root, os.path.join(self.root, relative)):
                    return None  # not found
            return super()._serve_request(environ, start_response)

    return InsideRootServer


PLAYERS_PATH = "/site"  # the players' site, also served at the root: the designer's pages link back to it here
DESIGNER_PATH = "/site-designer"  # output/site-designer, the designer's site (generator.site.designer)


def with_designer_site(server_class, designer_root: str):
    """The live-reload server, serving the designer's site under /site-designer/ beside the players' site.

    The designer's pages link back to the players' ones as their folders lie in output/ (../../../site/...),
    so the players' site answers under /site/ as well as at the root."""

    class BothSitesServer(server_class):
        def _serve_request(self, environ, start_response):
            path = environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8", "ignore")
            if path == PLAYERS_PATH or path.startswith(PLAYERS_PATH + "/"):
                environ = dict(environ, PATH_INFO=path[len(PLAYERS_PATH):] or "/")
            elif path == DESIGNER_PATH or path.startswith(DESIGNER_PATH + "/"):
                return self._serve_designer(path, start_response)
            return super()._serve_request(environ, start_response)

        def _serve_designer(self, path, start_response):
            if path == DESIGNER_PATH:
                start_response("302 Found", [("Location", DESIGNER_PATH + "/")])
                return []
            relative = path[len(DESIGNER_PATH) + 1:] + ("index.html" if path.endswith("/") else "")
            file_path = os.path.join(designer_root, posixpath.normpath("/" + relative).lstrip("/"))
            if not inside(designer_root, file_path) or not os.path.isfile(file_path):
                return None  # not found
            with self._epoch_cond:  # not a half-built site: wait for the rebuild under way
                self._epoch_cond.wait_for(lambda: self._visible_epoch == self._wanted_epoch)
                epoch = self._visible_epoch
            with open(file_path, "rb") as file:
                body = file.read()
            if file_path.endswith(".html"):
                body = self._inject_js_into_html(body, epoch)
            start_response("200 OK", [("Content-Type", self._guess_type(file_path)),
                                      ("Content-Length", str(len(body)))])
            return [body]

    return BothSitesServer


OVERLAY_ID = "pnp-build-errors"
OVERLAY_STYLE = ("position:fixed;left:0;right:0;bottom:0;max-height:50vh;overflow:auto;z-index:100000;margin:0;"
                 "padding:1em 1.5em;background:#5c1111;color:#fff;font:14px/1.45 monospace;"
                 "box-shadow:0 -2px 12px rgba(0,0,0,.4)")


def error_overlay(lines: list[str]) -> bytes:
    """The failed rebuild's errors as a box over the page (each line escaped: content text is untrusted)."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return (f'<div id="{OVERLAY_ID}" role="alert" style="{OVERLAY_STYLE}"><strong>pnp build failed; this page '
            f'is the last good build. Fix these and save:</strong><ul style="margin:.5em 0 0 1.2em;padding:0">'
            f"{items}</ul></div>").encode()


def with_error_overlay(server_class: type[Any]) -> type[Any]:
    """The live-reload server, showing the last rebuild's errors over every page until a rebuild succeeds."""

    class OverlaidServer(server_class):
        problems: list[str] = []

        def _inject_js_into_html(self, content: bytes, epoch: int) -> bytes:
            page: bytes = super()._inject_js_into_html(content, epoch)
            if not self.problems:
                return page
            try:
                body_end = page.rindex(b"</body>")
            except ValueError:
                body_end = len(page)
            return page[:body_end] + error_overlay(self.problems) + page[body_end:]

    return OverlaidServer


def rebuild(content_dir: Path, games: tuple[str, ...], output_dir: Path,
            loaded_before: LoadedGames | None = None) -> tuple[list[ContentError], str]:
    """One `pnp build` of the games: its errors, or one sentence when it could not start (none: success).
    `loaded_before`: the games loaded clean by earlier rebuilds (an unchanged game is not parsed again)."""
    from generator.build import BuildOptions, build_games, default_tts_url
    from generator.build_cache import BuildCache
    from generator.checking import load_checked
    from generator.commands.checked_verdicts import CheckedVerdicts
    from generator.diff.history import GitHistory
    from generator.output_folder import OutputRefused

    errors = ErrorList()
    try:
        ids = resolve_games(content_dir, games)
    except UnknownGame as exc:
        return [], f"serve: {exc}"
    cache = BuildCache.of_output(output_dir)  # a rebuild makes only what the change touched
    loaded = load_checked(content_dir, ids, errors, CheckedVerdicts(), loaded_before)
    if errors:
        cache.discard()
    else:
        try:
            options = BuildOptions(tts_url=default_tts_url(output_dir), tts=False)  # as `pnp build` without --tts
            build_games(loaded, output_dir, options, errors, cache=cache, history=GitHistory())
        except OutputRefused as exc:
            return [], f"serve: {exc}"
    return list(errors), ""


def serve(content_dir: Path, games: tuple[str, ...], output_dir: Path, host: str, port: int,
          on_event: ServeEvent) -> None:
    """Build the games and serve OUTPUT/site with live reload until interrupted (OUTPUT/site-designer under
    /site-designer/).

    `on_event` hears `rebuilt`, `failed` (with `errors` and/or `message`: the last good site
    stays served), `listening` (with `address`) and `stopped`. A first build that fails with no
    earlier site to serve fails the command.
    """
    from generator.site.mkdocs_batch import standing_workers

    game_ids(content_dir, games)
    with standing_workers():  # mkdocs starts once, not at every saved change
        _serve(content_dir, games, output_dir, host, port, on_event)


def _serve(content_dir: Path, games: tuple[str, ...], output_dir: Path, host: str, port: int,
           on_event: ServeEvent) -> None:
    from mkdocs.livereload import LiveReloadServer

    from generator.site.project import SITE_TEMPLATE

    problems: list[str] = []  # the last rebuild's errors, shown over every served page (with_error_overlay)
    loaded: LoadedGames = {}

    def build_once(first: bool = False) -> bool:
        errors, sentence = rebuild(content_dir, games, output_dir, loaded)
        problems[:] = [error.one_line() for error in errors] + ([sentence] if sentence else [])
        if not problems:
            on_event("rebuilt", {})
            return True
        if first and not (output_dir / "site" / "index.html").is_file():
            raise CommandFailed(errors, line=sentence)
        on_event("failed", {"errors": errors, "message": sentence})
        return False

    build_once(first=True)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    server_class = with_designer_site(inside_root(host_checked(LiveReloadServer)), str(output_dir / "site-designer"))
    server = with_error_overlay(server_class)(
        builder=build_once, host=host, port=port, root=str(output_dir / "site"), polling_interval=POLL_SECONDS)
    server.problems = problems
    server.build_delay = QUIET_SECONDS  # an editor's save is one burst of events, milliseconds long
    server.watch(str(content_dir))
    for folder in (TEMPLATES, SITE_TEMPLATE / "overrides", SITE_TEMPLATE / "assets"):
        if folder.is_dir():
            server.watch(str(folder))
    server.watch(str(SITE_TEMPLATE), recursive=False)  # mkdocs.base.yml; docs/ is the build's own output
    try:
        on_event("listening", {"address": f"http://{host}:{port}/", "designer": f"http://{host}:{port}{DESIGNER_PATH}/"})
        server.serve()
    except KeyboardInterrupt:
        on_event("stopped", {})
    finally:
        server.shutdown()
