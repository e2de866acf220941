"""Cash 'n Guns' observation read from the state (famiglia.rl.fast): the same vector as the
view's. What a seat may not see is decided by the view module's own rules (`aim_seen`,
`courage_seen`, `pairs_seen`), and private fields (bullet cards, the surprise, the trade's
cards, the power picked) are read for `seat` alone, as in cash_n_guns/view.py."""

from __future__ import annotations

from famiglia.games.cash_n_guns import data as C
from famiglia.games.cash_n_guns.rules.trade import TYPES as TRADE_TYPES
from famiglia.games.cash_n_guns.view import aim_seen, courage_seen, pairs_seen
from famiglia.rl.encoding import share, squash
from famiglia.rl.fast import deep, flat, kept, lists

from .encoder import AMMO, CARD, KINDS, MERC, NT, PHASE, POWER, SHARE, SURPRISE, L, P
from .encoder import write_loot as loot

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
    # Runs of segments that read a few fields, kept between calls (_kept): a move changes
    # two or three of the state's fields, so most runs are copied from the last vector.
    memo = enc.memo
    at, end = enc.o_teams, enc.o_alive
    fields = (s.teams, s.team_of, s.twins, s.powers, s.used)
    kept(memo, at, fields, flat, _powers, enc, out, at, end)
    at, end = enc.o_alive, enc.o_table
    kept(memo, at, (s.alive, s.wounds, s.loot), lists, _seats, enc, out, at, end)
    at, end = enc.o_table, enc.o_piles
    kept(memo, at, (s.table, s.tokens), flat, _table, enc, out, at, end)
    at, end = enc.o_piles, enc.o_ammo
    kept(memo, at, (s.piles, s.known), lists, _piles, enc, out, at, end)
    at, end = enc.o_ammo, enc.o_aims
    fields = (s.hand, s.hidden, s.shown, s.bullet)
    kept(memo, at, fields, lists, _bullets, enc, out, at, end)
    # What a seat sees of the aims and the courage depends on the seat (CNG-5.1).
    seats = range(n)
    seen = enc.every_seat if s.aims_public else [aim_seen(s, seat, p) for p in seats]
    at, end = enc.o_aims, enc.o_courage
    kept(memo, at, (s.aim, seen), flat, _aims, enc, out, at, end)
    seen = enc.every_seat if s.courage_public else [courage_seen(s, seat, p) for p in seats]
    at, end = enc.o_courage, enc.o_flash
    fields = (s.courage, s.standing, s.surprise, seen)
    kept(memo, at, fields, flat, _courage, enc, out, at, end)
    at, end = enc.o_env, enc.o_trade
    fields = (s.envelopes, s.mercs, s.merc_taken, s.diamond_bonus, s.extra_paint, s.couples,
              s.units)  # fmt: skip
    kept(memo, at, fields, deep, _teams, enc, out, at, end)
    if s.flash:
        out[enc.o_flash + s.flash_user] = 1.0
    out[enc.o_jammed] = float(s.jammed)
    if s.bomb_user >= 0:
        out[enc.o_bomb + s.bomb_user] = 1.0
        if s.bomb:
            out[enc.o_bomb + n + SHARE[s.bomb]] = 1.0
    at = enc.o_order
    for place, p in enumerate(s.order, 1):
        out[at + p] = place / n
    if s.ban:
        out[enc.o_forbid + KINDS.index(s.ban)] = 1.0
    if phase == "dictator" and s.pending:
        out[enc.o_reach + SHARE[s.pending]] = 1.0
        if s.pending_bomb:
            out[enc.o_reach + len(SHARE)] = 1.0
    if s.sh_mate >= 0:
        _trade(enc, s, seat, out)
    stolen = s.stolen
    if any(stolen):
        for i, most in enumerate((3, 2, 1)):
            out[enc.o_stolen + i] = share(stolen[i], most)
    if phase == "powers":
        for p, pair in enumerate(s.pairs):
            if pair and pairs_seen(s, seat, p):
                for power in pair:
                    out[enc.o_dealt + p * P + POWER[power]] = 1.0
            out[enc.o_dealt + n * P + p] = float(bool(s.pick[p]))
        if s.pick[seat]:
            out[enc.o_pick + POWER[s.pick[seat]]] = 1.0
    clicks, bangs = s.hand[seat]  # clipped: a Hustler may hold more than his own
    out[enc.o_hand] = share(clicks, C.CLICKS)
    out[enc.o_hand + 1] = share(bangs, C.BANGS)
    clicks, bangs = s.hidden[seat]
    out[enc.o_hand + 2] = share(clicks, C.CLICKS)
    out[enc.o_hand + 3] = share(bangs, C.BANGS)
    bullet, surprise = s.bullet[seat], s.surprise[seat]
    if bullet:
        out[enc.o_bullet + AMMO.index(bullet)] = 1.0
    if surprise:
        out[enc.o_my_surprise + SURPRISE[surprise]] = 1.0


