"""The variant modes: the Solo Mode's solo gang (SF-S) and Tequila with the Enforcers (SF-T,
SF-E), kept apart from the base game's rules (../rules/).

They stand on the base game's board queries and effects (rules/board.py, effects.py, jobs.py...)
and add effects of their own; the base game's turn flow (the orders, the decisions inside
effects, the queue in rules/vocabulary.py) and the phase table call on them where they change
the game. One package for both: in
the Solo Mode against Tequila, Tequila is the solo gang (SF-T.10), so the solo gang's turn calls
on Tequila's rules. Inside it, imports go one way: tequila.py; enforcers.py and automa.py;
automa_actions.py; solo.py.
"""
