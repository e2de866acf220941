"""Scarface 1920: how well a gang stands, in money.

What the rules reward: the most final money wins, that is the money behind the screen plus the
bonuses of the Candidate elected at the end (SF-12). Both Candidates are known from the start,
so each one's bonuses are worked out on the metrics as they stand now (control, stars,
businesses, votes, upgrades, thugs on the board, Crime Rate, money, the Hospital) and weighted by
the chance that Candidate wins. That chance comes from the Votes: each gang is taken to back the
Candidate that pays it more (or the one it has backed, once the election is under way), and the
Vote lead turns into odds that sharpen as the game nears its end, since fewer Votes can still
come; once every choice is cast (in the sample) the count decides. So Votes count through the
election they sway, as they do at the table.

The rest is what earns money before the end, each weighted by the share of the game still to
play (the Time track and News cards seen tell how far it is): Business profit paid at each of
the gang's Reorganizations still to come; goods, worth a sale at the best price the gang can get
(its neighborhoods' prices plus the distance bonus along its presence chain, or the Authorities'
price); neighborhoods as places to sell; thugs on the board (presence, defence against a seize,
Extortion), fewer in Headquarters, less in the Hospital or Prison; the Family Ring's money per
turn; upgrades, Associates' and unlocked members' muscle and influence for the turns to come;
bullet tokens, Street Gangs, Jobs held, and active Jobs by how many of their requirements already
hold. A high Crime Rate costs: a Raid sends the Underworld to Prison and the G-Men hit for every
level above their marker.

During a gang's own turn the muscle and influence of its Plan not yet spent on the Order count
at about what a point buys (a sale, a step of a seize), so that a bot looking only a few steps
through its own turn lays out cards rather than keeping them for the bullet tokens, and then
spends them.

In the Solo Mode the solo gang is valued as any gang, and the player's value is his edge over
it; against Tequila, a Gunshot token next to Tequila while Headquarters could not block the
shots is the chance of losing everything at once.

A finished game is valued by its result. Everything read here is either public or, for rivals,
redrawn in a determinized sample (money, Votes, bullets within their public bounds; hands, Jobs
and Street Gangs): the bots only evaluate samples.
"""

from __future__ import annotations

import math

from famiglia.games.scarface_1920 import data as D

SCALE = 25.0  # 25 money ahead is a clear edge (a sale far from home is worth 20-40)

# Weights, in money. "Potential" terms are multiplied by the share of the game left.
SELL_SHARE = 0.7  # a good held is worth this share of its best sale (it still needs selling)
MAX_GOODS = 6  # goods beyond this many per kind are unlikely to be sold in time
HOOD = 3.0  # a controlled neighborhood: sales, Jobs, Extortion
PROFIT_SHARE = 0.7  # of the Business profit of the Reorganizations to come (markers get lost)
BOARD = 2.0  # a figure in a district
READY = 1.2  # a thug in Headquarters or coming back to it at the Reorganization
HURT = 0.5  # in the Hospital or Prison
UPGRADE = 6.0
CARD_POWER = 1.2  # per point of muscle and influence on an Associate or unlocked member
SNITCH = 3.0
BULLET = 1.5
STREET_GANG = 2.0
JOB_HELD = 3.0
JOB_ACTIVE = 0.3  # share of an active Job's reward already earned, plus the share met
DEAL = 2.0  # each Deal beyond the two starting ones
RING_SHARE = 0.4  # the Family Ring changes hands at each hire
CRIME = 0.6  # per Crime level
CRIME_HIGH = 2.5  # more per level from 9 up: a Raid is near
GMEN = 2.0  # per level above the G-Men marker: a hit at the next Raid
POWER = 2.5  # a point of muscle or influence still to spend in this turn: a sale, a seize step
VOTE_SPREAD = 0.3  # at the very end a lead of 1 Vote gives 96% odds (choices not yet cast)
VOTE_SPREAD_LEFT = 6.0  # much less sure while the game has far to go
SOLO_TURN = 12.0  # what one turn of the solo gang is worth to it, on average (in money)
SOLO_DOUBT = 1.0  # how much wider the scale of the solo edge is at the start than at the end
DEATH = 400.0  # Tequila's gunshot that Headquarters cannot block ends the game, lost

