// Cash 'n Guns' end screen: who won and why the game ended, a row per seat with the loot's
// breakdown (bills, diamonds, paintings, the diamond bonus, mercenaries' money), a row per new
// team member (Hot Mail, Zombie Boy), and how ties were broken (CNG-9.7, CNG-10.2 to 10.4).
import { teamIndex, teamName, units, who } from "./cash-n-guns-loot.js";

const money = (x) => `$${x}k`;

export function ending(payload, ctx) {
  const v = payload.view, r = payload.result;
  if (!r) return null;
  const n = v.alive.length;
  const us = units(v, ctx);
  const team = teamIndex(v);
  const teamTotal = (t) => us.filter((u) => u.team === t).reduce((sum, u) => sum + u.total, 0);
  const cellsOf = (u) => [money(u.bills), `${money(u.diamonds)} (${u.diamondCards})`, `${money(u.paintingValue)} (${u.paintings})`,
    u.bonus ? money(u.bonus) : "-", u.gift ? `${money(u.gift)} wedding gift` : "-", money(u.total)];
  const columns = ["Bills", "Diamonds (cards)", "Paintings (count)", "Diamond bonus", "Mercenaries", "Total"];
  if (v.teams) columns.push("Team's score");
  const rows = [];
  for (let k = 0; k < n; k++) {
    const u = us.find((x) => x.seats[0] === k) || null;
    const partner = us.find((x) => x.seats.length === 2 && x.seats[1] === k);
    let cells;
    if (u) cells = cellsOf(u);
    else if (partner) cells = [`counted with ${who(ctx, partner.seats[0])}`, "", "", "", "", ""];
    else cells = ["dead: scores nothing", "", "", "", "", money(0)];
    if (v.teams) cells.push(money(r.scores[k]));
    rows.push({ name: `${who(ctx, k)}${v.teams ? ` (${v.teams[k]} team)` : ""}`, seat: k, rank: r.ranking[k],
      winner: r.winners.includes(k), team: v.teams ? v.teams[k] : null, cells });
  }
  for (const u of us.filter((x) => !x.seats.length)) {
    const cells = cellsOf(u);
    if (v.teams) cells.push(money(teamTotal(u.team)));
    rows.push({ name: u.name, seat: null, rank: null, winner: false, team: v.teams ? teamName(v, u.team) : null, cells });
  }
  rows.sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  return { winner: winnerText(v, r, ctx), condition: condition(v, r), columns, rows, notes: notes(v, r, ctx, us, team) };
}

function winnerText(v, r, ctx) {
  if (!r.winners.length) return "Nobody won.";
  if (!v.teams) return `${r.winners.map((k) => who(ctx, k)).join(" and ")} won.`;
  const names = [...new Set(r.winners.map((k) => v.teams[k]))];
  const members = (name) => v.teams.map((t, k) => (t === name ? who(ctx, k) : null)).filter(Boolean).join(" and ");
  return `${names.map((name) => `The ${name} team (${members(name)})`).join(" and ")} won.`;
}

function condition(v, r) {
  const living = v.alive.filter(Boolean).length;
  if (v.teams) {
    const teamsAlive = new Set(v.teams.filter((_, k) => v.alive[k])).size;
    if (teamsAlive <= 1 && v.turn < 8) return "Only one team had anyone left alive (CNG-9.8).";
    return "The eighth split was over: every team scored the loot of its living members (CNG-10.1, CNG-9.7).";
  }
  if (living <= 1) return living ? "Only one gangster was left alive (CNG-10.6)." : "Nobody was left alive (CNG-10.6).";
  return "The eighth split was over: the living scored their loot (CNG-10.1, CNG-10.2).";
}

function notes(v, r, ctx, us, team) {
  const out = [];
  const most = Math.max(0, ...us.map((u) => u.diamondCards));
  const leaders = us.filter((u) => u.diamondCards === most);
  if (most > 0 && leaders.length === 1) out.push(`${leaders[0].name} had the most diamonds (${most}) and took the $${v.diamond_bonus}k bonus (CNG-10.3).`);
  else if (most > 0) out.push(`${leaders.map((u) => u.name).join(" and ")} tied on ${most} diamonds: nobody took the bonus (CNG-10.3).`);
  if (v.teams && (v.recruited || []).length) {
    out.push(`Recruited: ${v.recruited.map(([t, m]) => `${ctx.content.mercenaries[m] || m} by the ${teamName(v, t)} team`).join(", ")} (CNG-12).`);
  }
  // Level scores told apart by wounds (CNG-10.4, CNG-9.7), or a shared win.
  const levels = new Map();
  v.alive.forEach((alive, k) => { if (r.scores[k] > 0 || alive) levels.set(r.scores[k], [...(levels.get(r.scores[k]) || []), k]); });
  for (const [score, seats] of levels) {
    const groups = v.teams ? [...new Set(seats.map((k) => team[k]))] : seats;
    if (groups.length < 2) continue;
    const names = v.teams ? groups.map((t) => `the ${teamName(v, t)} team`) : groups.map((k) => who(ctx, k));
    const wounds = (g) => (v.teams ? v.alive.reduce((s, a, k) => s + (a && team[k] === g ? v.wounds[k] : 0), 0) : v.wounds[g]);
    const shared = new Set(groups.map((g) => (v.teams ? r.ranking[team.indexOf(g)] : r.ranking[g]))).size === 1;
    out.push(`${names.join(" and ")} tied on $${score}k: ${shared ? "with as many wounds, they share the place" : `more wounds rank first (${groups.map((g, i) => `${names[i]} ${wounds(g)}`).join(", ")})`} (${v.teams ? "CNG-9.7" : "CNG-10.4"}).`);
  }
  const dead = v.alive.map((a, k) => (a ? null : who(ctx, k))).filter(Boolean);
  if (dead.length) out.push(`Dead, scoring nothing: ${dead.join(", ")} (CNG-10.2).`);
  return out;
}

// The generic result table's words (a table page without ending()).
export function resultNote(payload) {
  const v = payload.view, r = payload.result;
  if (!v.teams || !r.winners.length) return null;
  const teams = [...new Set(r.winners.map((k) => v.teams[k]))];
  const members = (name) => v.teams.map((team, k) => (team === name ? (k === payload.seat ? "you" : `seat ${k}`) : null)).filter(Boolean).join(" and ");
  return `Won by ${teams.map((name) => `the ${name} team (${members(name)})`).join(" and ")}.`;
}

export function scoreLabel(payload) {
  return payload.view.teams ? "Team's loot ($k)" : "Loot ($k)";
}
