// The Rule Game page of rulekit: starts an episode, draws the board, sends move attempts.
// Plain JavaScript with no dependencies; talks only to the JSON API of the same server.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 100;  // the board is 6x6 cells inside an 8x8 grid whose corners are the buckets
const BUCKETS = [{ x: 0, y: 7 }, { x: 7, y: 7 }, { x: 7, y: 0 }, { x: 0, y: 0 }];  // as (x, y) of the game
const LEGACY = ['SQUARE', 'CIRCLE', 'TRIANGLE', 'STAR'];
const BASE_COLORS = { RED: '#dc1400', BLUE: '#1e5ad2', YELLOW: '#faf000', BLACK: '#000000' };
const MESSAGES = {
  0: ['accept', 'Accepted.'],
  2: ['deny', 'Stalemate: no piece can be moved any more.'],
  3: ['deny', 'That cell is empty.'],
  4: ['deny', 'Denied: that piece may not go into that bucket now.'],
  7: ['deny', 'That piece cannot be moved now.'],
};

const state = { episode: null, token: null, view: null, selected: null, colors: { ...BASE_COLORS }, busy: false };
const $ = (id) => document.getElementById(id);

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Screen position of game coordinates: x to the right, y upwards, 1..6 on the board.
const sx = (x) => x * CELL + CELL / 2;
const sy = (y) => (7 - y) * CELL + CELL / 2;

async function api(method, path, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (state.token) headers['X-Player-Token'] = state.token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: true, errmsg: `the server answered HTTP ${res.status}` };
  }
  return { status: res.status, data };
}

function colorOf(name) {
  return state.colors[(name || '').toUpperCase()] || (name || 'gray').toLowerCase();
}

function starPoints(r1, r2) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? r2 : r1;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

// One piece drawn around (0, 0): legacy shapes as SVG, custom shapes from /shapes/, image
// objects by name.
function drawPiece(p, parent, scale = 1) {
  const g = el('g', {}, parent);
  const s = scale;
  if (p.image) {
    el('rect', { x: -40 * s, y: -30 * s, width: 80 * s, height: 60 * s, rx: 8, fill: '#fff', class: 'outline' }, g);
    const t = el('text', { class: 'name', y: 5 * s }, g);
    t.textContent = p.image.split('/').pop().replace(/\.[a-z]+$/i, '').slice(0, 10);
  } else if (LEGACY.includes(p.shape)) {
    const fill = colorOf(p.color);
    const attrs = { fill, class: 'outline' };
    if (p.shape === 'SQUARE') el('rect', { ...attrs, x: -30 * s, y: -30 * s, width: 60 * s, height: 60 * s }, g);
    if (p.shape === 'CIRCLE') el('circle', { ...attrs, r: 33 * s }, g);
    if (p.shape === 'TRIANGLE') el('polygon', { ...attrs, points: `0,${-34 * s} ${36 * s},${30 * s} ${-36 * s},${30 * s}` }, g);
    if (p.shape === 'STAR') el('polygon', { ...attrs, points: starPoints(40 * s, 17 * s) }, g);
  } else {
    // A custom shape: its SVG file, on a disc of the piece's color.
    el('circle', { r: 38 * s, fill: colorOf(p.color), 'fill-opacity': 0.35 }, g);
    el('image', { href: `/shapes/${encodeURIComponent(p.shape.toLowerCase()).replace(/%2F/g, '/')}.svg`,
      x: -32 * s, y: -32 * s, width: 64 * s, height: 64 * s }, g);
  }
  return g;
}

