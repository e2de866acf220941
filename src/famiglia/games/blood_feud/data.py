"""The material: the board and the price lists, loaded once from board.toml and data.toml and
checked.

Spaces are numbered in file order; the rules work on these numbers and the adjacency tables
below, all precomputed at import.
"""

from __future__ import annotations

import tomllib
from collections import deque
from pathlib import Path

_HERE = Path(__file__).resolve().parent
TYPES = ("district", "park", "airport", "water")
BOROUGHS = ("Manhattan", "Bronx", "Queens", "Brooklyn", "Staten Island", "New Jersey")


def _load(name: str) -> dict:
    with (_HERE / name).open("rb") as fh:
        return tomllib.load(fh)


BOARD = _load("board.toml")
DATA = _load("data.toml")


def validate(board: dict) -> None:
    """ValueError naming the first thing wrong with a board description."""
    names = [s["name"] for s in board["spaces"]]
    if len(set(names)) != len(names):
        raise ValueError("a space name is used twice")
    known = set(names)
    kind = {s["name"]: s["type"] for s in board["spaces"]}
    for s in board["spaces"]:
        if s["type"] not in TYPES:
            raise ValueError(f"{s['name']}: unknown type {s['type']!r}")
        if s["type"] != "water" and s["borough"] not in BOROUGHS:
            raise ValueError(f"{s['name']}: unknown borough {s['borough']!r}")
        if len(s["at"]) != 2 or not all(0 <= v <= 100 for v in s["at"]):
            raise ValueError(f"{s['name']}: position must be two numbers in 0..100")
    pairs = set()
    for a, b in board["borders"]:
        if a not in known or b not in known or a == b:
            raise ValueError(f"bad border {a!r} - {b!r}")
        if frozenset((a, b)) in pairs:
            raise ValueError(f"border {a} - {b} is listed twice")
        pairs.add(frozenset((a, b)))
    for br in board["bridges"]:
        a, b = br["a"], br["b"]
        if a not in known or b not in known or "water" in (kind[a], kind[b]):
            raise ValueError(f"bridge {br['name']} must join two land spaces")
        if frozenset((a, b)) in pairs:
            raise ValueError(f"bridge {br['name']} joins spaces that already border")
    for a, b in board["corners"]:
        if a not in known or b not in known:
            raise ValueError(f"corner names an unknown space: {a!r} / {b!r}")
        if frozenset((a, b)) in pairs or any(
            frozenset((br["a"], br["b"])) == frozenset((a, b)) for br in board["bridges"]
        ):
            raise ValueError(f"{a} and {b} meet at a corner and must not be adjacent")
    for borough, star in board["stars"].items():
        if borough not in BOROUGHS or star not in known:
            raise ValueError(f"bad star {borough} = {star}")
        space = next(s for s in board["spaces"] if s["name"] == star)
        if space["type"] != "district" or space["borough"] != borough:
            raise ValueError(f"the {borough} star must be a district of {borough}")
    if set(board["stars"]) != set(BOROUGHS):
        raise ValueError("one star per borough and New Jersey is needed")


validate(BOARD)

SPACES = BOARD["spaces"]
N = len(SPACES)
NAMES = tuple(s["name"] for s in SPACES)
INDEX = {name: i for i, name in enumerate(NAMES)}
TYPE = tuple(s["type"] for s in SPACES)
BOROUGH = tuple(s["borough"] for s in SPACES)
POS = tuple(tuple(s["at"]) for s in SPACES)
IS_DISTRICT = tuple(t == "district" for t in TYPE)
IS_WATER = tuple(t == "water" for t in TYPE)
IS_AIRPORT = tuple(t == "airport" for t in TYPE)
DISTRICTS = tuple(i for i in range(N) if IS_DISTRICT[i])
STARS = {borough: INDEX[name] for borough, name in BOARD["stars"].items()}
BRIDGES = tuple((br["name"], INDEX[br["a"]], INDEX[br["b"]]) for br in BOARD["bridges"])
CORNERS = tuple((INDEX[a], INDEX[b]) for a, b in BOARD["corners"])
MANHATTAN = tuple(i for i in DISTRICTS if BOROUGH[i] == "Manhattan")


