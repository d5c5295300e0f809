"""The shared board canvas: clipping, layered styles, runs and Text lines."""

from rich.style import Style
from rich.text import Text

from tui.widgets.canvas import Canvas, as_style, over


def test_put_clips_to_the_canvas_and_later_strokes_win() -> None:
    canvas = Canvas(5, 2)
    canvas.put(-1, 0, "abcdefg", "bold")
    canvas.put(3, 1, "xyz", Style(color="red"))
    canvas.put(0, 5, "off", "bold")  # below the grid: nothing happens
    canvas.put(1, 0, "Q")  # no style clears the cell's style
    assert ["".join(row) for row in canvas.chars] == ["bQdef", "   xy"]
    assert canvas.styles[0][0] == Style(bold=True) and canvas.styles[0][1] is None
    assert canvas.styles[1][4] == Style(color="red") and canvas.styles[1][2] is None


def test_a_texts_own_style_is_laid_over_the_given_one() -> None:
    canvas = Canvas(3, 1)
    canvas.put(0, 0, Text("ab", style=Style(color="green")), "on blue")
    assert canvas.chars[0] == ["a", "b", " "]
    assert canvas.styles[0][0] == Style(color="green", bgcolor="blue")


def test_runs_and_text_lines_split_where_the_style_changes() -> None:
    canvas = Canvas(6, 2)
    canvas.put(1, 0, "ab", "red")
    canvas.put(3, 0, "c", Style(color="red"))  # the same style written another way joins the run
    assert canvas.runs() == [[(" ", None), ("abc", Style(color="red")), ("  ", None)], [("      ", None)]]
    first = canvas.text_lines()[0]
    assert first.plain == " abc  " and first.no_wrap and first.overflow == "crop"
    assert [(s.start, s.end, s.style) for s in first.spans] == [(1, 4, Style(color="red"))]


def test_style_helpers() -> None:
    assert as_style("") is None and as_style(None) is None
    assert as_style("bold red") == Style(bold=True, color="red")
    assert over(None, Style(bold=True)) == Style(bold=True)
    assert over(Style(color="red"), None) == Style(color="red")
    assert over(Style(color="red"), Style(color="blue", bold=True)) == Style(color="blue", bold=True)