function render() {
  const v = state.view;
  const svg = $('board-svg');
  svg.replaceChildren();
  for (let y = 1; y <= 6; y++) {
    for (let x = 1; x <= 6; x++) el('rect', { class: 'cell', x: x * CELL, y: (7 - y) * CELL, width: CELL, height: CELL }, svg);
  }
  // Row and column labels, as the move history names cells ("column 3, row 2").
  for (let i = 1; i <= 6; i++) {
    el('text', { class: 'axis col-label', x: sx(i), y: 7 * CELL + 40 }, svg).textContent = `col ${i}`;
    el('text', { class: 'axis row-label', x: CELL / 2, y: sy(i) + 8 }, svg).textContent = `row ${i}`;
  }
  const dropped = [[], [], [], []];
  for (const p of v.board.value) if (p.dropped !== undefined) dropped[p.dropped].push(p);
  BUCKETS.forEach((b, i) => {
    const g = el('g', { class: 'bucket', 'data-bucket': i, transform: `translate(${sx(b.x)},${sy(b.y)})` }, svg);
    el('rect', { x: -44, y: -44, width: 88, height: 88, rx: 14 }, g);
    // The bucket's number is its name; the count of pieces in it is written as a count.
    const n = dropped[i].length;
    el('title', {}, g).textContent = `Bucket ${i}: ${n} ${n === 1 ? 'piece' : 'pieces'}`;
    el('text', { class: 'bucket-name', y: -28 }, g).textContent = `bucket ${i}`;
    const t = el('text', { class: 'bucket-count', y: 38 }, g);
    t.textContent = n ? `${n} ${n === 1 ? 'piece' : 'pieces'}` : '';
    dropped[i].slice(-4).forEach((p, k) => {
      const d = drawPiece(p, g, 0.32);
      d.setAttribute('class', 'dropped');
      d.setAttribute('transform', `translate(${(k % 2) * 34 - 17},${Math.floor(k / 2) * 28 - 12})`);
    });
    g.addEventListener('click', () => { if (state.selected !== null) attempt(state.selected, i); });
  });
  const over = v.finishCode !== 0;
  for (const p of v.board.value) {
    if (p.dropped !== undefined) continue;
    const g = el('g', { class: 'piece', 'data-piece-id': p.id, transform: `translate(${sx(p.x)},${sy(p.y)})` }, svg);
    el('circle', { class: 'halo', r: 46 }, g);
    drawPiece(p, g);
    if (p.id === state.selected) g.classList.add('selected');
    if (!over) enableDrag(g, p);
  }
  renderSide();
}

