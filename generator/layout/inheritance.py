"""`extends`: a layout that changes another one, resolved once when the file is read.

A layout file may name a base layout (`extends: card`) and write only what differs: values of
`constants` and `vars` by name, elements of a face part by `id` (the keys it gives replace the
base element's, `remove: true` leaves it out, `before`/`after` move it), new values and
elements added. A file without `extends` is merged onto nothing by the same rules, so ids are
unique and `before`/`after` work the same in every file.

The result is plain data plus one source map whose marks point into whichever file wrote each
value, so a mistake in the merged layout is reported at the line that made it. An unknown base
or a cycle of bases is an error at the `extends:` line.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import TemplateError, meta

from generator.content.errors import ErrorList, Mark, YamlPath, relative
from generator.content.suggest import did_you_mean
from generator.content.yaml_source import SourceMap, load_yaml

LAYOUT_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
NAMED_VALUES = ("constants", "vars")
FACES = ("front", "back")
PARTS = ("frame", "content")
PLACEMENT_KEYS = ("before", "after", "remove")
MAX_ELEMENTS = 1000  # per face part: a card holds a few hundred at most; more is a mistake or an attack
MAX_VALUES = 1000    # constants, vars


@dataclass
class Resolved:
    """A layout's data with every base merged in, and where each value was written."""

    data: Any
    source: SourceMap


@dataclass(eq=False)
class _Placed:
    element: Any
    origins: list[tuple[SourceMap, YamlPath]] = field(default_factory=list)
    from_base: bool = False

    @property
    def id(self) -> str | None:
        found = self.element.get("id") if isinstance(self.element, dict) else None
        return found if isinstance(found, str) else None


class _Marks:
    """The marks of a source map grouped by the first parts of their paths, so copying the marks of one
    element or value takes time for its own marks only (a layout may hold thousands)."""

    def __init__(self) -> None:
        self._groups: dict[tuple[int, int], dict[YamlPath, list[tuple[bool, YamlPath, Mark]]]] = {}

    def under(self, source: SourceMap, prefix: YamlPath) -> list[tuple[bool, YamlPath, Mark]]:
        key = (id(source), len(prefix))
        if key not in self._groups:
            groups: dict[YamlPath, list[tuple[bool, YamlPath, Mark]]] = {}
            for is_key, table in ((False, source.values), (True, source.keys)):
                for path, mark in table.items():
                    if len(path) >= len(prefix):
                        groups.setdefault(path[:len(prefix)], []).append((is_key, path, mark))
            self._groups[key] = groups
        return self._groups[key].get(prefix, [])

    def copy(self, source: SourceMap, prefix: YamlPath, target: SourceMap, to: YamlPath) -> None:
        """Copy the marks of everything at or below `prefix` in `source` to `to` in `target`."""
        for is_key, path, mark in self.under(source, prefix):
            (target.keys if is_key else target.values)[to + path[len(prefix):]] = mark


def _expression_names(value: Any) -> set[str]:
    if not isinstance(value, str):
        return set()
    from generator.layout.templating import ENV

    try:
        return set(meta.find_undeclared_variables(ENV.parse("{{ (" + value + ") }}")))
    except TemplateError:
        return set()


def _in_dependency_order(values: dict[str, Any]) -> dict[str, Any]:
    """Values ordered so each comes after the values it uses (stable: the written order where it works).

    A base's `vars` are in an order that works; a changed value may use one the extending file
    adds after it, so the merged values are ordered by what they use (a cycle keeps the written
    order, and evaluating it names the value that is missing)."""
    names = list(values)
    position = {name: i for i, name in enumerate(names)}
    uses = {name: _expression_names(values[name]) & position.keys() - {name} for name in names}
    users: dict[str, list[str]] = {}
    for name, used in uses.items():
        for other in used:
            users.setdefault(other, []).append(name)
    waiting = {name: len(used) for name, used in uses.items()}
    ready = [position[name] for name in names if not waiting[name]]
    heapq.heapify(ready)
    ordered: list[str] = []
    while ready:
        name = names[heapq.heappop(ready)]
        ordered.append(name)
        for user in users.get(name, []):
            waiting[user] -= 1
            if not waiting[user]:
                heapq.heappush(ready, position[user])
    placed = set(ordered)
    ordered += [name for name in names if name not in placed]
    return {name: values[name] for name in ordered}


