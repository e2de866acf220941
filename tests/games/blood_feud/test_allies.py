"""Invitations into a district (BF-9.6 .. BF-9.9) and handing pieces over (BF-9.10)."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.games.blood_feud.state import AT, DONE, FLAG, KIND, MOVES, OWNER

from .helpers import S, blank, count, own, play, put, texts

F = S["Flushing"]


def _units(s, kind, space):
    return [u for u in s.units.values() if u[KIND] == kind and u[AT] == S[space]]


def test_granting_and_withdrawing_an_invitation():
    """BF-9.6: a player invites another into one of his city districts (never a park); he can
    withdraw it only while none of the guest's pieces are there; each change closes that
    opening of negotiations (BF-9.5)."""
    s = blank(3)
    own(s, 0, "Flushing", "Bayside")
    put(s, 0, "boss", "Bayside")
    play(s, 0, "negotiate", "invite seat 1")
    offered = texts(s, 0)
    assert "let them into Flushing" in offered and "let them into Bayside" in offered
    assert not any("Park" in t or "Airport" in t for t in offered)
    play(s, 0, "let them into Flushing")
    assert s.invites == [[F, 0, 1]] and s.todo == []
    assert "negotiate" not in texts(s, 0)  # this phase's opening is closed
    play(s, 0, "end the battle phase", "negotiate")
    guest = put(s, 1, "thug", "Flushing")
    assert "withdraw an invitation of seat 1" not in texts(s, 0)
    s.remove_unit(guest[0])
    play(s, 0, "withdraw an invitation of seat 1")
    assert texts(s, 0) == ["withdraw it from Flushing", "back"]
    play(s, 0, "withdraw it from Flushing")
    assert s.invites == [] and s.todo == []


def test_guests_move_in_and_take_nothing():
    """BF-9.7: the guest walks into the invited district beside the host's pieces without a
    battle; the district and building stay the host's, nothing is stolen either way; the
    invitation lapses when the host loses the district."""
    s = blank(3, turn=1)
    own(s, 0, "Flushing")
    s.building[F] = "precinct"
    s.money[1] = 1000
    put(s, 0, "thug", "Flushing")
    put(s, 0, "limousine", "Flushing")
    put(s, 1, "henchman", "Whitestone", 2)
    assert "attack Flushing" in texts(s, 1)
    s.invites = [[F, 0, 1]]
    assert "attack Flushing" not in texts(s, 1)
    play(s, 1, "select henchman at Whitestone")
    moves = texts(s, 1)
    assert "move to Flushing" in moves and not any("premium" in t for t in moves)
    play(s, 1, "move to Flushing")
    assert s.owner[F] == 0 and s.building[F] == "precinct" and s.money[1] == 1000
    assert count(s, 0, "limousine", "Flushing") == 1 and count(s, 1, "henchman", "Flushing") == 1
    s.set_owner(F, -1)
    assert "attack Flushing" in texts(s, 1)  # no longer his: the invitation is void


def test_host_and_guests_defend_together():
    """BF-9.8: the attacker fights host and guests as one side; he takes all their vehicles;
    he decides the fate of the guests' fallen family members."""
    s = blank(3, turn=2, dice=[10, 10])
    own(s, 0, "Flushing")
    s.invites = [[F, 0, 1]]
    put(s, 0, "thug", "Flushing")
    put(s, 0, "limousine", "Flushing")
    put(s, 1, "family", "Flushing")
    put(s, 1, "limousine", "Flushing")
    put(s, 2, "hitman", "Jamaica", 2)
    play(s, 2, "attack Flushing", "add hit man from Jamaica", "add hit man from Jamaica")
    play(s, 2, "confirm the attack")
    assert count(s, 0, "thug") == 0 and count(s, 1, "family") == 0
    assert s.owner[F] == 2 and count(s, 2, "limousine", "Flushing") == 2
    assert s.todo[-1]["k"] == "captive" and s.todo[-1]["ctrl"] == 1
    play(s, 2, "kidnap the fallen family member")
    assert s.captives == [[2, 1, 1]]


