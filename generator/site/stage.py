"""The site stage of `pnp build`: docs trees from the content and this build's files, then mkdocs.

Runs after every per-game step, inside the build's staging folder: it reads the card faces,
boards and PDFs the steps just wrote, replays the example turns with the engine, writes the
mkdocs project, and runs `mkdocs build --strict` once per language into <staging>/site/<lang>.
Any problem is an error in the build's ErrorList, so a failed site leaves output/ untouched.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.output_folder import checkpoint
from generator.rules.examples import replay_examples
from generator.site.i18n import LANGUAGE_NAMES, label
from generator.site.markup import html_escape
from generator.site.project import COMMITTED_PARTS, LanguageSite, language_site, write_project

SITE = "site"
PROJECT = ".site-project"
MKDOCS_TIMEOUT_S = 600
# mkdocs stamps pages with the build date; a fixed date keeps the site byte-identical per input
SOURCE_DATE_EPOCH = "1577836800"


def _die_with_parent() -> None:
    """In the mkdocs child: be killed when pnp dies, however it dies (Linux; elsewhere a no-op)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _mkdocs_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")
    return env


DOC_FILE = re.compile(r"Doc file '([^']+)' contains a link '([^']+)'")


def _warning_mark(line: str, site: LanguageSite | None, content_root: Path | None, display: str) -> Mark:
    """Where a mkdocs warning points: the rules page (and line) it came from, else the config."""
    match = DOC_FILE.search(line)
    if match and site is not None and match.group(1) in site.sources:
        source = site.sources[match.group(1)]
        line_no = 1
        if content_root is not None:
            path = content_root / source
            if path.is_file():
                for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if f"]({match.group(2)})" in text:
                        line_no = number
                        break
        return Mark(source, line_no, 1)
    return Mark(display)


