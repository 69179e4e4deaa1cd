"""`pnp trust DIR`: let a game folder's engine module run; `--list` the trusted folders, `--revoke DIR` end it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.commands.failure import CommandFailed, CommandRefused
from generator.rules import trust


@dataclass
class TrustResult:
    """What `pnp trust` did: folders granted or revoked, or the list with each folder's state now."""

    action: str                                   # "trusted", "revoked" or "list"
    grants: list[trust.Grant] = field(default_factory=list)
    states: list[str] = field(default_factory=list)  # per grant: "current", "changed" or "missing"
    not_listed: list[str] = field(default_factory=list)
    list_file: str = ""

    def as_json(self) -> dict[str, Any]:
        listed = [{**g.as_json(), **({"state": s} if self.states else {})}
                  for g, s in zip(self.grants, self.states or [""] * len(self.grants), strict=False)]
        return {"ok": True, "action": self.action, "folders": listed, "not_listed": self.not_listed,
                "trust_list": self.list_file}

    def lines(self) -> list[str]:
        if self.action == "trusted":
            return [f"trusted {shown(g.path)}: its engine may run with your rights until one of its {g.files} Python "
                    f"file(s) changes (sha256 {g.digest[:12]})" for g in self.grants]
        if self.action == "revoked":
            return ([f"revoked {shown(g.path)}: its engine runs no more until you trust it again" for g in self.grants]
                    + [f"{path} was not trusted" for path in self.not_listed])
        if not self.grants:
            return [f"no folder is trusted (the list is {self.list_file})"]
        said = {"current": "trusted", "changed": "changed since trusted: asked again",
                "missing": "folder missing"}
        return [f"{shown(g.path)}  {said[s]}  {g.files} Python file(s), sha256 {g.digest[:12]}, since {g.granted}"
                for g, s in zip(self.grants, self.states, strict=False)]


def shown(path: str) -> str:
    """A trusted folder as the user would type it: from the working folder when inside it."""
    try:
        return str(Path(path).relative_to(Path.cwd().resolve()))
    except ValueError:
        return path


def _game_folder(folder: Path) -> None:
    if not folder.is_dir():
        raise CommandRefused(f"'{folder}' is not a folder; name a game's folder, such as content/my-game")
    if not (folder / "game.yaml").is_file():
        raise CommandRefused(f"'{folder}' has no game.yaml; name a game's own folder, such as content/my-game")


def run_trust(folders: tuple[Path, ...], show_list: bool, revoke: bool) -> TrustResult:
    """Grant, revoke or list trust; bad usage (exit 2) for a folder that is not a game's, a broken list is exit 1."""
    if show_list and (folders or revoke):
        raise CommandRefused("--list takes no folder and no --revoke")
    if not show_list and not folders:
        raise CommandRefused("name a game folder to trust (pnp trust content/my-game), or use --list or --revoke DIR")
    try:
        if show_list:
            listed = trust.grants()
            return TrustResult("list", listed, [_state(g) for g in listed], list_file=str(trust.trust_file()))
        if revoke:
            result = TrustResult("revoked", list_file=str(trust.trust_file()))
            for folder in folders:
                removed = trust.revoke(folder)
                if removed is None:
                    result.not_listed.append(str(folder))
                else:
                    result.grants.append(removed)
            return result
        for folder in folders:
            _game_folder(folder)
        return TrustResult("trusted", [trust.grant(folder) for folder in folders], list_file=str(trust.trust_file()))
    except trust.TrustListBroken as exc:
        raise CommandFailed.sentence(str(exc)) from None


def _state(grant: trust.Grant) -> str:
    if not os.path.isdir(grant.path):
        return "missing"
    return "current" if trust.engine_digest(Path(grant.path))[0] == grant.digest else "changed"
