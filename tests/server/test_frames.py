"""The JSON text sent to seats: orjson writes it, and it must be the text the standard library
would write (clients and records compare equal whichever encoder made them)."""

import json
import random

import famiglia
from famiglia.server.tables import dumps


def standard(data) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def test_payload_text_is_the_standard_librarys():
    rng = random.Random(3)
    for name, players in [("blood-feud", 4), ("scarface-1920", 3), ("cash-n-guns", 5)]:
        state = famiglia.load(name).new(players, seed=7)
        for _ in range(150):
            if state.is_over():
                break
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            data = {
                "view": state.view(seat),
                "legal": [{"text": str(a), "action": a.to_json()} for a in legal],
                "events": state.events(seat),
            }
            assert dumps(data) == standard(data)
            state.apply(seat, rng.choice(legal))


def test_keys_that_are_not_text_and_accents():
    data = {1: "Jörg", "n": [1.5, None, True], 2: {"€": (1, 2)}}
    assert dumps(data) == standard(data)
    assert json.loads(dumps(data)) == {"1": "Jörg", "n": [1.5, None, True], "2": {"€": [1, 2]}}


def test_an_integer_past_64_bits_still_encodes():
    data = {"seed": 2**70, "moves": []}
    assert dumps(data) == standard(data) == '{"seed":1180591620717411303424,"moves":[]}'


def test_a_lone_surrogate_is_escaped_so_the_text_is_utf8():
    """orjson refuses it and the standard encoder would pass it through raw: no frame could
    carry that, so it goes out escaped."""
    text = dumps({"said": "a \ud800 b", "who": "Jörg"})
    assert text.encode() and json.loads(text) == {"said": "a \ud800 b", "who": "Jörg"}
