"""One package per game; each exposes GAME and never imports another game."""
