"""Hidden information in determinize: a sample for a seat redraws what that seat could not know
(rivals' screened values it could not count, rivals' hands, Jobs and Street Gangs, unrevealed
votes) and keeps what it does know (its own secrets, everything counted or seen)."""

from famiglia.core import Rng
from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.rules.known import IDX

from .helpers import CARD, GAME, clear_board, do, fresh, ops, settle, started, texts, to_actions

SG = {s["name"]: i for i, s in enumerate(D.STREET_GANGS)}
JOB = {j["name"]: i for i, j in enumerate(D.JOBS)}
SEEDS = range(40)


def samples(st, seat):
    return [st.determinize(seat, k) for k in SEEDS]


def knowledge_holds(st):
    """The public bounds hold every true value; each seat knows its own Jobs and Street Gangs;
    the cards known to be in a hand are there."""
    for s in range(st.players):
        for field, i in IDX.items():
            lo, hi = st.bounds[s][i], st.bounds[s][i + 1]
            assert lo <= getattr(st, field)[s] <= hi, (field, s, lo, hi)
        assert all(st.sg_known[c] >> s & 1 for c in st.street_gangs[s])
        assert all(st.job_known[j] >> s & 1 for j in st.jobs[s])
        hand = list(st.hand[s])
        for c in st.hand_known[s]:
            hand.remove(c)


def test_random_games_keep_bounds_and_the_contract():
    """SF-13.1 SF-13.3 SF-13.4: over random games the bounds hold every screened value, and a
    sample keeps the seat's view, narration and legal actions, and its rivals' values in bounds."""
    for players in (2, 3, 4):
        st = GAME.new(players, 11 * players, max_turns=120)
        rng = Rng(players)
        moves = 0
        while not st.is_over() and moves < 3000:
            seat = st.seats_to_act()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.below(len(legal))])
            knowledge_holds(st)
            moves += 1
            if moves % 97 == 0 and st.phase != "setup":
                for s in range(players):
                    sample = st.determinize(s, moves)
                    assert sample.view(s) == st.view(s)
                    assert sample.events(s) == st.events(s)
                    assert sample.legal_actions(s) == st.legal_actions(s)
                    knowledge_holds(sample)


def _rival_plays(street_gang, effect):
    """Seat 1 plays a Street Gang in its Action turn (no thug to hit) and picks `effect`."""
    st = to_actions(clear_board(started(2)), 1)
    sid = SG[street_gang]
    st.sg_deck.remove(sid)
    st.street_gangs[1] = [sid]
    st.sg_known[sid] = 1 << 1
    st.ness = D.D_INDEX["Far South"]
    fresh(st)
    do(st, f"play street gang {street_gang}")
    do(st, effect)
    settle(st)
    return st, sid


def test_unannounced_street_gang_votes_are_redrawn():
    """SF-13.1 SF-13.3 SF-13.4 SF-10.1 SF-8.6: the effect a rival uses on a Street Gang is not
    announced, so seat 0 is not told whether it gained a Vote or 2 money: its samples redraw
    the rival's money. The Vote came out of the public General Supply, though: with one rival,
    the Votes the supply lacks are his, so the samples keep them; the rival's own samples keep
    both."""
    st, _ = _rival_plays("Sheldon Gang I", "use effect A of Sheldon Gang I")  # 1 Vote (B: 2 money)
    assert st.votes[1] == 1 and st.money[1] == 10
    assert not any("vote" in e or "effect" in e for e in st.events(0)[-3:])
    seen = samples(st, 0)
    assert {s.votes[1] for s in seen} == {1}
    assert {s.money[1] for s in seen} == {10, 11, 12}
    assert all(s.view(0) == st.view(0) for s in seen)
    mine = samples(st, 1)
    assert {(s.votes[1], s.money[1]) for s in mine} == {(1, 10)}


def test_bounds_do_not_tell_the_pick():
    """SF-13.3: the public bounds move the same way whichever effect is used, or none."""
    picks = ["use effect A of Forty-Two Gang I", "use effect B of Forty-Two Gang I", "skip"]
    bounds = {str(_rival_plays("Forty-Two Gang I", p)[0].bounds[1]) for p in picks}
    assert len(bounds) == 1


