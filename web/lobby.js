// The lobby: the games, the open tables with free seats, and the form that creates a table
// (game, its options, each seat a person or a bot), answered with a link per seat and a
// spectator link. Everything it shows comes from GET /api/games and GET /api/tables.
'use strict';

const $ = (id) => document.getElementById(id);
const BOTS = ['random', 'greedy', 'rollout', 'mcts'];
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
  if (Array.isArray(s)) return { min: Math.min(...s), max: Math.max(...s) };
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
    list.append(tile(g.title || gameTitle(id), g.description || g.about || GAME_ABOUT[id] || '',
      h('button', { type: 'button', dataset: { game: id }, onclick: () => pickGame(id, true) }, `New ${g.title || gameTitle(id)} table`)));
  }
}

// One form control per option of the chosen game, from its description in /api/games: a list
// of `choices` is a select, a range (`choices: {from, to}` or `from`/`to`) a number, a yes/no a
// checkbox, anything else a text field. An option whose default is a list (CFC's and Magic's
// `decks`, one per seat) gets one control per element.
function optionControl(o) {
  const label = o.label || o.name.replace(/_/g, ' ');
  const help = o.help || o.what;
  if (Array.isArray(o.default)) {
    const one = { ...o, default: undefined };
    const parts = o.default.map((d, i) => {
      const part = field({ ...one, default: d }, `${o.name}-${i}`, `${label.replace(/s$/, '')} of ${seatName(i)}`);
      Object.assign(part.querySelector('[data-option]').dataset, { list: o.name, index: String(i) });
      return part;
    });
    return h('div', { class: 'option-list' }, ...parts, help ? h('small', { class: 'muted' }, help) : null);
  }
  return field(o, o.name, label, help);
}

function field(o, name, label, help) {
  const id = `opt-${name}`;
  const range = o.choices && !Array.isArray(o.choices) && typeof o.choices === 'object' ? o.choices : (o.from !== undefined || o.to !== undefined ? { from: o.from, to: o.to } : null);
  const values = Array.isArray(o.choices) ? o.choices : o.values || (Array.isArray(o.decks) ? o.decks : null);
  let input;
  if (values) {
    input = h('select', { id, name });
    if (o.default === undefined && !o.required) input.append(new Option('(default)', ''));
    for (const v of values) {
      const value = typeof v === 'object' ? v.value ?? v.name ?? v.id : v;
      input.append(new Option(typeof v === 'object' ? v.label || v.title || value : v, value));
    }
    if (o.default !== undefined) input.value = String(o.default);
    input.dataset.kind = values.every((v) => typeof v === 'number') ? 'number' : 'text';
  } else if (o.type === 'bool' || o.type === 'boolean' || typeof o.default === 'boolean') {
    input = h('input', { id, name, type: 'checkbox' });
    input.checked = !!o.default;
    input.dataset.option = name;
    return h('label', { class: 'check' }, input, ` ${label}`);
  } else if (range || o.type === 'int' || o.type === 'integer' || o.type === 'number' || typeof o.default === 'number') {
    input = h('input', { id, name, type: 'number', min: range?.from, max: range?.to, value: o.default ?? '', inputmode: 'numeric' });
    input.dataset.kind = 'number';
  } else {
    input = h('input', { id, name, type: 'text', value: o.default ?? '' });
    input.dataset.kind = 'text';
  }
  input.dataset.option = name;
  return h('label', {}, label, input, help ? h('small', { class: 'muted' }, help) : null);
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
  $('seats').replaceChildren();  // each game's own default seats (its bot)
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
  // By default seat p1 is a person and the others the game's own bot (GET /api/games: "bot", Magic's
  // rollout bot) or random bots: a game to play at once.
  const g = currentGame() || {};
  const bot = g.bot && lobby.seatKinds.includes(g.bot) ? g.bot : 'random';
  list.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, kinds[i] || (i === 0 ? 'human' : bot))));
  $('add-seat').disabled = n >= r.max;
  $('remove-seat').disabled = n <= r.min;
}

function optionValues() {
  const out = {};
  for (const input of $('options').querySelectorAll('[data-option]')) {
    let value;
    if (input.type === 'checkbox') value = input.checked;
    else if (input.value === '') continue;
    else value = input.dataset.kind === 'number' ? Number(input.value) : input.value;
    if (input.dataset.list) {
      out[input.dataset.list] = out[input.dataset.list] || [];
      out[input.dataset.list][Number(input.dataset.index)] = value;
    } else {
      out[input.dataset.option] = value;
    }
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  const seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  const body = { game: $('game').value, seats, options: optionValues() };
  // The seed of the deal and the bots: blank is a new random game each time.
  if ($('seed').value !== '') body.seed = Number($('seed').value);
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
  const freeSeats = (t) => (Array.isArray(t.free) ? t.free : (t.seats || []).filter((s) => s.free).map((s) => s.seat));
  const open = tables.filter((t) => freeSeats(t).length > 0);
  $('open-empty').hidden = open.length > 0;
  $('open-count').textContent = open.length ? `(${open.length})` : '';
  $('open-tables').replaceChildren(...open.map((t) => h('li', { class: 'open-table', dataset: { table: t.id } },
    h('strong', {}, t.title || gameTitle(t.game)), ' ',
    h('span', { class: 'muted' }, `${(t.seats || []).map((s) => `${s.name || seatName(s.seat)} ${s.free ? 'free' : s.player === 'human' ? 'a person' : s.player || ''}`).join(' · ')} · ${t.seq ?? 0} moves`),
    h('span', { class: 'actions' },
      // A free seat is taken with its link (the table's creator sends it); a server that lets anyone
      // take one says so with `joinable`.
      ...(t.joinable ? freeSeats(t).map((s) => h('button', { type: 'button', onclick: () => join(t.id, s) }, `Take seat ${seatName(s)}`)) : []),
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
  // The server's own links are /?table=ID[&token=T]: the table page shows them.
  const q = new URLSearchParams(location.search);
  if (q.get('table')) {
    location.replace(tableLink(q.get('table'), q.get('seat') ?? '', q.get('token')));
    return;
  }
  const { data } = await api('GET', '/api/games');
  // The games tables are set for (Rule Game has its own page and is listed first anyway).
  lobby.games = (data.games || []).filter((g) => g.tables !== false && gameId(g) !== 'rulegame' && (g.tables || g.options || g.players));
  lobby.decks = data.decks;
  // The bots, as a list or as the server's one line ("random, greedy, mcts, mcts:ITERATIONS..."):
  // the plain names are offered.
  const bots = (Array.isArray(data.bots) ? data.bots : String(data.bots || '').split(/,\s*/)).filter((b) => /^[a-z]+$/.test(b));
  if (bots.length) lobby.seatKinds = ['human', ...bots];
  renderGames();
  for (const g of lobby.games) {
    const o = new Option(g.title || gameTitle(gameId(g)) + (g.available === false ? ' (not available on this server)' : ''), gameId(g));
    o.disabled = g.available === false;
    $('game').add(o);
  }
  $('game').addEventListener('change', () => pickGame($('game').value));
  $('add-seat').addEventListener('click', () => setSeats($('seats').children.length + 1));
  $('remove-seat').addEventListener('click', () => setSeats($('seats').children.length - 1));
  $('create-form').addEventListener('submit', create);
  const first = lobby.games.find((g) => g.available !== false);
  if (first) pickGame(gameId(first));
  renderMine();
  await refreshTables();
  setInterval(refreshTables, 5000);
  document.body.dataset.ready = 'true';
}

init();
