"""Rematch and seating (docs/server.md, "Rematch"): once a game is over, a player seated there
(or the table's creator) starts the same table again, once: the same game, options, bots and
names, seated the same way, swapped, or shuffled.

Who gets which secret: every human seat of the new table is an invited seat with a one-time
claim code. A player who held a seat of the old table fetches the code of their new seat with
their old seat's token (or, as a player, with their key: /api/me/rematches), and only that one;
an invited seat nobody had claimed gets its new code through the creator key, as at creation;
the new table's creator key goes to the old table's creator (their key, or the token of the seat
they sat at). The offer and each player's new seat are stored (rematch_store.py), the codes are
not: this server keeps the codes it made in memory for KEEP_SECONDS, and when it holds none (a
restart, another server, later) it makes the asking player a new code for their seat. The new
creator key is not stored and dies with a restart.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from sqlalchemy.exc import IntegrityError

from . import errors
from .errors import ApiError
from .limits import PerClient
from .rematch_store import fresh_code, pending_of, read_offer, seat_of_player, write_offer
from .seating import OPEN
from .security import token_matches
from .storage import StorageError
from .tables import Table, dumps, invite_url, table_url

log = logging.getLogger("famiglia.server")

SEATINGS = ("same", "swap", "shuffle")
KEEP_SECONDS = 24 * 3600  # how long the codes of a rematch are kept for its players
MAX_KEPT = 5_000  # rematches remembered at once (the oldest are forgotten first)

_system = secrets.SystemRandom()  # the operating system's randomness: a shuffle nobody foresees


def new_order(seating: str, players: int, shuffle=_system.shuffle) -> list[int]:
    """Where each old seat sits at the rematch: order[old] = new. "swap" swaps two players
    and moves every seat one on with more; "shuffle" draws any order, this one included."""
    if seating == "same":
        return list(range(players))
    if seating == "swap":
        return [(k + 1) % players for k in range(players)]
    if seating == "shuffle":
        order = list(range(players))
        shuffle(order)
        return order
    raise ApiError(
        422, f"seating is one of {', '.join(SEATINGS)}, not {str(seating)[:40]!r}", code="invalid"
    )


@dataclass
class Offer:
    """A rematch made: its table, and the secrets kept for the old table's players."""

    id: str
    url: str
    seating: str
    order: list[int]  # order[old seat] = new seat
    codes: dict[int, str]  # old seat (claimed there) -> claim code of its new seat
    invites: dict[int, str]  # new seat (invited, never claimed at the old table) -> claim code
    creator_key: str | None  # None once this server no longer holds it (a restart)
    names: list[str | None]
    at: float = field(default_factory=time.monotonic)
    seated: set[int] = field(default_factory=set)  # old seats (claimed) with a new seat
    invited: set[int] = field(default_factory=set)  # new seats for the creator's invitees
    made_here: bool = True  # False: another server's, found when this one tried to make it


