// The table page of every kernel game (CFC, VCK, Magic): draws the observer's view from the one
// generic view JSON (players with stats and zones, shared zones, dice, turn and phase), asks the
// current question with controls that fit its kind, narrates the log, shows card text on hover,
// focus or tap, follows the table live through its event stream, and steps back and forth
// through the moves (`at=K`) as this observer saw them.
//
// The address is /table.html#id=ID[&seat=N&token=T][&at=K]: a seat's link carries its token and
// resumes the seat whenever it is opened again; without a token the page is a spectator's.
'use strict';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(`${location.search.slice(1)}&${location.hash.slice(1)}`);
const T = {
  id: params.get('id') || params.get('table'),
  token: params.get('token') || null,
  seat: params.has('seat') ? Number(params.get('seat')) : null,
  at: params.has('at') ? Number(params.get('at')) : null,  // null: the live table
  data: null,      // the last answer of GET /api/tables/ID
  seq: 0,          // decisions applied when `data` was read (sent back with a decision)
  log: [],         // the live table's log as far as read: later reads ask only for what follows
  latest: 0,       // decisions applied on the table as far as we know (the event stream says)
  busy: false,
  loading: null,
  again: false,
  cardOptions: new Map(),  // card id -> indices of the options about that card
  cards: new Map(),        // card id -> the card as the view shows it
  asked: '',       // the question last shown, to move focus only when a new one comes
  polling: null,
};
const tableUrl = () => `/api/tables/${encodeURIComponent(T.id)}`;

// ---------------------------------------------------------------------------------------------
// Values as words

function resultText(d) {
  const r = d.result;
  if (r === undefined || r === null) return 'The game is over.';
  if (typeof r === 'string') return r;
  if (typeof r === 'object' && !Array.isArray(r)) return r.text || r.message || r.reason || JSON.stringify(r);
  // Returns per seat: the highest wins, all equal is a draw.
  if (Array.isArray(r) && r.length) {
    const best = Math.max(...r);
    const winners = r.map((x, i) => (x === best ? i : -1)).filter((i) => i >= 0);
    if (winners.length === r.length) return 'The game is a draw.';
    const names = winners.map((s) => (s === T.seat ? 'you' : seatName(s))).join(' and ');
    return `${names === 'you' ? 'You' : names} ${winners.length === 1 && names !== 'you' ? 'wins' : 'win'}.`;
  }
  return String(r);
}

