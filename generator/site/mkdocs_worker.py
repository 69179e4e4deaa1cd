"""The mkdocs child of the site stage: builds several sites in one process, one after another.

`python -m generator.site.mkdocs_worker CONFIG DEST [CONFIG DEST ...]` runs what
`mkdocs build --strict --clean -f CONFIG -d DEST` runs, for each pair, and prints one result line
per site (RESULT_MARK + JSON: the config, whether it built, and every warning or error mkdocs
logged). One game's site in one language is small: starting Python, mkdocs and the theme once for
all of them costs less than the builds themselves.

This module imports nothing from pnp-forge but this file, so the child starts quickly and stays
what mkdocs alone would do. The parent (generator.site.mkdocs_batch) sets the environment
(a fixed build date, a fixed hash seed) and kills the child when it dies.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from typing import Any

RESULT_MARK = "pnp-mkdocs-result "


class _Problems(logging.Handler):
    """Collects what mkdocs logs at WARNING and above (in strict mode each one fails the build)."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname} - {record.getMessage()}")


def build_one(config_file: str, site_dir: str) -> dict[str, Any]:
    """One `mkdocs build --strict --clean`; never raises for a site that does not build."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    logger = logging.getLogger("mkdocs")
    problems = _Problems()
    logger.addHandler(problems)
    propagate, logger.propagate = logger.propagate, False
    ok = False
    try:
        config = load_config(config_file=config_file, site_dir=site_dir, strict=True)
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config, dirty=False)
        finally:
            config.plugins.on_shutdown()
        ok = not problems.messages
    except MkDocsException as exc:  # Abort (strict warnings), configuration, plugin or build errors
        problems.messages.append(f"Aborted - {exc}")
    except Exception as exc:  # noqa: BLE001 - a page mkdocs cannot render is the content's problem, told as such
        problems.messages.append(f"ERROR - {type(exc).__name__}: {exc}")
    finally:
        logger.removeHandler(problems)
        logger.propagate = propagate
    return {"config": config_file, "ok": ok, "problems": problems.messages}


def remember_theme_listings() -> None:
    """List each theme folder once per child, not once per site, and without its dot folders.

    For each build mkdocs lists every file of the theme's folders to copy the static ones, and
    drops what lies in a dot folder ('.*' in its filter). The Material theme keeps 14,000 icons in
    `.icons/`: listing and filtering them was a quarter of a small site's build. The folders do
    not change while a child builds its sites, so each folder's listing is made once (a build's
    overrides lie in its own staging folder: that small folder is listed for each build), without
    the dot folders mkdocs would drop anyway (nothing else in the child lists templates). The
    names are Jinja's: the union over the search path, sorted.
    """
    import jinja2

    listings: dict[tuple[str, bool], list[str]] = {}
    original = jinja2.FileSystemLoader.list_templates

    def listed(folder: str, followlinks: bool) -> list[str]:
        key = (os.path.realpath(folder), followlinks)
        if key not in listings:
            one = jinja2.FileSystemLoader(folder, followlinks=followlinks)
            listings[key] = [name for name in original(one) if not name.startswith(".")]
        return listings[key]

    def list_templates(self: jinja2.FileSystemLoader) -> list[str]:
        return sorted({name for folder in self.searchpath for name in listed(folder, self.followlinks)})

    jinja2.FileSystemLoader.list_templates = list_templates  # type: ignore[method-assign]  # this child only
    try:  # the theme's own folder, listed while the child waits for its first site
        import material  # type: ignore[import-untyped]

        listed(os.path.join(os.path.dirname(material.__file__), "templates"), False)
    except (ImportError, OSError):
        pass


class CompiledTemplates:
    """Jinja's bytecode cache for the theme: each template compiled once, not once per site.

    mkdocs makes a new Jinja environment for every build, which compiles the theme's templates
    again (a third of a small site's build). Compiled templates are kept in this child's memory
    and in Jinja's own per-user cache folder (FileSystemBytecodeCache: a folder of the temporary
    directory only this user may use), so the first site of the next child loads them too. A
    template's code is keyed by its name, source checksum and the Jinja version (the file only
    names it in tracebacks); the environment's extensions are the same in every build (mkdocs adds
    i18n when Babel is there).
    """

    def install(self) -> None:
        import hashlib

        import jinja2
        from mkdocs.theme import Theme

        codes: dict[tuple[str, str], Any] = {}

        class Remembered(jinja2.FileSystemBytecodeCache):
            def get_cache_key(self, name: str, filename: str | None = None) -> str:
                # not by file: a build's overrides lie in its own staging folder, and the folder would
                # fill with one copy per build; the source's checksum tells two templates of a name apart
                return hashlib.sha1(f"pnp-forge|{jinja2.__version__}|{name}".encode()).hexdigest()

            def load_bytecode(self, bucket: Any) -> None:
                code = codes.get((bucket.key, bucket.checksum))
                if code is None:
                    try:
                        super().load_bytecode(bucket)
                    except (OSError, ValueError, EOFError, TypeError):  # a file another process is writing
                        bucket.reset()
                    code = bucket.code
                    if code is not None:
                        codes[(bucket.key, bucket.checksum)] = code
                bucket.code = code

            def dump_bytecode(self, bucket: Any) -> None:
                codes[(bucket.key, bucket.checksum)] = bucket.code
                try:
                    super().dump_bytecode(bucket)
                except OSError:  # a full or read-only disk: memory still serves this child
                    pass

        try:
            remembered = Remembered()
        except (OSError, RuntimeError):  # no safe folder for it: compile as mkdocs does
            return
        original = Theme.get_env

        def get_env(theme: Theme) -> jinja2.Environment:
            env = original(theme)
            env.bytecode_cache = remembered
            return env

        Theme.get_env = get_env  # type: ignore[method-assign,assignment]  # this child only


def warm_up() -> None:
    """Load mkdocs, the theme, its plugins and the Markdown extensions before the first site comes."""
    import importlib

    for module in ("mkdocs.commands.build", "mkdocs.config", "mkdocs.theme", "material.plugins.search.plugin",
                   "material.plugins.offline.plugin", "markdown.extensions.toc", "markdown.extensions.abbr",
                   "markdown.extensions.admonition", "markdown.extensions.attr_list", "markdown.extensions.md_in_html",
                   "markdown.extensions.tables", "pymdownx.details", "nh3"):
        try:
            importlib.import_module(module)
        except ImportError:  # a module this mkdocs does not have: its build says so if it needs it
            pass


def standing() -> int:
    """`--stdin`: build the sites named on standard input, one JSON line {"config", "dest"} each, until it closes.

    `pnp serve` keeps such a child for its rebuilds: Python, mkdocs and the theme start once, not
    once per saved change; a build starts one while it makes its print files."""
    remember_theme_listings()
    warm_up()
    CompiledTemplates().install()
    for line in sys.stdin:
        if not line.strip():
            continue
        job = json.loads(line)
        print(RESULT_MARK + json.dumps(build_one(job["config"], job["dest"]), ensure_ascii=False), flush=True)
    # input closed: every result is out (flushed), so leave at once; tearing down an interpreter holding
    # mkdocs and the theme took 30 ms the build waited for
    sys.stderr.flush()
    os._exit(0)


def main(argv: list[str]) -> int:
    if argv == ["--stdin"]:
        return standing()
    if not argv or len(argv) % 2:
        print("usage: python -m generator.site.mkdocs_worker CONFIG DEST [CONFIG DEST ...] | --stdin", file=sys.stderr)
        return 2
    remember_theme_listings()
    CompiledTemplates().install()
    failed = False
    for config_file, site_dir in zip(argv[::2], argv[1::2], strict=False):
        result = build_one(config_file, site_dir)
        failed = failed or not result["ok"]
        print(RESULT_MARK + json.dumps(result, ensure_ascii=False), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