_HOODS = len(D.HOODS)
_DISTRICTS = len(D.DISTRICTS)
_HOOD_DISTRICT = tuple(h["district"] for h in D.HOODS)
_HOOD_PRICE = tuple(h["price"] for h in D.HOODS)
_HOOD_ALC = tuple("alcohol" in h["buys"] for h in D.HOODS)
_HOOD_GUNS = tuple("guns" in h["buys"] for h in D.HOODS)
_TAG = {f"d{d}": d for d in range(_DISTRICTS)}
_NEIGH = tuple(  # the districts next to any district of a bit mask
    sum(1 << b for b in {b for d in range(_DISTRICTS) if mask >> d & 1 for b in D.ADJ[d]})
    for mask in range(1 << _DISTRICTS)
)


def _levels(home: int, presence: int) -> tuple[int, ...]:
    """Districts on the shortest presence chain from home to each district (0 off the chain)."""
    level = [0] * _DISTRICTS
    seen = frontier = 1 << home
    step = 0
    while frontier:
        step += 1
        frontier = _NEIGH[frontier] & presence & ~seen
        seen |= frontier
        f = frontier
        d = 0
        while f:
            if f & 1:
                level[d] = step
            f >>= 1
            d += 1
    return tuple(level)


_LEVELS = tuple(
    tuple(_levels(home, presence) for presence in range(1 << _DISTRICTS))
    for home in range(_DISTRICTS)
)
_NO_LEVELS = (0,) * _DISTRICTS
# Per card: its stars (a Candidate metric) and, for cards beyond the starting deck, its muscle
# plus influence, packed in one number (stars * 256 + power) so that one sum gives both.
_STARS_POWER = tuple(
    c["stars"] * 256
    + ((c["muscle"] + c["influence"]) if c["role"] in ("associate", "advanced") else 0)
    for c in D.CARDS
)
_PLAN_POWER = tuple(c["muscle"] + c["influence"] for c in D.CARDS)
_IS_BOSS = tuple(c["role"] == "boss" for c in D.CARDS)
_BOSS_POWER = tuple(m + i for m, i in D.BOSS_ROWS)
_REORGS = D.C["time_boxes"] * (D.C["news_in_game"] + 1)  # Reorganizations in a whole game
_TURNS_PER_REORG = 7.0  # player turns between two Reorganizations, roughly
_DISTANCE = D.C["distance_bonus"]
_JAZZ = D.C["jazz_bonus"]
_AUTH_PRICE = D.C["authorities_sale"]
_PROFIT = {k: D.PROFIT["nightclub" if k == "jazz" else k] for k in (*D.BUSINESS_KINDS, "jazz")}


def _job_worth(job) -> float:
    worth = 0.0
    for op in job["reward"]:
        if op[0] == "money":
            worth += op[1]
        elif op[0] in ("votes", "bullets"):
            worth += 3.0 * op[1]
    return worth


_JOB_WORTH = tuple(_job_worth(j) for j in D.JOBS)
_JOB_NEEDS = tuple(
    tuple(
        (n[0], D.D_INDEX[n[1]], n[2])
        if n[0] == "thugs"
        else (n[0], n[1] == "alcohol", n[2])
        if n[0] == "deliver"
        else (n[0], n[1], 0)
        for n in j["needs"]
    )
    for j in D.JOBS
)
_METRIC = {name: i for i, name in enumerate(D.METRICS)}
_CANDIDATE_BONUS = tuple(  # (per?, metric index, amount or amounts, descending?)
    tuple(
        (True, _METRIC[b[1]], b[2], True)
        if b[0] == "per"
        else (False, _METRIC[b[1]], tuple(b[3]), b[2] == "desc")
        for b in c["bonus"]
    )
    for c in D.CANDIDATES
)