def test_the_hosts_precinct_defends_its_guests():
    """BF-9.8: with only guests in the district, the host's precinct still asks the bribe and
    raises the attackers' numbers (a hit man needs 5)."""
    s = blank(3, turn=2, dice=[4, 5, 5])
    own(s, 0, "Flushing")
    s.building[F] = "precinct"
    s.invites = [[F, 0, 1]]
    put(s, 1, "thug", "Flushing", 2)
    put(s, 2, "hitman", "Jamaica", 3)
    s.money[2] = 50
    play(s, 2, "attack Flushing")
    for _ in range(3):
        play(s, 2, "add hit man from Jamaica")
    play(s, 2, "confirm the attack")
    assert s.money[2] == 0 and count(s, 1, "thug") == 0
    assert s.owner[F] == 0  # no money for the premium: the district stays the host's


def test_the_host_turns_on_his_guests():
    """BF-9.9: on his turn the host kills the guests' personnel in the district (their Boss
    is assassinated by him) and takes their vehicles, which stay put until his next turn."""
    s = blank(3)
    own(s, 0, "Flushing")
    s.invites = [[F, 0, 1]]
    s.money[1] = 300
    put(s, 0, "boss", "Bayside")
    put(s, 1, "boss", "Flushing")
    put(s, 1, "thug", "Flushing")
    put(s, 1, "limousine", "Flushing")
    put(s, 2, "boss", "Bayonne")
    assert "turn on the guests in Flushing" in texts(s, 0)
    play(s, 0, "turn on the guests in Flushing")
    assert not s.alive[1] and s.money[0] == 300
    (limo,) = _units(s, "limousine", "Flushing")
    assert limo[OWNER] == 0 and limo[MOVES] == 0 and limo[FLAG] == DONE
    assert "select limousine at Flushing" not in texts(s, 0)
    assert s.invites == [] and "turn on the guests in Flushing" not in texts(s, 0)


def test_handing_pieces_over_through_a_district():
    """BF-9.10: the giver hands over a district where he left pieces without Boss or family;
    the receiver steps in without a battle and takes district, building (no premium) and
    pieces, which cannot move or attack that turn; a handover can be taken back."""
    s = blank(2)
    own(s, 0, "Flushing", "Bayside")
    s.building[F] = "precinct"
    put(s, 0, "boss", "Bayside")
    put(s, 0, "thug", "Flushing")
    put(s, 0, "limousine", "Flushing")
    put(s, 1, "henchman", "Jamaica")
    play(s, 0, "negotiate", "hand pieces over to seat 1")
    assert texts(s, 0) == ["leave them in Flushing", "back"]  # not Bayside: his Boss is there
    play(s, 0, "leave them in Flushing")
    assert s.handovers == [[F, 0, 1]] and s.todo == []
    play(s, 0, "end the battle phase", "negotiate", "take back a handover to seat 1")
    play(s, 0, "take back Flushing")
    assert s.handovers == []
    s.handovers = [[F, 0, 1]]
    s.turn = 1
    acts = texts(s, 1)
    assert "attack Flushing" not in acts
    play(s, 1, "select henchman at Jamaica", "move to Flushing")
    assert s.owner[F] == 1 and s.building[F] == "precinct" and s.money[1] == 0
    assert count(s, 1, "thug", "Flushing") == 1 and count(s, 1, "limousine", "Flushing") == 1
    for kind in ("thug", "limousine"):
        (u,) = _units(s, kind, "Flushing")
        assert u[FLAG] == DONE and u[MOVES] == 0
    assert s.handovers == []
    assert "select thug at Flushing" not in texts(s, 1)
    assert "select limousine at Flushing" not in texts(s, 1)


def test_a_handover_needs_the_district_free_of_family():
    """BF-9.10: with a family member of the giver back in the district, the receiver must
    attack as usual."""
    s = blank(2, turn=1)
    own(s, 0, "Flushing")
    put(s, 0, "thug", "Flushing")
    put(s, 0, "family", "Flushing")
    put(s, 1, "henchman", "Jamaica")
    s.handovers = [[F, 0, 1]]
    assert "attack Flushing" in texts(s, 1)