class Rematches:
    """The rematches this server started, by old table id, each kept for KEEP_SECONDS."""

    def __init__(self, hub, clock=time.monotonic, shuffle=_system.shuffle) -> None:
        self.hub = hub
        self.clock = clock
        self.shuffle = shuffle
        self.offers: OrderedDict[str, Offer] = OrderedDict()
        self.lock = asyncio.Lock()  # two calls at once make one rematch
        self.asked = PerClient(30, "rematch codes asked for")

    def _offer(self, table_id: str) -> Offer | None:
        offer = self.offers.get(table_id)
        if offer is not None and self.clock() - offer.at > KEEP_SECONDS:
            del self.offers[table_id]
            return None
        return offer

    async def _find(self, table_id: str, base: str) -> Offer | None:
        """The table's rematch: from memory, else from the database (kept in memory then)."""
        offer = self._offer(table_id)
        if offer is not None:
            return offer
        try:
            found = await asyncio.to_thread(read_offer, self.hub.storage, table_id)
        except Exception as exc:  # noqa: BLE001
            raise ApiError(503, "the database cannot be read now; try again in a moment") from exc
        if found is None:
            return None
        row, seat_rows = found
        offer = Offer(
            row.new_table_id,
            table_url(base, row.new_table_id),
            row.seating,
            list(row.seat_order),
            {},
            {},
            None,
            list(row.names),
            seated={r.old_seat for r in seat_rows if r.old_seat is not None},
            invited={r.new_seat for r in seat_rows if r.old_seat is None},
        )
        offer.at = self.clock()
        self._keep(table_id, offer)
        return offer

    def _keep(self, table_id: str, offer: Offer) -> None:
        self.offers[table_id] = offer
        while len(self.offers) > MAX_KEPT:
            self.offers.popitem(last=False)

    async def _code(self, offer: Offer, old_seat: int) -> str | None:
        """The claim code of the new seat of `old_seat`: the one this server holds, else a new
        one (the seat's earlier code then stops working); None once the seat is taken."""
        if self._taken(offer, offer.order[old_seat]):
            return None
        code = offer.codes.get(old_seat)
        if code is None and old_seat in offer.seated:
            code = await fresh_code(self.hub, offer.id, offer.order[old_seat])
            if code is not None:
                offer.codes[old_seat] = code
        return code

    def _taken(self, offer: Offer, new_seat: int) -> bool:
        """The new seat is claimed already (as far as this server holds the new table): its
        code opens nothing any more and is not shown again."""
        table = self.hub.tables.get(offer.id)
        return table is not None and table.seats[new_seat].claimed

    async def _invite(self, offer: Offer, new_seat: int) -> str | None:
        if self._taken(offer, new_seat):
            return None
        code = offer.invites.get(new_seat)
        if code is None and new_seat in offer.invited:
            code = await fresh_code(self.hub, offer.id, new_seat)
            if code is not None:
                offer.invites[new_seat] = code
        return code

    def _who(self, table: Table, token: str | None) -> tuple[int | None, bool]:
        """(the old seat the token holds, whether it is the creator's) or a refusal."""
        if token is None:
            raise ApiError(
                401,
                "a rematch is for the table's players: send 'Authorization: Bearer TOKEN' with "
                "your seat's token",
            )
        seat = table.seat_of(token) if token else None
        creator = bool(token) and token_matches(token, table.creator_hash)
        if seat is None and not creator:
            raise ApiError(
                403,
                f"this token holds no seat at table {table.id}: only its players (their seat's "
                "token) or its creator (creator key) start or fetch a rematch; spectators watch",
            )
        creator = creator or (seat is not None and seat == table.creator_seat)
        return seat, creator

    async def start(self, table: Table, token: str | None, seating: str, base: str, client: str):
        """Makes the rematch of `table` (201), or answers the one made already (200)."""
        seat, creator = self._who(table, token)
        if table.closed and not table.over:
            raise ApiError(
                409, f"table {table.id} was closed before its end: no rematch", code=errors.CLOSED
            )
        if not table.over:
            raise ApiError(
                409, "a rematch starts once the game is over; finish it first", code=errors.NOT_OVER
            )
        async with self.lock:
            offer = await self._find(table.id, base)
            made = offer is None
            if made:
                offer = await self._make(table, seating, base, client)
                made = offer.made_here
            answer = await self.answer(offer, seat, creator, base, made)
        return (201 if made else 200), answer

    async def _make(self, table: Table, seating: str, base: str, client: str) -> Offer:
        players = len(table.seats)
        order = new_order(seating, players, self.shuffle)
        kinds: list[str] = [""] * players
        names: list[str | None] = [None] * players
        for old, s in enumerate(table.seats):
            new = order[old]
            names[new] = s.name if s.kind == "human" else None
            if s.kind != "human":
                kinds[new] = s.kind  # a bot keeps its level
            elif s.claimed or not s.open:
                kinds[new] = "human"  # a claim code for the player who sat there (or was invited)
            else:
                kinds[new] = OPEN  # open to the lobby and never taken: open again
        header = table.header
        game = table.game
        seed = secrets.randbits(63)
        try:
            state = game.new(header["players"], seed, **header["options"])
        except ValueError as exc:
            raise ApiError(409, f"the rematch could not be set up: {exc}") from exc
        clock = table.clock.spec if table.clock else None  # the same time control again
        made = await self.hub.seating.make(
            game,
            state,
            kinds,
            seed,
            header["options"],
            table.name,
            base,
            client,
            None,
            names,
            clock=clock,
            rated=table.rated,  # a rated table's rematch is rated too
        )
        claim = {e["seat"]: e["claim"] for e in made["seats"] if "claim" in e}
        codes, invites = {}, {}
        for old, s in enumerate(table.seats):
            if order[old] in claim:
                if s.claimed:
                    codes[old] = claim[order[old]]
                else:
                    invites[order[old]] = claim[order[old]]
        offer = Offer(
            made["id"],
            made["url"],
            seating,
            order,
            codes,
            invites,
            made["creator_key"],
            names,
            seated=set(codes),
            invited=set(invites),
        )
        offer.at = self.clock()
        self._keep(table.id, offer)
        try:  # stored, so a restart or another server still hands each player their seat
            await self.hub.storage._write(
                lambda conn: write_offer(conn, table.id, offer, table.seats)
            )
        except IntegrityError:
            return await self._lost_race(table, offer, base)
        except StorageError as exc:
            log.warning("the rematch of table %s was not stored: %s", table.id, exc)
        table.rematch = offer.id
        # Everyone watching hears of it; each player then fetches their own code.
        frame = dumps({"rematch": {"id": offer.id, "url": offer.url, "seating": seating}})
        for listener in list(table.listeners):
            listener.put(frame)
        return offer

    async def _lost_race(self, table: Table, offer: Offer, base: str) -> Offer:
        """Another server stored this table's rematch first: the one made here is closed (nobody
        has its codes yet) and the stored one is answered."""
        log.info("the rematch of table %s was made elsewhere first; %s closes", table.id, offer.id)
        self.offers.pop(table.id, None)
        mine = self.hub.tables.get(offer.id)
        if mine is not None:
            await self.hub.close_table(mine, "the rematch another server started first replaces it")
        stored = await self._find(table.id, base)
        if stored is None:  # (its row was there a moment ago)
            raise ApiError(503, "the rematch could not be read back now; try again")
        stored.made_here = False
        table.rematch = stored.id
        return stored

    async def answer(self, offer: Offer, seat, creator: bool, base: str, made: bool) -> dict:
        """What the caller may know: the new table, their own new seat and its code, and for
        the creator the new creator key and the codes of the seats nobody had claimed."""
        out = {
            "id": offer.id,
            "url": offer.url,
            "seating": offer.seating,
            "made": made,
            "order": offer.order,
            "names": offer.names,
        }
        if seat is not None:
            out["seat"] = offer.order[seat]
            code = await self._code(offer, seat)
            if code is not None:
                out["claim"] = code
                out["invite"] = invite_url(base, offer.id, code)
        if creator:
            if offer.creator_key is not None:
                out["creator_key"] = offer.creator_key
            invites = []
            for k in sorted(offer.invited):
                code = await self._invite(offer, k)
                if code is not None:
                    invites.append(
                        {"seat": k, "claim": code, "url": invite_url(base, offer.id, code)}
                    )
            out["invites"] = invites
        return out

    async def fetch(self, table: Table, token: str | None, base: str) -> dict:
        """The rematch of `table` as the token's holder may see it; 404 while there is none."""
        seat, creator = self._who(table, token)
        async with self.lock:
            offer = await self._find(table.id, base)
            if offer is not None:
                return await self.answer(offer, seat, creator, base, False)
        if table.rematch is not None:  # made here, but its row could not be stored
            raise ApiError(
                410,
                f"the rematch of table {table.id} is {table.rematch}, but this server no "
                "longer holds its codes; watch it and ask its creator for a link",
                code=errors.NO_REMATCH,
            )
        raise ApiError(
            404,
            f"table {table.id} has no rematch yet; a player seated there may start one "
            "once the game is over (POST to this address)",
            code=errors.NO_REMATCH,
        )

    # ----- a player's own rematch seats (/api/me/rematches) -------------------------------------
    async def pending(self, player_id: str, base: str) -> list[dict]:
        """The player's rematch seats nobody has claimed yet: the tables, no code."""
        try:
            rows = await asyncio.to_thread(pending_of, self.hub.storage, player_id)
        except Exception as exc:  # noqa: BLE001
            raise ApiError(503, "the database cannot be read now; try again in a moment") from exc
        return [
            {
                "id": r.new_table_id,
                "url": table_url(base, r.new_table_id),
                "after": r.table_id,
                "seat": r.new_seat,
                "game": r.game,
                "name": r.name,
                "seating": r.seating,
                "rated": r.rated,
            }
            for r in rows
        ]

    async def code_for_player(self, player_id: str, new_id: str, base: str, client: str) -> dict:
        """The claim code of the player's own seat at the rematch `new_id`."""
        self.asked.spend(client)
        try:
            row = await asyncio.to_thread(seat_of_player, self.hub.storage, new_id, player_id)
        except Exception as exc:  # noqa: BLE001
            raise ApiError(503, "the database cannot be read now; try again in a moment") from exc
        if row is None:
            raise ApiError(
                404,
                f"no rematch seat of yours at table {new_id[:40]!r}; GET /api/me/rematches "
                "lists yours",
                code=errors.NO_REMATCH,
            )
        async with self.lock:
            offer = await self._find(row.table_id, base)
            code = None if offer is None else await self._code(offer, row.old_seat)
        if code is None:
            raise ApiError(
                409,
                f"seat {row.new_seat} of table {new_id} was taken already, or the table is over",
            )
        return {
            "id": new_id,
            "url": table_url(base, new_id),
            "seat": row.new_seat,
            "claim": code,
            "invite": invite_url(base, new_id, code),
        }
