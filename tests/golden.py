"""Golden digests: fixed-seed random games whose every step is hashed, so that a change meant to
make a game faster (not different) can prove it plays exactly as before.

A game's digest covers each decision's whole legal-action list, in order, the move chosen from it
and the final saved state (narration included). Every 41 moves the game goes on from a clone, so
the clone must carry everything too. The digests were written by the code before the speed work
(Blood Feud: main after the rules fixes of issue 13, BF-7.3 and BF-8.4; Scarface 1920: main
after issue 17, its Solo Mode and Tequila; The Mob, Cash 'n Guns and Unfinished Business: main
before the one-shape restructuring of issue 36); a deliberate rules change alters them: regenerate with

    python -m tests.golden GAME --write

and say so in the commit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import famiglia
from famiglia.core.rng import Rng

HERE = Path(__file__).resolve().parent / "golden"

# (players, options) played for each seed, per game; a few seeds each.
CASES = {
    "blood-feud": [
        (2, {}),
        (3, {}),
        (4, {}),
        (5, {}),
        (6, {}),
        (3, {"take_manhattan": True}),
        (4, {"take_manhattan": True}),
        (4, {"max_rounds": 8}),
        (6, {"max_rounds": 5}),
    ],
    "scarface-1920": [
        (2, {}),
        (3, {}),
        (4, {}),
        (1, {"solo": True}),
        (2, {"tequila": True}),
        (3, {"tequila": True}),
        (4, {"tequila": True}),
        (1, {"solo": True, "tequila": True}),
        (3, {"max_turns": 30}),
    ],
    "the-mob": [
        (3, {}),
        (4, {}),
        (6, {}),
        (5, {"strict_stakes": True}),
        (4, {"max_years": 3}),
    ],
    "cash-n-guns": [
        (4, {}),
        (6, {}),
        (8, {}),
        (9, {"teams": True}),
        (5, {"surprises": True}),
        (6, {"teams": True}),
        (8, {"teams": True, "mercenaries": True}),
        (6, {"teams": True, "mercenaries": True, "first_game": True}),
    ],
    "unfinished-business": [
        (2, {}),
        (3, {}),
        (4, {}),
        (6, {}),
    ],
}


def digest(name: str, players: int, seed: int, options: dict) -> tuple[str, int]:
    """(hex digest, moves played) of the random game `seed` (moves chosen by Rng(seed))."""
    game = famiglia.load(name)
    state = game.new(players, seed, **options)
    chooser = Rng(seed)
    h = hashlib.sha256()
    moves = 0
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        pick = chooser.below(len(legal))
        h.update(f"{seat}|{'|'.join(a.text for a in legal)}|{pick}\n".encode())
        state.apply(seat, legal[pick])
        moves += 1
        if moves % 41 == 0:
            state = state.clone()
    h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return h.hexdigest(), moves


def load(name: str) -> list[dict]:
    return json.loads((HERE / f"{name}.json").read_text())


def generate(name: str, seeds: int) -> list[dict]:
    out = []
    for seed in range(seeds):
        for players, options in CASES[name]:
            hexdigest, moves = digest(name, players, seed, options)
            out.append(
                {
                    "players": players,
                    "seed": seed,
                    "options": options,
                    "moves": moves,
                    "digest": hexdigest,
                }
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--seeds", type=int, default=34)
    parser.add_argument("--write", action="store_true", help="write tests/golden/GAME.json")
    args = parser.parse_args()
    rows = generate(args.game, args.seeds)
    if args.write:
        HERE.mkdir(exist_ok=True)
        text = "[\n" + ",\n".join(json.dumps(r, sort_keys=True) for r in rows) + "\n]\n"
        (HERE / f"{args.game}.json").write_text(text)
    else:
        stored = {(r["players"], r["seed"], json.dumps(r["options"])): r for r in load(args.game)}
        bad = [
            r
            for r in rows
            if stored.get((r["players"], r["seed"], json.dumps(r["options"])), {}).get("digest")
            != r["digest"]
        ]
        print(f"{len(rows) - len(bad)} of {len(rows)} games as recorded")
        for r in bad:
            print("differs:", r)


if __name__ == "__main__":
    main()
