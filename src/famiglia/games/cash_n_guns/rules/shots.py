"""The shots (CNG-7): bullets revealed and applied all at once; the Grappling, the Taser and
Lucky Man choose how their hits land."""

from __future__ import annotations

from ..actions import AMMO_NAME, act
from ..data import LOOT_NAME
from ..state import CNGState
from .deaths import check_sole_survivors, die
from .split import begin_split


def begin_shots(s: CNGState) -> None:
    """CNG-7.1: the loaded cards of those standing and aiming at someone standing are shown
    together; the others are discarded unseen."""
    if s.jammed:  # CNG-11.4: every loaded card is discarded with no effect
        for t in range(s.players):
            if s.bullet[t]:
                s.hidden[t][s.bullet[t] == "bang"] += 1
                s.bullet[t] = ""
        s.say("Jammed Weapons: nobody fires this turn")
        begin_split(s)
        return
    s.hits = []
    for t in s.from_godfather():
        card = s.bullet[t]
        if not card:
            continue
        s.bullet[t] = ""
        target = s.aim[t]
        if target is None or target < 0 or not s.standing[target]:
            # CNG-7.1: no standing target, no shot: the card goes face down, seen by its owner.
            s.hidden[t][card == "bang"] += 1
            s.say(f"seat {t} has nobody standing to shoot at and discards its card face down")
            s.say(f"you discard {AMMO_NAME[card]} face down", (t,))
            continue
        s.shown[t][card == "bang"] += 1
        # CNG-7.7: the Silencer fires with Clicks; its Bang! cards are blanks.
        fires = (card == "bang") != (s.powers[t] == "silencer")
        if fires:
            s.hits.append([t, target, "wound", ""])
            s.say(
                f"seat {t} shows {'a Bang!' if card == 'bang' else 'a Click'}: seat {target} is hit"
            )
        else:
            s.say(f"seat {t} shows {'a Bang!' if card == 'bang' else 'a Click'}: no hit")
    # CNG-7.8 / CNG-7.9: the Grappling and the Taser decide how their hits land.
    s.queue = [i for i, (t, _, _, _) in enumerate(s.hits) if s.powers[t] in ("grappling", "taser")]
    next_shot_choice(s)


def next_shot_choice(s: CNGState) -> None:
    if s.queue:
        s.phase, s.actor = "shot", s.hits[s.queue[0]][0]
        return
    lucky = s.holder("lucky_man")
    if (
        lucky >= 0
        and "lucky_man" not in s.used
        and any(h[1] == lucky and h[2] == "wound" for h in s.hits)
    ):
        s.phase, s.actor = "lucky", lucky
        return
    land_hits(s)


def legal_shot(s, seat):
    _, target, _, _ = s.hits[s.queue[0]]
    acts = [act("shot", "wound", target, "")]
    if s.powers[seat] == "taser":
        acts.append(act("shot", "taser", target, ""))
    else:
        codes = [c for c in LOOT_NAME if c in s.loot[target]]
        acts += [act("shot", "grapple", target, c) for c in codes] or [
            act("shot", "grapple", target, "")
        ]
    return acts


def apply_shot(s, seat, action):
    mode, target, card = action.args
    hit = s.hits[s.queue.pop(0)]
    hit[2] = mode
    if mode == "grapple":
        if card:
            s.loot[target].remove(card)
            s.loot[seat].append(card)
        got = f" and takes {LOOT_NAME[card]}" if card else ""
        s.say(f"seat {seat} grapples seat {target} instead of wounding{got}")
    elif mode == "taser":
        s.say(f"seat {seat} tasers seat {target} instead of wounding")
        for _ in range(2):
            if s.loot[target]:
                lost = s.loot[target].pop(s.rng.below(len(s.loot[target])))
                s.table.append(lost)
                s.say(f"seat {target} drops {LOOT_NAME[lost]} into the loot")
    else:
        s.say(f"seat {seat} wounds seat {target}")
    next_shot_choice(s)


def legal_lucky(s, seat):
    return [act("lucky", True), act("lucky", False)]


def apply_lucky(s, seat, action):
    """CNG-7.6: once per game Lucky Man shrugs off one Bang!."""
    if action.args[0]:
        s.used.append("lucky_man")
        for hit in s.hits:
            if hit[1] == seat and hit[2] == "wound":
                hit[2] = "ignored"
                break
        s.say(f"seat {seat} (Lucky Man) is not hurt by one Bang!")
    else:
        s.say(f"seat {seat} (Lucky Man) takes the hit")
    land_hits(s)


def land_hits(s: CNGState) -> None:
    """CNG-7.1 / CNG-7.2: all hits land together; a hit player leaves the turn. CNG-7.3 / CNG-7.4:
    deaths."""
    for _, target, mode, _ in s.hits:
        if mode == "wound":
            s.wounds[target] += 1
        if mode != "ignored":
            s.standing[target] = False
    dead = [t for t in s.from_godfather() if s.alive[t] and s.wounds[t] >= s.lethal(t)]
    for t in dead:  # a Vulture dying in the same volley takes nothing
        s.alive[t] = False
    for t in dead:
        die(s, t)
    s.hits = []
    if not check_sole_survivors(s):
        begin_split(s)