def test_bullets_are_redrawn():
    """SF-13.1 SF-13.4 SF-9.7 SF-14.10: bullet tokens taken through unannounced picks: seat 0's
    samples redraw how the rivals hold them, within their bounds, but keep what they hold
    together, which the public General Supply shows; with one rival that is his own count."""
    st, _ = _rival_plays("Forty-Two Gang I", "use effect B of Forty-Two Gang I")  # 1 bullet
    assert st.bullets[1] == 1
    assert {s.bullets[1] for s in samples(st, 0)} == {1}
    assert {s.bullets[1] for s in samples(st, 1)} == {1}
    st = started(3)
    st.bullets = [0, 2, 1]
    st.bullet_supply -= 3
    st.bounds[1][4:6] = [0, 3]
    st.bounds[2][4:6] = [0, 2]
    seen = samples(st, 0)
    assert {(s.bullets[1], s.bullets[2]) for s in seen} == {(1, 2), (2, 1), (3, 0)}
    assert all(s.bullet_supply == st.bullet_supply and s.view(0) == st.view(0) for s in seen)


def test_counted_changes_are_kept():
    """SF-13.3 SF-14.10 SF-8.3: a Vote from a thug sent to the Authorities and money from a
    public sale are counted by everyone: seat 0's samples keep them."""
    st = to_actions(started(2), 1, ["Outfit Fixer", "Outfit Runner"])
    st.alcohol[1] = 2
    fresh(st)
    do(st, "order: Authorities, sell to the authorities")
    do(st, "sell 1 alcohol to the authorities")
    assert st.votes[1] == 1 and st.money[1] == 16
    assert st.bounds[1][:4] == [16, 16, 1, 1]
    assert {(s.votes[1], s.money[1]) for s in samples(st, 0)} == {(1, 16)}


def test_public_payment_raises_the_lower_bound():
    """SF-13.3 SF-3.4: a bribe shows the briber held at least 5 money (lower bound), and is
    announced to all."""
    st = to_actions(started(2), 1)
    st.bounds[1][0:2] = [0, 20]  # as if earlier picks had left the money unknown
    st.money[1] = 12
    fresh(st)
    do(st, "bribe: police car from Central to Southwest")
    assert st.bounds[1][0:2] == [0, 15] and "North Side Gang bribes the police" in st.events(0)
    st.bounds[1][0:2] = [0, 20]
    st.money[1] = 5
    st.order_used = 0
    fresh(st)
    do(st, "bribe: police car from Southwest to Central")
    assert st.bounds[1][0] == 0 and st.money[1] == 0


def test_rival_hand_is_redrawn_but_a_hired_card_stays():
    """SF-13.1 SF-13.4 SF-6.6: a rival's hand is redrawn from its hand and deck, except a 4-5
    star Associate everyone saw go into it; seat 0's own hand is kept."""
    st = to_actions(started(2), 1, ["Outfit Consigliere", "Outfit Accountant", "Outfit Fixer"])
    fixer = CARD["Harbor Fixer"]
    st.market[0] = fixer
    fresh(st)
    do(st, "order: Underworld, hire associates")
    do(st, "hire Harbor Fixer")
    settle(st)
    assert fixer in st.hand[1] and st.hand_known[1] == [fixer]
    seen = samples(st, 0)
    assert all(fixer in s.hand[1] for s in seen)
    assert all(s.hand[0] == st.hand[0] for s in seen)
    assert len({tuple(sorted(s.hand[1])) for s in seen}) > 1  # the rest is redrawn
    assert all(sorted(s.hand[1] + s.deck[1]) == sorted(st.hand[1] + st.deck[1]) for s in seen)
    assert all(sorted(s.hand[1]) == sorted(st.hand[1]) for s in samples(st, 1))


def test_jobs_seen_stay_known_others_are_redrawn():
    """SF-13.1 SF-13.4 SF-7.1: a Job a rival activated (public) and took back at the
    Reorganization stays in its hand in seat 0's samples; its unseen Jobs are redrawn; seat 0
    keeps its own Jobs."""
    st = to_actions(started(2), 1)
    seen_job, unseen = st.jobs[1]
    do(st, f"put a thug on job {D.JOBS[seen_job]['name']}")
    st.jobs[1] += st.active_jobs[1]  # the Reorganization's return (SF-11.1)
    st.active_jobs[1] = []
    fresh(st)
    seen = samples(st, 0)
    assert all(seen_job in s.jobs[1] and s.jobs[0] == st.jobs[0] for s in seen)
    assert len({tuple(s.jobs[1]) for s in seen}) > 1
    assert any(unseen not in s.jobs[1] for s in seen)
    assert all(sorted(s.jobs[1]) == sorted(st.jobs[1]) for s in samples(st, 1))


