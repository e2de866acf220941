"""What a user types or loads never crashes the command line (issue 12, items 2 and 3): text
is never read as markup, bad files are refused in one line, output paths are checked before
any game is played, and a game stopped early still keeps its record."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import famiglia
from famiglia.cli import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def refused(result, expected: str, marks=("error:",), codes=(2,)) -> None:
    """One line on stderr naming the problem, exit status 2, no traceback."""
    assert result.exit_code in codes, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert expected in result.output, result.output
    errors = [line for line in result.output.splitlines() if line.startswith(marks)]
    assert len(errors) == 1, result.output


@pytest.fixture(scope="module")
def mob_records(tmp_path_factory):
    path = tmp_path_factory.mktemp("records") / "games.jsonl"
    result = run("simulate", "the-mob", "-p", "3", "-n", "2", "-o", "max_years=1", "--out", path)
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def feud_records(tmp_path_factory):
    path = tmp_path_factory.mktemp("records") / "feud.jsonl"
    result = run(
        "simulate", "blood-feud", "-p", "2", "-n", "1", "-o", "max_rounds=1", "--out", path
    )
    assert result.exit_code == 0, result.output
    return path


# ----- item 2: no text is read as markup -------------------------------------------------------
@pytest.mark.parametrize("typed", ["[/]", "[/foo]", "[bold]", "\\[/]", "[red]x[/red]"])
def test_markup_typed_at_the_prompt_is_refused_as_text(typed):
    result = run(
        "play", "the-mob", "-p", "3", "--seats", "human,random,random", "--seed", "2",
        input=f"{typed}\nq\n",
    )  # fmt: skip
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert f"refused: '{typed}' is not a legal move now" in result.stdout
    assert result.exit_code == 1 and "game stopped" in result.stdout


@pytest.mark.parametrize(
    "args,expected",
    [
        (["rules", "[/x]"], "unknown game '[/x]'"),
        (["simulate", "the-mob", "-p", "3", "-o", "[/]=1"], "unknown option '[/]'"),
        (["simulate", "the-mob", "-p", "3", "-o", "[/]"], "option '[/]' must look like"),
        (["simulate", "the-mob", "-p", "3", "--seats", "[/],[/]"], "names 2 players"),
        (["simulate", "the-mob", "-p", "3", "--seats", "human,[/],random"], "unknown bot '[/]'"),
        (["play", "the-mob", "-p", "3", "--seats", "human,[/],random"], "unknown bot '[/]'"),
        (["replay", "[/].json"], "cannot read [/].json"),
        (["render", "blood-feud", "--state", "[/x].json"], "cannot read [/x].json"),
        (["tournament", "[b]mob[/b]"], "unknown game '[b]mob[/b]'"),
        (
            ["simulate", "the-mob", "-p", "3", "--seats", "ismcts:seconds=inf,random,random"],
            "ismcts option seconds='inf' must be a finite number",
        ),
        (
            ["simulate", "the-mob", "-p", "3", "--seats", "ismcts:c=nan,random,random"],
            "ismcts option c='nan' must be a finite number",
        ),
        (["simulate", "the-mob", "-p", "abc"], "Invalid value for '--players'"),
        (["tournament", "the-mob", "--seats", "random,[/],random"], "unknown bot '[/]'"),
    ],
)
def test_errors_echo_user_text_as_written(args, expected):
    refused(run(*args), expected)


def test_team_names_in_brackets_are_shown_not_swallowed():
    result = run(
        "play", "cash-n-guns", "-p", "4", "-o", "teams=true", "--seed", "1",
        "--seats", "human,random,random,random", input="q\n",
    )  # fmt: skip
    # CNG-9.1: seats 0 and 2 are team red, 1 and 3 team green, each team named in words
    assert "seat 1, team green:" in result.stdout and "seat 2, team red:" in result.stdout
    assert "Your team: the red team, with seat 2" in result.stdout, result.stdout[:3000]


def test_replay_errors_show_the_brackets_of_a_move(tmp_path, mob_records):
    record = json.loads(mob_records.read_text().splitlines()[0])
    record["moves"][0] = [0, "keep"]
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n")
    refused(run("replay", path, "--check"), "move 1 must be [seat, action object], got [0, 'keep']")


# ----- item 3: files ----------------------------------------------------------------------------
def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def broken_records(tmp_path, records):
    """Files `replay` and `render --state` must refuse, with what the refusal says."""
    good = json.loads(records.read_text().splitlines()[0])

    def variant(**changes):
        return json.dumps({**good, **changes})

    cng = {
        "game": "cash-n-guns", "players": 4, "seed": 0, "options": {}, "agents": ["random"] * 4,
        "version": "0.1.0", "moves": [[0, {"kind": "load", "args": [-1]}]], "result": None,
    }  # fmt: skip
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(bytes(range(256)) * 8)
    return [
        (binary, "not a text file"),
        (write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000), "nested too deeply"),
        (write(tmp_path / "opts.json", variant(options=[1])), "'options' must be an object"),
        (write(tmp_path / "players.json", variant(players="3")), "'players' must be a whole"),
        (write(tmp_path / "seed.json", variant(seed=1.5)), "'seed' must be a whole number"),
        (write(tmp_path / "agents.json", variant(agents=3)), "'agents' must be a list"),
        (write(tmp_path / "seat.json", variant(moves=[[True, {"kind": "keep"}]])), "move 1"),
        (write(tmp_path / "load.json", json.dumps(cng)), "argument 1: -1 is not allowed"),
        (write(tmp_path / "digits.json", '{"seed": ' + "9" * 5000 + "}"), "unreadable JSON"),
        (write(tmp_path / "empty.jsonl", "\n"), "the file is empty"),
        (tmp_path, "cannot read"),
    ]


def test_replay_refuses_broken_files_in_one_line(tmp_path, mob_records):
    for path, expected in broken_records(tmp_path, mob_records):
        refused(run("replay", path), expected)
        # --check reports a record that does not replay as a mismatch (status 1)
        refused(run("replay", path, "--check"), expected, ("error:", "mismatch:"), (1, 2))


def test_render_refuses_broken_files_in_one_line(tmp_path, feud_records):
    svg = tmp_path / "board.svg"
    for path, expected in broken_records(tmp_path, feud_records):
        if path.name == "load.json":
            expected = "that record is a game of cash-n-guns, not blood-feud"
        refused(run("render", "blood-feud", "--state", path, "--out", svg), expected)
    assert not svg.exists()


def test_render_names_the_game_a_record_belongs_to(tmp_path, mob_records):
    """The README's order of commands: a record of The Mob given to `render blood-feud`."""
    result = run("render", "blood-feud", "--state", mob_records, "--out", tmp_path / "b.svg")
    refused(result, "that record is a game of the-mob, not blood-feud")
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"game": "the-mob", "players": 3}))
    refused(run("render", "blood-feud", "--state", state), "not a saved blood-feud state")


