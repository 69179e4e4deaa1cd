"""`pnp build` from scratch next to rebuilds after a one-card edit, a one-rules-page edit and no edit,
and what `pnp serve` takes from a saved card edit to the changed page.

    python benchmarks/build.py [--repeat 3] [--games escape-earth ...] [--card-file escape-earth/cards/events.yaml]
                               [--code /path/to/other/checkout] [--versus /path/to/baseline] [--no-serve]

Copies the bundled content to a temporary folder and, in each repeat, alternately:

  full build       `pnp build` into an empty output folder (and an empty build cache)
  one-card edit    one card's English name changed (a new text each time), `pnp build` again
                   into the output of the previous build (it makes again what the change touched)
  one-page edit    a sentence appended to one rules page, `pnp build` again likewise
  no edit          `pnp build` again with nothing changed (what every rebuild costs at least)
  serve: card edit `pnp serve` runs; one card's English name is changed and the card's page on the
                   site is fetched until it shows the new name (wall time from the save)

Each build figure is the CPU time (user + system of the build process and its children, mkdocs
included) and the wall time, printed as min / median / max, with each edit's median as a
fraction of the full build's. The target for the edits is under 2 s wall. `--code` runs the
generator of another checkout (e.g. the main branch before a change) on this checkout's content;
`--versus` measures a second checkout alongside, build by build, for a fair before and after.
Run on demand; this is not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, python_env, spread  # noqa: E402 (benchmarks/ is put on the path first)

TARGET_WALL = 2.0


def edit_card(path: Path, serial: int) -> str:
    """Give the first card in `path` a new English name (a real change every time); returns the card's id."""
    text = path.read_text(encoding="utf-8")
    edited, count = re.subn(r"(name: \{de: [^,]+, en: )([^}]+?)( \(edit \d+\))?\}", rf"\g<1>\g<2> (edit {serial})}}",
                            text, count=1)
    if not count:
        raise SystemExit(f"no `name: {{de: ..., en: ...}}` line to edit in {path}")
    path.write_text(edited, encoding="utf-8")
    card = re.search(r"id: ([\w-]+)", edited)
    if card is None:
        raise SystemExit(f"no card id in {path}")
    return card.group(1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except OSError:
        return ""


def serve_latency(work: Path, env: dict[str, str], games: list[str], card_file: str, repeat: int,
                  serial: int) -> list[float]:
    """Seconds from saving a card edit to the card's page showing it, `repeat` times, with `pnp serve`."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--content", "content", "--output",
                               "serve-output", "--port", str(port), *games], cwd=str(work), env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    game = card_file.split("/", 1)[0]
    latencies = []
    try:
        index = f"http://127.0.0.1:{port}/{game}/en/index.html"
        deadline = time.monotonic() + 600
        while not fetch(index):
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("pnp serve did not serve its first build")
            time.sleep(0.2)
        for _ in range(repeat):
            serial += 1
            time.sleep(1.0)  # the watcher's quiet period after the last rebuild
            saved = time.perf_counter()
            card = edit_card(work / "content" / card_file, serial)
            page = f"http://127.0.0.1:{port}/{game}/en/cards/{card}.html"
            while f"(edit {serial})" not in fetch(page):
                if time.perf_counter() - saved > 300:
                    raise SystemExit("pnp serve did not show the edit within 300 s")
                time.sleep(0.05)
            latencies.append(time.perf_counter() - saved)
    finally:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(timeout=60)
    return latencies


def edit_page(path: Path, serial: int) -> None:
    """Append a sentence to a rules page."""
    with path.open("a", encoding="utf-8") as page:
        page.write(f"\nThis sentence was added by edit {serial}.\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=[], help="games to build (default: all bundled games)")
    parser.add_argument("--card-file", default="escape-earth/cards/events.yaml", help="cards file to edit")
    parser.add_argument("--page", default="escape-earth/rules/en/10-goal.md", help="rules page to edit")
    parser.add_argument("--code", default=str(REPO), help="checkout whose generator builds (default: this one)")
    parser.add_argument("--versus", default=None, metavar="PATH",
                        help="another checkout measured alongside: each build of --code is followed by the same "
                             "build of this one, in a folder of its own (a load that comes and goes hits both)")
    parser.add_argument("--no-serve", action="store_true", help="leave out the pnp serve measurement")
    args = parser.parse_args()
    # started in the background by a shell, this process ignores Ctrl-C, and pnp serve would inherit that
    # and never stop: a handler here is reset to the default in every child it starts
    signal.signal(signal.SIGINT, signal.default_int_handler)
    codes = [args.code] + ([args.versus] if args.versus else [])
    timings = {code: (Timings("full build"), Timings("one-card edit"), Timings("one-page edit"), Timings("no edit"))
               for code in codes}
    made: dict[str, dict[str, str]] = {code: {} for code in codes}
    served: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        works = {code: Path(tmp) / str(number) for number, code in enumerate(codes)}
        for work in works.values():
            shutil.copytree(REPO / "content", work / "content")
        command = [sys.executable, "-m", "generator.cli", "build", "--content", "content", "--output", "output",
                   *args.games]
        envs = {code: python_env(code) for code in codes}
        serial = 0
        for _ in range(args.repeat):
            serial += 1
            for step in ("full", "one-card edit", "one-page edit", "no edit"):
                for code in codes:
                    work, env, (full, card, page, none) = works[code], envs[code], timings[code]
                    if step == "full":
                        shutil.rmtree(work / "output", ignore_errors=True)
                        full.run(command, env=env, cwd=str(work))
                        continue
                    if step == "one-card edit":
                        edit_card(work / "content" / args.card_file, serial)
                    elif step == "one-page edit":
                        edit_page(work / "content" / args.page, serial)
                    figures = {"one-card edit": card, "one-page edit": page, "no edit": none}[step]
                    made[code][step] = _made(figures.run(command, env=env, cwd=str(work)))
        if not args.no_serve:
            served = serve_latency(works[args.code], envs[args.code], args.games, args.card_file, args.repeat, serial)
    games = ", ".join(args.games) or "all bundled games"
    for code in codes:
        full, card, page, none = timings[code]
        print(f"pnp build of {games} by {code}, {args.repeat} repeats, min / median / max")
        for figures in (full, card, page, none):
            share = statistics.median(figures.wall) / statistics.median(full.wall)
            verdict = (
                ""
                if figures is full
                else (
                    f"  {share:.2f} of a full build; "
                    f"{'meets' if statistics.median(figures.wall) < TARGET_WALL else 'misses'}"
                    f" the {TARGET_WALL:.0f} s wall target"
                )
            )
            print(f"  {figures.line(14)}{verdict}")
        if served and code == args.code:
            share = statistics.median(served) / statistics.median(full.wall)
            verdict = 'meets' if statistics.median(served) < TARGET_WALL else 'misses'
            print(f"  {'serve: card':<14} saved edit to changed page, wall {spread(served)} s  {share:.2f} of a full "
                  f"build; {verdict} the {TARGET_WALL:.0f} s target")
        for what, units in made[code].items():
            print(f"  {what}: {units}")


def _made(done: subprocess.CompletedProcess[bytes]) -> str:
    """What a build says it made again (its last line: `made: ...; copied from the build cache: N ...`)."""
    lines = [line for line in done.stdout.decode("utf-8", "replace").splitlines() if line.startswith("made:")]
    return lines[-1] if lines else "(the build did not say)"


if __name__ == "__main__":
    main()
