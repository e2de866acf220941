// Scarface 1920's running public figures per seat and its end screen: who won by name, why the
// game ended, a row per seat and the solo gang (or Tequila) as a row of its own, the final
// money broken down (money behind the screen + the mayor's bonus, SF-12.2), ties explained
// (SF-12.4, SF-S.14, SF-T.3, SF-T.4).
import { soloName, soloSeat } from "./scarface-1920-modes.js";

// the player's name ("Ann", "you"); an older table page only says "seat k"
const nameOf = (ctx, k) => (ctx.name ? ctx.name(k) : k === ctx.seat ? "you" : ctx.seatName(k));
const upper = (text) => text[0].toUpperCase() + text.slice(1);

// The seats that are players (the solo gang is a gang, not a seat: it comes last, SF-S.1).
export function seats(v) {
  return v.gangs.length - (soloSeat(v) >= 0 ? 1 : 0);
}

// "Black Wolves (Ann)", "Black Wolves (you)"; before the gangs are chosen, the player alone.
export function gangNamer(v, ctx, c) {
  const solo = soloSeat(v);
  return (k) => {
    const gang = v.gangs[k] && v.gangs[k].gang >= 0 ? c.gangs[v.gangs[k].gang] : null;
    if (k === solo) return gang ? `${soloName(v)} (${gang})` : soloName(v);
    const who = nameOf(ctx, k).replace(/ \((.*)\)$/, ", $1"); // "random bot (seat 1)": no brackets in brackets
    return gang ? `${gang} (${who})` : nameOf(ctx, k);
  };
}

const held = (v, k) => v.control.filter((o) => o === k).length;

// What every seat may read of each seat now: neighbourhoods held, crime rate; the reader's own
// money and Votes besides (behind its own screen); everyone's money once the game is over.
export function scores(payload, ctx) {
  const v = payload.view;
  const out = [];
  for (let k = 0; k < seats(v); k++) {
    const g = v.gangs[k];
    const parts = [];
    if (v.money && payload.over) parts.push(`$${v.money[k]}`);
    else if (k === payload.seat && g.money !== undefined) parts.push(`$${g.money}`, `${g.votes} vote${g.votes === 1 ? "" : "s"}`);
    parts.push(`${held(v, k)} neighborhood${held(v, k) === 1 ? "" : "s"}`, `crime ${g.crime}`);
    out.push(parts.join(" · "));
  }
  return out;
}

// The solo gang's final money and bonus are told only in the result's words (the view has its
// money, not its bonus): read back from them, or null.
function soloFinal(how) {
  const found = /ends with (-?\d+) \+ bonus (-?\d+)/.exec(how || "");
  return found ? { money: Number(found[1]), bonus: Number(found[2]) } : null;
}

function backed(v, c, k) {
  const cast = v.votes_cast ? v.votes_cast[k] : -1;
  return cast >= 0 && v.candidates[cast] !== undefined ? c.candidates[v.candidates[cast]] : "-";
}

export function ending(payload, ctx) {
  const e = endingRows(payload, ctx);
  // best first; a row with no place (Tequila's purse outside a death) last
  if (e) e.rows.sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  return e;
}