class _Merge:
    """Merges one layout file (`child`) onto its resolved base."""

    def __init__(self, base: Resolved, child: Resolved, errors: ErrorList, base_name: str | None):
        self.base = base
        self.child = child
        self.errors = errors
        self.base_name = base_name
        self.out = SourceMap(child.source.file)
        self.marks = _Marks()

    def run(self) -> Resolved:
        base, child = self.base.data, self.child.data
        data: dict[str, Any] = {}
        for key in [*base, *(k for k in child if k not in base)]:
            if key == "extends":
                continue
            in_child = key in child
            if key in NAMED_VALUES and isinstance(child.get(key), dict) and isinstance(base.get(key), dict):
                data[key] = self._named(key)
            elif key in FACES and isinstance(child.get(key), dict) and isinstance(base.get(key, {}), dict):
                data[key] = self._face(key)
            else:
                source = self.child if in_child else self.base
                data[key] = source.data[key]
                self.marks.copy(source.source, (key,), self.out, (key,))
            self._key_mark((key,), in_child)
        return Resolved(data, self.out)

    def _key_mark(self, path: YamlPath, in_child: bool) -> None:
        source = (self.child if in_child else self.base).source
        if path in source.keys:
            self.out.keys[path] = source.keys[path]
        if path in source.values:
            self.out.values.setdefault(path, source.values[path])

    def _named(self, key: str) -> dict[str, Any]:
        base, child = self.base.data[key], self.child.data[key]
        merged = {**base, **child}
        if base:
            merged = _in_dependency_order(merged)
        for name in merged:
            source = self.child if name in child else self.base
            self.marks.copy(source.source, (key, name), self.out, (key, name))
        return merged

    def _face(self, face: str) -> dict[str, Any]:
        base = self.base.data.get(face) or {}
        child = self.child.data[face]
        merged: dict[str, Any] = {}
        for part in [*base, *(p for p in child if p not in base)]:
            in_child = part in child
            if part in PARTS and isinstance(child.get(part, []), list) and isinstance(base.get(part, []), list):
                merged[part] = self._elements(face, part)
            else:
                source = self.child if in_child else self.base
                merged[part] = source.data[face][part]
                self.marks.copy(source.source, (face, part), self.out, (face, part))
            self._key_mark((face, part), in_child)
        self._unique_ids(face, merged)
        return merged

    def _elements(self, face: str, part: str) -> list[Any]:
        path = (face, part)
        base_items = (self.base.data.get(face) or {}).get(part) or []
        placed = [_Placed(item, [(self.base.source, (*path, i))], True) for i, item in enumerate(base_items)]
        written: set[str] = set()
        for j, item in enumerate(self.child.data[face].get(part) or []):
            where = (*path, j)
            entry = _Placed(item, [(self.child.source, where)])
            element_id = entry.id
            if element_id is None:
                placed.append(entry)
                continue
            if element_id in written:
                self._error(where + ("id",), f"element id '{element_id}' is used twice in {face}.{part}",
                            "give each element its own id")
                continue
            written.add(element_id)
            position = next((i for i, p in enumerate(placed) if p.from_base and p.id == element_id), None)
            if position is None:
                if not self._new(face, part, where, item, element_id):
                    continue
            elif item.get("remove") is True:
                placed.pop(position)
                continue
            else:
                entry = self._changed(placed.pop(position), entry, item)
                placed.insert(position, entry)
            self._place(placed, entry, item, where)
        elements = []
        for index, entry in enumerate(placed):
            for source, origin in entry.origins:
                self.marks.copy(source, origin, self.out, (*path, index))
            if isinstance(entry.element, dict):
                entry.element = {k: v for k, v in entry.element.items() if k not in PLACEMENT_KEYS}
            elements.append(entry.element)
        return elements

    def _new(self, face: str, part: str, where: YamlPath, item: dict[str, Any], element_id: str) -> bool:
        """A written element whose id the base does not have: an addition, unless it only changes or removes."""
        if "type" in item and item.get("remove") is not True:
            return True
        doing = "remove" if item.get("remove") is True else "change"
        if self.base_name is None:
            self._error(where + ("id",), f"element '{element_id}' has no `type`, and this layout extends none "
                        f"whose element it could {doing}", "give it a `type`, or `extends:` the layout it changes")
            return False
        elsewhere = self._where_else(face, part, element_id)
        ids = [e.get("id") for e in (self.base.data.get(face) or {}).get(part) or [] if isinstance(e, dict)]
        hint = f"it is in {elsewhere}: change it there" if elsewhere else did_you_mean(
            element_id, [i for i in ids if isinstance(i, str)], f"ids of {face}.{part}")
        self._error(where + ("id",), f"layout '{self.base_name}' has no element '{element_id}' in {face}.{part} to "
                    f"{doing}", hint or "give a new element a `type`")
        return False

    def _where_else(self, face: str, part: str, element_id: str) -> str | None:
        for other_face in FACES:
            for other_part in PARTS:
                if (other_face, other_part) == (face, part):
                    continue
                items = (self.base.data.get(other_face) or {}).get(other_part) or []
                if any(isinstance(e, dict) and e.get("id") == element_id for e in items):
                    return f"{other_face}.{other_part}"
        return None

    def _changed(self, base: _Placed, change: _Placed, item: dict[str, Any]) -> _Placed:
        """The base element with the written keys replacing its own; a different `type` replaces it whole."""
        if "type" in item and isinstance(base.element, dict) and item["type"] != base.element.get("type"):
            return _Placed(dict(item), change.origins, True)
        element = {**base.element, **item} if isinstance(base.element, dict) else dict(item)
        return _Placed(element, base.origins + change.origins, True)

    def _place(self, placed: list[_Placed], entry: _Placed, item: dict[str, Any], where: YamlPath) -> None:
        """Move `entry` (already in `placed`, or new) just before/after the element `before`/`after` names."""
        before, after = item.get("before"), item.get("after")
        present = next((i for i, p in enumerate(placed) if p is entry), None)
        if present is not None and before is None and after is None:
            return
        if present is not None:
            placed.pop(present)
        if before is not None and after is not None:
            self._error(where + ("after",), "an element goes `before` one element or `after` one, not both",
                        "keep one of them")
            before = None
        anchor = before if before is not None else after
        if anchor is None:
            placed.append(entry)
            return
        position = next((i for i, p in enumerate(placed) if p.id == anchor), None)
        if position is None:
            key = "before" if before is not None else "after"
            self._error(where + (key,), f"no element '{anchor}' to put this element {key}",
                        did_you_mean(str(anchor), [p.id for p in placed if p.id], "element ids"))
            placed.append(entry)
            return
        placed.insert(position if before is not None else position + 1, entry)

    def _unique_ids(self, face: str, merged: dict[str, Any]) -> None:
        seen: dict[str, str] = {}
        for part in PARTS:
            for index, item in enumerate(merged.get(part) or []):
                element_id = item.get("id") if isinstance(item, dict) else None
                if not isinstance(element_id, str):
                    continue
                if element_id in seen and seen[element_id] != part:
                    self._error((face, part, index, "id"), f"element id '{element_id}' is used in {face}."
                                f"{seen[element_id]} and in {face}.{part}", "ids are unique within a face",
                                source=self.out)
                seen.setdefault(element_id, part)

    def _error(self, path: YamlPath, message: str, hint: str, source: SourceMap | None = None) -> None:
        self.errors.add((source or self.child.source).mark(path), message, path, hint=hint, code="layout")


