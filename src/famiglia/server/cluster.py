"""Alone or among other servers: the one interface through which the hub meets the others.

The hub holds one strategy and never asks which: `Alone` (SQLite, one server) or
`SharedDatabase` (shared.py: several servers on one PostgreSQL). Both have the methods of
`Cluster`; the hub calls them at the same points whatever the mode, and `Alone`'s answers are
those of a server that nobody else writes beside.

A strategy reaches back into the hub only through `TablesHub` (the tables it holds and the
calls that tell their listeners), so the modules import one way: hub -> shared -> cluster.
"""

from __future__ import annotations

from typing import Protocol

from .storage import Storage
from .tables import Table
from .timekeeper import Keeper


class TablesHub(Protocol):
    """What a strategy may use of the hub (hub.py)."""

    tables: dict[str, Table]
    storage: Storage
    keeper: Keeper  # the clocks: a table read again reads its clock too

    async def get(self, table_id: str) -> Table: ...
    def changed(self, table: Table) -> None: ...
    def seat_changed(self, table: Table, seat: int, new) -> None: ...
    def send_chat(self, table: Table, line: dict) -> None: ...
    def send_seats(self, table: Table) -> None: ...
    def table_closed(self, table: Table, reason: str) -> None: ...
    def schedule_bots(self, table: Table) -> None: ...


class Cluster(Protocol):
    """This server's place among the servers writing to its database."""

    @property
    def instance(self) -> int | None:
        """This server's number among the others (stored as a table's owner and with each
        move); None alone."""

    async def start(self) -> None:
        """Before the tables are rebuilt: joins the others."""

    async def begin(self) -> None:
        """Once the tables are rebuilt: starts hearing the others."""

    async def stop(self) -> None: ...

    def owns(self, table: Table) -> bool:
        """Whether this server plays the table's bots."""

    def note(self, event: str, table: Table | str, **extra) -> str | None:
        """A note for the other servers, sent with a write (None: nobody to tell)."""

    async def catch_up(self, table: Table) -> bool:
        """After a write lost a race (lock held): the table as the database has it. False when
        no other server can have written, so the lost race is a fault of the database."""

    async def recheck_seats(self, table: Table) -> bool:
        """For a token or claim code this server does not know: True if the table's seats were
        reread (another server may have just handed it out)."""

    def presence_changed(self, table: Table) -> None:
        """Who is connected here on this table changed."""

    def may_hold(self, owner: int | None, running: bool) -> None:
        """Raises (503) when this server must not load a table owned by `owner`."""

    async def tables_elsewhere(self, client_key: str) -> int:
        """The running tables made by this client that other servers hold."""


class Alone:
    """The only server writing to its database: nobody to tell, to follow or to race."""

    instance = None

    async def start(self) -> None:
        pass

    async def begin(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    def owns(self, table: Table) -> bool:
        return True

    def note(self, event: str, table: Table | str, **extra) -> None:
        return None

    async def catch_up(self, table: Table) -> bool:
        return False

    async def recheck_seats(self, table: Table) -> bool:
        return False

    def presence_changed(self, table: Table) -> None:
        pass

    def may_hold(self, owner: int | None, running: bool) -> None:
        pass

    async def tables_elsewhere(self, client_key: str) -> int:
        return 0