function valueText(v) {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(valueText).join(', ');
  if (typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k} ${valueText(x)}`).join(', ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

const nice = (s) => String(s ?? '').replace(/_/g, ' ');
const observer = () => (T.data && T.data.view && Number.isInteger(T.data.view.observer) ? T.data.view.observer : (T.seat ?? -1));
const who = (seat) => (seat === observer() && seat >= 0 ? `you (${seatName(seat)})` : seatName(seat));

// ---------------------------------------------------------------------------------------------
// Cards

const CARD_FIELDS = ['id', 'name', 'cost', 'type', 'pt', 'text', 'tapped', 'counters', 'hidden', 'color', 'colors', 'title'];
// Fields for the card panel only, not the small card: where it sits, what it was printed with.
const QUIET_FIELDS = ['slot', 'printed bp', 'subtype', 'ability', 'takes back-ups', 'owner', 'controller', 'area', 'targets'];

function cardColor(c) {
  const col = c.color || (Array.isArray(c.colors) ? (c.colors.length > 1 ? 'multi' : c.colors[0]) : c.colors);
  return col ? String(col).toLowerCase() : null;
}

function cardEl(c) {
  if (!c || c.hidden) return h('div', { class: 'card back', 'aria-label': 'a hidden card', role: 'img' });
  const id = String(c.id ?? '');
  const options = T.cardOptions.get(id);
  const tag = options ? 'button' : 'div';
  // What a game adds beyond the common fields: its numbers on the card's foot (CFC's sp and bp,
  // damage), its states as marks (attacking, fresh, frozen, summoning sick, blocking...).
  const extra = Object.entries(c).filter(([k]) => !CARD_FIELDS.includes(k) && !QUIET_FIELDS.includes(k));
  const numbers = extra.filter(([, v]) => typeof v === 'number').slice(0, 3);
  const marks = extra.filter(([, v]) => v === true).map(([k]) => k);
  const facts = extra.filter(([, v]) => typeof v === 'string' && v.length <= 16).map(([k, v]) => `${nice(k)} ${v}`);
  if (id) T.cards.set(id, c);
  const e = h(tag, {
    class: `card${c.tapped ? ' tapped' : ''}${options ? ' choosable' : ''}`,
    type: options ? 'button' : undefined,
    dataset: { cardId: id, color: cardColor(c) || undefined },
    title: [c.name, c.cost, c.type, c.pt, c.text].filter((x) => x !== undefined && x !== '').map(valueText).join('\n'),
  },
  h('span', { class: 'card-top' }, h('span', { class: 'card-name' }, c.name ?? id), c.cost !== undefined ? h('span', { class: 'card-cost' }, valueText(c.cost)) : null),
  c.type ? h('span', { class: 'card-type' }, valueText(c.type)) : null,
  c.text ? h('span', { class: 'card-text' }, valueText(c.text)) : null,
  facts.length ? h('span', { class: 'card-facts' }, facts.join(' · ')) : null,
  marks.length ? h('span', { class: 'card-marks' }, ...marks.map((k) => h('span', { class: 'mark', dataset: { mark: k } }, nice(k)))) : null,
  h('span', { class: 'card-foot' },
    c.counters ? h('span', { class: 'card-counters' }, valueText(c.counters)) : null,
    ...numbers.map(([k, v]) => h('span', { class: 'card-num', title: nice(k) }, `${nice(k)} ${v}`)),
    c.pt !== undefined ? h('span', { class: 'card-pt' }, valueText(c.pt)) : null));
  if (c.tapped) e.setAttribute('aria-description', 'tapped');
  if (options) {
    e.setAttribute('aria-label', `${c.name ?? id}: ${options.map((i) => T.data.decision.options[i].label).join('; ')}`);
    e.addEventListener('click', (ev) => {
      ev.stopPropagation();
      showCard(c);
      if (options.length === 1) decide(options[0]);
      else openCardMenu(e, c, options);
    });
  } else {
    e.addEventListener('click', () => showCard(c));
  }
  e.addEventListener('mouseenter', () => showCard(c));
  e.addEventListener('focus', () => showCard(c));
  return e;
}

// The card's whole face in the side panel: hover on a desktop, tap on a phone, focus by keyboard.
function showCard(c) {
  const box = $('card-detail-body');
  const extra = Object.entries(c).filter(([k, v]) => !CARD_FIELDS.includes(k) && v !== null && v !== '' && v !== false);
  box.replaceChildren(...kids([
    h('h3', {}, c.name ?? c.id, c.cost !== undefined ? h('span', { class: 'card-cost' }, valueText(c.cost)) : null),
    c.type ? h('p', { class: 'detail-type' }, valueText(c.type)) : null,
    ...String(c.text ? valueText(c.text) : '').split('\n').filter(Boolean).map((line) => h('p', { class: 'detail-text' }, line)),
    c.pt !== undefined ? h('p', { class: 'detail-pt' }, valueText(c.pt)) : null,
    c.tapped ? h('p', { class: 'muted' }, 'tapped') : null,
    c.counters ? h('p', {}, `counters: ${valueText(c.counters)}`) : null,
    extra.length ? h('dl', { class: 'detail-extra' }, ...extra.flatMap(([k, v]) => [h('dt', {}, nice(k)), h('dd', {}, valueText(v))])) : null]));
  $('card-detail').hidden = false;
  // On a phone the panel is a sheet over the bottom of the screen, open until closed.
  $('card-detail').classList.add('open');
}

// Several options about one card (cast it, or activate one of its abilities): a small menu at the card.
function openCardMenu(anchor, c, options) {
  const menu = $('card-menu');
  const close = () => {
    menu.hidden = true;
    document.removeEventListener('click', outside, true);
    anchor.focus();
  };
  const outside = (ev) => {
    if (!menu.contains(ev.target)) close();
  };
  menu.replaceChildren(h('p', { class: 'menu-title' }, c.name ?? c.id),
    ...options.map((i) => h('button', { type: 'button', class: 'option', dataset: { option: i }, onclick: () => { menu.hidden = true; decide(i); } }, T.data.decision.options[i].label)),
    h('button', { type: 'button', class: 'quiet small', onclick: close }, 'Cancel'));
  menu.onkeydown = (ev) => { if (ev.key === 'Escape') close(); };
  const r = anchor.getBoundingClientRect();
  menu.hidden = false;
  const w = menu.offsetWidth;
  menu.style.left = `${Math.max(4, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - w - 4))}px`;
  menu.style.top = `${window.scrollY + r.bottom + 4}px`;
  menu.querySelector('button').focus();
  setTimeout(() => document.addEventListener('click', outside, true));
}

// ---------------------------------------------------------------------------------------------
// The view

// Piles where only the count matters (a deck, a library): one card back and the number.
const PILE = /deck|library|draw|pile|bag|supply/i;
// Zones whose cards are all shown however many (a hand, the cards in play).
const OPEN = /hand|play|battlefield|field|board|stack|market|in.?play|kingdom|domain|row|center|ring/i;

function zoneEl(z) {
  const cards = z.cards || [];
  const count = z.count ?? cards.length;
  const choosable = cards.some((c) => c && T.cardOptions.has(String(c.id)));
  const name = nice(z.name || 'zone');
  const head = h('h4', {}, name, h('span', { class: 'count' }, String(count)));
  const e = h('div', { class: 'zone', dataset: { zone: z.name || '' } }, head);
  if (count === 0) {
    e.classList.add('empty');
    return e;
  }
  if (PILE.test(z.name || '') && !OPEN.test(z.name || '') && !choosable && !cards.some((c) => c && !c.hidden && z.open)) {
    e.classList.add('pile');
    e.append(h('div', { class: 'cards' }, h('div', { class: 'card back', role: 'img', 'aria-label': `${count} cards` }, h('span', { class: 'pile-count' }, String(count)))));
    return e;
  }
  // A run of hidden cards (a stack under its top card, a deck shown as backs) is one back with
  // its number, except in a hand, whose backs are fanned so its size reads at a glance.
  const shown = [];
  const hand = /hand/i.test(z.name || '');
  for (let i = 0; i < cards.length;) {
    let j = i;
    while (j < cards.length && cards[j] && cards[j].hidden) j++;
    if (j - i >= 2 && !hand) {
      shown.push(h('div', { class: 'card back', role: 'img', 'aria-label': `${j - i} hidden cards` }, h('span', { class: 'pile-count' }, `×${j - i}`)));
      i = j;
    } else {
      shown.push(cardEl(cards[i]));
      i++;
    }
  }
  // Cards not listed (only the count is known to this observer) are drawn as backs.
  for (let i = cards.length; i < Math.min(count, cards.length + 12); i++) shown.push(cardEl({ hidden: true }));
  if (count > cards.length + 12) shown.push(h('span', { class: 'more muted' }, `+${count - cards.length - 12}`));
  const row = h('div', { class: 'cards' }, ...shown);
  if (shown.length > 8 && !OPEN.test(z.name || '') && !choosable) {
    e.append(h('details', {}, h('summary', {}, `show the ${count} cards`), row));
  } else {
    e.append(row);
  }
  return e;
}

function statsEl(stats) {
  const entries = Object.entries(stats || {});
  if (!entries.length) return null;
  return h('dl', { class: 'stats' }, ...entries.map(([k, v]) => h('div', { class: 'stat', dataset: { stat: k } }, h('dt', {}, nice(k)), h('dd', {}, valueText(v)))));
}

function playerEl(p, mine) {
  const v = T.data.view;
  const active = v.active === p.seat;
  return h('section', { class: `player${mine ? ' mine' : ''}${active ? ' active' : ''}`, dataset: { seat: p.seat }, 'aria-label': `${who(p.seat)}` },
    h('header', {},
      h('h3', {}, mine ? `${p.name || seatName(p.seat)} (you)` : (p.name || seatName(p.seat))),
      active ? h('span', { class: 'badge' }, T.data.over ? 'last to play' : 'to play') : null,
      statsEl(p.stats)),
    h('div', { class: 'zones' }, ...(p.zones || []).map(zoneEl)));
}

function diceEl(dice) {
  if (!Array.isArray(dice) || !dice.length) return null;
  return h('div', { class: 'dice', 'aria-label': `dice: ${dice.map(valueText).join(', ')}` },
    ...dice.map((d) => {
      const n = typeof d === 'object' ? d.value : d;
      return h('span', { class: 'die', title: `die: ${valueText(d)}` }, Number.isFinite(n) ? String(n) : valueText(d));
    }));
}

function renderView() {
  const v = T.data.view || {};
  const me = observer();
  const players = v.players || [];
  const mine = players.find((p) => p.seat === me && me >= 0);
  // A spectator sees the table from p1's side: p1 at the bottom, not marked as "you".
  const near = mine || players.find((p) => p.seat === 0);
  const from = near ? near.seat : 0;
  // The others, in seat order starting after the near seat, so the next to play is first.
  const n = players.length || 1;
  const others = players.filter((p) => p !== near).sort((a, b) => ((a.seat - from + n) % n) - ((b.seat - from + n) % n));
  $('opponents').replaceChildren(...others.map((p) => playerEl(p, false)));
  const shared = (v.zones || []).map(zoneEl);
  const dice = diceEl(v.dice);
  $('shared').replaceChildren(...shared, ...(dice ? [dice] : []));
  $('shared').hidden = !shared.length && !dice;
  $('me').replaceChildren(...(near ? [playerEl(near, near === mine)] : []));
}

function renderStatus() {
  const d = T.data;
  const v = d.view || {};
  const title = `${gameTitle(d.game)}${T.seat !== null ? ` · ${seatName(T.seat)}` : ' · watching'}`;
  $('title').textContent = title;
  document.title = `${title} · rulekit`;
  const parts = [];
  if (v.turn !== undefined) parts.push(`Turn ${v.turn}`);
  if (v.phase) parts.push(nice(v.phase));
  if (d.over) parts.push(resultText(d));
  else if (Number.isInteger(v.active)) parts.push(v.active === T.seat ? 'your move' : `${seatName(v.active)} to play`);
  if (T.at !== null) parts.push(`replay: after move ${T.at}`);
  $('status').textContent = parts.join(' · ');
  document.body.classList.toggle('over', !!d.over);
  document.body.dataset.over = d.over ? 'true' : 'false';
}

// ---------------------------------------------------------------------------------------------
// The question

// A stop option ends taking items (k of N) before the maximum; the views label it in words.
const isStop = (o) => o.stop === true || o.done === true || /^(done|stop|finish|no more|that'?s all|end)/i.test(o.label || '');

function optionButton(o, i, extra = '') {
  const b = h('button', { type: 'button', class: `option${o.card !== undefined ? ' about-card' : ''}${extra}`, dataset: { option: i } }, o.label);
  b.addEventListener('click', () => decide(i));
  if (o.card !== undefined) {
    // Pointing at an option lights its card on the table.
    const light = (on) => document.querySelectorAll(`.card[data-card-id="${CSS.escape(String(o.card))}"]`).forEach((c) => c.classList.toggle('hint', on));
    b.addEventListener('mouseenter', () => light(true));
    b.addEventListener('mouseleave', () => light(false));
    // By keyboard the option's card is shown in the card panel too (not on a mouse press: the
    // panel changing under a pressed button would move the page before the click lands).
    b.addEventListener('focus', () => {
      light(true);
      const c = T.cards.get(String(o.card));
      if (c && b.matches(':focus-visible')) showCard(c);
    });
    b.addEventListener('blur', () => light(false));
  }
  return b;
}

// Options grouped as the views group them (`group`); a long menu without groups is grouped by
// its first word ("cast", "attack with"...), so thirty options read as a few headings.
function groupsOf(options) {
  const keyed = options.some((o) => o.group);
  const groups = new Map();
  options.forEach((o, i) => {
    const g = keyed ? (o.group || 'other') : options.length > 12 ? (o.label || '').split(/[\s:]/)[0] : '';
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(i);
  });
  return groups;
}

function menuControls(dec) {
  const opts = dec.options;
  const groups = groupsOf(opts);
  const box = h('div', { class: 'menu' });
  if (opts.length > 20) {
    const filter = h('input', { type: 'search', class: 'menu-filter', placeholder: 'type to filter the options', 'aria-label': 'Filter the options' });
    filter.addEventListener('input', () => {
      const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      box.querySelectorAll('button.option').forEach((b) => { b.hidden = !words.every((w) => b.textContent.toLowerCase().includes(w)); });
      box.querySelectorAll('details').forEach((d) => { d.open = words.length > 0 || d.dataset.first === 'true'; });
    });
    box.append(filter);
  }
  if (groups.size <= 1) {
    box.append(h('div', { class: 'options' }, ...opts.map((o, i) => optionButton(o, i))));
    return box;
  }
  let first = true;
  for (const [g, idx] of groups) {
    const list = h('div', { class: 'options' }, ...idx.map((i) => optionButton(opts[i], i)));
    const open = opts.length <= 24 || first || idx.length <= 3;
    const d = h('details', { class: 'group', open, dataset: { first: String(first) } }, h('summary', {}, `${nice(g) || 'other'} (${idx.length})`), list);
    box.append(d);
    first = false;
  }
  return box;
}

function kindControls(dec) {
  const opts = dec.options || [];
  switch (dec.kind) {
    case 'yesno':
      return h('div', { class: 'options yesno' }, ...opts.map((o, i) => optionButton(o, i, ' big')));
    case 'number': {
      const lo = Number(dec.lo ?? 0);
      const hi = Number(dec.hi ?? lo + opts.length - 1);
      if (hi - lo <= 12) return h('div', { class: 'options numbers' }, ...opts.map((o, i) => optionButton(o, i, ' num')));
      const input = h('input', { type: 'number', min: lo, max: hi, value: lo, 'aria-label': `A number from ${lo} to ${hi}` });
      const range = h('input', { type: 'range', min: lo, max: hi, value: lo, 'aria-hidden': 'true', tabindex: '-1' });
      range.addEventListener('input', () => { input.value = range.value; });
      input.addEventListener('input', () => { range.value = input.value; });
      const ok = h('button', { type: 'button', class: 'option' }, 'OK');
      const go = () => {
        const n = Math.round(Number(input.value));
        if (n >= lo && n <= hi) decide(n - lo);
        else input.setCustomValidity(`from ${lo} to ${hi}`);
      };
      ok.addEventListener('click', go);
      input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') go(); });
      return h('div', { class: 'number-pick' }, input, range, ok);
    }
    case 'subset': {
      const taken = dec.taken ?? 0;
      const stops = opts.map((o, i) => [o, i]).filter(([o]) => isStop(o));
      const items = opts.map((o, i) => [o, i]).filter(([o]) => !isStop(o));
      const need = Math.max(0, (dec.min ?? 0) - taken);
      const room = (dec.max ?? items.length) - taken;
      const note = need > 0 ? `Pick ${need} more (up to ${room}).` : `You may pick up to ${room} more, or stop.`;
      return h('div', { class: 'subset' },
        h('p', { class: 'progress' }, `${taken} picked · ${note}`),
        h('div', { class: 'options chips' }, ...items.map(([o, i]) => optionButton(o, i, ' chip'))),
        stops.length ? h('div', { class: 'options' }, ...stops.map(([o, i]) => optionButton(o, i, ' primary'))) : null);
    }
    case 'order': {
      const taken = dec.taken ?? 0;
      return h('div', { class: 'order' },
        h('p', { class: 'progress' }, `Which goes ${ordinal(taken + 1)}${dec.max ? ` of ${dec.max}` : ''}?`),
        h('ol', { class: 'options order-list', start: taken + 1 }, ...opts.map((o, i) => h('li', {}, optionButton(o, i)))));
    }
    default:
      return menuControls(dec);
  }
}

const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;

function renderDecision() {
  const d = T.data;
  const dec = T.at === null ? d.decision : null;
  const box = $('controls');
  const prompt = $('prompt');
  $('decision').classList.toggle('yours', !!dec);
  document.body.dataset.yourMove = dec ? 'true' : 'false';
  if (T.at !== null) {
    prompt.textContent = `Replay: the table after move ${T.at} of ${T.latest}`;
    box.replaceChildren(h('button', { type: 'button', id: 'to-live', onclick: () => goTo(null) }, d.over ? 'To the end' : 'Back to the live game'));
    return;
  }
  if (d.over) {
    prompt.textContent = resultText(d);
    box.replaceChildren(h('p', { class: 'options' },
      h('button', { type: 'button', class: 'quiet', onclick: () => goTo(0) }, 'Replay from the start'),
      h('a', { class: 'button', href: '/' }, 'Back to the lobby')));
    return;
  }
  if (!dec) {
    const v = d.view || {};
    prompt.textContent = T.seat === null ? 'You are watching.' : Number.isInteger(v.active) && v.active >= 0 ? `Waiting for ${seatName(v.active)}…` : 'Waiting…';
    box.replaceChildren(T.seat === null ? h('p', { class: 'muted' }, 'Hidden cards stay hidden from spectators.') : h('p', { class: 'muted thinking' }, 'The table moves on by itself; no need to reload.'));
    return;
  }
  prompt.textContent = dec.prompt || 'Your move';
  box.replaceChildren(...kids([kindControls(dec), dec.continues ? h('p', { class: 'muted' }, 'More questions follow this one.') : null]));
  // A new question takes the focus, so the keyboard's next Tab lands on its first option.
  const key = `${T.seq}:${dec.prompt}`;
  if (key !== T.asked) {
    T.asked = key;
    const inside = document.activeElement && ($('decision').contains(document.activeElement) || document.activeElement === document.body || document.activeElement.closest?.('.card'));
    if (inside || !document.activeElement || document.activeElement === document.body) $('decision').focus({ preventScroll: window.innerWidth > 700 });
  }
}

// The log's lines: the narration when the server gives it (`text`, or several `lines`), else who
// decided what (a pass, whose narration is empty); another seat's choice this observer may not see is only "p2 decided".
function logText(e) {
  if (typeof e === 'string') return e;
  if (e === null || typeof e !== 'object') return String(e);
  if (Array.isArray(e.lines) && e.lines.length) return e.lines.join('\n');  // a move that changed nothing seen: its label below
  if (e.text || e.narration) return e.text || e.narration;
  const name = e.name || (Number.isInteger(e.seat) ? seatName(e.seat) : '');
  if (e.label === undefined) return `${name} decided`;
  return name && !String(e.label).startsWith(name) ? `${name}: ${e.label}` : String(e.label);
}

function renderLog() {
  const lines = T.data.log || [];
  const list = $('log');
  list.replaceChildren(...lines.slice(-400).map((e) => {
    const seat = typeof e === 'object' && e !== null && Number.isInteger(e.seat) && e.seat >= 0 ? e.seat : null;
    return h('li', { class: seat === null ? 'chance' : `seat-${seat % 4}`, dataset: seat === null ? {} : { seat } }, logText(e));
  }));
  list.scrollTop = list.scrollHeight;
}

function renderReplayBar() {
  const cur = T.at ?? T.latest;
  const range = $('at');
  range.max = String(T.latest);
  range.value = String(cur);
  $('first').disabled = cur <= 0;
  $('back').disabled = cur <= 0;
  $('fwd').disabled = T.at === null;
  $('last').disabled = T.at === null;
  $('at-label').textContent = T.at === null
    ? `${T.latest} moves so far${T.data.over ? '' : ' · step back to see the table as you saw it'}`
    : `After move ${T.at} of ${T.latest}, as ${T.seat === null ? 'a spectator' : 'you'} saw it`;
  $('downloads').hidden = !T.data.over;
  if (T.data.over) $('dl-log').href = `${tableUrl()}/log${T.token ? `?token=${encodeURIComponent(T.token)}` : ''}`;
}

function render() {
  const dec = T.at === null ? T.data.decision : null;
  T.cardOptions = new Map();
  (dec ? dec.options || [] : []).forEach((o, i) => {
    if (o.card === undefined || o.card === null) return;
    const k = String(o.card);
    if (!T.cardOptions.has(k)) T.cardOptions.set(k, []);
    T.cardOptions.get(k).push(i);
  });
  $('card-menu').hidden = true;
  T.cards = new Map();
  renderStatus();
  renderView();
  renderDecision();
  renderLog();
  renderReplayBar();
}

// ---------------------------------------------------------------------------------------------
// Talking to the server

function say(text) {
  $('status').textContent = text;
}

function accept(data) {
  // A live read carries the log from entry `log_from` on (see `since`); a read of an earlier
  // move (`at`) carries its whole log and leaves the live one alone.
  if (data.at === undefined) {
    const from = Number.isInteger(data.log_from) ? Math.min(data.log_from, T.log.length) : 0;
    T.log = T.log.slice(0, from).concat(data.log || []);
    data.log = T.log;
  }
  T.data = data;
  // A link with a token but no seat number: the answer says whose seat it is.
  if (T.token && T.seat === null) {
    const seat = Number.isInteger(data.seat) ? data.seat : data.view && data.view.observer;
    if (seat >= 0) T.seat = seat;
  }
  if (T.at === null) {
    if (Number.isInteger(data.seq)) T.seq = data.seq;
    T.latest = Math.max(T.latest, T.seq);
  }
  render();
}

// Reads the table (as it is now, or after move `at`). Calls that arrive while one is on its way
// are folded into one more read after it.
async function load() {
  if (T.loading) {
    T.again = true;
    return T.loading;
  }
  T.loading = (async () => {
    do {
      T.again = false;
      const q = T.at !== null ? `?at=${T.at}` : `?since=${T.log.length}`;
      const { status, data } = await api('GET', `${tableUrl()}${q}`, undefined, T.token);
      if (status !== 200) {
        say(data.errmsg || `The table could not be read (HTTP ${status}).`);
        if (status === 404 || status === 403 || status === 401) $('controls').replaceChildren(h('p', { class: 'error' }, data.errmsg || 'No such table.'));
        break;
      }
      accept(data);
    } while (T.again);
  })();
  try {
    await T.loading;
  } finally {
    T.loading = null;
  }
  document.body.dataset.ready = 'true';
}

async function decide(i) {
  if (T.busy || !T.data || !T.data.decision) return;
  T.busy = true;
  document.querySelectorAll('#controls button, .card.choosable').forEach((b) => { b.disabled = true; });
  const { status, data } = await api('POST', `${tableUrl()}/decide`, { option: i, seq: T.seq, since: T.log.length }, T.token);
  T.busy = false;
  if (status === 200 && data && data.view) {
    accept(data);
    return;
  }
  if (status === 409) say('The table moved on before your answer arrived; here it is now.');
  else if (status !== 200) say(data.errmsg || `The answer was refused (HTTP ${status}).`);
  await load();
}

function goTo(k) {
  // The last move is the live table (or, once over, its end): no `at` then.
  T.at = k === null || k >= T.latest ? null : Math.max(0, k);
  const p = new URLSearchParams(location.hash.slice(1));
  if (T.at === null) p.delete('at');
  else p.set('at', String(T.at));
  history.replaceState(null, '', `#${p}`);
  load();
}