def evaluate(state) -> list[float]:
    players = state.gangs  # the seats, and the solo gang in the Solo Mode
    if state.phase == "over":
        return _final(state)
    # How much of the game is left: 16 Reorganizations move the Time marker to the end.
    done = len(state.news_seen) * D.C["time_boxes"] + state.time
    left = 0.0 if state.phase == "election" else max(0.0, 1.0 - done / _REORGS)
    reorgs_left = left * _REORGS / players  # this gang's own Reorganizations still to come
    turns_left = reorgs_left * _TURNS_PER_REORG

    control = [0] * players
    business = [0] * players
    mine: list[list[int]] = [[] for _ in range(players)]
    kinds: dict = {}
    owned = state.control
    shops = state.business
    for n in range(_HOODS):
        kind = shops[n]
        if kind:
            kinds[kind] = kinds.get(kind, 0) + 1
        s = owned[n]
        if s >= 0:
            control[s] += 1
            mine[s].append(n)
            if kind:
                business[s] += 1
    if "jazz" in kinds or "nightclub" in kinds:
        clubs = kinds.get("jazz", 0) + kinds.get("nightclub", 0)
        kinds["jazz"] = kinds["nightclub"] = clubs
    profit_of = {k: _PROFIT[k][min(max(c, 1), 5) - 1] for k, c in kinds.items()}

    packed = _STARS_POWER.__getitem__
    money, votes, upgrades, crimes = state.money, state.votes, state.upgrades, state.crime
    metrics = []
    values = []
    for s in range(players):
        dist = state.dist[s]
        boss = state.boss_loc[s]
        boss_d = _TAG.get(boss, -1)
        on_board = 0
        presence = 0
        for d in range(_DISTRICTS):
            if dist[d]:
                presence |= 1 << d
                on_board += dist[d]
        if boss_d >= 0:
            presence |= 1 << boss_d
            on_board += 1
        for n in mine[s]:
            presence |= 1 << _HOOD_DISTRICT[n]
        home = state.home[s]
        hospital = state.hospital[s] + (boss == "hospital")
        stars, power = divmod(
            sum(
                map(
                    packed,
                    state.hand[s]
                    + state.deck[s]
                    + state.discard[s]
                    + state.plan[s]
                    + state.duration_cards[s],
                )
            ),
            256,
        )
        crime = crimes[s]
        metrics.append(
            (
                control[s],
                stars,
                business[s],
                votes[s],
                upgrades[s],
                on_board,
                crime,
                money[s],
                hospital,
            )
        )

        # Sales: the best price per good, along the presence chain from the Home District.
        level = _LEVELS[home][presence] if home >= 0 else _NO_LEVELS
        best_alc = best_guns = _AUTH_PRICE
        income = 0
        hoods = 0.0
        for n in mine[s]:
            price = _HOOD_PRICE[n] + _DISTANCE * level[_HOOD_DISTRICT[n]]
            kind = shops[n]
            if kind:
                income += profit_of[kind]
                if kind == "jazz":
                    price += _JAZZ
            if _HOOD_ALC[n] and price > best_alc:
                best_alc = price
            if _HOOD_GUNS[n] and price > best_guns:
                best_guns = price
            hoods += HOOD + 0.1 * price
        goods = SELL_SHARE * (
            best_alc * min(state.alcohol[s], MAX_GOODS) + best_guns * min(state.guns[s], MAX_GOODS)
        )

        ready = (
            state.hq[s]
            + state.underworld[s]
            + state.authorities[s]
            + state.job_thugs[s]
            + sum(state.deal_thugs[s])
            + (boss_d < 0 and boss not in ("hospital", "prison"))
        )
        figures = BOARD * on_board + READY * ready + HURT * (hospital + state.prison[s])

        risk = CRIME * crime + CRIME_HIGH * max(0, crime - 8)
        risk += GMEN * max(0, max(crime, state.crime_over[s]) - state.gmen_level)

        jobs = JOB_HELD * len(state.jobs[s])
        for jid in state.active_jobs[s]:
            needs = _JOB_NEEDS[jid]
            met = 0
            for kind, a, b in needs:
                if kind == "thugs":
                    met += dist[a] + (boss_d == a) >= b
                elif kind == "deliver":
                    met += (state.alcohol[s] if a else state.guns[s]) >= b
                elif kind == "control":
                    met += control[s] >= a
                elif kind == "crime_max":
                    met += crime <= a
                else:
                    met += crime >= a
            jobs += _JOB_WORTH[jid] * (JOB_ACTIVE + (1 - JOB_ACTIVE) * met / len(needs))

        potential = (
            PROFIT_SHARE * income * reorgs_left
            + goods
            + hoods
            + figures
            + UPGRADE * upgrades[s]
            + CARD_POWER * power
            + SNITCH * len(state.snitches[s])
            + BULLET * state.bullets[s]
            + STREET_GANG * len(state.street_gangs[s])
            + jobs
            + DEAL * (len(state.deals[s]) - 2)
        )
        value = money[s] + left * (potential - risk)
        if state.ring == s:
            value += RING_SHARE * D.RING[players] * turns_left
        values.append(value)

    _add_plan_power(state, values)
    _add_election(state, metrics, values, left)
    if state.automa >= 0:  # the player's edge over the solo gang
        edge = values[0] - values[state.automa]
        if _turn_underway(state):
            # The solo gang's turn happens inside the player's last move of his turn: a state
            # before that move must expect it, or ending the turn would look worse than any
            # move that puts it off. (At the start of his next turn it has happened.)
            edge -= _solo_turn_ahead(state)
        if state.tequila:
            edge -= DEATH * _death_risk(state)
        # An edge is far less sure with much of the game to play: a wider scale keeps the
        # odds from saturating early (then every move would look alike).
        return [edge / (SCALE * (1.0 + SOLO_DOUBT * left))]
    return [v / SCALE for v in values]


