"""Jobs, Street Gangs, OPPORTUNITY, DURATION and SNITCH."""

from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.rules import board as B

from .helpers import CARD, DIS, clear_board, do, fresh, ops, settle, started, texts, to_actions

SG = {s["name"]: i for i, s in enumerate(D.STREET_GANGS)}
JOB = {j["name"]: i for i, j in enumerate(D.JOBS)}


def test_jobs_activate_and_fulfil():
    """SF-7.1 SF-7.2: a thug from Headquarters activates a Job; met requirements fulfil it:
    goods delivered, reward gained, card discarded, the thug stays."""
    st = to_actions(clear_board(started(2)))
    job = JOB["Far North Payoff"]  # 1 figure in Far North, deliver 1 alcohol; 10 money, 1 Vote
    st.jobs[0] = [job]
    st.alcohol[0] = 1
    fresh(st)
    assert "fulfil job Far North Payoff" not in texts(st)
    do(st, "put a thug on job Far North Payoff")
    assert st.job_thugs[0] == 1 and job in st.active_jobs[0]
    assert "fulfil job Far North Payoff" not in texts(st)  # no figure in Far North yet
    st.dist[0][DIS["Far North"]] = 1
    fresh(st)
    money = st.money[0]
    do(st, "fulfil job Far North Payoff")
    assert st.money[0] == money + 10 and st.votes[0] == 1 and st.alcohol[0] == 0
    assert job in st.job_discard and st.job_thugs[0] == 1


def test_sf_7_1_the_angry_boss_in_headquarters_takes_a_job():
    """SF-7.1 SF-14.5: the Angry Boss counts as a thug for all purposes but his two powers, so
    with him alone in Headquarters a Job can be activated; he stays on it until the
    Reorganization, which brings him back to Headquarters. A retrieve-from-Deal effect and a
    prison_own effect take him too when no regular thug is there."""
    st = to_actions(clear_board(started(2)))
    job = JOB["Far North Payoff"]
    st.jobs[0] = [job]
    st.hq[0], st.slums[0] = 0, st.slums[0] + st.hq[0]
    fresh(st)
    assert "put a thug on job Far North Payoff" not in texts(st)
    do(st, "put the Angry Boss on job Far North Payoff")
    assert st.boss_loc[0] == "job" and job in st.active_jobs[0] and st.job_thugs[0] == 0
    st.hq[0], st.slums[0] = 1, st.slums[0] - 1
    st.jobs[0] = [JOB["Far North Payoff"] + 1]
    fresh(st)
    assert not any(t.startswith("put the Angry Boss") for t in texts(st))  # he is on the Job
    assert any(t.startswith("put a thug on job") for t in texts(st))
    st.phase, st.plan[0] = "reorg", []
    fresh(st)
    do(st, "reorganize")
    assert st.boss_loc[0] == "hq"
    # retrieve from a Deal and prison_own: the Angry Boss when no regular thug is there
    st = clear_board(started(2))
    st.boss_loc[0] = "deal1"
    ops(st, [["retrieve_deal", 0, 1]])
    assert st.boss_loc[0] == "hq"
    st.slums[0] += st.hq[0]
    st.hq[0] = 0
    prison = st.prison[0]
    ops(st, [["prison_own", 0, 1]])
    assert st.boss_loc[0] == "prison" and st.prison[0] == prison


def test_extortion_ignores_a_requirement():
    """SF-9.4: one token lets one Job be fulfilled with one requirement unmet."""
    st = to_actions(clear_board(started(2)))
    job = JOB["Far North Payoff"]
    st.active_jobs[0] = [job]
    st.jobs[0] = []
    st.alcohol[0] = 0
    st.dist[0][DIS["Far North"]] = 1
    st.bullets[0] = 1
    fresh(st)
    assert not any(t.startswith("fulfil") for t in texts(st))
    do(st, "extort: ignore requirements of 1 job")
    do(st, "fulfil job Far North Payoff ignoring one requirement")
    assert st.alcohol[0] == 0 and job in st.job_discard and st.ignore_tokens == 0


def test_play_street_gang():
    """SF-10.1: hit 1 thug in one of its districts, then one of its two effects; the card goes
    under the deck."""
    st = to_actions(clear_board(started(2)))
    sid = SG["Ragen's Colts I"]  # West Side / North Side; alcohol or guns
    st.street_gangs[0] = [sid]
    st.sg_deck.remove(sid)
    st.dist[1][DIS["North Side"]] = 1
    st.ness = DIS["Far South"]
    fresh(st)
    do(st, "play street gang Ragen's Colts I")
    assert texts(st) == [
        "hit a North Side Gang thug in North Side",
        "carry out no hit with Ragen's Colts I",
        "use effect A of Ragen's Colts I",
        "use effect B of Ragen's Colts I",
    ]
    do(st, "hit a North Side Gang thug in North Side")
    assert st.hospital[1] == 1
    assert texts(st) == [
        "use effect A of Ragen's Colts I",
        "use effect B of Ragen's Colts I",
        "skip",
    ]
    guns = st.guns[0]
    do(st, "use effect B of Ragen's Colts I")
    # the play is not interrupted: the victim's opportunity comes after the effect
    assert st.seats_to_act() == (1,)
    do(st, "let the opportunity pass", seat=1)
    assert st.guns[0] == guns + 1 and st.sg_deck[0] == sid


