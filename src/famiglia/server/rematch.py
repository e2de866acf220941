"""Rematch and seating (docs/server.md, "Rematch"): once a game is over, a player seated there
(or the table's creator) starts the same table again, once: the same game, options, bots and
names, seated the same way, swapped, or shuffled.

Who gets which secret: every human seat of the new table is an invited seat with a one-time
claim code. A player who held a seat of the old table fetches the code of their new seat with
their old seat's token, and only that one; an invited seat nobody had claimed gets its new code
through the creator key, as at creation; the new table's creator key goes to the old table's
creator (their key, or the token of the seat they sat at). The codes are kept in this server's
memory only (the database keeps hashes), for KEEP_SECONDS, and die with a restart: a player who
comes later is told so and watches the new table, whose creator can hand the seat a new link.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from . import errors
from .errors import ApiError
from .seating import OPEN
from .security import token_matches
from .tables import Table, dumps, invite_url

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
    creator_key: str
    names: list[str | None]
    at: float = field(default_factory=time.monotonic)


class Rematches:
    """The rematches this server started, by old table id, each kept for KEEP_SECONDS."""

    def __init__(self, hub, clock=time.monotonic, shuffle=_system.shuffle) -> None:
        self.hub = hub
        self.clock = clock
        self.shuffle = shuffle
        self.offers: OrderedDict[str, Offer] = OrderedDict()
        self.lock = asyncio.Lock()  # two calls at once make one rematch

    def _offer(self, table_id: str) -> Offer | None:
        offer = self.offers.get(table_id)
        if offer is not None and self.clock() - offer.at > KEEP_SECONDS:
            del self.offers[table_id]
            return None
        return offer

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
            offer = self._offer(table.id)
            made = offer is None
            if made:
                offer = await self._make(table, seating, base, client)
        return (201 if made else 200), self.answer(offer, table, seat, creator, base, made)

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
            made["id"], made["url"], seating, order, codes, invites, made["creator_key"], names
        )
        offer.at = self.clock()
        self.offers[table.id] = offer
        while len(self.offers) > MAX_KEPT:
            self.offers.popitem(last=False)
        table.rematch = offer.id
        # Everyone watching hears of it; each player then fetches their own code.
        frame = dumps({"rematch": {"id": offer.id, "url": offer.url, "seating": seating}})
        for listener in list(table.listeners):
            listener.put(frame)
        return offer

    def answer(self, offer: Offer, table, seat, creator: bool, base: str, made: bool) -> dict:
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
            code = offer.codes.get(seat)
            if code is not None:
                out["claim"] = code
                out["invite"] = invite_url(base, offer.id, code)
        if creator:
            out["creator_key"] = offer.creator_key
            out["invites"] = [
                {"seat": k, "claim": c, "url": invite_url(base, offer.id, c)}
                for k, c in sorted(offer.invites.items())
            ]
        return out

    def fetch(self, table: Table, token: str | None, base: str) -> dict:
        """The rematch of `table` as the token's holder may see it; 404 while there is none."""
        seat, creator = self._who(table, token)
        offer = self._offer(table.id)
        if offer is None:
            if table.rematch is not None:
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
        return self.answer(offer, table, seat, creator, base, False)