def turn_key(state) -> int:
    """Turns played: greedy looks no further than the end of its own turn (in the Solo Mode the
    solo gang's turn passes inside the player's last move, and he is to act again)."""
    return state.turns


def _turn_underway(state) -> bool:
    """The player has begun his turn (the solo gang's turn comes when it ends)."""
    if state.turn_seat == state.automa:
        return False
    phase = state.phase
    if phase == "plan":
        return bool(state.plan[0])
    if phase == "reorg":
        return bool(state.reorg_good or state.reorg_sold)
    return phase in ("actions", "order")


def _solo_turn_ahead(state) -> float:
    """What the solo gang's coming turn takes from the player's edge: its Reorganization is
    worked out (a sale per neighborhood, Business profit, the money it steals, which the player
    loses too); an Action turn is taken at its average."""
    if state.bag:
        return SOLO_TURN
    g = state.automa
    goods = [state.tokens] if state.tequila else [state.alcohol[g], state.guns[g]]
    prices = []
    for n in range(_HOODS):
        if state.control[n] == g and _HOOD_DISTRICT[n] != state.ness:
            prices.append((_HOOD_PRICE[n], _HOOD_ALC[n], _HOOD_GUNS[n]))
    gain = 0.0
    for price, alc, guns in sorted(prices, reverse=True):
        if state.tequila and goods[0]:
            goods[0] -= 1
        elif alc and goods[0]:
            goods[0] -= 1
        elif guns and not state.tequila and goods[1]:
            goods[1] -= 1
        else:
            continue
        gain += price
    gain += _profit(state, g)
    if not state.tequila:
        gain += 2 * min(state.money[0], _steal(state, g))
    return gain


def _profit(state, g) -> float:
    from famiglia.games.scarface_1920.rules.board import profit_of

    return profit_of(state, g)


def _steal(state, g) -> int:
    from famiglia.games.scarface_1920.rules.board import figures_in

    count = 0
    for d in range(_DISTRICTS):
        mine = figures_in(state, g, d)
        if mine and all(figures_in(state, o, d) <= mine for o in range(state.gangs) if o != g):
            count += 1
    return D.SOLO["steal"][count - 1] if count else 0