// Live updates: one event per applied decision, carrying the new seq. Without an event stream
// (a proxy that buffers it) the page falls back to reading the table every two seconds.
function listen() {
  const url = `${tableUrl()}/events${T.token ? `?token=${encodeURIComponent(T.token)}` : ''}`;
  let es;
  try {
    es = new EventSource(url);
  } catch (e) {
    return poll();
  }
  const onEvent = (ev) => {
    let seq = null;
    try {
      const m = JSON.parse(ev.data);
      seq = typeof m === 'number' ? m : m.seq;
    } catch (e) {
      seq = Number(ev.data);
    }
    if (!Number.isFinite(seq) || seq > T.latest || seq === null) {
      if (Number.isFinite(seq)) T.latest = seq;
      if (T.at === null) load();
      else renderReplayBar();
    }
  };
  es.onmessage = onEvent;
  // The last event of a table ("over"): nothing follows, so the stream is closed rather than
  // reconnected.
  es.addEventListener('over', (ev) => {
    es.close();
    onEvent(ev);
    if (T.at === null && T.data && !T.data.over) load();
  });
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED) poll();
  };
}

function poll() {
  if (T.polling) return;
  T.polling = setInterval(() => {
    if (T.at === null && !(T.data && T.data.over) && !T.busy) load();
  }, 2000);
}

async function init() {
  if (!T.id) {
    $('controls').replaceChildren(h('p', { class: 'error' }, 'This address names no table. '), h('a', { href: '/' }, 'To the lobby'));
    document.body.dataset.ready = 'true';
    return;
  }
  $('card-close').addEventListener('click', () => $('card-detail').classList.remove('open'));
  $('first').addEventListener('click', () => goTo(0));
  $('back').addEventListener('click', () => goTo((T.at ?? T.latest) - 1));
  $('fwd').addEventListener('click', () => goTo((T.at ?? T.latest) + 1));
  $('last').addEventListener('click', () => goTo(null));
  $('at').addEventListener('change', () => goTo(Number($('at').value)));
  // Replaying: the live table first, for the number of moves, then the move asked for.
  const at = T.at;
  T.at = null;
  await load();
  if (T.token && T.data) rememberSeat({ id: T.id, seat: T.seat ?? observer(), token: T.token, game: T.data.game });
  if (at !== null && T.data) goTo(at);
  listen();
}

init();
