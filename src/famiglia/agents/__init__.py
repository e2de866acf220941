"""Bots and the human player, made from specs like `random` or `ismcts:seconds=0.5`."""

from __future__ import annotations

import inspect

from .base import Agent, Info, info_for
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random import RandomAgent

__all__ = [
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "Info",
    "RandomAgent",
    "agent_names",
    "info_for",
    "make_agent",
]

_AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
}


def agent_names() -> list[str]:
    return [*_AGENTS, "human"]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'ismcts:seconds=0.5,iterations=200' -> ('ismcts', {'seconds': '0.5', ...})."""
    name, _, rest = spec.strip().partition(":")
    params = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"bot option {part!r} in {spec!r} must look like key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The bot a spec names; ValueError listing the known bots otherwise."""
    name, params = parse_spec(spec)
    cls = _AGENTS.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(_AGENTS)}")
    allowed = [p for p in inspect.signature(cls).parameters if p != "seed"]
    unknown = [key for key in params if key not in allowed]
    if unknown:
        known = ", ".join(allowed) or "none"
        raise ValueError(f"bot {name!r} has no option {unknown[0]!r}; options: {known}")
    try:
        return cls(seed=seed, **params)
    except TypeError as exc:
        raise ValueError(f"bad options for bot {name!r}: {exc}") from exc
