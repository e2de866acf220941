"""Cash 'n Guns' observation read from the state (famiglia.rl.fast): the same vector as the
view's. What a seat may not see is decided by the view module's own rules (`aim_seen`,
`courage_seen`, `pairs_seen`), and private fields (bullet cards, the surprise, the trade's
cards, the power picked) are read for `seat` alone, as in cash_n_guns/view.py."""

from __future__ import annotations

from famiglia.games.cash_n_guns import content as C
from famiglia.games.cash_n_guns.rules.trade import TYPES as TRADE_TYPES
from famiglia.games.cash_n_guns.view import aim_seen, courage_seen, pairs_seen

from ..encoding import share, squash
from ..games.cash_n_guns import AMMO, CARD, KINDS, MERC, NT, PHASE, POWER, SHARE, SURPRISE, L, P
from ..games.cash_n_guns import _loot as loot

TOKEN = {t: i for i, t in enumerate(C.TOKENS)}
CLICKS_BANGS = 1.0 / (C.CLICKS + C.BANGS)


def write_state(enc, s, seat: int, out) -> None:
    n = enc.players
    out[enc.o_me + seat] = 1.0
    out[enc.o_turn] = share(s.turn, C.TURNS)
    phase = s.phase
    out[enc.o_phase + PHASE[phase]] = 1.0
    for p in s.seats_to_act():
        out[enc.o_to_act + p] = 1.0
    if s.godfather >= 0:
        out[enc.o_godfather + s.godfather] = 1.0
    if s.teams:  # the view names team t by its letter's place in the alphabet: t itself
        for p, team in enumerate(s.team_of):
            out[enc.o_teams + p * NT + team] = 1.0
    for p in s.twins:
        out[enc.o_twins + p] = 1.0
    for p, power in enumerate(s.powers):
        if power:
            out[enc.o_powers + p * P + POWER[power]] = 1.0
    for power in s.used:
        out[enc.o_spent + POWER[power]] = 1.0
    alive, wounds, hand, hidden, shown, bullet = (
        s.alive, s.wounds, s.hand, s.hidden, s.shown, s.bullet
    )  # fmt: skip
    aims, courage, standing, surprise, paint = (
        s.aim,
        s.courage,
        s.standing,
        s.surprise,
        s.extra_paint,
    )
    public_aims = s.aims_public
    public_courage = s.courage_public
    for p in range(n):
        if alive[p]:
            out[enc.o_alive + p] = 1.0
        out[enc.o_wounds + p] = min(1.0, wounds[p] / C.LETHAL)
        loot(enc.o_loot + p * L, s.loot[p], out)
        at = enc.o_ammo + p * 5
        clicks, bangs = hand[p]
        out[at] = min(1.0, (clicks + bangs) * CLICKS_BANGS)  # a Hustler may hold more
        clicks, bangs = hidden[p]
        out[at + 1] = min(1.0, (clicks + bangs) * CLICKS_BANGS)
        clicks, bangs = shown[p]
        out[at + 2] = min(1.0, clicks / C.CLICKS)
        out[at + 3] = min(1.0, bangs / C.BANGS)
        if bullet[p]:
            out[at + 4] = 1.0
        at = enc.o_aims + p * (n + 2)
        aim = aims[p]
        if aim is not None:
            if p == seat or public_aims or aim_seen(s, seat, p):
                out[at + (aim if aim >= 0 else n)] = 1.0
            out[at + n + 1] = 1.0
        at = enc.o_courage + p * 4
        chose = courage[p]
        if chose:
            if p == seat or public_courage or courage_seen(s, seat, p):
                out[at + (chose == "down")] = 1.0
            out[at + 2] = 1.0
        if standing[p]:
            out[at + 3] = 1.0
        if surprise[p]:
            out[enc.o_surprise + p] = 1.0
        out[enc.o_paint + p] = min(1.0, paint[p] / 10)
    loot(enc.o_table, s.table, out)
    for token in s.tokens:
        out[enc.o_table + L + TOKEN[token]] = 1.0
    for i, (pile, known) in enumerate(zip(s.piles, s.known, strict=True)):
        at = enc.o_piles + i * (L + 1)
        if known:
            loot(at, pile[len(pile) - known :], out)
        out[at + L] = len(pile) / C.PILE_SIZE
    if s.flash:
        out[enc.o_flash + s.flash_user] = 1.0
    out[enc.o_jammed] = float(s.jammed)
    if s.bomb_user >= 0:
        out[enc.o_bomb + s.bomb_user] = 1.0
        if s.bomb:
            out[enc.o_bomb + n + SHARE[s.bomb]] = 1.0
    for place, p in enumerate(s.order):
        out[enc.o_order + p] = (place + 1) / n
    if s.ban:
        out[enc.o_forbid + KINDS.index(s.ban)] = 1.0
    if phase == "dictator" and s.pending:
        out[enc.o_reach + SHARE[s.pending]] = 1.0
        if s.pending_bomb:
            out[enc.o_reach + len(SHARE)] = 1.0
    for team, cards in enumerate(s.envelopes):
        loot(enc.o_env + team * L, cards, out)
    for m in s.mercs:
        out[enc.o_mercs + MERC[m]] = 1.0
    for team, m in s.merc_taken:
        out[enc.o_hired + team * len(MERC) + MERC[m]] = 1.0
    out[enc.o_bonus] = squash(s.diamond_bonus, C.DIAMOND_BONUS)
    for a, b in s.couples:
        out[enc.o_couples + a * n + b] = 1.0
        out[enc.o_couples + b * n + a] = 1.0
    for team, cards in s.units:
        loot(enc.o_units + team * L, cards, out)
    if s.sh_mate >= 0:
        _trade(enc, s, seat, out)
    for i, most in enumerate((3, 2, 1)):
        out[enc.o_stolen + i] = share(s.stolen[i], most)
    if phase == "powers":
        for p, pair in enumerate(s.pairs):
            if pair and pairs_seen(s, seat, p):
                for power in pair:
                    out[enc.o_dealt + p * P + POWER[power]] = 1.0
            out[enc.o_dealt + n * P + p] = float(bool(s.pick[p]))
        if s.pick[seat]:
            out[enc.o_pick + POWER[s.pick[seat]]] = 1.0
    clicks, bangs = hand[seat]  # clipped: a Hustler may hold more than his own
    out[enc.o_hand] = share(clicks, C.CLICKS)
    out[enc.o_hand + 1] = share(bangs, C.BANGS)
    clicks, bangs = hidden[seat]
    out[enc.o_hand + 2] = share(clicks, C.CLICKS)
    out[enc.o_hand + 3] = share(bangs, C.BANGS)
    if bullet[seat]:
        out[enc.o_bullet + AMMO.index(bullet[seat])] = 1.0
    if surprise[seat]:
        out[enc.o_my_surprise + SURPRISE[surprise[seat]]] = 1.0


def _trade(enc, s, seat: int, out) -> None:
    """Shadow Trading: everyone sees the partner and the type, the two traders the cards."""
    n = enc.players
    out[enc.o_trade + s.sh_mate] = 1.0
    if s.sh_type:
        out[enc.o_trade + n + TRADE_TYPES.index(s.sh_type)] = 1.0
    if seat in (s.sh_mate, s.order[s.split_pos]):
        at = enc.o_trade + n + len(TRADE_TYPES)
        if s.sh_give:
            out[at + CARD[s.sh_give]] = 1.0
        if s.sh_get:
            out[at + len(CARD) + CARD[s.sh_get]] = 1.0
