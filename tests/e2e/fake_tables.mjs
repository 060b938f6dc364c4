// A stand-in for rulekit's table API (docs/server/API.md, "Tables"), for the page's own test
// (table_page.mjs): it serves web/ as the binary does and answers the table endpoints for a small
// made-up two-seat card game whose questions go through every kind the page must draw (a menu of
// cards in groups, k of N, yes/no, a number, an order), with hidden hands, a second seat that is a
// bot or a person, an event stream, views after move K, and the log once over. It is not the
// server: the whole games against `rulekit serve` are in play_tables.mjs.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, extname } from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const CARD_NAMES = ['Ryu', 'Ken', 'Chun-Li', 'Guile', 'Blanka', 'Zangief', 'Dhalsim', 'Sagat', 'Vega', 'Cammy', 'Akuma', 'Sakura'];

// The game: 12 cards dealt 4 to each hand, 4 in a deck. The questions come in a fixed round:
// play a card (one of the hand's cards, grouped "play" / "pass"), discard k of N, yes/no, a number,
// an order; each seat answers its own, seat 0 first. Over after `length` decisions.
function newGame(seats, length) {
  const cards = CARD_NAMES.map((name, i) => ({ id: `c${i}`, name, cost: (i % 3) + 1, type: i % 2 ? 'Character' : 'Action', pt: i % 2 ? `${i * 100}/${i}` : undefined,
    text: `When ${name} enters play, draw a card.\nFresh: cannot attack this turn.` }));
  return { seats, length, n: 0, life: [20, 20], hands: [cards.slice(0, 4), cards.slice(4, 8)], play: [[], []], deck: cards.slice(8), taken: 0, history: [], log: [], listeners: new Set() };
}

const ROUND = ['one', 'subset', 'subset', 'yesno', 'number', 'order'];
function question(g) {
  if (g.n >= g.length) return null;
  const seat = Math.floor(g.n / ROUND.length) % 2;
  const kind = ROUND[g.n % ROUND.length];
  const hand = g.hands[seat];
  switch (kind) {
    case 'one':
      return { seat, prompt: `${seat === 0 ? 'p1' : 'p2'}: play a card or pass`, kind: 'one', continues: false,
        options: [...hand.map((c) => ({ label: `play ${c.name}`, card: c.id, group: 'play' })), ...hand.map((c) => ({ label: `discard ${c.name}`, card: c.id, group: 'discard' })), { label: 'pass', group: 'pass' }] };
    case 'subset': {
      const taken = g.n % ROUND.length === 1 ? 0 : 1;
      const opts = hand.slice(taken).map((c) => ({ label: `keep ${c.name}`, card: c.id }));
      if (taken >= 1) opts.push({ label: 'done' });
      return { seat, prompt: 'Keep between 1 and 2 cards', kind: 'subset', min: 1, max: 2, taken, options: opts, continues: true };
    }
    case 'yesno':
      return { seat, prompt: 'Counter-attack?', kind: 'yesno', options: [{ label: 'yes' }, { label: 'no' }], continues: false };
    case 'number':
      return { seat, prompt: 'How much SP to spend?', kind: 'number', lo: 0, hi: 20, options: Array.from({ length: 21 }, (_, i) => ({ label: String(i) })), continues: false };
    default:
      return { seat, prompt: 'Put the cards back in order', kind: 'order', taken: 0, max: 3, options: g.deck.slice(0, 3).map((c) => ({ label: c.name })), continues: false };
  }
}

function view(g, observer) {
  const q = question(g);
  return {
    game: 'cfc', observer, turn: Math.floor(g.n / ROUND.length) + 1, phase: q ? q.kind : 'over', active: q ? q.seat : -1,
    players: [0, 1].map((s) => ({ seat: s, name: `p${s + 1}`, stats: { life: g.life[s], sp: s + 1 },
      zones: [{ name: 'hand', count: g.hands[s].length, cards: s === observer ? g.hands[s] : g.hands[s].map(() => ({ hidden: true })) },
        { name: 'in play', count: g.play[s].length, cards: g.play[s].map((c, i) => ({ ...c, tapped: i === 0 })) }] })),
    zones: [{ name: 'deck', count: g.deck.length }],
    dice: [((g.n * 7) % 6) + 1],
  };
}

function apply(g, option) {
  const q = question(g);
  const o = q.options[option];
  if (q.kind === 'one' && o.group === 'play') {
    const i = g.hands[q.seat].findIndex((c) => c.id === o.card);
    g.play[q.seat].push(...g.hands[q.seat].splice(i, 1));
    g.life[1 - q.seat] -= 2;
  }
  g.log.push({ n: g.n, seat: q.seat, name: `p${q.seat + 1}`, label: o.label });
  g.n++;
  g.history.push([view(g, 0), view(g, 1), view(g, -1)]);
  for (const f of g.listeners) f();
}

