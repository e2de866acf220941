"""The clock's log says when a bot played for a timed-out seat (clocks.py): one line per spell,
counting its moves, so that the time-out itself stays in sight; a player's own move says they
are back instead."""

from __future__ import annotations

from famiglia.server.clocks import ClockSpec, TableClock


def timed_out_clock(on_timeout="bot:medium") -> TableClock:
    clock = TableClock.new(ClockSpec("realtime", 5, on_timeout, 60), 2)
    clock.start([1], [0, 1], 0.0)
    clock.time_out(1, 61.0)
    return clock


def test_bot_moves_for_a_timed_out_seat_are_counted_in_one_line():
    clock = timed_out_clock()
    for n in range(1, 4):
        clock.after_move(1, [1], [0, 1], n, 61.0 + n, by_player=False)
    texts = [line["text"] for line in clock.notices]
    assert texts == [
        "seat 1's time ran out: the medium bot moves for it",
        "the medium bot played 3 moves for seat 1",
    ]
    clock.after_move(0, [1], [0, 1], 4, 70.0, by_player=True)  # another seat: no line
    clock.after_move(1, [0], [0, 1], 5, 71.0, by_player=False)
    assert clock.notices[-1]["text"] == "the medium bot played 4 moves for seat 1"
    clock.after_move(1, [0], [0, 1], 6, 72.0, by_player=True)  # the player is back
    assert clock.notices[-1]["text"] == "seat 1's player is back"
    assert len(clock.notices) == 3


def test_a_forfeited_seat_is_played_by_the_easy_bot_and_says_so():
    clock = timed_out_clock("forfeit")
    clock.after_move(1, [1], [0, 1], 1, 62.0, by_player=False)
    assert clock.notices[-1]["text"] == "the easy bot played a move for seat 1"
    again = TableClock.from_json(clock.to_json())  # stored and read back the same
    again.after_move(1, [0], [0, 1], 2, 63.0, by_player=False)
    assert again.notices[-1]["text"] == "the easy bot played 2 moves for seat 1"
