"""Words and numbers as the command line prints them."""

from famiglia.core.text import plural, wins_text


def test_plural_by_count():
    assert (plural(1, "game"), plural(0, "game"), plural(2, "thug")) == (
        "1 game",
        "0 games",
        "2 thugs",
    )


def test_shared_wins_print_as_short_fractions():
    """A win shared by three counts a third to each (the tournament's tables): two decimals."""
    assert [wins_text(w) for w in (0, 3, 3.0, 1 / 3, 2.5)] == ["0", "3", "3", "0.33", "2.50"]
