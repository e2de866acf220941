"""The server's routes: the JSON API, the websocket, and the pages."""
