"""The end of a game year: settlement, pieces home, bodyguards hired back, prison, investment,
and the check for a winner (MOB-6, MOB-7)."""

from __future__ import annotations

from famiglia.core.text import plural

from . import data as D


def settle(state) -> None:
    """MOB-6.1 and MOB-8.1: each family earns its stakes on illegal businesses."""
    for seat in state.seat_order():
        income = 0
        for space in D.SPACES:
            if state.space_owner[space] == seat:
                stake = state.stake(space)
                if state.strict_stakes and stake < D.SPACE_VALUE[space]:
                    state.say(
                        f"seat {seat}'s stake on {D.SPACE_NAMES[space]} is below "
                        f"${D.SPACE_VALUE[space]}k: no income there"
                    )
                    continue
                income += stake
        state.cash[seat] += income
        state.say(f"settlement: seat {seat} earns ${income}k")


def pieces_home(state) -> None:
    """MOB-6.2: members and bodyguards leave businesses and out-of-circulation spaces."""
    for seat in range(state.players):
        row = state.members[seat]
        for m in D.MEMBERS:
            if 0 <= row[m] < D.PRISON_BASE:
                row[m] = D.PHOTO
    for space in D.SPACES:
        owner = state.space_owner[space]
        if owner >= 0:
            state.guards_photo[owner] += state.space_guards[space]
            state.space_guards[space] = 0
            state.space_owner[space] = -1
    for index, seat in enumerate(state.legal_guard):
        if seat >= 0:
            state.guards_photo[seat] += 1
            state.legal_guard[index] = -1


def rehire(state, seat: int, count: int) -> None:
    """MOB-6.3: hire back `count` removed bodyguards; the rest leave the game."""
    state.cash[seat] -= count * D.GUARD_VALUE
    state.guards_photo[seat] += count
    lost = state.guards_removed[seat] - count
    state.guards_lost[seat] += lost
    state.guards_removed[seat] = 0
    leave = f"{lost} leaves" if lost == 1 else f"{lost} leave"
    state.say(f"seat {seat} hires back {plural(count, 'bodyguard')}; {leave} the family")


def advance_prison(state) -> None:
    """MOB-5.3: every prisoner moves one block on; those leaving block 1 go home."""
    for seat in range(state.players):
        row = state.members[seat]
        for m in D.MEMBERS:
            if row[m] > D.PRISON_BASE:
                block = row[m] - D.PRISON_BASE
                if block == 1:
                    row[m] = D.PHOTO
                    state.say(f"seat {seat}'s {D.MEMBER_NAMES[m]} is released from prison")
                else:
                    row[m] -= 1


def invest(state, seat: int) -> None:
    state.cash[seat] -= D.INVEST_STEP
    state.invest[seat] += 1
    state.say(f"seat {seat} invests ${D.INVEST_STEP}k (chip on {state.invest[seat]})")


def undo_investment(state, seat: int) -> None:
    state.cash[seat] += D.UNDO_REFUND
    state.invest[seat] -= 1
    state.say(
        f"seat {seat} undoes an investment for ${D.UNDO_REFUND}k (chip on {state.invest[seat]})"
    )


def bail(state, seat: int, member: int) -> None:
    """MOB-5.4: the member's value to the bank, and he is home."""
    state.cash[seat] -= D.MEMBER_VALUES[member]
    state.members[seat][member] = D.PHOTO
    state.say(f"seat {seat} bails out its {D.MEMBER_NAMES[member]} for ${D.MEMBER_VALUES[member]}k")


def game_over(state) -> bool:
    """MOB-7.1 and MOB-7.2: after investing, a chip on 10 wins; max_years caps the game."""
    if any(level >= D.WIN_INVESTMENT for level in state.invest):
        state.phase = "over"
        return True
    if state.year >= state.max_years:
        state.phase = "over"
        state.capped = True
        state.say(f"the game stops after year {state.year} (max_years)")
        return True
    return False
