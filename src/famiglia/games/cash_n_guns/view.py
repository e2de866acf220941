"""What one seat may know (view), and a sample of the hidden rest (determinize)."""

from __future__ import annotations

from famiglia.core import Rng

from .data import BASE_POWERS, TEAM_NAMES, TEAM_POWERS
from .state import CNGState

LETTERS = sorted(TEAM_NAMES)


def aim_seen(s: CNGState, viewer, t: int) -> bool:
    """CNG-5.1 / CNG-11.3: aims are seen once revealed (the Flash Bang thrower sees early)."""
    if viewer == t or s.aims_public:
        return True
    return s.flash and viewer == s.flash_user and s.phase != "aim"


def courage_seen(s: CNGState, viewer, t: int) -> bool:
    return viewer == t or s.courage_public


def pairs_seen(s: CNGState, viewer, t: int) -> bool:
    return viewer is not None and (viewer == t or s.team_of[viewer] == s.team_of[t])


def view(s: CNGState, seat) -> dict:
    n = s.players
    own = seat is not None
    v = {
        "turn": s.turn,
        "phase": s.phase,
        "to_act": list(s.seats_to_act()),
        "godfather": s.godfather,
        "teams": [TEAM_NAMES[LETTERS[t]] for t in s.team_of] if s.teams else None,
        "evil_twins": list(s.twins),
        "powers": list(s.powers),
        "powers_spent": list(s.used),
        "alive": list(s.alive),
        "wounds": list(s.wounds),
        "loot": [list(x) for x in s.loot],
        "table": list(s.table),
        "tokens": list(s.tokens),
        "piles": [len(p) for p in s.piles],
        "piles_seen": [p[len(p) - k :] if k else [] for p, k in zip(s.piles, s.known, strict=True)],
        "hand_size": [sum(h) for h in s.hand],
        "discarded_face_down": [sum(h) for h in s.hidden],
        "shown": [list(x) for x in s.shown],
        "loaded": [bool(b) for b in s.bullet],
        "aims": [s.aim[t] if aim_seen(s, seat, t) else None for t in range(n)],
        "aimed": [s.aim[t] is not None for t in range(n)],
        "courage": [s.courage[t] if courage_seen(s, seat, t) else "" for t in range(n)],
        "chose_courage": [bool(c) for c in s.courage],
        "standing": list(s.standing),
        "holds_surprise": [bool(c) for c in s.surprise],
        "flash_bang": s.flash_user if s.flash else None,
        "jammed": s.jammed,
        "parcel_bomb": {"user": s.bomb_user, "on": s.bomb} if s.bomb_user >= 0 else None,
        "split_order": list(s.order),
        "forbidden": s.ban,
        "reaching_for": s.pending if s.phase == "dictator" else "",
        "reaching_for_the_bomb": s.pending_bomb if s.phase == "dictator" else False,
        "envelopes": [list(e) for e in s.envelopes],
        "mercenaries": list(s.mercs),
        "recruited": [list(x) for x in s.merc_taken],
        "diamond_bonus": s.diamond_bonus,
        "extra_paintings": list(s.extra_paint),
        "couples": [list(x) for x in s.couples],
        "extra_members": [[t, list(c)] for t, c in s.units],
        "trade": {"with": s.sh_mate, "type": s.sh_type} if s.sh_mate >= 0 else None,
        "stolen": list(s.stolen),
    }
    if s.phase == "powers":
        v["dealt"] = [
            list(s.pairs[t]) if s.pairs[t] and pairs_seen(s, seat, t) else None for t in range(n)
        ]
        v["chose_power"] = [bool(p) for p in s.pick]
    if own:
        v["seat"] = seat
        v["hand"] = list(s.hand[seat])
        v["my_face_down_discards"] = list(s.hidden[seat])
        v["my_bullet"] = s.bullet[seat]
        v["my_surprise"] = s.surprise[seat]
        if s.phase == "powers":
            v["my_power_pick"] = s.pick[seat]
        trading = s.sh_mate >= 0 and seat in (s.sh_mate, s.order[s.split_pos])
        if trading:  # the two traders see the cards named, the others only the type
            v["trade"] = {"with": s.sh_mate, "type": s.sh_type, "give": s.sh_give, "get": s.sh_get}
    return v