def test_output_paths_are_checked_before_any_game(tmp_path):
    """A hundred thousand games would take hours: the refusal must come first."""
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    many = ["simulate", "the-mob", "-p", "3", "-n", "100000"]
    refused(run(*many, "--out", tmp_path), "is a folder")
    refused(run(*many, "--out", a_file / "games.jsonl"), "cannot write --out")
    tourney = ["tournament", "the-mob", "--seats", "random,random,random", "-n", "100000"]
    refused(run(*tourney, "--out", tmp_path), "is a folder")
    refused(run(*tourney, "--plot", a_file), "is a file; give a folder")
    refused(run("render", "blood-feud", "--out", tmp_path), "is a folder")
    refused(run("play", "the-mob", "--out", a_file / "g.json", input="q\n"), "cannot write")
    assert a_file.read_text() == "x"


def test_a_missing_output_folder_is_made(tmp_path):
    path = tmp_path / "new" / "deeper" / "games.jsonl"
    result = run("simulate", "the-mob", "-p", "3", "-n", "1", "-o", "max_years=1", "--out", path)
    assert result.exit_code == 0, result.output
    assert len(path.read_text().splitlines()) == 1
    svg = tmp_path / "boards" / "board.svg"
    assert run("render", "blood-feud", "--out", svg).exit_code == 0
    assert svg.read_text().startswith("<svg")


def test_end_of_input_in_a_hot_seat_game_still_saves_the_record(tmp_path):
    """Ctrl-D at the pass screen or at the prompt stops the game and keeps --out."""
    for answers in ("\n1\n", "\n1\n\n"):  # input ends at the prompt, then at the pass screen
        path = tmp_path / "hot.json"
        result = run(
            "play", "the-mob", "-p", "3", "--seats", "human,human,random", "--seed", "1",
            "--out", path, "--force", input=answers,
        )  # fmt: skip
        assert result.exit_code == 1 and "game stopped" in result.stdout, result.output
        assert "Traceback" not in result.output
        record = json.loads(path.read_text())
        assert record["agents"] == ["human", "human", "random"] and record["moves"]


def test_a_long_line_is_answered_in_one_short_line():
    typed = "x" * 5000
    result = run(
        "play", "the-mob", "-p", "3", "--seats", "human,random,random", "--seed", "2",
        input=f"{typed}\nq\n",
    )  # fmt: skip
    refusals = [line for line in result.stdout.splitlines() if "refused:" in line]
    assert len(refusals) == 1 and len(refusals[0]) < 500, refusals
    assert "x" * 100 not in result.stdout


