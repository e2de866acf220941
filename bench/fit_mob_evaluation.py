"""Fits The Mob's evaluation (games/the_mob/evaluation.py) to who won games of greedy bots.

    python bench/fit_mob_evaluation.py [--games 600] [--seed 2000] [--workers 2] [--write]

Plays games of four greedy bots judging by the weights set by hand (the module's `by_hand`),
notes every third position (the year, how far its cards are played, each family's holdings)
and the winners. Then it fits one weight per holding, per year (1, 2, 3 and later) at its
first card and at its last, such that the seats' odds of winning are the softmax of their
weighed holdings (a conditional logit). The weights are kept at zero or above and drawn toward
the judged ones (BY_HAND over SCALE) by an L2 penalty (--l2), so that a holding the games
hardly vary (nobody has cash to spare early in the first year) keeps its judged weight
instead of an accident of the data. A sixth of the games is held out: the script prints the
log loss there of the fit, of the judged weights and of a uniform guess. With --write it
writes the fitted weights to evaluation.toml, next to the module.

Needs NumPy (the `rl` or `bench` extra). 600 games take about ten minutes on two cores.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

import famiglia
from famiglia.agents import info_for, make_agent
from famiglia.games.the_mob import evaluation as H

PLAYERS = 4
HOLDINGS = H.HOLDINGS
YEARS = len(H.WEIGHTS)  # rows of weights: the last one stands for every later year
UNIT = 100.0  # holdings are fitted in $100k, for a well-scaled problem
TOML = Path(H.__file__).parent / "evaluation.toml"


def play(seed: int):
    """One game of greedy bots judging by hand: [(row of the weights for its year, share of
    the year's cards played, holdings)], winners."""
    H.evaluate = H.by_hand  # (in this worker only: what the games were fitted from)
    state = famiglia.load("the-mob").new(PLAYERS, seed)
    bots = [make_agent("greedy", seed * 10 + seat) for seat in range(PLAYERS)]
    seen, decisions = [], 0
    while not state.is_over():
        if decisions % 3 == 0:
            seen.append((*H.stage(state), H.holdings(state)))
        seat = state.seats_to_act()[0]
        state.apply(seat, bots[seat].act(info_for(state, seat)))
        decisions += 1
    return seen, list(state.result().winners)


def design(games) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows of (seats x weights), the winners' shares, and a weight per row: every game
    counts the same however many positions it gave."""
    size = YEARS * 2 * len(HOLDINGS)
    rows, shares, weights = [], [], []
    for seen, winners in games:
        share = np.zeros(PLAYERS)
        share[winners] = 1.0 / len(winners)
        for year, t, holdings in seen:
            x = np.zeros((PLAYERS, YEARS, 2, len(HOLDINGS)))
            h = np.array(holdings) / UNIT
            x[:, year, 0] = (1 - t) * h
            x[:, year, 1] = t * h
            rows.append(x.reshape(PLAYERS, size))
            shares.append(share)
            weights.append(1.0 / len(seen))
    return np.array(rows), np.array(shares), np.array(weights)


def log_loss(w, x, y, weight, prior=None, l2=0.0):
    """The mean log loss of the winners under softmax odds (and its gradient), plus the L2
    penalty toward `prior`."""
    v = x @ w
    v -= v.max(axis=1, keepdims=True)
    logp = v - np.log(np.exp(v).sum(axis=1, keepdims=True))
    total = weight.sum()
    loss = -(weight[:, None] * y * logp).sum() / total
    grad = -(x * (weight[:, None] * (y - np.exp(logp)))[:, :, None]).sum(axis=(0, 1)) / total
    if prior is not None:
        loss += l2 * ((w - prior) ** 2).sum()
        grad += 2 * l2 * (w - prior)
    return loss, grad


def fit(x, y, weight, prior, l2, steps=4000, rate=0.05) -> np.ndarray:
    """Projected Adam from the prior (the problem is convex: any careful descent will do)."""
    w = prior.copy()
    m = np.zeros_like(w)
    s = np.zeros_like(w)
    for k in range(1, steps + 1):
        _loss, g = log_loss(w, x, y, weight, prior, l2)
        m = 0.9 * m + 0.1 * g
        s = 0.999 * s + 0.001 * g * g
        w -= rate * (m / (1 - 0.9**k)) / (np.sqrt(s / (1 - 0.999**k)) + 1e-8)
        np.maximum(w, 0.0, out=w)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--write", action="store_true", help="write evaluation.toml")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play, seeds, chunksize=4))
    held = max(1, len(games) // 6)
    order = np.random.default_rng(0).permutation(len(games))
    test = [games[i] for i in order[:held]]
    train = [games[i] for i in order[held:]]
    judged = np.tile(np.array(H.BY_HAND) / H.SCALE * UNIT, YEARS * 2)
    w = fit(*design(train), judged, args.l2)
    x, y, weight = design(test)
    print(f"{len(games)} games, {len(test)} held out; log loss there (lower is better):")
    print(
        f"  uniform {np.log(PLAYERS):.3f}  judged {log_loss(judged, x, y, weight)[0]:.3f}"
        f"  fitted {log_loss(w, x, y, weight)[0]:.3f}"
    )
    table = w.reshape(YEARS, 2, len(HOLDINGS)) / UNIT  # per $k (per bodyguard)
    shown = [1.0 if n in ("guards", "removed") else 100.0 for n in HOLDINGS]
    print("the fitted weights, in logits per $100k (per bodyguard for the bodyguards):")
    for year in range(YEARS):
        for k, when in enumerate(("first", "last")):
            cells = "  ".join(
                f"{n} {table[year, k, i] * shown[i]:.2f}" for i, n in enumerate(HOLDINGS)
            )
            print(f"  year {year + 1}{'+' if year == YEARS - 1 else ''} {when:>5} card: {cells}")
    if args.write:
        lines = [
            "# The Mob's evaluation: logits per $k of each holding (per bodyguard for bodyguards",
            "# and removed ones), per year at its first card and its last. Written by",
            f"# bench/fit_mob_evaluation.py --games {args.games} --seed {args.seed}"
            f" --l2 {args.l2}.",
            f"holdings = {list(HOLDINGS)!r}".replace("'", '"'),
        ]
        for year in range(YEARS):
            lines.append("")
            lines.append("[[year]]")
            for k, when in enumerate(("first", "last")):
                cells = ", ".join(f"{v:.6f}" for v in table[year, k])
                lines.append(f"{when} = [{cells}]")
        TOML.write_text("\n".join(lines) + "\n")
        print(f"wrote {TOML}")


if __name__ == "__main__":
    main()
