"""`famiglia serve` keeps the garbage collector's full passes rare (they pause every table)."""

import gc

from famiglia.cli.serve import calm_collector


def test_the_server_freezes_what_lives_at_start_and_makes_full_passes_rare():
    before = gc.get_threshold()
    try:
        gc.unfreeze()
        calm_collector()
        assert gc.get_freeze_count() > 1000  # at least the imported code is left out
        young, middle, full = gc.get_threshold()
        assert (young, middle) == before[:2]  # young generations as often as before
        assert full == 100 * 10  # full passes a hundred times more rarely than by default
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