def determinize(s: CNGState, seat: int, seed: int) -> CNGState:
    """A copy where everything hidden from `seat` is drawn again at random."""
    c = s.clone()
    rng = Rng(seed)
    c.rng = Rng(seed * 7 + 1)
    n = c.players
    # Loot piles: the cards nobody has seen are shuffled among the piles.
    unseen = []
    for p, k in zip(c.piles, c.known, strict=True):
        unseen += p[: len(p) - k]
    rng.quick_shuffle(unseen)
    for i, (p, k) in enumerate(zip(c.piles, c.known, strict=True)):
        size = len(p) - k
        c.piles[i] = unseen[:size] + p[size:]
        unseen = unseen[size:]
    for t in range(n):
        if t == seat:
            continue
        # Bullet cards: hand, face-down discards and the loaded card are dealt again.
        loaded = 1 if c.bullet[t] else 0
        h, d = sum(c.hand[t]), sum(c.hidden[t])
        bangs = c.hand[t][1] + c.hidden[t][1] + (c.bullet[t] == "bang")
        cards = ["bang"] * bangs + ["click"] * (h + d + loaded - bangs)
        rng.quick_shuffle(cards)
        if loaded:
            c.bullet[t] = cards.pop()
        c.hand[t] = [cards[:h].count("click"), cards[:h].count("bang")]
        c.hidden[t] = [cards[h:].count("click"), cards[h:].count("bang")]
        # Secret choices made but not shown.
        if c.aim[t] is not None and not aim_seen(s, seat, t):
            options = c.targets(t)
            c.aim[t] = options[rng.below(len(options))] if options else -1
        if c.courage[t] and not courage_seen(s, seat, t):
            c.courage[t] = "stand" if rng.below(2) else "down"
    _keep_offer(s, c, seat, rng)
    # Surprise cards held by others change hands among them.
    holders = [t for t in range(n) if t != seat and c.surprise[t]]
    cards = [c.surprise[t] for t in holders]
    rng.quick_shuffle(cards)
    for t, card in zip(holders, cards, strict=True):
        c.surprise[t] = card
    # Power cards dealt in team play and not yet shown.
    if c.phase == "powers":
        hidden_seats = [t for t in range(n) if c.pairs[t] and not pairs_seen(s, seat, t)]
        seen = {p for t in range(n) if c.pairs[t] and pairs_seen(s, seat, t) for p in c.pairs[t]}
        pool = [p for p in BASE_POWERS + TEAM_POWERS if p not in seen]
        rng.quick_shuffle(pool)
        for t in hidden_seats:
            c.pairs[t] = [pool.pop(), pool.pop()]
            if c.pick[t]:
                c.pick[t] = c.pairs[t][rng.below(2)]
    return c


def _keep_offer(s: CNGState, c: CNGState, seat: int, rng: Rng) -> None:
    """CNG-9.5: a bullet card offered in Shadow Trading stays in the offering hand of a sample.
    The teammate it is offered to knows which card it is; anyone else gets one from the hand
    as it was redrawn."""
    if s.sh_type != "ammo" or not s.sh_give or s.phase not in ("sh_get", "sh_answer", "sh_dead"):
        return
    user = s.order[s.split_pos]
    if user == seat:
        return  # his own hand was not redrawn
    hand, hidden = c.hand[user], c.hidden[user]
    if seat != s.sh_mate:
        c.sh_give = "click" if rng.below(sum(hand)) < hand[0] else "bang"
        return
    give = int(s.sh_give == "bang")
    if not hand[give]:  # swap it in from the face-down discards, where the redraw put it
        hand[give], hand[1 - give] = hand[give] + 1, hand[1 - give] - 1
        hidden[give], hidden[1 - give] = hidden[give] - 1, hidden[1 - give] + 1
