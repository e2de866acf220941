"""The rules of Cash 'n Guns by concept, each module calling only those below it (the phase
table, ../phases.py, sits on top and gives each phase its moves):

- holdup.py   the bullets, aiming and the hold-up, courage (CNG-4 to CNG-6), then the shots
- shots.py    the shots (CNG-7), then the split
- taking.py   taking a share: the pick, the Dictator, the Greedy (CNG-8.2, CNG-8.8, CNG-8.9)
- trade.py    Shadow Trading (CNG-9.5), a share of the split
- split.py    the split (CNG-8): its order, the shares, what a share does; then the next turn
              or the end of the game
- start.py    the start of a turn (CNG-3), the Hustler, the surprises (CNG-11.2)
- mercs.py    the mercenaries recruited at the end (CNG-12)
- deaths.py   a death and its loot (CNG-7.3 to CNG-7.5); one team left ends the game
and below them ../scoring.py (the final count), ../state.py and ../data.py.
"""