def _death_risk(state) -> float:
    """The chance that Tequila's next move lands on a Gunshot token while the player's
    Headquarters holds fewer figures than a gunshot hits (SF-T.2, SF-T.14); next News counted
    when an Extra! Extra! is near."""
    shots = len(state.news_seen) + (1 if state.time >= D.C["time_boxes"] - 1 else 0)
    ready = state.hq[0] + (state.boss_loc[0] == "hq")
    if ready >= shots:
        return 0.0
    near = D.ADJ[state.token]
    return sum(1 for d in near if not state.targets[d]) / len(near)


def _add_plan_power(state, values) -> None:
    """Muscle and influence of the acting gang's Plan that its Order may still spend."""
    phase = state.phase
    s = state.turn_seat
    if phase == "order":
        values[s] += POWER * (state.order_m + state.order_i)
    elif phase in ("plan", "actions") and not state.order_used:
        total = 0
        for c in state.plan[s]:
            total += _BOSS_POWER[state.boss_row[s] - 1] if _IS_BOSS[c] else _PLAN_POWER[c]
        values[s] += POWER * total


def _bonuses(cand: int, metrics: list) -> list[float]:
    """A Candidate's bonuses per seat, as the metrics stand (SF-12.2, SF-12.3)."""
    players = len(metrics)
    bonus = [0.0] * players
    for per, m, amount, desc in _CANDIDATE_BONUS[cand]:
        if per:
            for s in range(players):
                bonus[s] += amount * metrics[s][m]
        else:
            column = [row[m] for row in metrics]
            ordered = sorted(column, reverse=desc)
            places = len(amount)
            for s in range(players):
                better = ordered.index(column[s])  # tied seats share the best place
                if better < places:
                    bonus[s] += amount[better]
    return bonus


def _add_election(state, metrics, values, left: float) -> None:
    """The elected Candidate's bonuses, weighted by each Candidate's chance to win."""
    first, second = state.candidates
    a = _bonuses(first, metrics)
    b = _bonuses(second, metrics)
    lead = 0.0  # Votes for the first Candidate minus Votes for the second
    cast = state.votes_cast if state.phase == "election" else ()
    guessed = False
    for s in range(len(values)):
        choice = cast[s] if cast and cast[s] >= 0 else -1
        if s == state.automa:
            continue  # the solo gang votes at random (SF-S.25): no lead either way
        if choice < 0:  # not cast yet: the Candidate that pays this gang more
            guessed = True
            gain_a, gain_b = a[s], b[s]
            if state.automa >= 0:  # alone, the player backs what widens his edge most
                gain_a, gain_b = a[s] - a[state.automa], b[s] - b[state.automa]
            choice = 0 if gain_a > gain_b else 1 if gain_b > gain_a else -1
        if choice == 0:
            lead += state.votes[s]
        elif choice == 1:
            lead -= state.votes[s]
    spread = VOTE_SPREAD + VOTE_SPREAD_LEFT * left

    def odds(lead: float) -> float:
        if guessed:
            return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / spread))))
        # every choice is in (in this sample): the count decides, a tie is a coin flip
        return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5

    if state.automa >= 0 and (not cast or cast[state.automa] < 0):
        swing = state.votes[state.automa]  # its coin decides where its Votes go
        p = 0.5 * (odds(lead + swing) + odds(lead - swing))
    else:
        if state.automa >= 0:
            lead += state.votes[state.automa] * (1 if cast[state.automa] == 0 else -1)
        p = odds(lead)
    for s in range(len(values)):
        values[s] += p * a[s] + (1.0 - p) * b[s]


def _final(state) -> list[float]:
    """A finished game: its final money, the money behind the screen breaking ties."""
    result = state.result()
    return [
        (score + 0.01 * money) / SCALE
        for score, money in zip(result.scores, state.money[: state.players], strict=True)
    ]
