"""Ratings per game (openskill's Plackett-Luce model, as the arena's): one for each player and
each bot level, updated once when a rated table ends, by its standing: a seat that forfeited on
time is ranked last there (a forfeit table is rated like any other; an unrated one is not).

A table is rated inside the transaction that stores its end (storage.on_finish), so it is rated
exactly when it ends, by whichever server stored the end; the history's key (table, rater) is
a second guard. Each seat is its own team; a rater holding several seats (one bot level at two
seats) is rated from its rating before the game at each and keeps the mean, as in the arena.
"""

from __future__ import annotations

import logging

from sqlalchemy import desc, select, update
from sqlalchemy.exc import IntegrityError

from famiglia.agents.levels import levels

from .clocks import with_forfeits
from .storage import clocks, game_tables, now, players, rating_history, ratings, seats, utc

log = logging.getLogger("famiglia.server")

BOARD_SIZE = 100  # raters on a leaderboard
HISTORY_SIZE = 500  # rated tables on a player's page


def bot_rater(spec: str) -> str:
    """`bot:LEVEL` for a level's bot (easy, medium, hard), else `bot:SPEC`."""
    for name, level in levels().items():
        if level.spec == spec:
            return f"bot:{name}"
    return f"bot:{spec}"


def rater_of(seat) -> str | None:
    """Who a seat's result counts for: its player, or its bot; None for a human seat with no
    player (such a table is not rated)."""
    if seat.kind != "human":
        return bot_rater(seat.kind)
    return seat.player_id


def ordinal(mu: float, sigma: float) -> float:
    """The single number a leaderboard sorts by: mu minus three sigmas."""
    return mu - 3 * sigma


def _model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def _insert(conn, table):
    """An INSERT that skips rows already there, on SQLite and PostgreSQL alike."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert(table)


def rate_in(conn, table_id: str, result: dict) -> bool:
    """Rates a finished rated table inside `conn`'s transaction; False when it is not rated,
    was rated already, or a human seat has no player."""
    row = conn.execute(
        select(game_tables.c.game, game_tables.c.rated).where(game_tables.c.id == table_id)
    ).first()
    if row is None or not row.rated:
        return False
    done = conn.execute(
        select(rating_history.c.rater).where(rating_history.c.table_id == table_id).limit(1)
    ).first()
    if done is not None:
        return False
    seat_rows = conn.execute(
        select(seats.c.kind, seats.c.player_id)
        .where(seats.c.table_id == table_id)
        .order_by(seats.c.seat)
    ).all()
    labels = [rater_of(s) for s in seat_rows]
    places = list(standing(conn, table_id, result).get("ranking") or [])
    if None in labels or len(places) != len(labels):
        log.warning("table %s is rated but not every seat has a rater; not rated", table_id)
        return False
    model, game, at = _model(), row.game, now()
    # Each rater's row exists first (a new rater starts at the model's prior), then is locked,
    # in one order, so two tables ending at once on two servers update one after the other.
    conn.execute(
        _insert(conn, ratings)
        .values(
            [
                dict(game=game, rater=r, mu=model.mu, sigma=model.sigma, games=0, updated_at=at)
                for r in sorted(set(labels))
            ]
        )
        .on_conflict_do_nothing()
    )
    query = (
        select(ratings)
        .where(ratings.c.game == game, ratings.c.rater.in_(set(labels)))
        .order_by(ratings.c.rater)
    )
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    before = {r.rater: r for r in conn.execute(query).all()}
    teams = [[model.rating(mu=before[r].mu, sigma=before[r].sigma)] for r in labels]
    updated = model.rate(teams, ranks=places)
    sums: dict[str, list] = {}
    for label, (rating,), place in zip(labels, updated, places, strict=True):
        acc = sums.setdefault(label, [0.0, 0.0, 0, place])
        acc[0] += rating.mu
        acc[1] += rating.sigma
        acc[2] += 1
        acc[3] = min(acc[3], place)
    for label, (mu, sigma, n, place) in sums.items():
        mu, sigma = mu / n, sigma / n
        conn.execute(
            update(ratings)
            .where(ratings.c.game == game, ratings.c.rater == label)
            .values(mu=mu, sigma=sigma, games=before[label].games + 1, updated_at=at)
        )
        conn.execute(
            rating_history.insert().values(
                table_id=table_id,
                rater=label,
                game=game,
                place=place,
                mu=mu,
                sigma=sigma,
                rated_at=at,
            )
        )
    return True


def standing(conn, table_id: str, result: dict) -> dict:
    """The result a table is rated by: the game's own, with the seats that forfeited on time
    ranked last (clocks.with_forfeits), as the table's end screen shows it. Their forfeit was
    stored at the time-out, before the end, so it is read in the end's transaction."""
    state = conn.execute(select(clocks.c.state).where(clocks.c.table_id == table_id)).scalar()
    if not state:
        return result
    forfeits = [i for i, s in enumerate(state.get("seats", [])) if len(s) > 3 and s[3]]
    return with_forfeits(result, forfeits) if forfeits else result


def rate_table(storage, table_id: str, result: dict) -> bool:
    """Rates a table that ended other than by a stored move (its own transaction; blocking).
    False when it was rated already, here or by another server at the same moment (whose
    history rows took the key first)."""
    try:
        with storage.engine.begin() as conn:
            return rate_in(conn, table_id, result)
    except IntegrityError:
        return False


def rating_json(mu: float, sigma: float) -> dict:
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(ordinal(mu, sigma), 3)}


def leaderboard(storage, game: str) -> list[dict]:
    """The game's raters, best first: players by their public id and name, bots by level."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(ratings, players.c.name)
            .outerjoin(players, players.c.id == ratings.c.rater)
            .where(ratings.c.game == game)
            .order_by(desc(ratings.c.mu - 3 * ratings.c.sigma), ratings.c.rater)
            .limit(BOARD_SIZE)
        ).all()
    out = []
    for rank, row in enumerate(rows, 1):
        bot = row.rater.startswith("bot:")
        entry = {
            "rank": rank,
            "kind": "bot" if bot else "player",
            "id": None if bot else row.rater,
            "name": f"{row.rater[4:]} bot" if bot else row.name,
            "rater": row.rater,
            "games": row.games,
        }
        out.append(entry | rating_json(row.mu, row.sigma))
    return out


def of_player(storage, player_id: str) -> tuple[list[dict], list[dict]]:
    """A player's rating in each game they were rated in, and their history, oldest first."""
    with storage.engine.connect() as conn:
        current = conn.execute(
            select(ratings).where(ratings.c.rater == player_id).order_by(ratings.c.game)
        ).all()
        history = conn.execute(
            select(rating_history)
            .where(rating_history.c.rater == player_id)
            .order_by(desc(rating_history.c.rated_at))
            .limit(HISTORY_SIZE)
        ).all()
    return (
        [{"game": r.game, "games": r.games} | rating_json(r.mu, r.sigma) for r in current],
        [
            {
                "game": h.game,
                "table": h.table_id,
                "place": h.place,
                "at": utc(h.rated_at).isoformat(),
            }
            | rating_json(h.mu, h.sigma)
            for h in reversed(history)
        ],
    )