export function startFake(webDir, { length = 14 } = {}) {
  const tables = new Map();
  let next = 1;
  const logFor = (g, seat, upto = g.log.length) => g.log.slice(0, upto).map((e) => (question(g) && e.seat !== seat ? { n: e.n, seat: e.seat, name: e.name } : e));
  const state = (t, seat) => {
    const g = t.game;
    const q = question(g);
    return { game: 'cfc', seat: seat >= 0 ? seat : null, seq: g.n, view: view(g, seat), decision: q && q.seat === seat ? q : null, log: logFor(g, seat), over: !q, result: q ? null : [g.life[0] >= g.life[1] ? 1 : -1, g.life[0] >= g.life[1] ? -1 : 1] };
  };
  // A bot seat answers a moment after its question comes up, off the request.
  const botTurn = (t) => {
    const q = question(t.game);
    if (q && t.kinds[q.seat] !== 'human') setTimeout(() => { if (question(t.game) === null || question(t.game).seat !== q.seat) return; apply(t.game, 0); botTurn(t); }, 150);
  };
  const seatOf = (t, req, url) => {
    const token = req.headers['x-seat-token'] || url.searchParams.get('token');
    if (!token) return -1;
    const s = t.tokens.indexOf(token);
    return s >= 0 ? s : null;
  };
  const send = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    let body = '';
    for await (const chunk of req) body += chunk;
    const p = url.pathname;
    if (!p.startsWith('/api/')) {
      const file = p === '/' ? 'index.html' : p.slice(1);
      try {
        const data = readFileSync(join(webDir, file));
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream' });
        return res.end(data);
      } catch (e) {
        return send(res, 404, { error: true, errmsg: 'not found' });
      }
    }
    if (p === '/api/games') {
      return send(res, 200, { bots: ['random', 'greedy', 'mcts'], games: [{ name: 'cfc', title: "Card Fighters' Clash", players: [2], tables: true, available: true,
        options: { decks: { what: 'two decks', choices: ['Ryu deck', 'Ken deck'], default: ['Ryu deck', 'Ken deck'] } } },
      { name: 'rulegame', title: 'Rule Game' }] });
    }
    if (p === '/api/tables' && req.method === 'GET') {
      return send(res, 200, { tables: [...tables.entries()].map(([id, t]) => ({ id, game: 'cfc', seq: t.game.n, free: t.kinds.filter((k, s) => k === 'human' && !t.joined[s]).length,
        seats: t.kinds.map((k, s) => ({ seat: s, name: `p${s + 1}`, player: k, free: k === 'human' && !t.joined[s] })), spectate: `/?table=${id}` })) });
    }
    if (p === '/api/tables' && req.method === 'POST') {
      const r = JSON.parse(body || '{}');
      if (r.game !== 'cfc') return send(res, 400, { error: true, errmsg: `game "${r.game}": not one of cfc` });
      if (!Array.isArray(r.options.decks) || r.options.decks.length !== 2) return send(res, 400, { error: true, errmsg: 'options.decks: two decks' });
      const id = `t${next++}`;
      const t = { game: newGame(r.seats, length), kinds: r.seats, tokens: r.seats.map((k, s) => (k === 'human' ? `tok-${id}-${s}` : null)), joined: r.seats.map(() => false) };
      t.game.history.push([view(t.game, 0), view(t.game, 1), view(t.game, -1)]);
      tables.set(id, t);
      botTurn(t);
      return send(res, 201, { id, seats: t.tokens.map((token, seat) => (token ? { seat, token, link: `/?table=${id}&token=${token}` } : { seat })), spectate: `/?table=${id}`, seq: 0 });
    }
    const m = p.match(/^\/api\/tables\/([^/]+)(\/[a-z]+)?$/);
    const t = m && tables.get(m[1]);
    if (!t) return send(res, 404, { error: true, errmsg: 'no such table' });
    const seat = seatOf(t, req, url);
    if (seat === null) return send(res, 403, { error: true, errmsg: 'wrong token' });
    if (seat >= 0) t.joined[seat] = true;
    const what = m[2] || '';
    if (what === '' && req.method === 'GET') {
      if (url.searchParams.has('at')) {
        const k = Number(url.searchParams.get('at'));
        if (!(k >= 0 && k < t.game.history.length)) return send(res, 400, { error: true, errmsg: 'at: out of range' });
        return send(res, 200, { game: 'cfc', seq: t.game.n, at: k, view: t.game.history[k][seat < 0 ? 2 : seat], decision: null, log: logFor(t.game, seat, k), over: false });
      }
      return send(res, 200, state(t, seat));
    }
    if (what === '/decide' && req.method === 'POST') {
      const r = JSON.parse(body || '{}');
      const q = question(t.game);
      if (!q || q.seat !== seat || r.seq !== t.game.n) return send(res, 409, { error: true, errmsg: 'not your turn or stale seq' });
      if (!(r.option >= 0 && r.option < q.options.length)) return send(res, 400, { error: true, errmsg: 'option out of range' });
      apply(t.game, r.option);
      botTurn(t);
      return send(res, 200, state(t, seat));
    }
    if (what === '/join' && req.method === 'POST') {
      const r = JSON.parse(body || '{}');
      if (t.kinds[r.seat] !== 'human' || t.joined[r.seat]) return send(res, 409, { error: true, errmsg: 'seat taken' });
      t.joined[r.seat] = true;
      return send(res, 200, { seat: r.seat, token: t.tokens[r.seat] });
    }
    if (what === '/log') {
      if (question(t.game)) return send(res, 409, { error: true, errmsg: 'not over' });
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      return res.end(`${JSON.stringify({ rulekit_table_log: 1, game: 'cfc' })}\n${t.game.log.map((l) => JSON.stringify(l)).join('\n')}\n`);
    }
    if (what === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(': hello\n\n');
      // As the server does: one data line per decision, then an "over" event, and the stream ends.
      const f = () => {
        if (question(t.game)) return res.write(`data: {"seq": ${t.game.n}}\n\n`);
        res.end(`event: over\ndata: {"seq": ${t.game.n}}\n\n`);
        t.game.listeners.delete(f);
        return undefined;
      };
      t.game.listeners.add(f);
      req.on('close', () => t.game.listeners.delete(f));
      return undefined;
    }
    return send(res, 404, { error: true, errmsg: 'no such endpoint' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}
