"""Text fitting with real font metrics: wrapping, shrinking, overflow, bold and inline icons."""

from __future__ import annotations

from generator.drawing.fonts import text_width_pt
from generator.layout.geometry import PT_MM
from generator.layout.richtext import fit_text, icon_edge, parse_markup

SENTENCE = "Reveal the next two galaxy cards and place one cube on each of them."


def test_short_text_keeps_its_size_and_stays_inside_the_box():
    fitted = fit_text(SENTENCE, "regular", 8.5, 6.5, 40.0, 30.0)
    assert fitted.fits and fitted.size == 8.5
    assert fitted.lines >= 2  # it is wider than 40 mm at 8.5 pt, so it wraps
    for placed in fitted.pieces:
        assert placed.x >= 0 and placed.x + placed.width <= 40.0 + 1e-6
        assert 0 < placed.baseline < 30.0


def test_wrapping_breaks_before_the_word_that_would_cross_the_edge():
    fitted = fit_text(SENTENCE, "regular", 8.5, 8.5, 40.0, 60.0)
    space = text_width_pt(" ", "regular", 8.5) * PT_MM
    lines: dict[float, list] = {}
    for placed in fitted.pieces:
        lines.setdefault(placed.baseline, []).append(placed)
    ordered = [lines[b] for b in sorted(lines)]
    for line, following in zip(ordered, ordered[1:], strict=False):
        right = line[-1].x + line[-1].width
        assert right + space + following[0].width > 40.0  # the next word would not have fit


def test_text_shrinks_before_it_overflows_and_never_below_the_minimum():
    long = " ".join([SENTENCE] * 3)
    fitted = fit_text(long, "regular", 9.0, 6.5, 40.0, 25.0)
    assert fitted.fits
    assert 6.5 <= fitted.size < 9.0


def test_far_too_long_text_reports_by_how_much_it_overflows():
    fitted = fit_text(" ".join([SENTENCE] * 12), "regular", 8.5, 6.5, 40.0, 20.0)
    assert not fitted.fits
    assert fitted.size == 6.5
    assert fitted.overflow_kind == "height"
    assert fitted.overflow > 20.0  # many mm too tall, measured at the minimum size


def test_a_single_line_title_reports_the_missing_width():
    fitted = fit_text("Hydroponische Farm mit sehr langem Namen", "bold", 11.0, 9.0, 30.0, 6.0, max_lines=1)
    assert not fitted.fits and fitted.overflow_kind == "lines"
    natural = text_width_pt("Hydroponische Farm mit sehr langem Namen", "bold", 9.0) * PT_MM
    assert abs(fitted.overflow - (natural - 30.0)) < 0.05


def test_bold_markup_and_icons_become_pieces():
    [[label, value, icon_word]] = parse_markup("**Upgrade:** 1 :knowledge:.", "regular")
    assert label[0].role == "bold" and label[0].text == "Upgrade:"
    assert value[0].role == "regular" and value[0].text == "1"
    assert icon_word[0].icon and icon_word[0].text == "knowledge"
    assert icon_word[1].text == "." and not icon_word[1].icon


def test_inline_icons_take_the_space_of_text_size_squares():
    fitted = fit_text("Gain 1 :food: now", "regular", 8.0, 8.0, 60.0, 10.0)
    [icon] = [p for p in fitted.pieces if p.piece.icon]
    assert icon.width > icon_edge(8.0)  # the icon's edge plus a little air on both sides
    words = [p for p in fitted.pieces if not p.piece.icon]
    assert words[-1].x > icon.x + icon.width  # "now" comes after the icon


def test_paragraphs_start_on_new_lines():
    fitted = fit_text("First\nSecond", "regular", 8.0, 8.0, 60.0, 20.0)
    first, second = fitted.pieces
    assert first.x == second.x == 0.0
    assert second.baseline > first.baseline + 8.0 * PT_MM


def test_soft_hyphens_break_long_words_with_a_visible_hyphen_only_at_the_break():
    from generator.layout.richtext import set_text
    word = "Aktivitäts\u00adwürfel\u00adablage\u00adfläche"
    markup = f"Legt {word} ab"
    whole = text_width_pt(word.replace("\u00ad", ""), "regular", 8.0) * PT_MM
    setting = set_text(markup, "regular", 8.0, 8.0, whole * 0.7, 30.0, "left", "top", 1.18, 0.35, 0)
    assert setting.fitted.fits  # without the soft hyphens the word would be wider than the box
    texts = [run[2] for run in setting.runs]
    assert all("\u00ad" not in t for t in texts)
    assert any(t.endswith("-") for t in texts)  # the line that breaks inside the word ends in a hyphen
    joined = "".join(t[:-1] if t.endswith("-") else t + " " for t in texts)
    assert "Aktivitätswürfelablagefläche" in joined.replace(" ", "")
    unbroken = set_text(markup, "regular", 8.0, 8.0, 200.0, 30.0, "left", "top", 1.18, 0.35, 0)
    assert [run[2] for run in unbroken.runs] == ["Legt Aktivitätswürfelablagefläche ab"]


def test_a_word_too_wide_without_soft_hyphens_is_a_width_overflow():
    fitted = fit_text("Aktivitätswürfelablagefläche", "regular", 8.0, 6.5, 15.0, 30.0)
    assert not fitted.fits and fitted.overflow_kind == "width" and fitted.lines == 1


def test_plain_one_line_text_is_fitted_as_the_general_path_fits_it(monkeypatch):
    import generator.layout.richtext as richtext

    cases = [("Orbitalwerft 7Q", "bold", 11.5, 9.0, 40.0, 6.6, "left", "middle", 1.18, 0.35, 1),
             ("Solar  Farm", "regular", 7.0, 7.0, 30.0, 3.6, "center", "top", 1.18, 0.35, 1),
             ("12", "wide-bold", 14.0, 9.0, 12.4, 8.0, "right", "bottom", 1.18, 0.35, 0),
             ("Hydroponische Farm mit Namen", "bold", 11.5, 9.0, 30.0, 6.0, "left", "middle", 1.18, 0.35, 1),
             ("Reveal the next two cards", "regular", 8.5, 7.0, 40.0, 3.0, "center", "middle", 1.18, 0.35, 0)]
    fast = [fit_text.__wrapped__(*case) for case in cases]
    taken = [richtext._plain_line(*case[:3], *case[4:9]) is not None for case in cases]
    monkeypatch.setattr(richtext, "_plain_line", lambda *args: None)
    general = [fit_text.__wrapped__(*case) for case in cases]
    assert fast == general
    assert taken == [True, True, True, False, False]  # too wide for one line; too tall for its box


def test_sizes_skipped_by_width_alone_leave_the_fitted_size_as_stepping_gives(monkeypatch):
    import generator.layout.richtext as richtext

    cases = [("Hydroponische Farm mit sehr langem Namen", "bold", 11.5, 6.0, 30.0, 6.0, "left", "top", 1.18, 0.35, 1),
             ("Unzerbrechlich **fett** :knowledge: Text", "regular", 9.0, 6.5, 20.0, 30.0, "left", "top", 1.18,
              0.35, 0)]
    skipping = [fit_text.__wrapped__(*case) for case in cases]
    monkeypatch.setattr(richtext, "_first_candidate", lambda paragraphs, size, *rest: size)
    assert skipping == [fit_text.__wrapped__(*case) for case in cases]
    assert skipping[0].size < 11.5  # the widths ruled the first sizes out
