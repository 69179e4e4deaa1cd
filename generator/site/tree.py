"""The generated docs tree of one language: pages (Markdown), copied files and the navigation.

Page writers add to a `DocsTree`; nothing touches the disk until the whole tree is written, so
a failing page never leaves half a site behind.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

NavItem = str | dict[str, "NavList | str"]
NavList = list[NavItem]


@dataclass
class DocsTree:
    """Everything under docs/<lang>/: Markdown pages, binary files by source, and the nav."""

    lang: str
    pages: dict[str, str] = field(default_factory=dict)
    files: dict[str, Path | bytes] = field(default_factory=dict)
    nav: NavList = field(default_factory=list)

    def page(self, path: str, markdown: str) -> str:
        self.pages[path] = markdown.rstrip() + "\n"
        return path

    def copy(self, path: str, source: Path) -> str:
        self.files[path] = source
        return path

    def data(self, path: str, payload: bytes) -> str:
        self.files[path] = payload
        return path

    def has(self, path: str) -> bool:
        return path in self.pages or path in self.files

    def write(self, root: Path) -> list[Path]:
        """Write the tree under `root` (which must not exist yet); returns the files written."""
        written: list[Path] = []
        for rel_path, text in sorted(self.pages.items()):
            target = root / rel_path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
        for rel_path, source in sorted(self.files.items()):
            target = root / rel_path
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(source, bytes):
                target.write_bytes(source)
            else:
                shutil.copyfile(source, target)
            written.append(target)
        return written