function renderSide() {
  const v = state.view;
  const tr = v.transcript || [];
  const denied = tr.filter((a) => a.code !== 0).length;
  const status = $('status');
  status.dataset.finish = v.finishCode;
  status.classList.toggle('over', v.finishCode !== 0);
  if (v.finishCode === 1) status.textContent = `Board cleared in ${tr.length} attempts (${denied} denied). Well done!`;
  else if (v.finishCode === 2) status.textContent = `Stalemate after ${tr.length} attempts: no piece can be moved any more.`;
  // Once the episode is over the prompt says so, rather than still asking for a piece.
  if (v.finishCode === 1) feedback('accept', 'The board is cleared. Start a new episode above to play again.');
  else if (v.finishCode === 2) feedback('deny', 'Stalemate: no piece can be moved any more. Start a new episode above.');
  else status.textContent = `${v.board.value.filter((p) => p.dropped === undefined).length} pieces left · ${tr.length} attempts · ${denied} denied`;
  $('episode-info').textContent = `Rule set ${v.rulesName} · board ${v.boardName} · episode ${v.episodeId}`;
  const list = $('history');
  list.replaceChildren();
  tr.forEach((a) => {
    const li = document.createElement('li');
    const x = ((a.pos - 1) % 6) + 1;
    const y = Math.floor((a.pos - 1) / 6) + 1;
    const [cls, text] = MESSAGES[a.code] || ['deny', `code ${a.code}`];
    li.className = cls;
    li.textContent = `piece at column ${x}, row ${y} → bucket ${a.bucketNo}: ${text.split(':')[0].replace(/\.$/, '')}`;
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
  const q = `?token=${encodeURIComponent(state.token)}`;
  $('dl-transcript').href = `/api/episodes/${v.episodeId}/transcript.csv${q}`;
  $('dl-detailed').href = `/api/episodes/${v.episodeId}/detailed-transcript.csv${q}`;
  $('dl-board').href = `/api/episodes/${v.episodeId}/board.csv${q}`;
  $('dl-series').href = `/api/episodes/${v.episodeId}/series.csv${q}`;
  // Once an episode is over the next one of the series can start, under the same hidden rule.
  $('series').hidden = v.finishCode === 0;
}

function feedback(cls, text) {
  const f = $('feedback');
  f.className = cls;
  f.textContent = text;
}

function flashBucket(i, cls) {
  const b = document.querySelector(`[data-bucket="${i}"]`);
  if (!b) return;
  b.classList.add(cls);
  setTimeout(() => b.classList.remove(cls), 600);
}

async function attempt(pieceId, bucket) {
  if (state.busy || !state.view || state.view.finishCode !== 0) return;
  state.busy = true;
  state.selected = null;
  const cnt = (state.view.transcript || []).length;
  const { status, data } = await api('POST', `/api/episodes/${state.episode}/move`, { pieceId, bucket, cnt });
  state.busy = false;
  if (status === 409 && data.code === -7) return load();  // another tab moved: catch up
  if (data.error) {
    feedback('deny', data.errmsg || 'The move could not be made.');
    return load();
  }
  const [cls, text] = MESSAGES[data.code] || ['deny', `The server answered code ${data.code}.`];
  feedback(cls, data.code === 0 ? `Accepted: the piece went into bucket ${bucket}.` : text);
  await load(bucket, cls);
}

async function load(flash = null, cls = null) {
  const { data } = await api('GET', `/api/episodes/${state.episode}`);
  if (data.error) {
    feedback('deny', data.errmsg);
    return;
  }
  state.view = data;
  render();
  if (flash !== null) flashBucket(flash, `flash-${cls}`);
}

// Drag a piece onto a bucket; a press without a drag selects the piece instead.
function enableDrag(g, p) {
  g.addEventListener('pointerdown', (ev) => {
    if (state.busy) return;
    ev.preventDefault();
    const svg = $('board-svg');
    const m = svg.getScreenCTM().inverse();
    const start = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
    let moved = false;
    g.setPointerCapture(ev.pointerId);
    const over = (e) => {
      g.style.visibility = 'hidden';
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      g.style.visibility = '';
      return hit && hit.closest('[data-bucket]');
    };
    const onMove = (e) => {
      const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
      if (!moved && Math.hypot(pt.x - start.x, pt.y - start.y) < 8) return;
      moved = true;
      g.classList.add('dragging');
      g.setAttribute('transform', `translate(${sx(p.x) + pt.x - start.x},${sy(p.y) + pt.y - start.y})`);
      document.querySelectorAll('.bucket').forEach((b) => b.classList.remove('target'));
      const b = over(e);
      if (b) b.classList.add('target');
    };
    const onUp = (e) => {
      g.removeEventListener('pointermove', onMove);
      g.removeEventListener('pointerup', onUp);
      g.removeEventListener('pointercancel', onUp);
      if (!moved) {
        state.selected = state.selected === p.id ? null : p.id;
        render();
        return;
      }
      const b = over(e);
      if (b) attempt(p.id, Number(b.dataset.bucket));
      else render();
    };
    g.addEventListener('pointermove', onMove);
    g.addEventListener('pointerup', onUp);
    g.addEventListener('pointercancel', onUp);
  });
}

// The board part of a start request, from the form.
function boardRequest(body) {
  if ($('board').value === '(random)') {
    body.pieces = Number($('pieces').value) || 6;
    // A series asks for a new random board each time unless a seed is given.
    if ($('seed').value !== '') body.seed = Number($('seed').value);
  } else {
    body.board = $('board').value;
  }
  return body;
}

async function start(ev) {
  ev.preventDefault();
  state.token = null;
  await begin(boardRequest({ rules: $('rules').value }));
}

// The next episode of the series: the server keeps the hidden rule and the token.
async function nextEpisode() {
  const body = boardRequest({ after: state.episode, afterToken: state.token });
  state.token = null;
  await begin(body);
}

async function begin(body) {
  const { data } = await api('POST', '/api/episodes', body);
  const err = $('setup-error');
  if (data.error) {
    err.hidden = false;
    err.textContent = data.rendered || data.errmsg;
    return;
  }
  err.hidden = true;
  state.episode = data.episodeId;
  state.token = data.playerToken;
  state.view = data;
  state.selected = null;
  // The address holds the episode and its token, so a reload (or a server restart) resumes it.
  history.replaceState(null, '', `#episode=${encodeURIComponent(data.episodeId)}&token=${encodeURIComponent(data.playerToken)}`);
  $('game').hidden = false;
  feedback('', 'Pick a piece and drop it on a bucket.');
  render();
}

// Hundreds of rule sets: a filter box narrows the list (every word must appear in the name).
function setupRulesPicker(names) {
  const select = $('rules');
  const filter = $('rules-filter');
  const show = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const keep = names.filter((n) => words.every((w) => n.toLowerCase().includes(w)));
    const current = select.value;
    select.replaceChildren(...keep.map((n) => new Option(n, n)));
    if (keep.includes(current)) select.value = current;
    $('rules-count').textContent = words.length ? `${keep.length} of ${names.length} rule sets` : `${names.length} rule sets`;
  };
  filter.addEventListener('input', show);
  show();
}

async function init() {
  const [rules, boards, colors] = await Promise.all([api('GET', '/api/rules'), api('GET', '/api/boards'), api('GET', '/api/colors')]);
  Object.assign(state.colors, colors.data.colors || {});
  setupRulesPicker(rules.data.rules || []);
  for (const b of [...(boards.data.boards || []), '(random)']) $('board').add(new Option(b, b));
  const form = $('start-form');
  const sync = () => form.classList.toggle('board-chosen', $('board').value !== '(random)');
  $('board').addEventListener('change', sync);
  sync();
  form.addEventListener('submit', start);
  $('next-episode').addEventListener('click', nextEpisode);
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.get('episode') && h.get('token')) {
    state.episode = h.get('episode');
    state.token = h.get('token');
    $('game').hidden = false;
    await load();
  }
  document.body.dataset.ready = 'true';
}

init();
