"""Fast paths of the observation encoders: one module per game, each with
`write_state(enc, state, seat, out)`, writing the very vector `enc.write(state.view(seat),
seat, out)` writes, read from the state's fields instead of a view (no dicts of names built
and parsed again at every step of an RL environment).

The view-based encoder in famiglia.rl.games stays the reference: it documents the layout and
what a seat may see. A fast path must hide exactly what the view hides; it reuses the game's
own visibility rules where the view module has them, and the tests compare both paths element
for element on random positions of every player count and option (tests/rl/test_fast.py).
"""