def test_a_guests_helicopter_cannot_land_in_the_invited_district():
    """BF-9.11: the guest's helicopter may fly over the invited district and drop riders
    there, but it lands only in its owner's districts or at an airport."""
    from famiglia.games.blood_feud.battle import hostile
    from famiglia.games.blood_feud.vehicles import landings

    s = blank(3, turn=1)
    own(s, 0, "Flushing")
    own(s, 1, "Bayside")
    s.invites = [[F, 0, 1]]
    put(s, 0, "thug", "Flushing")
    put(s, 1, "boss", "Jamaica")
    put(s, 1, "helicopter", "Bayside")
    put(s, 1, "thug", "Bayside")
    assert F not in landings(s, 1, hostile(s, 1))
    play(s, 1, "select helicopter at Bayside", "take thug aboard", "go to Flushing")
    acts = texts(s, 1)
    assert "drop off thug" in acts and "go to Bayside" in acts
    assert "end the ride here" not in acts and "attack here" not in acts
    play(s, 1, "drop off thug")
    assert count(s, 1, "thug", "Flushing") == 1 and s.owner[F] == 0
    assert "end the ride here" not in texts(s, 1)
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "end the ride here")
    assert err.value.clause == "BF-9.11" and "lands only" in err.value.reason
    play(s, 1, "go to Bayside", "end the ride here")
    assert count(s, 1, "helicopter", "Bayside") == 1


def _delivery(players=2):
    """Seat 0 (Boss in Bayside) will give a thug and a limousine from Whitestone to seat 1,
    who exploits Flushing (with a corrupt precinct) and keeps a thug there."""
    s = blank(players)
    own(s, 0, "Bayside", "Whitestone")
    own(s, 1, "Flushing")
    s.building[F] = "precinct"
    s.price[F] = 130
    s.money[0] = 500
    put(s, 0, "boss", "Bayside")
    put(s, 0, "family", "Whitestone")
    put(s, 0, "thug", "Whitestone")
    put(s, 0, "limousine", "Whitestone")
    put(s, 1, "boss", "Jamaica")
    put(s, 1, "thug", "Flushing")
    return s


def _end_turn(s, seat):
    for text in ("end the battle phase", "end movement and factor income", "end the turn"):
        if s.turn == seat and text in texts(s, seat):
            play(s, seat, text)


def test_delivering_pieces_into_the_receivers_district():
    """BF-9.12: in negotiations the giver names the receiver, then one of the receiver's
    districts; his pieces then walk or ride in beside the receiver's without a battle,
    capturing, stealing or paying nothing; the receiver commandeers them at the end of his own
    turn, unable to move them before his next turn."""
    s = _delivery()
    assert "attack Flushing" in texts(s, 0)
    play(s, 0, "negotiate", "deliver pieces to seat 1")
    assert texts(s, 0) == ["deliver them into Flushing", "back"]
    play(s, 0, "deliver them into Flushing")
    assert s.deliveries == [[F, 0, 1]] and s.todo == []
    assert "attack Flushing" not in texts(s, 0)
    play(s, 0, "select thug at Whitestone")
    assert "move to Flushing" in texts(s, 0) and not any("premium" in t for t in texts(s, 0))
    play(s, 0, "move to Flushing")
    play(s, 0, "select limousine at Whitestone", "go to Flushing")
    assert not [st for st in s.todo if st["k"] == "trip"]  # the precinct stopped it there
    assert s.owner[F] == 1 and s.money[0] == 500
    assert count(s, 0, "thug", "Flushing") == 1 and count(s, 0, "limousine", "Flushing") == 1
    _end_turn(s, 0)
    assert s.turn == 1 and s.deliveries == [[F, 0, 1]]
    assert "select thug at Flushing" in texts(s, 1)  # only his own thug there
    play(s, 1, "select thug at Flushing", "back")
    _end_turn(s, 1)
    assert s.deliveries == [] and count(s, 1, "thug", "Flushing") == 2
    assert count(s, 1, "limousine", "Flushing") == 1 and count(s, 0, "thug") == 0
    for u in _units(s, "limousine", "Flushing"):
        assert u[OWNER] == 1 and u[FLAG] == DONE and u[MOVES] == 0