def _tables():
    land = [set() for _ in range(N)]  # on foot: land borders and bridges
    water = [set() for _ in range(N)]  # a speedboat afloat
    shore = [set() for _ in range(N)]  # land <-> water
    for a, b in BOARD["borders"]:
        i, j = INDEX[a], INDEX[b]
        if IS_WATER[i] and IS_WATER[j]:
            water[i].add(j)
            water[j].add(i)
        elif IS_WATER[i] or IS_WATER[j]:
            shore[i].add(j)
            shore[j].add(i)
        else:
            land[i].add(j)
            land[j].add(i)
    for _name, i, j in BRIDGES:
        land[i].add(j)
        land[j].add(i)
    limo = [{j for j in land[i] if IS_DISTRICT[j]} if IS_DISTRICT[i] else set() for i in range(N)]
    air = [land[i] | water[i] | shore[i] for i in range(N)]

    def frozen(table):
        return tuple(tuple(sorted(s)) for s in table)

    return frozen(land), frozen(limo), frozen(water), frozen(shore), frozen(air)


LAND, LIMO, WATER, SHORE, AIR = _tables()


def distances(adj, start: int) -> list[int]:
    """Steps from `start` to every space along `adj` (-1: unreachable)."""
    dist = [-1] * N
    dist[start] = 0
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for j in adj[i]:
            if dist[j] < 0:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


AIR_DIST = tuple(tuple(distances(AIR, i)) for i in range(N))
# Every space by flying distance from each space, nearest first: a helicopter looks for the
# nearest place to land.
AIR_NEAREST = tuple(
    tuple(sorted((j for j in range(N) if AIR_DIST[i][j] >= 0), key=lambda j, i=i: AIR_DIST[i][j]))
    for i in range(N)
)
# A speedboat's moves: afloat to water or a shore; docked, back onto the water it is docked on
# (its shore, kept with the boat: vehicles.boat_ways), one of these (BF-6.5).
BOAT = tuple(WATER[i] + SHORE[i] if IS_WATER[i] else SHORE[i] for i in range(N))
# Afloat: a land space is where a boat docks, and it leaves it only by the water it came from,
# so no shortest way crosses land: land ends the way.
AFLOAT = tuple(WATER[i] + SHORE[i] if IS_WATER[i] else () for i in range(N))
# How far each vehicle must go to reach a space (-1: never), to offer only vehicles in range.
# A docked speedboat's reach is one more than its shore's (combined.bring_groups).
REACH = {
    "limousine": tuple(tuple(distances(LIMO, i)) for i in range(N)),
    "speedboat": tuple(tuple(distances(AFLOAT, i)) for i in range(N)),
    "helicopter": AIR_DIST,
}

PIECES = DATA["pieces"]
PERSONNEL = ("thug", "henchman", "hitman", "family", "boss")  # least to most important
VEHICLES = ("limousine", "speedboat", "helicopter")
RANK = {k: r for r, k in enumerate(PERSONNEL)}
MOVE = {k: v["move"] for k, v in PIECES.items()}
ATTACK = {k: v["attack"] for k, v in PIECES.items()}
COST = {k: v["cost"] for k, v in PIECES.items()}
POOL = {k: v["pool"] for k, v in PIECES.items()}
CARRIES = {k: v["carries"] for k, v in PIECES.items()}
BUILDINGS = DATA["buildings"]
MONEY = DATA["money"]
SETUP = DATA["setup"]
if set(PIECES) != set(PERSONNEL) | set(VEHICLES):
    raise ValueError("data.toml must describe exactly the personnel and vehicle kinds")
if set(BUILDINGS) != {"illicit", "precinct", "penthouse"}:
    raise ValueError("data.toml must describe the three buildings")
