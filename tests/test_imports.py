"""No import circles in src, and no private names read across packages.

Every import counts, at module level or inside a function: a circle hidden in a function is
still two modules that cannot be understood, tested or moved one without the other. Each
game's rules are layered (docs/writing-a-game.md): none is left in any of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

# Circles allowed to remain (module names without "famiglia.games."), each with why.
ALLOWED_CIRCLES: dict[str, frozenset] = {}  # none left

# Private names read from another package, each with why it stays for now.
ALLOWED_PRIVATE: set = set()  # none left


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of src: name -> (file, is a package)."""
    found = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


def imports(name: str, path: Path, package: bool, known) -> list[tuple[str, str | None]]:
    """(module, name imported from it or None) for every import in the module, at any depth."""
    here = name if package else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                out.append((sub, None) if sub in known else (source, alias.name))
    return out


def graph() -> dict[str, set[str]]:
    known = modules()
    edges = {}
    for name, (path, package) in known.items():
        edges[name] = {m for m, _ in imports(name, path, package, known) if m in known} - {name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[frozenset]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index, low, on, stack, found = {}, {}, set(), [], []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_the_walk_finds_a_circle_through_a_function_level_import():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [frozenset("abc")]


def test_no_import_circles_but_the_listed_ones_in_the_games_rules():
    prefix = "famiglia.games."
    allowed = {frozenset(prefix + m for m in c) for c in ALLOWED_CIRCLES.values()}
    found = set(circles(graph()))
    new = [sorted(c) for c in found - allowed]
    assert not new, f"import circles: {new}"
    gone = [
        name for name, c in ALLOWED_CIRCLES.items() if frozenset(prefix + m for m in c) not in found
    ]
    assert not gone, f"these circles changed or are gone: update ALLOWED_CIRCLES: {gone}"


def area(module: str) -> str:
    """The package a module belongs to for this check: famiglia.games.<game>, or famiglia.<x>."""
    parts = module.split(".")
    return ".".join(parts[:3] if parts[:2] == ["famiglia", "games"] else parts[:2])


def private(name: str | None) -> bool:
    return bool(name) and name.startswith("_") and not name.startswith("__")


def test_no_private_names_read_across_packages():
    known = modules()
    found = set()
    for name, (path, package) in known.items():
        bound = {}  # a name this module binds to another module
        for source, imported in imports(name, path, package, known):
            if source in known and area(source) != area(name) and private(imported):
                found.add((name, f"{source}.{imported}"))
        tree = ast.parse(path.read_text())
        here = name if package else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.partition(".")[0]
                    bound[alias.asname or top] = alias.name if alias.asname else top
            elif isinstance(node, ast.ImportFrom):
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                source = ".".join(base + [node.module or ""]) if node.level else node.module
                for alias in node.names:
                    bound[alias.asname or alias.name] = f"{source.rstrip('.')}.{alias.name}"
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and bound.get(node.value.id) in known
                and private(node.attr)
                and area(bound[node.value.id]) != area(name)
            ):
                found.add((name, f"{bound[node.value.id]}.{node.attr}"))
    assert found <= ALLOWED_PRIVATE, sorted(found - ALLOWED_PRIVATE)
