"""Numbered, citable rules: every numbered rules page's sections carry "N.k" and an anchor #rule-N-k."""

from __future__ import annotations

import importlib.util
import re

from tests.site.conftest import REPO


def hook():
    spec = importlib.util.spec_from_file_location("rule_numbers", REPO / "site" / "hooks" / "rule_numbers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sections_and_subsections_count_within_their_parent():
    html = ('<h1 id="actions">Actions</h1><p>x</p><h2 id="move">Move</h2><h3 id="far">Far</h3>'
            '<h3 id="near">Near</h3><h2 id="build">Build</h2><h3 id="cost">Cost</h3><h4 id="deep">Deep</h4>')
    numbered, numbers = hook().number_headings(html, 4)
    assert numbers == {"actions": "4", "move": "4.1", "far": "4.1.1", "near": "4.1.2", "build": "4.2",
                       "cost": "4.2.1"}
    assert '<h2 id="build"><a class="pnp-rule-number" id="rule-4-2" href="#rule-4-2">4.2</a> Build</h2>' in numbered
    assert '<h4 id="deep">Deep</h4>' in numbered                     # deeper headings stay unnumbered


def test_the_built_rules_are_numbered_in_both_languages_and_keep_their_anchors(built):
    for lang, section in (("en", "Galaxy cards"), ("de", "Galaxiekarten")):
        setup = (built.site / "escape-earth" / lang / "rules" / "setup.html").read_text(encoding="utf-8")
        assert re.search(r'<h2 id="[^"]+"><a class="pnp-rule-number" id="rule-2-1" href="#rule-2-1">2\.1</a> '
                         + section, setup)
        events = (built.site / "escape-earth" / lang / "rules" / "events.html").read_text(encoding="utf-8")
        assert 'id="rule-5-1"' in events and 'id="rule-5"' in events
        assert 'class="md-nav__link" href="#rule-' not in events      # the contents link to the headings' own anchors
        assert re.search(r'<a href="#[^"]+" class="md-nav__link">\s*<span class="md-ellipsis">\s*5\.1 ', events)
        actions = (built.site / "escape-earth" / lang / "rules" / "actions.html").read_text(encoding="utf-8")
        assert 'id="fight-an-event"' in actions or 'id="ereignis-bekämpfen"' in actions  # old links still land
        rulings = (built.site / "escape-earth" / lang / "rules" / "rulings.html").read_text(encoding="utf-8")
        assert "pnp-rule-number" not in rulings                        # the rulings have numbers of their own
        nav = [re.sub(r"\s+", " ", t).strip() for t in re.findall(r'md-ellipsis">(.*?)</span>', rulings, re.S)]
        setup_title = "2 Setup" if lang == "en" else "2 Aufbau"
        assert setup_title in nav and not any(re.match(r"\d+ (Rulings|Entscheidungen)", t) for t in nav)