def test_sf_10_1_street_gang_hit_is_optional():
    """SF-10.1: the hit of a Street Gang may be left out: a player whose own thug is the only
    one in its districts is not made to hit it, and still uses an effect (or none)."""
    st = to_actions(clear_board(started(2)))
    sid = SG["Circus Gang V"]  # Far North / West Side; hit any, or 4 money and +1 Crime
    st.street_gangs[0] = [sid]
    st.sg_deck.remove(sid)
    st.dist[0][DIS["Far North"]] = 1
    st.ness = DIS["Far South"]
    fresh(st)
    do(st, "play street gang Circus Gang V")
    assert "carry out no hit with Circus Gang V" in texts(st)
    do(st, "carry out no hit with Circus Gang V")
    assert st.dist[0][DIS["Far North"]] == 1 and st.hospital[0] == 0
    assert texts(st) == [
        "use effect A of Circus Gang V",
        "use effect B of Circus Gang V",
        "skip",
    ]
    money = st.money[0]
    do(st, "use effect B of Circus Gang V")
    settle(st)
    assert st.money[0] == money + 4 and st.phase == "actions" and st.sg_deck[0] == sid


def test_sf_10_1_street_gang_effect_before_hit_and_nothing_interrupts():
    """SF-10.1 SF-10.3: the effect may come before the hit; hits made during the play (the
    effect's own and the card's) ask their victims' OPPORTUNITY only once the play is over."""
    st = to_actions(clear_board(started(2)))
    sid = SG["Circus Gang V"]  # Far North / West Side; effect A: hit 1 figure anywhere
    st.street_gangs[0] = [sid]
    st.sg_deck.remove(sid)
    st.dist[1][DIS["Far North"]] = 1
    st.dist[1][DIS["Central"]] = 1
    st.ness = DIS["Far South"]
    fresh(st)
    do(st, "play street gang Circus Gang V")
    do(st, "use effect A of Circus Gang V")
    do(st, "hit a North Side Gang thug in Central")  # the effect's hit
    assert st.seats_to_act() == (0,)  # no prompt yet: the card's hit is still to come
    assert texts(st) == [
        "hit a North Side Gang thug in Far North",
        "carry out no hit with Circus Gang V",
    ]
    do(st, "hit a North Side Gang thug in Far North")
    assert st.hospital[1] == 2
    assert st.seats_to_act() == (1,) and st.pending[0] == "opp"  # now, after the play
    do(st, "let the opportunity pass", seat=1)
    do(st, "let the opportunity pass", seat=1)
    assert st.phase == "actions" and st.seats_to_act() == (0,) and not st.pending


def test_sf_10_3_opportunity_street_gang_hit_comes_after_its_effect():
    """SF-10.3: a Street Gang played as an OPPORTUNITY carries out its OPPORTUNITY effect (A),
    then its hit may be carried out, or not."""
    st = to_actions(clear_board(started(2)))
    sid, answer = SG["Ragen's Colts I"], SG["Sheldon Gang III"]  # answer: Southwest/Far North
    st.street_gangs[0], st.street_gangs[1] = [sid], [answer]
    st.sg_deck.remove(sid)
    st.sg_deck.remove(answer)
    st.dist[1][DIS["North Side"]] = 1
    st.dist[0][DIS["Far North"]] = 1
    st.ness = DIS["Far South"]
    fresh(st)
    do(st, "play street gang Ragen's Colts I")
    do(st, "hit a North Side Gang thug in North Side")
    do(st, "skip")
    votes = st.votes[1]
    do(st, "play street gang Sheldon Gang III now (opportunity)", seat=1)
    assert st.votes[1] == votes + 1  # effect A first
    assert texts(st, 1) == [
        "hit a Chicago Outfit thug in Far North",
        "carry out no hit with Sheldon Gang III",
    ]
    do(st, "carry out no hit with Sheldon Gang III", seat=1)
    assert st.dist[0][DIS["Far North"]] == 1 and st.seats_to_act() == (0,)


def test_street_gang_hand_limit():
    """SF-10.2: no more Street Gangs than the hand size; the extra go under the deck."""
    st = started(2)
    st.street_gangs[1] = st.sg_deck[:3]
    del st.sg_deck[:3]
    ops(st, [["street_gang", 1, 1]])
    assert st.seats_to_act() == (1,) and len(texts(st)) == 4
    do(st, "discard your street gang number 1")
    assert len(st.street_gangs[1]) == 3 and not st.pending


