"""A fuzz suite for the command line (issue 12, item 7): hypothesis makes up arguments, option
values, seat specs, prompt lines, record files and output paths for every command. None may
end in a traceback or hang; a refused input exits with status 2 and one line.

Valid values are drawn small (one short game, bots with tiny budgets), so that an input the
fuzzer happens to get right still runs in a moment. The default suite tries a few hundred
examples, repeatably; `--soak` tries many more, freshly random (see conftest.py).
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from famiglia.cli import app

pytestmark = pytest.mark.slow  # hypothesis runs every command hundreds of times

runner = CliRunner()

HOSTILE = [
    "", " ", "[/]", "[/foo]", "[bold]", "[red]x", "\\", "-", "--", "=", ",", ",,", ":", "0", "-1",
    "1.5", "1e309", "inf", "-inf", "nan", "99999999999999999999", "true", "None", "{}", "[]",
    '{"a":', "x" * 5000, "a\x00b", "\x1b[2J", "a\nb", "é", "🂡", "human", "random", "the-mob",
]  # fmt: skip
TEXT = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=20),
)
NUMBER = st.one_of(
    st.sampled_from(["0", "-1", "x", "1.5", "", "1e3", "--", "0x10", "٣"]),
    st.integers(-(10**30), 0).map(str),
)
COMMANDS = ["games", "rules", "replay", "render", "--help", "-h", "--version", "serve", "chess"]
OPTIONS = ["--players", "-p", "--games", "-n", "--seed", "--seats", "-o", "--option", "--out"]
OPTIONS += ["--state", "--game", "--seat", "--check", "--pause", "--workers", "--plot", "-s"]
OPTIONS += ["--help", "--", "-"]
GAMES = ["the-mob", "unfinished-business", "cash-n-guns", "blood-feud", "scarface-1920"]


def check(result, codes=(0, 1, 2)) -> None:
    """No traceback; a refusal (status 2) is one line naming the problem."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}\n{result.output[-2000:]}"
    )
    assert "Traceback" not in result.output
    assert result.exit_code in codes, result.output[-2000:]
    if result.exit_code == 2:
        errors = [line for line in result.output.splitlines() if line.startswith("error:")]
        assert len(errors) == 1, result.output[-2000:]
        assert len(errors[0]) < 1200, errors[0][:200]


def invoke(args, input=None):
    result = runner.invoke(app, args, input=input)
    check(result)
    return result