def test_delivered_pieces_defend_with_the_receiver():
    """BF-9.12, BF-9.8: until commandeered, a third player attacking the district fights the
    receiver's and the delivered pieces as one side, led by the receiver (bribe and precinct
    included); winning, he takes the delivered limousine too."""
    s = _delivery(players=3)
    play(s, 0, "negotiate", "deliver pieces to seat 1", "deliver them into Flushing")
    play(s, 0, "select thug at Whitestone", "move to Flushing")
    play(s, 0, "select limousine at Whitestone", "go to Flushing")
    s.turn = 2
    s.money[2] = 50
    put(s, 2, "boss", "Throgs Neck")
    put(s, 2, "hitman", "Jamaica", 2)
    # sneak attacks need 5 with the precinct: 5 and 6 kill both thugs
    s.rng.script = [5, 6]
    play(s, 2, "attack Flushing", "add hit man from Jamaica", "add hit man from Jamaica")
    play(s, 2, "confirm the attack")
    assert s.rng.script == [] and s.money[2] == 0
    assert count(s, 0, "thug") == 0 and count(s, 1, "thug") == 0
    assert count(s, 2, "limousine", "Flushing") == 1 and s.owner[F] == 1  # no premium money


def test_only_employees_and_vehicles_are_delivered():
    """BF-9.13: while delivering into a district the giver's Boss and family members may not
    enter it, on foot or riding; only the receiver's city districts are offered; a delivery
    with nothing delivered lapses at the end of the giver's turn."""
    s = _delivery()
    s.move_unit(s.boss_of(0), S["Whitestone"])
    play(s, 0, "negotiate", "deliver pieces to seat 1")
    assert all(t.startswith("deliver them into") or t == "back" for t in texts(s, 0))
    play(s, 0, "deliver them into Flushing")
    play(s, 0, "select Boss at Whitestone")
    assert "move to Flushing" not in texts(s, 0)
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "move to Flushing")
    assert err.value.clause == "BF-9.13"
    play(s, 0, "back", "select family member at Whitestone")
    assert "move to Flushing" not in texts(s, 0)
    play(s, 0, "back", "select limousine at Whitestone", "take family member aboard")
    assert "go to Flushing" not in texts(s, 0)
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "go to Flushing")
    assert err.value.clause == "BF-9.13"
    play(s, 0, "end the ride here")
    _end_turn(s, 0)
    assert s.deliveries == []


def test_bf_7_3_a_guest_brought_by_limousine_pays_no_premium():
    """BF-7.3 / BF-9.7: riders brought into the host's precinct district by the guest's own
    limousine are guests too: no premium is offered and the district stays the host's."""
    s = blank(3, turn=1)
    own(s, 0, "Flushing")
    s.building[F] = "precinct"
    s.money[1] = 1000
    put(s, 1, "limousine", "Whitestone")
    put(s, 1, "thug", "Whitestone")
    s.invites = [[F, 0, 1]]
    play(s, 1, "select limousine at Whitestone", "take thug aboard", "go to Flushing")
    assert not s.todo and s.owner[F] == 0 and s.money[1] == 1000
    assert count(s, 1, "thug", "Flushing") == 1


def test_the_table_sees_whether_negotiations_were_opened_and_to_whom_deals_went():
    """BF-9.5: negotiations open once per phase of a turn, and a player proposes at most
    PROPOSALS_PER_TURN deals to each other player in his turn. Both decide what he may do, so
    every view shows them; backing out leaves the board as it was but not the view."""
    s = blank(3)
    own(s, 0, "Flushing")
    put(s, 0, "boss", "Flushing")
    s.money = [500, 500, 500]
    before = s.view(1)
    assert before["negotiated"] is False and before["deals_proposed_to"] == []
    play(s, 0, "negotiate", "back")
    assert "negotiate" not in texts(s, 0)
    after = s.view(1)
    assert after["negotiated"] is True and after != before
    play(s, 0, "end the battle phase")
    assert s.view(2)["negotiated"] is False  # a new phase: negotiations may open again
    play(s, 0, "negotiate", "propose a deal to seat 2")
    assert s.view(1)["deals_proposed_to"] == [2] == s.view(None)["deals_proposed_to"]
