"""The base game's rules, by concept, in layers: a module imports only from the layers below
it (tests/test_imports.py finds any circle).

1. Board queries: known.py (what the table can count), board.py (the board and the figures on
   it), strength.py (what a gang brings), effect_checks.py (whether an effect would do
   something now).
2. Effects: effects.py (the plain operations, `schedule`), jobs.py, extortion.py, crime.py
   (Crime Rate, Angry Eliot Ness, raids, Extra! Extra!), endgame.py (the election),
   setup_phase.py.
3. The variant modes' effects: ../modes/ (the solo gang, Tequila and the Enforcers).
4. Turn flow: turn.py (turns, the Plan, skills, the Reorganization), order_start.py (giving
   the order), order_steps.py (the steps it offers) and order_moves.py (what they do),
   decisions.py (the decisions inside effects), vocabulary.py (every operation's handler in
   one table; the loop that runs the queue).

The phase table (../phases.py) stands on top of them all.
"""
