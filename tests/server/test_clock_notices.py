"""The clock's log says when a bot played for a timed-out seat (clocks.py): one line per spell,
counting its moves, so that the time-out itself stays in sight; a player's own move says they
are back instead. A line gives the seat as a number and what happened as a kind: the page words
it and names the seat."""

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
    assert clock.notices == [
        {"at": 61.0, "seat": 1, "kind": "timed_out", "level": "medium"},
        {"at": 64.0, "seat": 1, "kind": "bot_moved", "level": "medium", "bot_moves": 3},
    ]
    clock.after_move(0, [1], [0, 1], 4, 70.0, by_player=True)  # another seat: no line
    clock.after_move(1, [0], [0, 1], 5, 71.0, by_player=False)
    assert clock.notices[-1] == {
        "at": 71.0,
        "seat": 1,
        "kind": "bot_moved",
        "level": "medium",
        "bot_moves": 4,
    }
    clock.after_move(1, [0], [0, 1], 6, 72.0, by_player=True)  # the player is back
    assert clock.notices[-1] == {"at": 72.0, "seat": 1, "kind": "back"}
    assert len(clock.notices) == 3
    assert not any("text" in line for line in clock.notices)  # no words: the page has them


def test_a_forfeited_seat_is_played_by_the_easy_bot_and_says_so():
    clock = timed_out_clock("forfeit")
    assert clock.notices[-1] == {"at": 61.0, "seat": 1, "kind": "forfeit", "level": "easy"}
    clock.after_move(1, [1], [0, 1], 1, 62.0, by_player=False)
    assert clock.notices[-1] == {
        "at": 62.0,
        "seat": 1,
        "kind": "bot_moved",
        "level": "easy",
        "bot_moves": 1,
    }
    again = TableClock.from_json(clock.to_json())  # stored and read back the same
    again.after_move(1, [0], [0, 1], 2, 63.0, by_player=False)
    assert again.notices[-1]["kind"] == "bot_moved" and again.notices[-1]["bot_moves"] == 2
    assert [line["kind"] for line in again.notices] == ["forfeit", "bot_moved"]
