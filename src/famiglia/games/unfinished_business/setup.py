"""Setting up a game (UB-2): safes, the black market, hands, bank, betting office and the
draw pile with its action and event cards."""

from __future__ import annotations

from famiglia.core import Rng

from .data import ACTION_KINDS, COUNT, EVENT_KINDS, KEY, NAME, PROPERTY_KINDS, SETUP
from .state import UBState
from .turn import run


def new_state(st: UBState, players: int, seed: int, options: dict) -> UBState:
    """Fills the empty state `st` with the opening position, up to the first decision."""
    rng = Rng(seed)
    st._init_base(players, rng)
    numbers = list(range(1, SETUP["safes"] + 1))
    rng.shuffle(numbers)
    st.safe_no = numbers[:players]
    st.start = st.safe_no.index(min(st.safe_no))
    deck = [k for k in PROPERTY_KINDS for _ in range(COUNT[k])]
    rng.shuffle(deck)
    st.market = [deck.pop() for _ in range(SETUP["black_market"])]
    st.market_unseen = max(len(st.market) - 1, 0)
    st.hands = [[] for _ in range(players)]
    for _ in range(SETUP["hand_size"]):
        for s in range(players):
            st.hands[s].append(deck.pop())
    st.bank = [deck.pop() for _ in range(SETUP["bank"])]
    st.office = [deck.pop() for _ in range(SETUP["betting_office"])]
    actions = [k for k in ACTION_KINDS if k != KEY]
    events = list(EVENT_KINDS)
    rng.shuffle(actions)
    rng.shuffle(events)
    n_act, n_evt = SETUP["action_cards"], SETUP["event_cards"]
    deck += actions[:n_act] + events[:n_evt] + [KEY]
    rng.shuffle(deck)
    st.pile = deck
    st.supply_action = actions[n_act:]
    st.supply_event = events[n_evt:]
    st.safes = [[] for _ in range(players)]
    st.poker = [-1] * players
    st.fronts = [[] for _ in range(players)]
    st.discard = []
    st.godfather = [False] * players
    st.turn = st.start
    st.over = False
    st.stack = [("turn", st.start)]
    st.say(
        "each Don gets a safe: " + ", ".join(f"seat {s} safe {n}" for s, n in enumerate(st.safe_no))
    )
    st.say(f"seat {st.start} has the lowest safe and starts")
    st.say(f"the black market shows {NAME[st.market[-1]]}")
    for s in range(players):
        st.say("your hand: " + ", ".join(sorted(NAME[c] for c in st.hands[s])), (s,))
    run(st)
    return st