function endingRows(payload, ctx) {
  const v = payload.view;
  const r = payload.result;
  if (!payload.over || !r) return null;
  const c = ctx.content;
  const m = v.solo_and_tequila;
  const gangName = gangNamer(v, ctx, c);
  const n = seats(v);
  const money = v.money || v.gangs.map((g) => g.money);
  const elected = v.elected >= 0 && !r.capped;
  const mayor = elected ? c.candidates[v.elected] : null;
  const notes = [];
  let columns;
  let rows;
  let condition;
  const seatRow = (k, cells) => ({ name: gangName(k), seat: k, rank: r.ranking[k], cells, winner: r.winners.includes(k) });
  const bonusCells = (k, final) => [final, money[k], final - money[k], v.votes ? v.votes[k] : "-", backed(v, c, k)];
  if (m && m.solo) {
    const g = m.solo_gang;
    const them = soloName(v);
    const won = r.winners.includes(0);
    if (m.dead === 0) {
      condition = `${upper(them)}'s gunshot found too few of ${nameOf(ctx, 0) === "you" ? "your" : `${nameOf(ctx, 0)}'s`} figures in Headquarters: a death ends the game at once, and ${them} wins (SF-T.18).`;
      columns = ["Money"];
      rows = [seatRow(0, [money[0]]), { name: gangName(g), seat: null, rank: 1, cells: [money[g]], winner: true }];
    } else if (elected) {
      const theirs = soloFinal(r.how);
      columns = ["Final money", "Money", "Mayor's bonus", "Votes", "Backed"];
      condition = `Prohibition ended; ${mayor} was elected mayor. Final money is the money behind the screen plus his bonuses; ${nameOf(ctx, 0)} had to end with more than ${them} (SF-S.14).`;
      const gangCells = theirs ? [theirs.money + theirs.bonus, money[g], theirs.bonus] : ["?", money[g], "?"];
      rows = [seatRow(0, bonusCells(0, r.scores[0])),
        { name: gangName(g), seat: null, rank: won ? 2 : 1, cells: [...gangCells, v.votes ? v.votes[g] : "-", backed(v, c, g)], winner: !won }];
      if (theirs && theirs.money + theirs.bonus === r.scores[0]) {
        notes.push(theirs.money === money[0]
          ? `A tie in final money and in money behind the screen: a shared victory counts as ${nameOf(ctx, 0) === "you" ? "yours" : `${nameOf(ctx, 0)}'s`} (SF-S.14).`
          : `A tie in final money: the one with more money behind the screen wins (SF-S.14).`);
      }
    } else {
      columns = ["Money"];
      condition = `The game was stopped at its turn cap before the election: money alone counts, more than ${them}'s to win (SF-1.1, SF-S.14).`;
      rows = [seatRow(0, [money[0]]), { name: gangName(g), seat: null, rank: won ? 2 : 1, cells: [money[g]], winner: !won }];
      if (money[0] === money[g]) notes.push(`Level money: a shared victory counts as ${nameOf(ctx, 0) === "you" ? "yours" : "the player's"} (SF-S.14).`);
    }
    const winner = won ? `${upper(nameOf(ctx, 0))} beat ${them}` : `${upper(them)} won`;
    return { winner, condition, columns, rows, notes };
  }
  if (m && m.dead >= 0) { // a death in the Standard Mode with Tequila (SF-T.3, SF-T.4)
    const dead = m.dead;
    columns = ["Money", ""];
    rows = [...Array(n).keys()].map((k) => seatRow(k, [money[k], k === dead ? "dead: cannot win" : ""]));
    const place = 1 + [...Array(n).keys()].filter((k) => k !== dead && money[k] > m.tequila_purse).length;
    rows.push({ name: "Tequila", seat: null, rank: place, cells: [m.tequila_purse, "his purse"], winner: !r.winners.length });
    condition = `${gangName(dead)} died from Tequila's gunshot: the game ended at once, and the most money behind the screen wins, Tequila's purse included (SF-T.3).`;
    notes.push(`${gangName(dead)} ranks last whatever its money: a dead player cannot win (SF-T.4).`);
    if (rows.some((row) => row.seat !== null && row.seat !== dead && row.rank === 1 && money[row.seat] === m.tequila_purse)) {
      notes.push("Level with Tequila's purse: the richest living gang shares the win with him, and it counts as theirs (SF-T.4).");
    }
    ties(rows, notes, (row) => `$${row.cells[0]}`);
    const winner = r.winners.length ? `${names(r.winners, ctx, gangName)} won` : `Tequila won with $${m.tequila_purse} in his purse`;
    return { winner, condition, columns, rows, notes };
  }
  if (elected) {
    columns = ["Final money", "Money", "Mayor's bonus", "Votes", "Backed"];
    rows = [...Array(n).keys()].map((k) => seatRow(k, bonusCells(k, r.scores[k])));
    condition = `Prohibition ended and ${mayor} was elected mayor: each gang's final money is its money behind the screen plus his bonuses; most final money wins (SF-12.2, SF-12.4).`;
    for (const group of groups(rows, (row) => row.cells[0])) {
      const split = new Set(group.map((row) => money[row.seat])).size > 1;
      if (split) notes.push(`${names(group.map((row) => row.seat), ctx, gangName)} tie on final money $${group[0].cells[0]}: more money behind the screen ranks first (SF-12.4).`);
    }
    ties(rows, notes, (row) => `$${row.cells[0]} final and $${row.cells[1]} behind the screen`);
  } else {
    columns = ["Money"];
    rows = [...Array(n).keys()].map((k) => seatRow(k, [money[k]]));
    condition = "The game was stopped at its turn cap before the election: the ranking goes by money behind the screen (SF-1.1).";
    ties(rows, notes, (row) => `$${row.cells[0]}`);
  }
  if (m && m.tequila) {
    rows.push({ name: "Tequila", seat: null, rank: null, cells: columns.map((col, i) => (i === 0 ? m.tequila_purse : "")), winner: false });
    notes.push("Tequila's purse counts only when a player dies from his gunshot (SF-T.3): it is shown, not ranked.");
  }
  const winner = r.winners.length ? `${names(r.winners, ctx, gangName)} won` : "Nobody won";
  return { winner, condition, columns, rows, notes };
}

function names(list, ctx, gangName) {
  const out = list.map((k) => gangName(k));
  return out.length > 1 ? `${out.slice(0, -1).join(", ")} and ${out[out.length - 1]}` : out[0];
}

// The seats' rows that share a value of key(row), in groups of two or more.
function groups(rows, key) {
  const by = new Map();
  for (const row of rows) {
    if (row.seat === null || row.rank === null) continue;
    const value = key(row);
    if (!by.has(value)) by.set(value, []);
    by.get(value).push(row);
  }
  return [...by.values()].filter((g) => g.length > 1);
}

const sameRank = (rows) => groups(rows, (row) => row.rank);

// Seats sharing a place: said once, with what they are level on.
function ties(rows, notes, level) {
  for (const group of sameRank(rows)) {
    notes.push(`${group.map((row) => row.name).join(" and ")} share place ${group[0].rank}: level on ${level(group[0])}.`);
  }
}
