"""Icon SVGs are checked before anything draws or publishes them: shapes only, nothing active.

An icon is copied into the rules site as it is, where a browser that opens it runs any script
in it with the site's rights, and it is parsed for the PDFs. So an icon may hold only drawing
elements and presentation attributes: no script, no event attribute, no reference to another
file or site, no DOCTYPE or entity (defusedxml refuses those: entity bombs, XXE). A refused
icon is an error at its file and line; nothing is cleaned silently.
"""

from __future__ import annotations

import re
import xml.sax
from typing import Any
from xml.sax.handler import ContentHandler, feature_namespaces
from xml.sax.xmlreader import Locator

import defusedxml.sax
from defusedxml import DefusedXmlException

from generator.content.errors import ErrorList, Mark

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ALLOWED_ELEMENTS = frozenset({
    "svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon", "title", "desc", "defs",
    "use", "symbol", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "metadata",
})
# presentation attributes may point at the icon's own gradients (url(#id)), never at another file
EXTERNAL_URL = re.compile(r"url\(\s*['\"]?\s*(?!#)", re.IGNORECASE)
SCRIPT_SCHEME = re.compile(r"^\s*(javascript|vbscript|data)\s*:", re.IGNORECASE)


class IconRefused(Exception):
    def __init__(self, line: int, column: int, message: str):
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message


class _IconHandler(ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.locator: Locator | None = None

    def setDocumentLocator(self, locator: Locator) -> None:  # noqa: N802 - the SAX name
        self.locator = locator

    def _refuse(self, message: str) -> None:
        line = (self.locator.getLineNumber() or 1) if self.locator else 1  # None only before parsing starts
        column = (self.locator.getColumnNumber() or 0) + 1 if self.locator else 1
        raise IconRefused(line, column, message)

    def startElementNS(self, name: tuple[str | None, str], qname: str | None, attrs: Any) -> None:  # noqa: N802 - the SAX name
        namespace, local = name
        if namespace not in (SVG_NS, None) or local not in ALLOWED_ELEMENTS:
            self._refuse(f"element <{local}> is not allowed in an icon (only shapes, groups and gradients)")
        for (attr_ns, attr), value in attrs.items():
            if attr.lower().startswith("on"):
                self._refuse(f"event attribute '{attr}' on <{local}> is not allowed in an icon")
            if attr == "href" and attr_ns in (XLINK_NS, None) and not value.strip().startswith("#"):
                self._refuse(f"<{local}> links to '{value[:60]}'; an icon may refer only to its own parts (#id)")
            if EXTERNAL_URL.search(value) or SCRIPT_SCHEME.match(value):
                self._refuse(f"attribute '{attr}' on <{local}> refers to another file or a script")
            if attr == "style" and ("@import" in value or "expression(" in value.lower()):
                self._refuse(f"style on <{local}> imports other files")


def check_icon_bytes(data: bytes) -> IconRefused | None:
    """Why this icon is refused, or None when it holds only harmless drawing."""
    handler = _IconHandler()
    parser = defusedxml.sax.make_parser()
    parser.setFeature(feature_namespaces, True)
    parser.setContentHandler(handler)
    handler.locator = parser  # the expat reader is its own locator (feed() does not hand one out)
    try:
        parser.feed(data)
        parser.close()
    except IconRefused as exc:
        return exc
    except DefusedXmlException as exc:
        line = handler.locator.getLineNumber() if handler.locator else 1
        return IconRefused(line, 1, f"DTDs and entities are not allowed in an icon ({type(exc).__name__})")
    except xml.sax.SAXParseException as exc:
        return IconRefused(exc.getLineNumber() or 1, (exc.getColumnNumber() or 0) + 1,
                           f"not well-formed XML: {exc.getMessage()}")
    return None


def check_icon(data: bytes, display: str, errors: ErrorList) -> bool:
    """Add an error at the icon's file:line when it is refused; True when it may be used."""
    refused = check_icon_bytes(data)
    if refused is None:
        return True
    errors.add(Mark(display, refused.line, refused.column), f"icon refused: {refused.message}",
               hint="icons are plain SVG drawings: paths, shapes, groups, gradients", code="icon")
    return False
