"""PNG charts of a tournament: win rate per bot and per seat, scores, game lengths.

matplotlib runs on its Agg backend (files only, no window), imported here and only here, so that
the rest of the arena never pays for it.
"""

from __future__ import annotations

from pathlib import Path

from famiglia.core.text import plural

from .ratings import wilson

# The charts written, so that a command can refuse to replace them before any game is played.
CHART_FILES = (
    "win_rate_per_bot.png",
    "win_rate_per_seat.png",
    "scores_per_bot.png",
    "game_lengths.png",
)


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(tournament, directory) -> list[Path]:
    """Writes the charts into `directory` (made if missing); returns the files written."""
    plt = _pyplot()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    standings = tournament.standings()
    games = tournament.games
    title = chart_title(tournament)
    # A fair share says what an even bot would win: it means nothing with one seat, alone
    # against the game's own opponent.
    fair = standings[0].fair if tournament.players > 1 else None
    files = []

    # win rate per bot, with its 95% interval and the fair share
    fig, ax = plt.subplots(figsize=(7, 4))
    names = [st.bot for st in standings]
    rates = [st.win_rate for st in standings]
    lows = [max(0.0, st.win_rate - st.interval[0]) for st in standings]
    highs = [max(0.0, st.interval[1] - st.win_rate) for st in standings]
    ax.bar(range(len(names)), rates, yerr=[lows, highs], capsize=6, color="tab:blue")
    if fair is not None:
        ax.axhline(fair, color="grey", linestyle="--", label="fair share")
        ax.legend()
    ax.set_xticks(range(len(names)), names, rotation=15, ha="right")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"Win rate per bot: {title}")
    files.append(_save(fig, out / CHART_FILES[0], plt))

    # win rate per seat, overall and per bot
    fig, ax = plt.subplots(figsize=(7, 4))
    per_bot = tournament.bot_seat_wins()
    seats = range(tournament.players)
    width = 0.8 / (len(per_bot) + 1)
    overall = tournament.seat_wins()
    ax.bar(
        [s - 0.4 + width / 2 for s in seats],
        [w / games for w in overall],
        width,
        label="all bots",
        color="black",
    )
    for k, (bot, cells) in enumerate(per_bot.items(), 1):
        xs = [s - 0.4 + width * (k + 0.5) for s in seats]
        ys = [w / n if n else 0.0 for w, n in cells]
        errs = [_half_widths(w, n) for w, n in cells]
        ax.bar(xs, ys, width, yerr=list(zip(*errs, strict=True)), capsize=2, label=bot)
    if fair is not None:
        ax.axhline(fair, color="grey", linestyle="--")
    ax.set_xticks(list(seats), [f"seat {s}" for s in seats])
    ax.set_ylabel("win rate")
    ax.set_title(f"Win rate per seat: {title}")
    ax.legend(fontsize="small")
    files.append(_save(fig, out / CHART_FILES[1], plt))

    # score distributions per bot
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.boxplot([st.scores.values() for st in standings], showmeans=True)
    ax.set_xticks(range(1, len(names) + 1), names, rotation=15, ha="right")
    ax.set_ylabel("final score")
    ax.set_title(f"Scores per bot: {title}")
    files.append(_save(fig, out / CHART_FILES[2], plt))

    # game lengths
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.hist(tournament.lengths(), bins=min(30, max(5, games // 5)), color="tab:green")
    ax.set_xlabel("moves per game")
    ax.set_ylabel("games")
    ax.yaxis.get_major_locator().set_params(integer=True)  # whole games, never 0.2 of one
    ax.set_title(f"Game lengths: {title}")
    files.append(_save(fig, out / CHART_FILES[3], plt))
    return files


def chart_title(tournament) -> str:
    """What every chart is of: 'the-mob, 3 players, 40 games'; 'scarface-1920, 1 player, ...'."""
    players, games = tournament.players, tournament.games
    return f"{tournament.game}, {plural(players, 'player')}, {plural(games, 'game')}"


def _half_widths(wins, n):
    if not n:
        return 0.0, 0.0
    low, high = wilson(wins, n)
    rate = wins / n
    return max(0.0, rate - low), max(0.0, high - rate)  # rounding may cross the rate


def _save(fig, path: Path, plt) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
