// The lobby: the games, the open tables with free seats, and the form that creates a table
// (game, its options, each seat a person or a bot), answered with a link per seat and a
// spectator link. Everything it shows comes from GET /api/games and GET /api/tables.
'use strict';

const $ = (id) => document.getElementById(id);
const BOTS = ['random', 'greedy', 'mcts'];
const lobby = { games: [], seatKinds: ['human', ...BOTS] };

// /api/games lists each game's options either as an array of {name, ...} or as an object by name.
function optionList(g) {
  const o = g.options || [];
  if (Array.isArray(o)) return o.map((x) => (typeof x === 'string' ? { name: x } : x));
  return Object.entries(o).map(([name, spec]) => (spec && typeof spec === 'object' && !Array.isArray(spec) ? { name, ...spec } : { name, default: spec }));
}
const gameId = (g) => g.game || g.id || g.name;
const seatRange = (g) => {
  const s = g.seats || g.players || {};
  if (Array.isArray(s)) return { min: s[0], max: s[s.length - 1] };
  return { min: s.min || g.min_seats || 2, max: s.max || g.max_seats || Math.max(2, s.min || 2) };
};

function renderGames() {
  const list = $('games');
  list.replaceChildren();
  const tile = (title, text, action) => h('li', { class: 'game-tile' }, h('h3', {}, title), h('p', {}, text), action);
  list.append(tile('Rule Game', 'Find the hidden rule that says which piece goes into which bucket.',
    h('a', { class: 'button', href: '/rulegame.html' }, 'Play Rule Game')));
  for (const g of lobby.games) {
    const id = gameId(g);
    list.append(tile(g.title || gameTitle(id), g.description || g.about || '',
      h('button', { type: 'button', dataset: { game: id }, onclick: () => pickGame(id, true) }, `New ${g.title || gameTitle(id)} table`)));
  }
}

// One form control per option of the chosen game: a list of values is a select (decks among
// them), a number an input, a yes/no a checkbox, anything else a text field.
function optionControl(o) {
  const id = `opt-${o.name}`;
  const label = o.label || o.name.replace(/_/g, ' ');
  const values = o.values || o.choices || o.decks || (o.type === 'deck' ? lobby.decks : null);
  let input;
  if (Array.isArray(values)) {
    input = h('select', { id, name: o.name });
    if (o.optional || o.default === undefined) input.append(new Option(o.optional ? '(none)' : '(default)', ''));
    for (const v of values) {
      const value = typeof v === 'object' ? v.value ?? v.name ?? v.id : v;
      input.append(new Option(typeof v === 'object' ? v.label || v.title || value : v, value));
    }
    if (o.default !== undefined) input.value = String(o.default);
  } else if (o.type === 'bool' || o.type === 'boolean' || typeof o.default === 'boolean') {
    input = h('input', { id, name: o.name, type: 'checkbox' });
    input.checked = !!o.default;
    return h('label', { class: 'check' }, input, ` ${label}`);
  } else if (o.type === 'int' || o.type === 'integer' || o.type === 'number' || typeof o.default === 'number') {
    input = h('input', { id, name: o.name, type: 'number', min: o.min, max: o.max, value: o.default ?? '', placeholder: o.placeholder || '' });
  } else {
    input = h('input', { id, name: o.name, type: 'text', value: o.default ?? '', placeholder: o.placeholder || '' });
  }
  input.dataset.option = o.name;
  input.dataset.kind = input.type === 'number' ? 'number' : 'text';
  return h('label', {}, label, input, o.help ? h('small', { class: 'muted' }, o.help) : null);
}

function currentGame() {
  return lobby.games.find((g) => gameId(g) === $('game').value);
}

function pickGame(id, focus) {
  $('game').value = id;
  const g = currentGame();
  const box = $('options');
  box.replaceChildren(...optionList(g || {}).map(optionControl));
  // A game whose option sets the number of players (VCK) keeps the seat list in step with it.
  const players = box.querySelector('[data-option="players"], [data-option="player_count"]');
  const r = seatRange(g || {});
  setSeats(players && Number(players.value) ? Number(players.value) : r.min);
  if (players) players.addEventListener('change', () => setSeats(Number(players.value) || r.min));
  if (focus) $('game').focus();
}

function seatRow(i, kind) {
  const select = h('select', { name: `seat-${i}`, 'aria-label': `Seat ${seatName(i)}`, dataset: { seat: i } });
  for (const k of lobby.seatKinds) select.append(new Option(k === 'human' ? 'a person' : `bot: ${k}`, k));
  select.value = kind;
  return h('li', {}, h('span', { class: 'seat-name' }, seatName(i)), select);
}

function setSeats(n) {
  const list = $('seats');
  const r = seatRange(currentGame() || {});
  n = Math.max(r.min, Math.min(r.max, n));
  const kinds = [...list.querySelectorAll('select')].map((s) => s.value);
  // By default seat p1 is a person and the others random bots: a game to play at once.
  list.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, kinds[i] || (i === 0 ? 'human' : 'random'))));
  $('add-seat').disabled = n >= r.max;
  $('remove-seat').disabled = n <= r.min;
}