def _powers(enc, out, teams, team_of, twins, powers, used) -> None:
    base = enc.o_teams
    if teams:  # the view names team t by its letter's place in the alphabet: t itself
        for p, team in enumerate(team_of):
            out[p * NT + team] = 1.0
    for p in twins:
        out[enc.o_twins - base + p] = 1.0
    at = enc.o_powers - base
    for p, power in enumerate(powers):
        if power:
            out[at + p * P + POWER[power]] = 1.0
    for power in used:
        out[enc.o_spent - base + POWER[power]] = 1.0


def _seats(enc, out, alive, wounds, loots) -> None:
    n = enc.players
    at = enc.o_loot - enc.o_alive
    for p in range(n):
        if alive[p]:
            out[p] = 1.0
        out[n + p] = min(1.0, wounds[p] / C.LETHAL)
        loot(at + p * L, loots[p], out)


def _table(enc, out, table, tokens) -> None:
    loot(0, table, out)
    for token in tokens:
        out[L + TOKEN[token]] = 1.0


def _piles(enc, out, piles, known) -> None:
    for i, (pile, seen) in enumerate(zip(piles, known, strict=True)):
        at = i * (L + 1)
        if seen:
            loot(at, pile[len(pile) - seen :], out)
        out[at + L] = len(pile) / C.PILE_SIZE


def _bullets(enc, out, hand, hidden, shown, bullet) -> None:
    for p in range(enc.players):
        at = p * 5
        clicks, bangs = hand[p]
        out[at] = min(1.0, (clicks + bangs) * CLICKS_BANGS)  # a Hustler may hold more
        clicks, bangs = hidden[p]
        out[at + 1] = min(1.0, (clicks + bangs) * CLICKS_BANGS)
        clicks, bangs = shown[p]
        out[at + 2] = min(1.0, clicks / C.CLICKS)
        out[at + 3] = min(1.0, bangs / C.BANGS)
        if bullet[p]:
            out[at + 4] = 1.0


def _aims(enc, out, aims, seen) -> None:
    n = enc.players
    for p, aim in enumerate(aims):
        if aim is not None:
            at = p * (n + 2)
            if seen[p]:
                out[at + (aim if aim >= 0 else n)] = 1.0
            out[at + n + 1] = 1.0


def _courage(enc, out, courage, standing, surprise, seen) -> None:
    holds = enc.o_surprise - enc.o_courage
    for p in range(enc.players):
        at = p * 4
        chose = courage[p]
        if chose:
            if seen[p]:
                out[at + (chose == "down")] = 1.0
            out[at + 2] = 1.0
        if standing[p]:
            out[at + 3] = 1.0
        if surprise[p]:
            out[holds + p] = 1.0


def _teams(enc, out, envelopes, mercs, merc_taken, bonus, paint, couples, units) -> None:
    n, base = enc.players, enc.o_env
    for team, cards in enumerate(envelopes):
        loot(team * L, cards, out)
    for m in mercs:
        out[enc.o_mercs - base + MERC[m]] = 1.0
    for team, m in merc_taken:
        out[enc.o_hired - base + team * len(MERC) + MERC[m]] = 1.0
    out[enc.o_bonus - base] = squash(bonus, C.DIAMOND_BONUS)
    for p in range(n):
        out[enc.o_paint - base + p] = min(1.0, paint[p] / 10)
    at = enc.o_couples - base
    for a, b in couples:
        out[at + a * n + b] = 1.0
        out[at + b * n + a] = 1.0
    for team, cards in units:
        loot(enc.o_units - base + team * L, cards, out)


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