def test_play_without_a_seed_records_the_one_it_drew(tmp_path):
    path = tmp_path / "game.json"
    result = run(
        "play", "the-mob", "-p", "3", "--seats", "random,human,random", "--out", path,
        input="q\n",
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    record = json.loads(path.read_text())
    assert isinstance(record["seed"], int)
    replayed = run("replay", path)
    assert replayed.exit_code == 0, replayed.output


def test_seats_of_bots_and_humans_are_refused_in_their_own_words():
    refused(
        run("play", "the-mob", "--seats", "human:x=1,random,random"),
        "seat 'human:x=1': human takes no options; write human alone",
    )
    result = run("play", "the-mob", "--seats", "human,smart,random")
    refused(result, "unknown bot 'smart'; bots: random, greedy, ismcts; or human")
    result = run("play", "the-mob", "--seats", "human,greedy:samples=0,random")
    refused(result, "samples")
    assert "or human" not in result.output  # (a bot's option, nothing to do with humans)
    result = run("simulate", "the-mob", "-p", "3", "--seats", "random,smart,random")
    refused(result, "unknown bot 'smart'")
    assert "or human" not in result.output  # simulate seats bots only


def test_play_seats_as_many_players_as_seats_names():
    result = run("play", "the-mob", "--seats", "random,random,random", "-o", "max_years=1")
    assert result.exit_code == 0, result.output
    assert "--players" not in result.output and "Winner" in result.output


def test_replay_reads_a_record_however_it_is_laid_out(tmp_path, mob_records):
    """A record pretty-printed (any indent), a JSON array of records, a byte-order mark: all
    replay as JSON Lines do."""
    first, second = (json.loads(line) for line in mob_records.read_text().splitlines()[:2])
    files = {
        "flat.json": json.dumps(first, indent=0),
        "pretty.json": json.dumps(first, indent=2),
        "list.json": json.dumps([first, second], indent=1),
        "bom.jsonl": "\ufeff" + json.dumps(first) + "\n" + json.dumps(second) + "\n",
    }
    for name, text in files.items():
        result = run("replay", write(tmp_path / name, text), "--check")
        assert result.exit_code == 0, (name, result.output)
        games = 2 if name in ("list.json", "bom.jsonl") else 1
        assert f"{games} of {games} game" in result.output, (name, result.output)
    refused(
        run("replay", write(tmp_path / "nulls.json", "[null]")),
        "record 1: a record must be a JSON object, got null",
    )
    state = json.dumps(famiglia.load("the-mob").new(3, 0).to_json())
    refused(run("replay", write(tmp_path / "state.json", state)), "a saved state, not a record?")


def test_replay_checks_the_game_it_is_given_and_stops_when_asked(mob_records):
    result = run("replay", mob_records, "--check", "--game", "2")
    assert result.exit_code == 0 and "1 of 1 game replays exactly" in result.output
    refused(run("replay", mob_records, "--check", "--game", "3"), "--game must be between 1 and 2")
    moves = len(json.loads(mob_records.read_text().splitlines()[0])["moves"])
    stopped = run("replay", mob_records, "--pause", input="\n\nq\n")
    assert stopped.exit_code == 0 and "Enter: next move, q: stop" in stopped.output
    assert stopped.output.count("q: stop)") == 3 < moves  # three moves, then q
    assert "Winner" not in stopped.output  # (the whole game would end with the result)


def test_simulate_stopped_by_ctrl_c_keeps_the_games_it_finished(tmp_path, monkeypatch):
    from famiglia.arena import jobs

    played = jobs.play_game

    def play_two(*args, **kwargs):  # the third game is stopped by Ctrl-C
        if seeds.append(args[2]) or len(seeds) > 2:
            raise KeyboardInterrupt
        return played(*args, **kwargs)

    seeds = []
    monkeypatch.setattr(jobs, "play_game", play_two)
    path = tmp_path / "games.jsonl"
    result = run("simulate", "the-mob", "-p", "3", "-n", "5", "-o", "max_years=1", "--out", path)
    assert result.exit_code == 130, result.output
    assert f"stopped: 2 of 5 games finished; their records are in {path}" in result.output
    kept = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["seed"] for r in kept] == [0, 1]
    assert run("replay", path, "--check").exit_code == 0


def test_a_tournament_stopped_by_ctrl_c_keeps_the_games_it_finished(tmp_path, monkeypatch):
    from famiglia.arena import runners

    def three_then_stop(jobs, *args):
        for job in jobs[:3]:
            yield runners.play_job(job)
        raise KeyboardInterrupt

    monkeypatch.setattr(runners, "run_jobs", three_then_stop)  # every run's one road
    path = tmp_path / "t.jsonl"
    args = ["the-mob", "-p", "3", "--seats", "random,random,random", "-n", "6"]
    result = run("tournament", *args, "-o", "max_years=1", "--out", path)
    assert result.exit_code == 130, result.output
    assert "stopped: 3 of 6 games finished" in result.output
    assert len(path.read_text().splitlines()) == 3
    assert run("replay", path, "--check").exit_code == 0


def test_rules_without_a_game_names_the_games():
    refused(run("rules"), "name the game whose rules to print: the-mob, ")


def test_serve_refuses_a_server_table_rate_below_its_minimum(tmp_path):
    """`--server-tables-per-minute` (issue 42: each server protected on its own) is a serve
    option; a rate under 0.1 a minute is refused before anything starts."""
    result = run("serve", "--server-tables-per-minute", "0", "--db", tmp_path / "x.db")
    assert result.exit_code == 2, result.output
    assert "server-tables-per-minute" in result.output
    assert "0.1" in result.output and "No such option" not in result.output  # the option's range
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.db").exists()  # refused before any database was made