function optionValues() {
  const out = {};
  for (const input of $('options').querySelectorAll('[data-option]')) {
    if (input.type === 'checkbox') out[input.dataset.option] = input.checked;
    else if (input.value === '') continue;
    else out[input.dataset.option] = input.dataset.kind === 'number' ? Number(input.value) : input.value;
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  const seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  const body = { game: $('game').value, seats, options: optionValues() };
  const button = $('create-table');
  button.disabled = true;
  const { status, data } = await api('POST', '/api/tables', body);
  button.disabled = false;
  const err = $('create-error');
  if (status !== 201 && status !== 200) {
    err.hidden = false;
    err.textContent = data.errmsg || data.message || `The table could not be created (HTTP ${status}).`;
    err.focus?.();
    return;
  }
  err.hidden = true;
  showCreated(data, seats);
  refreshTables();
}

// The links of a new table: one per person's seat (with its token), one for spectators.
function showCreated(data, seats) {
  $('created').hidden = false;
  $('created-id').textContent = data.id;
  const tokens = new Map((data.seats || []).filter((s) => s.token).map((s) => [s.seat, s.token]));
  const rows = seats.map((kind, i) => {
    if (!tokens.has(i)) return h('li', { class: 'bot' }, h('span', { class: 'seat-name' }, seatName(i)), `bot (${kind})`);
    const link = tableLink(data.id, i, tokens.get(i));
    return h('li', {}, h('span', { class: 'seat-name' }, seatName(i)),
      h('a', { class: 'button', href: link, dataset: { seatLink: i } }, `Play as ${seatName(i)}`),
      copyButton(absolute(link), `Copy ${seatName(i)}'s link`));
  });
  const watch = tableLink(data.id);
  rows.push(h('li', {}, h('span', { class: 'seat-name' }, 'watch'),
    h('a', { class: 'button quiet', href: watch, dataset: { spectatorLink: '' } }, 'Spectator link'),
    copyButton(absolute(watch), 'Copy the spectator link')));
  $('seat-links').replaceChildren(...rows);
  $('seat-links').querySelector('a').focus();
}

function copyButton(text, label) {
  const b = h('button', { type: 'button', class: 'quiet small', 'aria-label': label, title: text }, 'Copy link');
  b.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = 'Copied';
    } catch (e) {
      window.prompt('The link:', text);
    }
  });
  return b;
}

// The tables waiting for people: a free seat is taken with POST /api/tables/ID/join, whose answer
// is that seat's token.
async function refreshTables() {
  const { data } = await api('GET', '/api/tables');
  const tables = (data.tables || []).filter((t) => !t.over);
  const free = (t) => (t.free || (t.seats || []).filter((s) => s.free).map((s) => s.seat));
  const open = tables.filter((t) => free(t).length > 0);
  $('open-empty').hidden = open.length > 0;
  $('open-count').textContent = open.length ? `(${open.length})` : '';
  $('open-tables').replaceChildren(...open.map((t) => h('li', { class: 'open-table', dataset: { table: t.id } },
    h('strong', {}, t.title || gameTitle(t.game)), ' ',
    h('span', { class: 'muted' }, `table ${t.id} · ${(t.seats || []).length || '?'} seats · turn ${t.turn ?? 0}`),
    h('span', { class: 'actions' },
      ...free(t).map((s) => h('button', { type: 'button', onclick: () => join(t.id, s) }, `Take seat ${seatName(s)}`)),
      h('a', { class: 'button quiet', href: tableLink(t.id) }, 'Watch')))));
}

// Seats this browser played, with a link back to each (the tables that ended stay replayable).
function renderMine() {
  const seats = mySeats();
  $('mine').hidden = seats.length === 0;
  $('my-seats').replaceChildren(...seats.map((s) => h('li', { class: 'open-table' },
    h('strong', {}, gameTitle(s.game)), ' ', h('span', { class: 'muted' }, `table ${s.id} · you are ${seatName(s.seat)}`),
    h('span', { class: 'actions' }, h('a', { class: 'button', href: tableLink(s.id, s.seat, s.token) }, 'Resume')))));
}

async function join(id, seat) {
  const { status, data } = await api('POST', `/api/tables/${encodeURIComponent(id)}/join`, { seat });
  if (status >= 400 || !data.token) {
    alert(data.errmsg || 'That seat is no longer free.');
    return refreshTables();
  }
  location.href = tableLink(id, seat, data.token);
}

async function init() {
  const { data } = await api('GET', '/api/games');
  lobby.games = (data.games || []).filter((g) => gameId(g) !== 'rulegame');
  lobby.decks = data.decks;
  if (Array.isArray(data.bots) && data.bots.length) lobby.seatKinds = ['human', ...data.bots];
  renderGames();
  for (const g of lobby.games) $('game').add(new Option(g.title || gameTitle(gameId(g)), gameId(g)));
  $('game').addEventListener('change', () => pickGame($('game').value));
  $('add-seat').addEventListener('click', () => setSeats($('seats').children.length + 1));
  $('remove-seat').addEventListener('click', () => setSeats($('seats').children.length - 1));
  $('create-form').addEventListener('submit', create);
  if (lobby.games.length) pickGame(gameId(lobby.games[0]));
  renderMine();
  await refreshTables();
  setInterval(refreshTables, 5000);
  document.body.dataset.ready = 'true';
}

init();