def _too_large(layout: Resolved, errors: ErrorList) -> bool:
    """More values or elements than any card needs: refused before merging, which takes time per element."""
    found = False
    for key in NAMED_VALUES:
        values = layout.data.get(key)
        if isinstance(values, dict) and len(values) > MAX_VALUES:
            errors.add(layout.source.mark((key,)), f"`{key}` holds {len(values)} values; at most {MAX_VALUES}", (key,),
                       hint="a layout needs a few dozen", code="limit")
            found = True
    for face in FACES:
        parts = layout.data.get(face)
        for part in PARTS:
            items = parts.get(part) if isinstance(parts, dict) else None
            if isinstance(items, list) and len(items) > MAX_ELEMENTS:
                errors.add(layout.source.mark((face, part)), f"{face}.{part} holds {len(items)} elements; at most "
                           f"{MAX_ELEMENTS}", (face, part), hint="draw repeated boxes with one repeated `group`",
                           code="limit")
                found = True
    return found


def _base_file(name: str, path: Path, folders: list[Path]) -> Path | None:
    """The layout file a layout's `extends` names: the first in `folders` that is not the file itself."""
    for folder in folders:
        for suffix in (".yaml", ".yml"):
            candidate = folder / f"{name}{suffix}"
            if (candidate.is_file() or candidate.is_symlink()) and candidate.resolve() != path.resolve():
                return candidate
    return None


def _known_names(folders: list[Path]) -> list[str]:
    return sorted({p.stem for folder in folders if folder.is_dir() for p in folder.iterdir()
                   if p.suffix in (".yaml", ".yml")})


def read_layout(path: Path, folders: list[Path], errors: ErrorList, chain: tuple[Path, ...] = ()) -> Resolved | None:
    """The layout in `path` with its bases merged in (bases are looked up in `folders`); None when it fails."""
    doc = load_yaml(path, errors, relative(path), root=path.parent.parent)  # the game folder or templates/
    if doc.data is None:
        return None
    written = Resolved(doc.data, doc.source)
    if not isinstance(doc.data, dict):
        return written  # the file's validation says what it should be
    if _too_large(written, errors):
        return None
    name = doc.data.get("extends")
    base = Resolved({}, SourceMap(doc.source.file))
    if name is not None:
        mark: Mark = doc.source.mark(("extends",))
        if not isinstance(name, str) or not LAYOUT_NAME.match(name):
            errors.add(mark, f"`extends` names a layout by its name, not {name!r}", ("extends",),
                       hint="write the name of a layout file without .yaml, e.g. `extends: card`", code="layout")
            return None
        base_path = _base_file(name, path, folders)
        if base_path is None:
            errors.add(mark, f"no layout '{name}' to extend", ("extends",),
                       hint=did_you_mean(name, [n for n in _known_names(folders) if n != path.stem], "layouts"),
                       code="layout")
            return None
        if base_path.resolve() in chain or base_path.resolve() == path.resolve():
            names = " → ".join([*(p.stem for p in chain), path.stem, base_path.stem])
            errors.add(mark, f"layouts extend each other in a cycle: {names}", ("extends",),
                       hint="one of them must be a whole layout", code="layout")
            return None
        found = read_layout(base_path, folders, errors, (*chain, path.resolve()))
        if found is None:
            return None
        if not isinstance(found.data, dict):
            errors.add(mark, f"layout '{name}' is not a layout file", ("extends",), code="layout")
            return None
        base = found
    return _Merge(base, written, errors, name).run()
