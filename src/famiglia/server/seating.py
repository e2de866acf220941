"""Who sits where: making a table, invite links and their one-time claim codes, seats open to
the lobby and the creator's changes of seats (the rematch: rematch.py).

Every secret has one holder. The creator gets the token of their own seat, a claim code for
each invited friend's seat (to pass on as the invite link) and the creator key; a friend who
opens the link exchanges the code for a fresh token that only their browser holds, and the code
dies. A seat the creator opened to the lobby is taken by whoever joins it first. The database
keeps only hashes.
"""

from __future__ import annotations

import logging
import secrets

import famiglia
from famiglia.core.text import plural

from .clocks import ClockSpec, TableClock, parse_clock
from .errors import PLAYER_NEEDED, ApiError
from .limits import Limits
from .security import client_key, hash_token, new_claim, new_token, token_matches
from .storage import StorageError, StoredSeat, StoredTable, now
from .tables import Table, guarded, invite_url, table_url
from .webhooks import check as check_webhook
from .webhooks import store as store_webhook

log = logging.getLogger("famiglia.server")

OPEN = "open"  # a seat kind in a request: a human seat anyone in the lobby may join


def is_human(spec: str) -> bool:
    return spec in ("human", OPEN)


def check_unique(names: list[str | None]) -> None:
    """Two seats of one table never share a name (one could pass for the other)."""
    seen = set()
    for name in names:
        if name is None:
            continue
        if name.casefold() in seen:
            raise ApiError(409, f"the name {name!r} is taken at this table; choose another")
        seen.add(name.casefold())


