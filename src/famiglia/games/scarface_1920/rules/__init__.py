"""The base game's rules, by concept, in layers: a module imports only those below it.

- board queries: known.py (what the table can count), board.py (the board and its figures),
  strength.py (what a gang brings), effect_checks.py (whether an effect would do something);
- effects: effects.py (the plain operations and the queue's items), jobs.py; above them the
  variant modes (../modes/: the solo gang, Tequila and the Enforcers) add their own;
- turn flow: endgame.py (the election), crime.py (Crime Rate, raids, Extra! Extra!), turn.py
  (turns, the Plan, skills, the Reorganization), extortion.py, order_start.py (giving the
  order) and order_steps.py (carrying it out), setup_phase.py; decisions.py (the decisions
  inside effects) and vocabulary.py (every operation's handler; the loop that runs the queue).

The phase table (../phases.py) stands on top of them all.
"""
