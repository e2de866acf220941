"""The variant modes: the Solo Mode's solo gang (SF-S) and Tequila with the Enforcers (SF-T,
SF-E), kept apart from the base game's rules (../rules/).

They stand on the base game's board and effects (rules/board.py, effects.py, jobs.py...) and
add effects of their own; the base game's turn flow (turns, orders, the election, the queue of
effects in rules/vocabulary.py) calls on them where they change it. One package for both: in
the Solo Mode against Tequila, Tequila is the solo gang (SF-T.10), so the solo gang's turn calls
on Tequila's rules. Inside it, imports go one way: tequila.py; enforcers.py and automa.py;
automa_actions.py; solo.py.
"""