class Seating:
    def __init__(self, hub, limits: Limits) -> None:
        self.hub = hub
        self.limits = limits

    # ----- a new table ---------------------------------------------------------------------------
    async def create(self, request, base: str, client: str, creator_seat=..., player=None) -> dict:
        """Makes the table `request` asks for (NewTable). `creator_seat`: the seat the creator
        takes (None: none; left out: the first invited human seat); `player`: the creator's
        player (players.py), who then holds that seat."""
        hub = self.hub
        game = self._game(request.game)
        if len(request.seats) != request.players:
            raise ApiError(
                400,
                f"seats names {plural(len(request.seats), 'seat')} but players is {request.players}",
            )
        kinds, names = [], []
        for seat, given in enumerate(request.seats):
            spec = (given if isinstance(given, str) else given.kind).strip()
            name = None if isinstance(given, str) else given.name
            try:
                kinds.append(spec if is_human(spec) else hub.bots.check(spec))
            except ValueError as exc:
                raise ApiError(400, f"seat {seat}: {exc}; or human, or open") from exc
            if name is not None and not is_human(spec):
                raise ApiError(
                    422,
                    f"seat {seat}: only a human seat takes a name (a bot is named by its level)",
                )
            names.append(name)
        check_unique(names)
        if creator_seat is ...:
            creator_seat = next((i for i, k in enumerate(kinds) if k == "human"), None)
        elif creator_seat is not None and not (
            0 <= creator_seat < len(kinds) and is_human(kinds[creator_seat])
        ):
            humans = [i for i, k in enumerate(kinds) if is_human(k)]
            raise ApiError(
                400,
                f"creator_seat must be a human seat ({', '.join(map(str, humans)) or 'none'}) "
                "or null for none",
            )
        seed = request.seed if request.seed is not None else secrets.randbits(63)
        try:
            options = game.resolve_options(request.options, typed=True)
            state = game.new(request.players, seed, **options)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from exc
        name = (request.name or "").strip() or game.title
        clock = parse_clock(request.clock)
        rated = getattr(request, "rated", False)
        if rated and creator_seat is not None and player is None:
            raise ApiError(
                403,
                "at a rated table every person plays as a player: send your player key as "
                "'X-Player: PLAYER_KEY' (POST /api/players makes one), or take no seat",
                code=PLAYER_NEEDED,
            )
        if player is not None and creator_seat is not None and names[creator_seat] is None:
            # the player's own name, unless another is given or a seat has it already
            taken = {n.casefold() for n in names if n}
            if player.name and player.name.casefold() not in taken:
                names[creator_seat] = player.name
        return await self.make(
            game,
            state,
            kinds,
            seed,
            options,
            name,
            base,
            client,
            creator_seat,
            names,
            player_id=player.id if player is not None and creator_seat is not None else None,
            rated=rated,
            clock=clock,
        )

    async def make(
        self,
        game,
        state,
        kinds,
        seed,
        options,
        name,
        base,
        client,
        creator_seat,
        names=None,
        clock: ClockSpec | None = None,
        player_id=None,
        rated=False,
    ):
        """Stores a new table and answers its creator: one secret for each seat they hand out.
        The limits are checked and the place taken before anything waits, so two requests at
        once cannot both take the last place."""
        hub = self.hub
        key = client_key(client)
        elsewhere = await hub.cluster.tables_elsewhere(key)  # several servers: theirs count too
        release = self.limits.reserve(client, key, hub, elsewhere)
        try:
            secrets_of: list[tuple[str, str] | None] = []  # per seat: ("token"|"claim", secret)
            seats = []
            names = names or [None] * len(kinds)
            for seat, kind in enumerate(kinds):
                if seat == creator_seat:
                    token = new_token()
                    secrets_of.append(("token", token))
                    seats.append(
                        StoredSeat(
                            "human", hash_token(token), True, name=names[seat], player_id=player_id
                        )
                    )
                elif kind == "human":
                    code = new_claim()
                    secrets_of.append(("claim", code))
                    seats.append(
                        StoredSeat("human", None, False, hash_token(code), name=names[seat])
                    )
                elif kind == OPEN:
                    secrets_of.append(None)
                    seats.append(StoredSeat("human", None, False, None, True, names[seat]))
                else:
                    secrets_of.append(None)
                    seats.append(StoredSeat(kind, None, True))
            creator = new_token()
            stored = StoredTable(
                id=secrets.token_urlsafe(8),
                game=game.name,
                players=len(kinds),
                seed=seed,
                options=options,
                agents=["human" if is_human(k) else k for k in kinds],
                version=famiglia.__version__,
                name=name,
                creator_hash=hash_token(creator),
                created_at=now(),
                owner=hub.cluster.instance,
                seats=seats,
                creator_client=key,
                creator_seat=creator_seat,
                rated=rated,
            )
            table_clock, write_clock = self._clock(clock, stored, state)
            try:
                await hub.storage.create_table(
                    stored, hub.note("table", stored.id), also=write_clock
                )
            except StorageError as exc:
                log.warning("table %s not saved: %s", stored.id, exc)
                raise ApiError(
                    503, "the database could not save the table now; nothing was made, try again"
                ) from exc
            table = Table.from_stored(game, stored, state)
            table.clock, table.clock_source = table_clock, hub.keeper.source
            table.seen_at = hub.keeper.now()
            hub.tables[table.id] = table
        finally:
            release()
        hub.schedule_bots(table)
        out = []
        for seat, (kind, secret) in enumerate(zip(kinds, secrets_of, strict=True)):
            entry = {"seat": seat, "kind": "human" if is_human(kind) else kind}
            if names[seat] is not None:
                entry["name"] = names[seat]
            if kind == OPEN and seat != creator_seat:
                entry["open"] = True
            if secret and secret[0] == "token":
                entry |= {"token": secret[1], "url": table_url(base, table.id)}
            elif secret:
                entry |= {"claim": secret[1], "url": invite_url(base, table.id, secret[1])}
            out.append(entry)
        made = {
            "id": table.id,
            "seats": out,
            "url": table_url(base, table.id),
            "creator_seat": creator_seat,
            "creator_key": creator,
        }
        return made | {"rated": True} if rated else made

    def _clock(self, spec: ClockSpec | None, stored: StoredTable, state):
        """A new table's clocks and their write (None, None: no clock); they start at once
        when no human seat waits for its player."""
        if spec is None:
            return None, None
        from .timekeeper import all_seated, humans, write_clock

        clock = TableClock.new(spec, len(stored.seats))
        if all_seated(stored):
            clock.start(state.seats_to_act(), humans(stored), self.hub.keeper.now())
        return clock, write_clock(stored.id, clock)

    def _game(self, name: str):
        try:
            return famiglia.load(name)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from exc

    # ----- taking a seat ---------------------------------------------------------------------------
    async def claim(
        self,
        table: Table,
        code: str,
        name: str | None = None,
        webhook=None,
        base: str = "",
        player=None,
    ) -> dict:
        """Exchanges an invite link's claim code for the seat's token, once (and keeps the
        player's webhook, checked first: webhooks.py)."""
        hub = self.hub
        webhook = await check_webhook(webhook, hub.settings)
        seat = table.seat_claimed_by(code)
        if seat is None and await hub.cluster.recheck_seats(table):
            seat = table.seat_claimed_by(code)  # issued by another server a moment ago
        if seat is None:
            raise ApiError(
                403,
                f"this invite link opens no seat at table {table.id}: it was used already, or "
                "the creator replaced it with a new one; ask the creator for a new link, or watch",
            )
        answer = await guarded(self._claim(table, seat, code, name, webhook, base, player))
        await self.hub.keeper.settle(table)
        return answer

    async def _claim(self, table: Table, seat: int, code: str, name, webhook, base, player) -> dict:
        async with table.lock:
            self._check_open(table)
            current = table.seats[seat]
            if current.claimed or not token_matches(code, current.claim_hash):
                raise ApiError(403, "this invite link was used a moment ago; it works once")
            self._check_player(table, player)
            return await self._seat_human(table, seat, name, webhook, base, player)

    async def join(
        self,
        table: Table,
        wanted: int | None,
        name: str | None = None,
        webhook=None,
        base="",
        player=None,
    ) -> dict:
        webhook = await check_webhook(webhook, self.hub.settings)
        answer = await guarded(self._join(table, wanted, name, webhook, base, player))
        await self.hub.keeper.settle(table)
        return answer

    async def _join(self, table: Table, wanted: int | None, name, webhook, base, player) -> dict:
        async with table.lock:
            self._check_open(table)
            self._check_player(table, player)
            free = table.free_seats()
            free_text = ", ".join(map(str, free)) or "none"
            if wanted is None:
                if not free:
                    raise ApiError(
                        409,
                        f"table {table.id} has no seat open to the lobby; its other seats are "
                        "taken or kept for the players its creator invited",
                    )
                wanted = free[0]
            elif not 0 <= wanted < len(table.seats):
                raise ApiError(400, f"seat must be between 0 and {len(table.seats) - 1}")
            elif wanted not in free:
                current = table.seats[wanted]
                if current.kind != "human":
                    why = f"is played by the bot {current.kind}"
                elif not current.claimed:
                    raise ApiError(
                        403,
                        f"seat {wanted} is kept for the player the creator invited (their link "
                        f"opens it); seats open to the lobby: {free_text}",
                    )
                else:
                    why = "is taken"
                raise ApiError(409, f"seat {wanted} {why}; seats open to the lobby: {free_text}")
            return await self._seat_human(table, wanted, name, webhook, base, player)

    async def _seat_human(self, table: Table, seat: int, name, webhook, base, player) -> dict:
        """Gives `seat` to the person claiming or joining it (under the table's lock): its name
        (theirs, else the seat's, else one made for them), a new token, their webhook."""
        name = name or table.seats[seat].name or own_name(table, seat, player)
        check_unique([*(s.name for i, s in enumerate(table.seats) if i != seat), name])
        token = new_token()
        stored = StoredSeat(
            "human", hash_token(token), True, name=name, player_id=player and player.id
        )
        await self.hub.set_seat(table, seat, stored)
        table.active_at = now()
        await store_webhook(self.hub, table, seat, webhook, table_url(base, table.id))
        return {"seat": seat, "token": token, "name": name}

    def _check_player(self, table: Table, player) -> None:
        """A rated table's seat goes to a player, and to one seat of theirs only (else one
        person could play two seats' ratings)."""
        if not table.rated:
            return
        if player is None:
            raise ApiError(
                403,
                "this table is rated: take its seat as a player, sending your player key as "
                "'X-Player: PLAYER_KEY' (POST /api/players makes one)",
                code=PLAYER_NEEDED,
            )
        if any(s.player_id == player.id for s in table.seats):
            raise ApiError(409, "you hold a seat at this rated table already; one is yours")

    def _check_open(self, table: Table) -> None:
        if table.closed:
            raise ApiError(409, f"table {table.id} was closed: {table.closed}")
        if table.over:
            raise ApiError(409, "the game is over; there is no seat to take, but you may watch")

    # ----- the creator's changes -------------------------------------------------------------------
    def check_creator(self, table: Table, key: str | None) -> None:
        if not key or not token_matches(key, table.creator_hash):
            raise ApiError(
                403,
                "only the table's creator may do this: send 'Authorization: Bearer CREATOR_KEY' "
                "with the creator_key the table's creation answered",
            )

    async def change_seat(self, table: Table, key: str | None, seat: int, kind: str, base):
        """The creator hands a seat to a bot, to a new invite link (the seat's old token and
        link stop working: a friend moving to a new device), or opens it to the lobby."""
        self.check_creator(table, key)
        if not 0 <= seat < len(table.seats):
            raise ApiError(400, f"seat must be between 0 and {len(table.seats) - 1}")
        kind = kind.strip()
        if not is_human(kind):
            try:
                kind = self.hub.bots.check(kind)
            except ValueError as exc:
                raise ApiError(400, f"{exc}; or human (a new invite link), or open") from exc
        answer = await guarded(self._change_seat(table, seat, kind, base))
        await self.hub.keeper.settle(table)
        return answer

    async def _change_seat(self, table: Table, seat: int, kind: str, base: str) -> dict:
        hub = self.hub
        code = None
        async with table.lock:
            if table.closed or table.over:
                raise ApiError(409, "the table is over or closed; its seats no longer change")
            current = table.seats[seat]
            if kind == "human":  # the same friend on a new device: their name stays
                code = new_claim()
                new = StoredSeat("human", None, False, hash_token(code), name=current.name)
            elif kind == OPEN:
                new = StoredSeat("human", None, False, None, True)
            else:
                if current.kind == "human" and table.present(seat):
                    raise ApiError(
                        409,
                        f"seat {seat}'s player is connected; a seat goes to a bot only when "
                        "its player has left",
                    )
                new = StoredSeat(kind, None, True)
            await hub.set_seat(table, seat, new)
            await store_webhook(hub, table, seat, None, "")  # the old player's: not the next's
            task = table.thinking.pop(seat, None)
            if task is not None:
                task.cancel()
        hub.schedule_bots(table)
        out = {"seat": seat, "kind": "human" if is_human(kind) else kind}
        if code:
            out |= {"claim": code, "url": invite_url(base, table.id, code)}
        if kind == OPEN:
            out["open"] = True
        return out


def creator_player(table: Table) -> str | None:
    seat = table.creator_seat
    return table.seats[seat].player_id if seat is not None else None


def own_name(table: Table, seat: int, player) -> str | None:
    """A player's own name for a seat they take without giving one; None when another seat of
    the table has it (the seat is taken all the same, nameless, rather than refused)."""
    if player is None or not player.name:
        return None
    others = {s.name.casefold() for i, s in enumerate(table.seats) if i != seat and s.name}
    return None if player.name.casefold() in others else player.name
