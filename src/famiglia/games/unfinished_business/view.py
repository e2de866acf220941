"""What one seat may know (UB-10.2): its view, and a sample of what it does not know."""

from __future__ import annotations

from famiglia.core import Rng

from .actions import ZONES
from .data import IS_EVENT, IS_PROP, KEY, KIND_BITS, KIND_MASK, NAME, PUBLIC_BIT
from .scoring import result
from .state import UBState


def knows(seat, card) -> bool:
    """Whether `seat` (None: a spectator) knows which card `card` is."""
    if seat is None:
        return bool(card >> KIND_BITS & PUBLIC_BIT)
    return bool(card >> KIND_BITS & (1 << seat))


def view(st: UBState, seat) -> dict:
    over = st.over
    dons = []
    for s in range(st.players):
        mine = s == seat
        hand = st.hands[s]
        don = {
            "seat": s,
            "safe_number": st.safe_no[s],
            "sets": [[NAME[k] for k in cards] for cards in st.fronts[s]],
            "godfather": st.godfather[s],
            "hand_size": len(hand) + (st.poker[s] >= 0),
            "safe_size": len(st.safes[s]),
            "safe": [
                NAME[c & KIND_MASK] if (mine or over or knows(seat, c)) else None
                for c in st.safes[s]
            ],
            "poker_chosen": st.poker[s] >= 0,
        }
        if mine:
            don["hand"] = sorted(NAME[c & KIND_MASK] for c in hand)
            don["poker_card"] = NAME[st.poker[s]] if st.poker[s] >= 0 else None
        else:
            don["known_in_hand"] = sorted(NAME[c & KIND_MASK] for c in hand if knows(seat, c))
        dons.append(don)
    zone_view = [
        {
            "size": len(zone),
            "known": sorted(NAME[c & KIND_MASK] for c in zone if over or knows(seat, c)),
        }
        for zone in (st.bank, st.office)
    ]
    discard = {}
    for k in sorted(st.discard):
        discard[NAME[k]] = discard.get(NAME[k], 0) + 1
    view = {
        "game": "unfinished-business",
        "players": st.players,
        "seat": seat,
        "turn": st.turn,
        "to_act": list(st.seats_to_act()),
        "decision": decision_view(st),
        "over": over,
        "dons": dons,
        "draw_pile": len(st.pile),
        "supply": {"action": len(st.supply_action), "event": len(st.supply_event)},
        "black_market": {
            "top": NAME[st.market[-1]] if st.market else None,
            "size": len(st.market),
        },
        "discard": discard,
        "bank": zone_view[0],
        "betting_office": zone_view[1],
    }
    if over:
        view["result"] = result(st).to_json()
        view["supply"]["cards"] = [NAME[k] for k in st.supply_action + st.supply_event]
    return view


def decision_view(st: UBState):
    if st.over:
        return None
    top = st.stack[-1]
    op = top[0]
    out = {"kind": op}
    if op == "poker":
        out["waiting"] = [s for s in range(st.players) if top[1] >> s & 1]
        return out
    out["seat"] = top[1]
    if op == "fight":
        _, mover, att, dfd, revenge, played = top
        out.update(
            attacker=att,
            defender=dfd,
            revenge=bool(revenge),
            target=[NAME[k] for k in st.fronts[dfd][-1]],
            played=[NAME[k] for k in played],
        )
    elif op == "launder":
        out["left"] = top[2]
    elif op == "take":
        out["from"] = top[2]
    elif op in ("swaptake", "swapgive"):
        out["zone"] = ZONES[top[2]]
    return out


def determinize(st: UBState, seat: int, seed: int) -> UBState:
    """A copy where every card `seat` does not know is redrawn (UB-10.2).

    Cards the seat knows stay where they are; the unknown ones are shuffled among the
    places that hold unknown cards, respecting what each place can hold: safes, bank,
    betting office and the hidden part of the black market hold property only (no move
    puts an action card into a safe, UB-10.3; one a saved position holds there unseen
    is redrawn among the others, UB-10.4), hands (and Poker Round choices) no events,
    the supply piles one action card (not the Key) and one event. The chance of the
    future is redrawn too.
    """
    c = st.clone()
    c.rng = Rng(seed ^ 0x5DEECE66D)
    if st.over:
        return c
    rng = Rng(seed)
    bit = 1 << seat
    slots = {"P": [], "H": [], "A": [], "E": []}  # category -> [(zone, i, mask)]
    pool = []

    def hidden(zone, category):
        for i, card in enumerate(zone):
            mask = card >> KIND_BITS
            if not mask & bit:
                slots[category].append((zone, i, mask))
                pool.append(card & KIND_MASK)

    for s in range(c.players):
        if s != seat:
            hidden(c.hands[s], "H")
            hidden(c.safes[s], "P")
            if c.poker[s] >= 0:
                slots["H"].append((c.poker, s, 0))
                pool.append(c.poker[s])
    hidden(c.bank, "P")
    hidden(c.office, "P")
    for i in range(c.market_unseen):
        slots["P"].append((c.market, i, 0))
        pool.append(c.market[i])
    pool += c.pile  # the whole draw pile is unknown
    for zone, category in ((c.supply_action, "A"), (c.supply_event, "E")):
        for i, k in enumerate(zone):
            slots[category].append((zone, i, 0))
            pool.append(k)
    rng.quick_shuffle(pool)
    # The places that take one kind only get the first fitting cards of the shuffled pool.
    want = {"E": len(slots["E"]), "A": len(slots["A"]), "P": len(slots["P"])}
    picked = {"E": [], "A": [], "P": []}
    rest = []
    for kind in pool:
        if IS_EVENT[kind]:
            category = "E"
        else:
            category = "P" if IS_PROP[kind] else "A" if kind != KEY else ""
        if category and want[category]:
            want[category] -= 1
            picked[category].append(kind)
        else:
            rest.append(kind)
    for category in "EAP":
        for (zone, i, mask), kind in zip(slots[category], picked[category], strict=True):
            zone[i] = kind | mask << KIND_BITS
    # Hands take the first non-events of what is left; the draw pile the rest, reshuffled.
    hands = slots["H"]
    draw = []
    h = 0
    for kind in rest:
        if h < len(hands) and not IS_EVENT[kind]:
            zone, i, mask = hands[h]
            zone[i] = kind | mask << KIND_BITS
            h += 1
        else:
            draw.append(kind)
    rng.quick_shuffle(draw)
    c.pile = draw
    return c
