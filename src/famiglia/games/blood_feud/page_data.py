"""Blood Feud's printed content for the table page: the board drawing without pieces, the
spaces, colours, pieces and each borough's starting district.

Public, the same for every seat, from the game's data only; the server sends it as
GET /api/games/{name} (Game.page_data, server/gamedata.py)."""

from __future__ import annotations

from . import data as D
from .render import COLOURS, render_svg


def content() -> dict:
    return {
        # The drawing `famiglia render` makes, without pieces: the page lays the pieces,
        # owners and buildings of a view over it and makes its spaces clickable.
        "board_svg": render_svg(None),
        "spaces": [
            {"name": D.NAMES[i], "type": D.TYPE[i], "borough": D.BOROUGH[i]} for i in range(D.N)
        ],
        "colours": list(COLOURS),
        "pieces": {kind: dict(value) for kind, value in D.PIECES.items()},
        "stars": dict(D.STARS),  # borough -> its starting district: where "start" moves go
    }
