"""The end: the election with secret Votes and the elected Candidate's bonuses (the result they
make: ../scoring.py)."""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from ..actions import act
from . import board as B

PARTIES = ("republican", "democrat")  # candidates[0] is the blue (left) card, [1] the red


def start_election(st) -> None:
    st.todo.clear()
    st.pending = []
    st.phase = "election"
    st.votes_cast = [-1] * st.gangs
    st.say("the election: each gang secretly backs a candidate")


def vote_legal(st, s) -> list:
    return [act("vote", D.CANDIDATES[c]["party"]) for c in st.candidates]


def vote(st, s, a) -> None:
    """s backs a candidate in secret (revealed once all have voted: ../phases.py)."""
    st.votes_cast[s] = 0 if a[0] == D.CANDIDATES[st.candidates[0]]["party"] else 1
    st.say(f"{B.name(st, s)} has voted")


def all_voted(st) -> bool:
    """Whether every seat has voted (the solo gang votes at the reveal, SF-S.25)."""
    return all(v >= 0 for v in st.votes_cast[: st.players])


def reveal(st) -> None:
    """Everyone reveals their choice and how many Votes they own; the most votes wins,
    a tie is a coin flip."""
    totals = [0, 0]
    for s in range(st.gangs):
        totals[st.votes_cast[s]] += st.votes[s]
        st.say(
            f"{B.name(st, s)} backs {D.CANDIDATES[st.candidates[st.votes_cast[s]]]['name']} with {plural(st.votes[s], 'vote')}"
        )
    if totals[0] == totals[1]:
        winner = st.rng.below(2)
        st.say("a tie: a Vote is flipped")
    else:
        winner = 0 if totals[0] > totals[1] else 1
    st.elected = st.candidates[winner]
    st.say(f"{D.CANDIDATES[st.elected]['name']} is elected mayor of Chicago")
    st.phase = "over"


def metric(st, s, name) -> int:
    if name == "control":
        return B.controlled(st, s)
    if name == "stars":
        cards = st.hand[s] + st.deck[s] + st.discard[s] + st.plan[s] + st.duration_cards[s]
        return sum(D.CARDS[c]["stars"] for c in cards)
    if name == "business":
        return sum(1 for n in range(len(D.HOODS)) if st.control[n] == s and st.business[n])
    if name == "votes":
        return st.votes[s]
    if name == "upgrades":
        return st.upgrades[s]
    if name == "thugs":
        return sum(B.figures_in(st, s, d) for d in range(len(D.DISTRICTS)))
    if name == "crime":
        return st.crime[s]
    if name == "money":
        return st.money[s]
    if name == "hospital":
        return st.hospital[s] + (1 if st.boss_loc[s] == "hospital" else 0)
    raise KeyError(name)


def ranked_bonus(values: list[int], amounts, descending: bool = True) -> list[int]:
    """Variable bonus X/X/X/X: the first amount to the best, and so on; tied players all take
    the best amount of their place, and the next player takes the amount of its own place."""
    out = []
    for v in values:
        better = sum(1 for o in values if (o > v if descending else o < v))
        out.append(amounts[better] if better < len(amounts) else 0)
    return out


def candidate_bonus(st, cand: int) -> list[int]:
    bonus = [0] * st.gangs  # the solo gang is ranked as a gang (SF-S.1)
    for b in D.CANDIDATES[cand]["bonus"]:
        values = [metric(st, s, b[1]) for s in range(st.gangs)]
        if b[0] == "per":
            for s in range(st.gangs):
                bonus[s] += b[2] * values[s]
        else:
            amounts = list(b[3])[: st.gangs]
            for s, x in enumerate(ranked_bonus(values, amounts, b[2] == "desc")):
                bonus[s] += x
    return bonus
