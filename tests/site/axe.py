"""axe-core (Deque's accessibility rules engine, vendored under tests/site/vendor/axe-core with its licence)
run in a page opened by Playwright: what it finds serious or critical, in words a failing test can show."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")
# WCAG 2.x A and AA, and axe's best practices that concern how a page reads (landmarks, headings)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_violations(tab) -> list[dict]:
    """The serious and critical violations axe-core finds in the page open in `tab`."""
    if not tab.evaluate("typeof window.axe !== 'undefined'"):
        tab.add_script_tag(path=str(AXE))
    found = tab.evaluate("""tags => axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                       resultTypes: ['violations']})
        .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.filter(n => n.impact === 'serious' || n.impact === 'critical')
                            .map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                        why: n.failureSummary.split('\\n').slice(0, 3).join(' ')}))})))""", TAGS)
    return [v for v in found if v["impact"] in GRAVE and v["nodes"]]


def described(violations: list[dict]) -> str:
    """The violations, one line a rule and a few of its elements, for an assertion message."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} - {len(v['nodes'])} elements")
        lines.extend(f"    {n['target']}: {n['html']}  [{n['why']}]" for n in v["nodes"][:4])
    return "\n".join(lines)
