"""A fair queue: items wait under a key (client, table) and are taken round-robin, first across
clients, then across one client's tables, first come first served within a table.

So a client who opens six tables of slow bots gets one turn in each round like any other
client, and its own tables share that turn; a table of quick bots beside them waits for at
most one decision of each other client, never for all of theirs.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque


class FairQueue:
    def __init__(self) -> None:
        # client -> table -> deque of (enqueued at, item); a client or table with nothing
        # waiting is removed, so the rotation only visits who waits.
        self.clients: OrderedDict[str, OrderedDict[str, deque]] = OrderedDict()
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def put(self, key: tuple, item) -> None:
        client, table = key
        tables = self.clients.setdefault(client, OrderedDict())
        tables.setdefault(table, deque()).append((time.monotonic(), item))
        self.count += 1

    def take(self):
        """The next item: the first client's first table's oldest; both then go to the back."""
        client, tables = next(iter(self.clients.items()))
        table, waiting = next(iter(tables.items()))
        _, item = waiting.popleft()
        self.count -= 1
        del tables[table]
        if waiting:
            tables[table] = waiting
        del self.clients[client]
        if tables:
            self.clients[client] = tables
        return item

    def discard(self, key: tuple, future) -> None:
        """Drops the item whose future is `future` (its caller gave up)."""
        client, table = key
        waiting = self.clients.get(client, {}).get(table)
        if not waiting:
            return
        for entry in list(waiting):
            if entry[1][0] is future:
                waiting.remove(entry)
                self.count -= 1
        if not waiting:
            del self.clients[client][table]
            if not self.clients[client]:
                del self.clients[client]

    def oldest_wait(self) -> float:
        """Seconds the longest-waiting item has waited (0 when none waits)."""
        if not self.count:
            return 0.0
        oldest = min(w[0][0] for tables in self.clients.values() for w in tables.values() if w)
        return time.monotonic() - oldest