@pytest.fixture(autouse=True, scope="module")
def in_a_temp_folder(tmp_path_factory):
    """Files the fuzzed commands write land in a folder of their own."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzz"))
    yield
    os.chdir(here)


@given(
    st.sampled_from(COMMANDS) | TEXT,
    st.lists(st.sampled_from(OPTIONS + GAMES) | TEXT, max_size=6),
)
def test_any_arguments_to_the_quick_commands(command, rest):
    invoke([command, *rest])


SEAT_NAMES = st.sampled_from(["random", "greedy", "ismcts", "human", "Random", ""]) | TEXT
BOT_KEYS = ["iterations", "seconds", "c", "depth", "prior", "early", "clock", "samples"]
BOT_KEYS += ["steps", "budget", "seed"]
# Values valid for some option are small, so that a spec that happens to be right is quick.
BOT_VALUES = ["1", "2", "0", "-1", "0.001", "inf", "nan", "1e309", "x", "", "wall", "cpu", "[/]"]
SPEC = st.builds(
    lambda name, params: name + (":" + ",".join(params) if params else ""),
    SEAT_NAMES,
    st.lists(
        st.builds(
            "{}={}".format,
            st.sampled_from(BOT_KEYS) | TEXT,
            st.sampled_from(BOT_VALUES) | TEXT,
        ),
        max_size=3,
    ),
)


@given(st.lists(SPEC, min_size=1, max_size=4), st.sampled_from(["simulate", "tournament"]))
def test_seat_specs(specs, command):
    args = [command, "the-mob", "-p", "3", "-n", "1", "-o", "max_years=1", "--seats"]
    invoke([*args, ",".join(specs)])


@given(
    st.sampled_from(["the-mob"]) | TEXT,
    st.sampled_from(["3", "4"]) | NUMBER,
    st.sampled_from(["1"]) | NUMBER,
    st.sampled_from(["0", "7"]) | NUMBER,
    st.lists(
        st.builds(
            "{}={}".format,
            st.sampled_from(["max_years", "strict_stakes", "teams"]) | TEXT,
            st.sampled_from(["1", "true", "no"]) | TEXT,
        ),
        max_size=3,
    ),
)
def test_simulate_numbers_and_options(game, players, games, seed, options):
    args = ["simulate", game, "-p", players, "-n", games, "--seed", seed, "-o", "max_years=1"]
    for option in options:
        args += ["-o", option]
    invoke(args)


@given(
    st.lists(
        st.sampled_from(["1", "2", "99", "0", "²", "٣", "9" * 5000, "keep the other cards", "q "])
        | TEXT,
        max_size=8,
    ),
    st.sampled_from(["human,random,random", "human,human,random"]),
)
def test_prompt_lines(lines, seats):
    lines = [" ".join(line.splitlines()) for line in lines]  # one typed line each
    answers = "".join(line + "\n" for line in lines) + "q\n"
    args = ["play", "the-mob", "-p", "3", "--seats", seats, "--seed", "3", "-o", "max_years=1"]
    result = invoke(args, input=answers)
    refusals = [line for line in result.stdout.splitlines() if "refused:" in line]
    assert len(refusals) <= len(lines)
    assert all(len(line) < 1000 for line in refusals)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """One short game of The Mob and one of Blood Feud, as record files."""
    folder = tmp_path_factory.mktemp("records")
    made = {}
    for name, option in (("the-mob", "max_years=1"), ("blood-feud", "max_rounds=1")):
        path = folder / f"{name}.jsonl"
        args = ["simulate", name, "-p", "3", "-n", "1", "-o", option, "--out", str(path)]
        assert runner.invoke(app, args).exit_code == 0
        made[name] = json.loads(path.read_text())
    return made


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.sampled_from(HOSTILE),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def mutated(draw, record):
    """`record` with a few fields or moves replaced by made-up JSON."""
    record = json.loads(json.dumps(record))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["header", "drop", "move", "seat", "kind", "args", "cut"]))
        moves = record.get("moves")
        k = draw(st.integers(0, max(len(moves) - 1, 0))) if isinstance(moves, list) else 0
        if where == "header":
            record[draw(st.sampled_from([*record, "extra"]))] = draw(JSON)
        elif where == "drop":
            record.pop(draw(st.sampled_from(list(record))), None)
        elif not isinstance(moves, list) or not moves:
            continue
        elif where == "move":
            moves[k] = draw(JSON)
        elif where == "cut":
            del moves[k:]
        elif isinstance(moves[k], list) and len(moves[k]) == 2:
            if where == "seat":
                moves[k][0] = draw(JSON)
            elif isinstance(moves[k][1], dict):
                moves[k][1]["kind" if where == "kind" else "args"] = draw(JSON)
    return record


@given(st.data(), st.sampled_from(["the-mob", "blood-feud"]))
def test_record_files(records, data, name):
    record = data.draw(mutated(records[name]))
    with open("fuzzed.jsonl", "w", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
    invoke(["replay", "fuzzed.jsonl", "--check"])
    invoke(["replay", "fuzzed.jsonl", "--seat", "0"])
    invoke(["render", "blood-feud", "--state", "fuzzed.jsonl", "--out", "fuzzed.svg"])


@given(st.binary(max_size=300) | TEXT.map(lambda t: t.encode("utf-8")))
def test_files_that_are_not_records(content):
    with open("fuzzed.json", "wb") as out:
        out.write(content)
    invoke(["replay", "fuzzed.json", "--check"])
    invoke(["render", "blood-feud", "--state", "fuzzed.json", "--out", "fuzzed.svg"])


PATHS = st.sampled_from(
    ["", ".", "/", "..", "new/dir/out.jsonl", "[/].jsonl", "x" * 300, "a\x00b", "/proc/x/y"]
)


@given(PATHS | TEXT, st.sampled_from(["simulate", "play", "render", "tournament"]))
def test_output_paths(path, command):
    if command == "simulate":
        args = ["simulate", "the-mob", "-p", "3", "-n", "1", "-o", "max_years=1", "--out", path]
    elif command == "play":
        args = ["play", "the-mob", "-p", "3", "-o", "max_years=1", "--out", path]
    elif command == "render":
        args = ["render", "blood-feud", "--out", path]
    else:
        args = ["tournament", "the-mob", "-s", "random,random,random", "-n", "1"]
        args += ["-o", "max_years=1", "--out", path]  # --plot: see test_cli_bad_input.py
    invoke(args, input="q\n")
