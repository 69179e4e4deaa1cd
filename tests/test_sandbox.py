"""The bounded sandbox's arithmetic: numbers compute unchecked, what could grow without end is refused."""

from __future__ import annotations

import pytest

from generator.sandbox import BoundedSandbox, TemplateBudgetError

SANDBOX = BoundedSandbox()


def render(source: str) -> str:
    return SANDBOX.from_string(source).render()


def test_number_arithmetic_gives_what_python_gives():
    assert render("{{ 2.5 * 4 }} {{ 7 + 3 }} {{ 7 % 3 }} {{ 1.5 ** 2 }} {{ 3 * 4 }} {{ 2 ** 10 }}") == "10.0 10 1 2.25 12 1024"
    assert render("{{ true + true }} {{ 'a' + 'b' }} {{ [1] * 3 }}") == "2 ab [1, 1, 1]"


@pytest.mark.parametrize("source", ["{{ 'x' * 10**9 }}", "{{ 9 ** (9 ** 9) }}", "{{ (10 ** 900) * (10 ** 900) }}",
                                    "{{ [0] * 2000000 }}", "{{ '{:>999999}' % 1 }}"])
def test_what_could_grow_without_end_is_refused(source: str):
    with pytest.raises(TemplateBudgetError):
        render(source)
