"""`pnp serve`: build, serve the rules site, and rebuild with live reload when the game changes.

Watches the content tree (YAML, rules pages, icons), the shared templates (card layouts, icons)
and the site's committed parts (base config, theme overrides, styles). A rebuild is the whole
`pnp build`, so what you see is what `pnp build` writes; a rebuild with errors prints them and
keeps serving the last good site (the build never half-writes output/).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import click

from generator.content.errors import ErrorList
from generator.cli_options import content_option, games_or_usage_error
from generator.checking import load_checked
from generator.content.library import UnknownGame, resolve_games
from generator.site.project import SITE_TEMPLATE

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})


def host_name(header: str) -> str:
    """The name part of a Host header (`localhost:8000` -> `localhost`, `[::1]:8000` -> `[::1]`)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header.split("]", 1)[0] + "]"
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def allowed_hosts(bound: str) -> frozenset[str]:
    """Local names, plus the address the server was told to listen on."""
    return LOCAL_NAMES | {bound.lower(), f"[{bound.lower()}]"}


def host_checked(server_class):
    """The live-reload server, answering only requests addressed to a local name.

    A web page elsewhere can point a name it controls at 127.0.0.1 (DNS rebinding) and then read
    the local site through the browser; such requests carry that foreign name in `Host:`.
    """

    class HostCheckedServer(server_class):
        def serve_request(self, environ, start_response):
            if host_name(environ.get("HTTP_HOST", "")) not in allowed_hosts(str(self.server_address[0])):
                start_response("403 Forbidden", [("Content-Type", "text/plain; charset=utf-8")])
                return [b"pnp serve answers only requests to localhost or 127.0.0.1\n"]
            return super().serve_request(environ, start_response)

    return HostCheckedServer


def rebuild(content_dir: Path, games: tuple[str, ...], output_dir: Path) -> bool:
    """One `pnp build` of the games; prints the errors and returns False if it failed."""
    from generator.build import BuildOptions, build_games
    from generator.output_folder import OutputRefused

    errors = ErrorList()
    try:
        ids = resolve_games(content_dir, games)
    except UnknownGame as exc:
        click.echo(f"serve: {exc}", err=True)
        return False
    loaded = load_checked(content_dir, ids, errors)
    if not errors:
        try:
            build_games(loaded, output_dir, BuildOptions(), errors)
        except OutputRefused as exc:
            click.echo(f"serve: {exc}", err=True)
            return False
    if errors:
        for error in errors:
            click.echo(error.one_line(), err=True)
        click.echo(f"serve: build failed with {len(errors)} error(s); still serving the last good site", err=True)
        return False
    click.echo("serve: site rebuilt", err=True)
    return True


@click.command("serve")
@click.argument("games", nargs=-1)
@content_option
@click.option("--output", "output_dir", type=click.Path(path_type=Path, file_okay=False), default=Path("output"),
              show_default=True, help="Where the build writes; the site is served from OUTPUT/site.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (local only by default).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
def serve(games: tuple[str, ...], content_dir: Path, output_dir: Path, host: str, port: int) -> None:
    """Build GAMES (default: all) and serve the rules site with live reload.

    Edit a card, a rules page or a template and the open pages reload with the new build.
    """
    from mkdocs.livereload import LiveReloadServer

    games_or_usage_error(content_dir, games)
    if not rebuild(content_dir, games, output_dir) and not (output_dir / "site" / "index.html").is_file():
        sys.exit(1)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    server = host_checked(LiveReloadServer)(builder=lambda: rebuild(content_dir, games, output_dir), host=host, port=port,
                              root=str(output_dir / "site"))
    server.watch(str(content_dir))
    for folder in (TEMPLATES, SITE_TEMPLATE / "overrides", SITE_TEMPLATE / "assets"):
        if folder.is_dir():
            server.watch(str(folder))
    server.watch(str(SITE_TEMPLATE), recursive=False)  # mkdocs.base.yml; docs/ is the build's own output
    click.echo(f"serve: http://{host}:{port}/ (Ctrl+C stops)", err=True)
    try:
        server.serve()
    except KeyboardInterrupt:
        click.echo("serve: stopped", err=True)
    finally:
        server.shutdown()
