"""Each game's table page, served from the game's own folder (docs/writing-a-game.md).

table.js imports a game's page module from /static/games/<name>.js: that address serves the
Game's `page` (games/<game>/page.js). The folder's other page modules, `page_<part>.js`, are
served beside it as /static/games/<name>-<part>.js, so every page file of a game resolves the
shared ones (../ui.js, ./parts.js) alike; `page.css`, if a game has one, as
/static/games/<name>.css. Plain files from this server, nothing inline: they load under a
strict Content-Security-Policy. A route per registered game, so the shared files under
/static/games (parts.js) stay with the static mount.
"""

from __future__ import annotations

import re

from fastapi import APIRouter
from fastapi.responses import FileResponse

import famiglia

from ..errors import ApiError

router = APIRouter()

PART = re.compile(r"[a-z0-9_]+")  # a page module's part name: nothing that leaves the folder
TYPES = {"js": "text/javascript", "css": "text/css"}


def page_file(name: str, file: str, kind: str) -> FileResponse:
    game = famiglia.load(name)
    found = game.page if file == "page.js" else game.folder() / file
    if found is None or not found.is_file():
        raise ApiError(404, f"{game.title} has no page file {file}")
    return FileResponse(found, media_type=TYPES[kind])


def add_page(name: str) -> None:
    @router.get(f"/static/games/{name}.js", include_in_schema=False)
    async def page():
        return page_file(name, "page.js", "js")

    @router.get(f"/static/games/{name}.css", include_in_schema=False)
    async def page_style():
        return page_file(name, "page.css", "css")


def add_parts(name: str) -> None:
    @router.get(f"/static/games/{name}-{{part}}.js", include_in_schema=False)
    async def page_part(part: str):
        if not PART.fullmatch(part):
            raise ApiError(404, f"no such page file: {name}-{part}.js")
        return page_file(name, f"page_{part}.js", "js")


# Every game's own addresses first: a game named like the start of another's name must not
# catch the other's page as one of its parts.
for _name in famiglia.games():
    add_page(_name)
for _name in famiglia.games():
    add_parts(_name)
