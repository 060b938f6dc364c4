// What the lobby (lobby.js) and the table page (table.js) share: the JSON API call, an element
// builder, seat names and the links to a table. Plain JavaScript, no dependencies.
'use strict';

// Seat N (from 0) is "p{N+1}" everywhere: the API, the terminal's --seat N+1, the page.
const seatName = (seat) => (seat < 0 ? 'chance' : `p${seat + 1}`);

// The games of the kernel by their registry name; /api/games may give better titles.
const GAME_TITLES = { cfc: "Card Fighters' Clash", vck: 'Valeria: Card Kingdoms', wagic: 'Magic (Wagic cards)', mtg: 'Magic (Wagic cards)' };
const gameTitle = (g) => GAME_TITLES[g] || g;
// One line on each game for the lobby's tiles (the server may give its own `description`).
const GAME_ABOUT = {
  cfc: 'SNK vs. Capcom card battles: characters in the ring, attacks, counter-attacks and SP, from the original RuleScript plugin.',
  vck: 'Roll the dice, harvest, hire citizens, slay monsters and build domains, from the game\'s own effect strings.',
  wagic: 'Magic played from Wagic\'s card code, with its prebuilt decks.',
  mtg: 'Magic played from Wagic\'s card code, with its prebuilt decks.',
};

// One element: h('button', {class: 'x', onclick: f, dataset: {a: 1}}, 'text', child...).
function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...kids(children));
  return e;
}

// Children to append: nodes and text, with the absent ones (null, undefined, false) left out.
const kids = (list) => list.flat().filter((c) => c !== null && c !== undefined && c !== false).map((c) => (c instanceof Node ? c : String(c)));

// A JSON request; the answer's status and body (a body that is not JSON becomes an error message).
async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Seat-Token'] = token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { status: 0, data: { error: true, errmsg: `the server could not be reached (${e.message})` } };
  }
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: true, errmsg: `the server answered HTTP ${res.status}` };
  }
  if (res.status >= 400 && data && typeof data === 'object' && !data.errmsg) data.errmsg = data.message || data.error_message || `HTTP ${res.status}`;
  return { status: res.status, data };
}

// The page of a table: a seat's link carries its token, a spectator's none. The token stays in
// the fragment, which the browser never sends to a server (nor in a Referer).
function tableLink(id, seat, token) {
  const p = new URLSearchParams({ id });
  if (token) {
    if (seat !== '' && seat !== null && seat !== undefined) p.set('seat', String(seat));
    p.set('token', token);
  }
  return `/table.html#${p}`;
}
const absolute = (path) => new URL(path, location.href).href;

// The seats this browser holds, newest first, so the lobby can offer to resume them (the links
// alone are enough; this only saves keeping them). At most 20.
const MY_SEATS = 'rulekit.seats';
function mySeats() {
  try {
    return JSON.parse(localStorage.getItem(MY_SEATS) || '[]');
  } catch (e) {
    return [];
  }
}
function rememberSeat(entry) {
  const rest = mySeats().filter((s) => !(s.id === entry.id && s.seat === entry.seat));
  try {
    localStorage.setItem(MY_SEATS, JSON.stringify([entry, ...rest].slice(0, 20)));
  } catch (e) { /* private mode: the link still works */ }
}