def run_mkdocs(config: Path, destination: Path, errors: ErrorList, display: str,
               site: LanguageSite | None = None, content_root: Path | None = None) -> bool:
    """`mkdocs build --strict`; every warning becomes an error at the rules page it came from."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", str(config.resolve()),
               "-d", str(destination.resolve())]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_mkdocs_env(),
                          preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None) as child:
        checkpoint("mkdocs")
        try:
            stdout, stderr = child.communicate(timeout=MKDOCS_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            errors.add(Mark(display), f"mkdocs build did not finish within {MKDOCS_TIMEOUT_S} s", code="site")
            return False
        except BaseException:  # Ctrl-C or an error here: the child goes with us
            child.kill()
            raise
    result = subprocess.CompletedProcess(command, child.returncode, stdout, stderr)
    if result.returncode == 0:
        return True
    output = (result.stderr + "\n" + result.stdout).splitlines()
    problems = [line.strip() for line in output if line.strip().startswith(("WARNING", "ERROR", "Error", "Aborted"))]
    for line in problems or output[-5:] or ["(no output)"]:
        if line.startswith("Aborted") and problems != [line]:
            continue
        message = line.split("-", 1)[1].strip() if line.startswith("WARNING") and "-" in line else line
        errors.add(_warning_mark(line, site, content_root, display), f"mkdocs build --strict: {message}",
                   code="site", hint="links in rules pages are relative to the page; the other pages of a game "
                                     "are ../components.md, ../cards.md, ../downloads.md, ../glossary.md")
    return False


ROOT_LINK = re.compile(r'\b(href|src)="/(?!/)')


def root_404_page(page: Path, lang: str) -> None:
    """Point 404.html's links into its language folder.

    mkdocs writes 404.html with links from the server root ("/assets/...") because a server shows
    it for any missing path. Our languages live in /<lang>/ at the root, so a missing
    /de/something must load /de/assets/...; without this the page shows unstyled and broken.
    """
    if not page.is_file():
        return
    text = ROOT_LINK.sub(rf'\1="/{lang}/', page.read_text(encoding="utf-8"))
    text = text.replace('"base": "/"', f'"base": "/{lang}/"').replace('"search": "/assets/', f'"search": "/{lang}/assets/')
    page.write_text(text, encoding="utf-8")


def language_index(languages: tuple[str, ...]) -> str:
    """output/site/index.html: pick a language (the browser's, else the first)."""
    links = "\n".join(f'    <li><a href="{lang}/" hreflang="{lang}" lang="{lang}">{html_escape(LANGUAGE_NAMES[lang])}</a></li>'
                      for lang in languages)
    title = " / ".join(label("choose_language", lang) for lang in languages)
    known = ", ".join(f'"{lang}"' for lang in languages)
    return f"""<!doctype html>
<html lang="{languages[0]}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <title>{html_escape(title)}</title>
  <script>
    (function () {{
      var known = [{known}];
      var wanted = (navigator.language || "").slice(0, 2);
      location.replace((known.indexOf(wanted) >= 0 ? wanted : known[0]) + "/");
    }})();
  </script>
</head>
<body>
  <h1>{html_escape(title)}</h1>
  <ul>
{links}
  </ul>
</body>
</html>
"""


def build_site(contents: list[GameContent], staging: Path, languages: tuple[str, ...], papers: tuple[str, ...],
               errors: ErrorList, on_step: Callable[[str, str], None] | None = None,
               log: Callable[[str], None] | None = None) -> list[Path]:
    """Write <staging>/.site-project (the mkdocs project) and <staging>/site (the built site).

    `staging/<game>` must hold this build's files of each game. Returns the built site's files;
    on any problem adds to `errors` and returns [] (the caller then changes nothing).
    """
    log = log or (lambda message: print(message, file=sys.stderr))
    notes: list[str] = []
    replays: dict[str, dict[str, Any]] = {}
    for content in contents:
        if on_step:
            on_step(content.id, "site: examples")
        replays[content.id] = replay_examples(content, errors)
    game_outputs = {c.id: staging / c.id for c in contents}
    sites: list[LanguageSite] = []
    for lang in languages:
        site = language_site(contents, lang, languages, game_outputs, replays, papers, errors)
        notes += site.notes
        sites.append(site)
    for note in notes:
        log(note)
    if errors:
        return []
    project = staging / PROJECT
    write_project(project, sites)
    destination = staging / SITE
    destination.mkdir()
    content_root = contents[0].root.parent if contents else None
    for site in sites:
        lang = site.lang
        if on_step:
            on_step(SITE, f"mkdocs ({lang})")
        if not run_mkdocs(project / "docs" / f"mkdocs.{lang}.yml", destination / lang, errors,
                          f"site/docs/mkdocs.{lang}.yml", site, content_root):
            return []
        root_404_page(destination / lang / "404.html", lang)
    (destination / "index.html").write_text(language_index(languages), encoding="utf-8")
    return sorted(p for p in destination.rglob("*") if p.is_file())


GENERATED_MARK = "# generated by `pnp build`"


def _made_by_pnp(docs: Path) -> bool:
    """A site/docs folder a pnp build wrote: its configs start with our mark, and it holds nothing else."""
    configs = sorted(docs.glob("mkdocs.*.yml"))
    if not configs:
        return False
    for config in configs:
        with config.open(encoding="utf-8", errors="replace") as handle:
            if not handle.readline().startswith(GENERATED_MARK):
                return False
    languages = {c.name.split(".")[1] for c in configs}
    return all(entry.name in languages or entry in configs for entry in docs.iterdir())


def publish_project(staging: Path, site_root: Path) -> None:
    """Move the generated docs tree and configs to <site_root>/docs (git-ignored), replacing the old.

    The committed parts (base config, overrides, styles, hooks) stay; a site folder that lacks them
    (a build outside the repository) gets copies, so `mkdocs build -f docs/mkdocs.<lang>.yml` works.
    A docs folder that a pnp build did not write is left alone (and not refreshed).
    """
    target = site_root / "docs"
    if (target.exists() or target.is_symlink()) and (target.is_symlink() or not _made_by_pnp(target)):
        print(f"site: {target} was not written by pnp build; left as it is (output/site is complete)",
              file=sys.stderr)
        return
    try:
        _publish(staging / PROJECT, site_root)
    except OSError as exc:  # the site itself is already in output/; only the editable copy is missing
        print(f"site: could not refresh {target} ({exc}); output/site is complete", file=sys.stderr)


def _publish(project: Path, site_root: Path) -> None:
    site_root.mkdir(parents=True, exist_ok=True)
    for part in COMMITTED_PARTS:
        if not (site_root / part).exists():
            source = project / part
            if source.is_dir():
                shutil.copytree(source, site_root / part)
            else:
                shutil.copyfile(source, site_root / part)
    target = site_root / "docs"
    old = site_root / f".docs-old-{os.getpid()}"
    if target.exists():
        target.rename(old)
    shutil.move(str(project / "docs"), str(target))
    shutil.rmtree(old, ignore_errors=True)