def test_opportunity_in_a_rivals_turn():
    """SF-10.3: when a rival hits your thug, you are asked at once, in his turn, and may play an
    OPPORTUNITY card from your hand."""
    st = to_actions(clear_board(started(2)), 0, ["Outfit Hitman"])
    st.ness = DIS["Far South"]
    runner = CARD["Dice Runner"]  # opportunity on a hit: heal 1, gain 2 money
    st.hand[1].append(runner)
    st.dist[1][DIS["Central"]] = 1
    ops(st, [["hit", 0, "Central", 1]])
    do(st, "hit a North Side Gang thug in Central")
    assert st.seats_to_act() == (1,)
    assert texts(st) == ["play Dice Runner now (opportunity)", "let the opportunity pass"]
    money = st.money[1]
    do(st, "play Dice Runner now (opportunity)")
    do(st, "heal a thug to headquarters")
    assert st.money[1] == money + 2 and st.hospital[1] == 0 and runner in st.discard[1]
    assert st.seats_to_act() == (0,) and st.phase == "actions"


def test_opportunity_street_gang_on_raid():
    """SF-10.3: a Street Gang with an OPPORTUNITY on Raids: after a Raid its hit and effect A."""
    st = started(2)
    sid = SG["Genna Boys II"]  # raid opportunity; effect A draws a card
    st.street_gangs[1] = [sid]
    st.sg_deck.remove(sid)
    hand = len(st.hand[1])
    ops(st, [["raid", -1]])
    while st.seats_to_act() != (1,) or "opportunity" not in " ".join(texts(st)):
        do(st, texts(st)[-1])
    do(st, "play street gang Genna Boys II now (opportunity)")
    settle(st)
    assert len(st.hand[1]) == hand + 1 and st.sg_deck[0] == sid


def test_duration():
    """SF-10.4: a DURATION effect lasts until its owner's next turn; the card stays out of the
    discard pile until then (and is not counted as discarded for bullets)."""
    st = to_actions(started(2), 0, ["Harbor Fixer", "Rail Fence"])  # Vice/Smuggling both
    do(st, "use the matching skill of Harbor Fixer")
    assert "seize" in st.shields[0]
    st.dist[1][DIS["Far North"]] = 3
    assert not B.can_seize(st, 1, st.control.index(0))
    bullets = st.bullets[0]
    do(st, "end actions and draw")
    assert st.duration_cards[0] == [CARD["Harbor Fixer"]] and st.bullets[0] == bullets + 1
    st.hand[1], st.deck[1] = [], []
    while st.turn_seat != 0:
        do(st, texts(st)[-1])
        settle(st)
    assert CARD["Harbor Fixer"] in st.discard[0] and st.shields[0] == []


def test_snitch():
    """SF-10.5 SF-14.7: a SNITCH leaves Plan and deck for good; its matching skill stays active
    (again at the start of each of its owner's turns)."""
    st = to_actions(started(2), 0, ["Ledger Sister", "Outfit Bruiser"])  # Gambling both
    votes = st.votes[0]
    do(st, "use the matching skill of Ledger Sister")
    sister = CARD["Ledger Sister"]
    assert sister in st.snitches[0] and sister not in st.plan[0] and st.votes[0] == votes + 1
    do(st, "end actions and draw")
    assert sister not in st.discard[0]
    while st.turn_seat != 0:
        do(st, texts(st)[-1])
        settle(st)
    assert st.votes[0] == votes + 2


def test_sf_10_1_the_player_sees_what_is_left_of_his_street_gang_play():
    """SF-10.1 SF-13.3: while playing a Street Gang, its player's view says which card and
    whether its hit and its effect are still to come (they decide what he may choose); the
    others' views do not (which effect he used, or none, is not announced)."""
    st = to_actions(clear_board(started(2)))
    sid = SG["Circus Gang V"]
    st.street_gangs[0] = [sid]
    st.sg_deck.remove(sid)
    st.dist[1][DIS["Far North"]] = 1
    st.ness = DIS["Far South"]
    fresh(st)
    do(st, "play street gang Circus Gang V")
    play = st.view(0)["gangs"][0]["street_gang_play"]
    assert play == {"street_gang": sid, "hit_left": True, "effect_left": True}
    do(st, "carry out no hit with Circus Gang V")
    play = st.view(0)["gangs"][0]["street_gang_play"]
    assert play == {"street_gang": sid, "hit_left": False, "effect_left": True}
    for seat in (1, None):
        assert all("street_gang_play" not in g for g in st.view(seat)["gangs"])
    do(st, "use effect B of Circus Gang V")
    settle(st)
    assert all("street_gang_play" not in g for g in st.view(0)["gangs"])