def test_street_gangs_under_the_deck():
    """SF-13.1 SF-13.4 SF-10.1 SF-10.2 SF-3.3: a Street Gang played goes under the deck in view
    of all and stays there in every sample; one discarded to the hand limit is known only to
    its owner: the others' samples redraw it, the owner's keep it."""
    st, sid = _rival_plays("Sheldon Gang I", "skip")
    assert st.sg_deck[0] == sid
    assert all(s.sg_deck[0] == sid for s in samples(st, 0))
    # seat 1 holds 3 Street Gangs, draws a 4th and discards one under the deck
    st.street_gangs[1] = st.sg_deck[-3:]
    del st.sg_deck[-3:]
    for c in st.street_gangs[1]:
        st.sg_known[c] = 1 << 1
    ops(st, [["street_gang", 1, 1]])
    assert st.seats_to_act() == (1,)
    do(st, "discard your street gang number 1")
    gone = st.sg_deck[0]
    assert st.sg_deck[1] == sid
    theirs = samples(st, 0)
    assert any(s.sg_deck[0] != gone for s in theirs)
    assert all(s.sg_deck[1] == sid for s in theirs)  # the played one is still known
    assert all(s.sg_deck[0] == gone for s in samples(st, 1))
    assert all(s.street_gangs[1] == st.street_gangs[1] for s in samples(st, 1))


def test_own_secrets_are_kept():
    """SF-13.1 SF-13.4: seat 0's own money, Votes, bullets, hand, Jobs and Street Gangs are kept
    in its samples, even when the rivals could not count them."""
    st = to_actions(clear_board(started(2)), 0)
    sid = SG["Sheldon Gang I"]
    st.sg_deck.remove(sid)
    st.street_gangs[0] = [sid]
    st.sg_known[sid] = 1
    st.ness = D.D_INDEX["Far South"]
    st.bullets[0] = st.bounds[0][4] = st.bounds[0][5] = 2
    fresh(st)
    do(st, "play street gang Sheldon Gang I")
    do(st, "use effect B of Sheldon Gang I")  # 2 money, unannounced
    settle(st)
    assert st.bounds[0][:2] == [10, 12]
    for s in samples(st, 0):
        assert (s.money[0], s.votes[0], s.bullets[0]) == (12, 0, 2)
        assert s.hand[0] == st.hand[0] and s.jobs[0] == st.jobs[0]
        assert s.street_gangs[0] == st.street_gangs[0]
    assert {s.money[0] for s in samples(st, 1)} == {10, 11, 12}


def test_election_votes_before_the_reveal():
    """SF-12.1 SF-13.1 SF-13.4: during the election a rival's choice and (uncounted) Votes are
    redrawn in seat 0's samples; seat 0's own choice and Votes are kept; after the reveal,
    everything is public and kept."""
    st, _ = _rival_plays("Sheldon Gang I", "use effect A of Sheldon Gang I")
    from famiglia.games.scarface_1920.rules.endgame import start_election

    start_election(st)
    fresh(st)
    do(st, texts(st, 1)[0], seat=1)
    st.votes[0] = st.bounds[0][2] = st.bounds[0][3] = 2
    do(st, texts(st, 0)[1], seat=0)
    assert st.phase == "over"
    assert all(s.votes[1] == 1 for s in samples(st, 0))  # revealed
    st2, _ = _rival_plays("Sheldon Gang I", "use effect A of Sheldon Gang I")
    start_election(st2)
    fresh(st2)
    do(st2, texts(st2, 1)[0], seat=1)
    seen = samples(st2, 0)
    assert {s.votes_cast[1] for s in seen} == {0, 1}
    assert {s.votes[1] for s in seen} == {1}  # the supply shows the one rival's Votes (SF-8.6)
    assert all(s.votes_cast[0] == -1 for s in seen)
    assert all(s.votes_cast[1] == st2.votes_cast[1] for s in samples(st2, 1))


def test_rival_peek_follows_the_sampled_top():
    """SF-4.6 SF-13.4: a rival who peeked knows the top Raid card; in seat 0's samples the
    rival knows the sample's top card, not the true one."""
    st = started(2)
    ops(st, [["peek_raid", 1, 1]])
    seen = samples(st, 0)
    assert all(s.raid_peek[1] == s.raid_deck[-1] for s in seen)
    assert len({s.raid_peek[1] for s in seen}) > 1
