"""The bounded sandbox's arithmetic: numbers compute unchecked, what could grow without end is refused."""

from __future__ import annotations

import pytest

from generator import sandbox
from generator.content.errors import ErrorList
from generator.rulestext.rules_text import render_rules_page
from generator.sandbox import BoundedSandbox, TemplateBudgetError

SANDBOX = BoundedSandbox()


def render(source: str) -> str:
    return SANDBOX.from_string(source).render()


def test_number_arithmetic_gives_what_python_gives():
    assert (
        render("{{ 2.5 * 4 }} {{ 7 + 3 }} {{ 7 % 3 }} {{ 1.5 ** 2 }} {{ 3 * 4 }} {{ 2 ** 10 }}")
        == "10.0 10 1 2.25 12 1024"
    )
    assert render("{{ true + true }} {{ 'a' + 'b' }} {{ [1] * 3 }}") == "2 ab [1, 1, 1]"


@pytest.mark.parametrize("source", ["{{ 'x' * 10**9 }}", "{{ 9 ** (9 ** 9) }}", "{{ (10 ** 900) * (10 ** 900) }}",
                                    "{{ [0] * 2000000 }}", "{{ '{:>999999}' % 1 }}", "{{ range(10**6)|list }}",
                                    "{{ ('a' * 999999)|replace('a', 'aaaa') }}",
                                    "{{ ('a' * 999999).replace('a', 'aa') }}", "{{ '{:>999999}'.format(1) }}",
                                    "{{ '%999999d'|format(1) }}"])
def test_what_could_grow_without_end_is_refused(source: str):
    with pytest.raises(TemplateBudgetError):
        render(source)


# --- the step budget: long work stops at a count, never at a clock ---------------------------------------

RUNAWAY_WORK = {
    "nested-loops": "{% for i in range(10000) %}{% for j in range(10000) %}{{ '' }}{% endfor %}{% endfor %}",
    "nested-unsized": "{% for i in range(10000) %}{% for j in range(10000)|map('string') %}{% endfor %}{% endfor %}",
    "twice-recursive-macro": "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}"
                             "{{ f(40) }}",
    "big-sorts": "{% set big = range(10000)|list * 100 %}{% for i in range(10000) %}{{ big|sort|length }}{% endfor %}",
    "big-repeats": "{% for i in range(10000) %}{% for j in range(10000) %}{% set s = 'x' * 100000 %}{% endfor %}"
    "{% endfor %}",
}


@pytest.mark.parametrize("name", sorted(RUNAWAY_WORK))
def test_work_without_end_runs_out_of_steps(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spent: list[int] = []
    real = sandbox._spend

    def counting(steps: int = 1, budget: list[int] | None = None) -> None:
        spent.append(steps)
        real(steps, budget)

    monkeypatch.setattr(sandbox, "_spend", counting)
    with pytest.raises(sandbox.TooManySteps, match="more than 1,000,000 steps"):
        render(RUNAWAY_WORK[name])
    assert sum(spent) > sandbox.MAX_STEPS


def test_a_macro_calling_itself_without_end_is_an_error_not_a_crash() -> None:
    errors = ErrorList()
    page = "# Rules\n\n{% macro f() %}{{ f() }}{% endmacro %}\n{{ f() }}\n"
    assert render_rules_page(page, {}, "tiny/rules/en/overview.md", errors) is None
    [error] = errors.sorted()
    assert error.mark.file == "tiny/rules/en/overview.md" and "recursion" in error.message


def test_a_page_out_of_steps_is_an_error_at_its_line() -> None:
    errors = ErrorList()
    page = "# Rules\n\nText.\n\n" + RUNAWAY_WORK["nested-loops"] + "\n"
    assert render_rules_page(page, {}, "tiny/rules/en/overview.md", errors) is None
    [error] = errors.sorted()
    assert (error.mark.line, error.message.split(":")[0]) == (5, "rules template")
    assert "steps" in error.message


def test_every_render_has_a_budget_of_its_own() -> None:
    """Work that fits one budget fits it again: the budget is per render, not per process."""
    loops = "{% for i in range(700) %}{% for j in range(1000) %}{% endfor %}{% endfor %}done"
    assert [render(loops) for _ in range(3)] == ["done"] * 3
    with sandbox.steps(budget=1_000_000):
        assert render(loops) == "done"  # a render inside `steps()` spends from that block's budget
        with pytest.raises(sandbox.TooManySteps):
            render(loops)
