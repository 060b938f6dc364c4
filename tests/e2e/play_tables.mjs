// End-to-end: whole games of the kernel's card games in the browser against `rulekit serve`.
// Starts the server on a free loopback port with a fresh data folder, opens the lobby in Debian's
// Chromium (headless, playwright-core), creates each table through the lobby's form and plays it
// to its end by clicking in the page:
//   - Card Fighters' Clash against a random bot;
//   - Valeria: Card Kingdoms with three seats, one person and two random bots;
//   - Magic from two fixed prebuilt Wagic decks, a fixed seed and a short turn limit, against a
//     random bot;
// each on a desktop viewport and on a 390-pixel phone, one pass by keyboard alone (Tab to an
// option, Enter or Space), then two browser contexts play CFC against each other (each sees the
// other's move without reloading) while a third watches as a spectator. Along the way: the seat
// resumes from its link after the tab is closed, the replay steps back, the log downloads once the
// game is over. Screenshots go to OUTPUT_DIR (a build folder, not committed).
//
// Usage: node play_tables.mjs RULEKIT_BINARY OUTPUT_DIR [GAME...]   (games: cfc vck wagic duel)
import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [binary, outDir, ...only] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!binary || !outDir) {
  console.error('usage: node play_tables.mjs RULEKIT_BINARY OUTPUT_DIR [GAME...]');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`*** FAILED: ${CHROMIUM} is missing (scripts/setup.sh installs Debian's chromium) ***`);
  process.exit(1);
}
const want = (name) => only.length === 0 || only.includes(name);

const data = mkdtempSync(join(tmpdir(), 'rulekit-e2e-tables-'));
// RULEKIT_E2E_URL: play against a server already running there instead (while developing the page).
const server = process.env.RULEKIT_E2E_URL ? null : spawn(binary, ['serve', '--port', '0', '--data', data, '--no-fsync'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = server === null ? process.env.RULEKIT_E2E_URL : await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/http:\/\/[0-9.]+:\d+\//);
    if (m) resolve(m[0]);
  });
  server.on('exit', (code) => reject(new Error(`rulekit serve exited with ${code} before it listened`)));
  setTimeout(() => reject(new Error('rulekit serve did not print its address in 10 s')), 10000);
});

let failed = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed++;
};
const shoot = (page, name) => page.screenshot({ path: join(outDir, `e2e-table-${name}.png`), fullPage: true });

// Choices made by a small fixed generator, so a run is the same run each time (the server's bots
// and deals are seeded by the table's options).
let rng = 12345;
const rand = (n) => {
  rng = (rng * 1103515245 + 12345) % 2147483648;
  return rng % n;
};

async function open(context, path) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 500) page.errors.push(`${r.status()} ${r.url()}`); });
  await page.goto(url + path.replace(/^\//, ''));
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

// The lobby's form: the game, the options the lobby offers for it (by their names in
// GET /api/games), each seat's kind. Returns the links the lobby gave.
async function createTable(page, game, seats, options) {
  await page.selectOption('#game', game);
  if (options.seed !== undefined) await page.fill('#seed', String(options.seed));
  for (const [name, value] of Object.entries(options).filter(([k]) => k !== 'seed')) {
    const input = page.locator(`[data-option="${name}"]`);
    if (!(await input.count())) {
      check(false, `the ${game} form offers the option "${name}"`);
      continue;
    }
    if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(String(value));
    else await input.fill(String(value));
  }
  while ((await page.locator('#seats li').count()) < seats.length) await page.click('#add-seat');
  while ((await page.locator('#seats li').count()) > seats.length) await page.click('#remove-seat');
  for (let i = 0; i < seats.length; i++) await page.selectOption(`[data-seat="${i}"]`, seats[i]);
  await page.click('#create-table');
  await page.waitForSelector('[data-spectator-link], #create-error:not([hidden])');
  const error = await page.locator('#create-error:not([hidden])').count();
  if (error) throw new Error(`the table was not created: ${await page.textContent('#create-error')}`);
  const links = await page.locator('[data-seat-link]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  return { links, spectator: await page.getAttribute('[data-spectator-link]', 'href') };
}

const over = (page) => page.evaluate(() => document.body.dataset.over === 'true');
const yourMove = (page) => page.evaluate(() => document.body.dataset.yourMove === 'true');
const moves = (page) => page.evaluate(() => Number(document.getElementById('at').max));
async function waitTurnOrEnd(page, timeout = 60000) {
  await page.waitForFunction(() => document.body.dataset.over === 'true' || document.body.dataset.yourMove === 'true', null, { timeout });
}

// One answer by mouse: a number in its input, a card that is an option by clicking the card (half
// of the time, when there is one), otherwise one of the visible option buttons.
async function clickAnswer(page, seen) {
  if (await page.locator('#controls .number-pick').count()) {
    seen.add('number');
    const lo = await page.getAttribute('#controls input[type=number]', 'min');
    await page.fill('#controls input[type=number]', lo);
    await page.click('#controls .number-pick button');
    return;
  }
  const cards = page.locator('.card.choosable');
  const nCards = await cards.count();
  if (nCards && rand(2) === 0) {
    seen.add('card');
    await cards.nth(rand(nCards)).click();
    const menu = page.locator('#card-menu:not([hidden]) button.option');
    if (await menu.count()) await menu.nth(rand(await menu.count())).click();
    return;
  }
  // Closed groups of a long menu open with a click on their heading first.
  const groups = page.locator('#controls details.group:not([open]) summary');
  if ((await groups.count()) && rand(3) === 0) await groups.first().click();
  const options = page.locator('#controls button.option:visible');
  const n = await options.count();
  if (!n) throw new Error(`no option to click for "${await page.textContent('#prompt')}"`);
  seen.add(await page.evaluate(() => (document.querySelector('#controls .subset') ? 'subset' : document.querySelector('#controls .yesno') ? 'yesno' : document.querySelector('#controls .order') ? 'order' : 'menu')));
  await options.nth(rand(n)).click();
}

// One answer by keyboard: the new question holds the focus; Tab walks to an option, Enter or
// Space answers it. A number is typed.
async function keyAnswer(page, seen) {
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#decision'), null, { timeout: 5000 })
    .catch(() => seen.add('focus-lost'));
  if (await page.locator('#controls .number-pick').count()) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(await page.getAttribute('#controls input[type=number]', 'min'));
    await page.keyboard.press('Enter');
    return;
  }
  const hops = 1 + rand(3);
  let found = 0;
  for (let i = 0; i < 40 && found < hops; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement.matches('#controls button.option'))) found++;
  }
  if (await page.evaluate(() => document.activeElement.matches(':focus-visible'))) seen.add('visible-focus');
  await page.keyboard.press(rand(2) ? 'Enter' : ' ');
}

// Plays the page's seat to the end of the game; every `resumeAt` moves the tab is closed and the
// seat's link opened again. Returns the page (a new one after a resume) and what was seen.
async function playToEnd(context, page, link, answer, { limit = 3000, resumeAt = 0 } = {}) {
  const seen = new Set();
  let decisions = 0;
  for (let i = 0; i < limit; i++) {
    await waitTurnOrEnd(page);
    if (await over(page)) break;
    const before = await moves(page);
    await answer(page, seen);
    decisions++;
    await page.waitForFunction((n) => Number(document.getElementById('at').max) > n || document.body.dataset.over === 'true', before, { timeout: 60000 });
    if (resumeAt && decisions === resumeAt) {
      const prompt = await page.textContent('#prompt');
      await page.close();
      page = await open(context, link);
      await page.waitForFunction(() => document.body.dataset.yourMove === 'true' || document.body.dataset.over === 'true' || /Waiting/.test(document.getElementById('prompt').textContent));
      seen.add('resumed');
      check(await page.evaluate(() => document.title.includes('p1')), `the seat's link resumes the seat (before: "${prompt}")`);
    }
  }
  seen.decisions = decisions;
  return { page, seen };
}

const GAMES = [
  { name: 'cfc', seats: ['human', 'random'], options: { seed: 5 } },
  { name: 'vck', seats: ['human', 'random', 'random'], options: { seed: 3 } },
  // Wagic's prebuilt decks 1 and 2 (the lobby's "deck of p1", "deck of p2"), six turns.
  { name: 'wagic', seats: ['human', 'random'], options: { 'decks-0': 1, 'decks-1': 2, turns: 6, seed: 7 } },
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  for (const g of GAMES.filter((x) => want(x.name))) {
    for (const [where, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
      const t0 = Date.now();
      const context = await browser.newContext({ viewport, isMobile: where === 'phone', hasTouch: where === 'phone' });
      const lobby = await open(context, '/');
      const made = await createTable(lobby, g.name, g.seats, g.options);
      check(made.links.length === 1, `${g.name} ${where}: one person's link (${made.links.length})`);
      let page = await open(context, made.links[0]);
      await waitTurnOrEnd(page);
      await shoot(page, `${g.name}-${where}-start`);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
      check(fits, `${g.name} ${where}: the table fits the width`);
      const hidden = await page.locator('.player:not(.mine) .card.back').count();
      check(hidden > 0 || g.name === 'vck', `${g.name} ${where}: the other seats' hidden cards are backs (${hidden})`);
      // The keyboard pass is CFC's desktop game; the others are played by clicking.
      const byKeys = g.name === 'cfc' && where === 'desktop';
      const played = await playToEnd(context, page, made.links[0], byKeys ? keyAnswer : clickAnswer, { resumeAt: where === 'desktop' ? 3 : 0 });
      page = played.page;
      await shoot(page, `${g.name}-${where}-over`);
      check(await over(page), `${g.name} ${where}: played to the end in ${played.seen.decisions} decisions (${Math.round((Date.now() - t0) / 1000)} s; ${[...played.seen].join(', ')})`);
      if (byKeys) check(played.seen.has('visible-focus') && !played.seen.has('focus-lost'), `${g.name} ${where}: by keyboard alone, focus visible and kept on the question`);
      check((await page.locator('#log li').count()) > 0, `${g.name} ${where}: the log narrates the game`);
      const href = await page.getAttribute('#dl-log', 'href');
      const log = await page.evaluate(async (h) => { const r = await fetch(h); return { status: r.status, lines: (await r.text()).trim().split('\n') }; }, href);
      const head = JSON.parse(log.lines[0] || '{}');
      const tail = JSON.parse(log.lines[log.lines.length - 1] || '{}');
      check(log.status === 200 && head.rulekit_table_log === 1 && head.game === g.name && tail.over === true,
        `${g.name} ${where}: the log downloads once over (${log.lines.length} lines)`);
      await page.click('#back');
      await page.waitForFunction(() => /at=\d+/.test(location.hash));
      await page.waitForFunction(() => /Replay/.test(document.getElementById('prompt').textContent));
      check(true, `${g.name} ${where}: the replay steps back from the end`);
      await shoot(page, `${g.name}-${where}-replay`);
      check(page.errors.length === 0 && lobby.errors.length === 0, `${g.name} ${where}: no script or server errors (${[...page.errors, ...lobby.errors].join('; ')})`);
      await context.close();
    }
  }

  if (want('duel')) {
    // Two people at one CFC table and a spectator, each in a browser context of its own.
    const ctx = [0, 1, 2].map(() => browser.newContext({ viewport: { width: 1280, height: 900 } }));
    const [a, b, s] = await Promise.all(ctx);
    const lobby = await open(a, '/');
    const made = await createTable(lobby, 'cfc', ['human', 'human'], {});
    check(made.links.length === 2, 'duel: a link for each person');
    const pa = await open(a, made.links[0]);
    const pb = await open(b, made.links[1]);
    const ps = await open(s, made.spectator);
    check((await ps.locator('#controls button.option').count()) === 0, 'duel: the spectator is asked nothing');
    const navs = [0, 0, 0];
    [pa, pb, ps].forEach((p, i) => p.on('framenavigated', () => navs[i]++));
    const seen = new Set();
    let first = true;
    for (let i = 0; i < 4000; i++) {
      if (await over(pa)) break;
      const mover = (await yourMove(pa)) ? pa : (await yourMove(pb)) ? pb : null;
      if (!mover) {
        await pa.waitForTimeout(30);
        continue;
      }
      const other = mover === pa ? pb : pa;
      const before = await moves(mover);
      await clickAnswer(mover, seen);
      if (first) {
        // The other person and the spectator see the move arrive without reloading.
        await other.waitForFunction((n) => Number(document.getElementById('at').max) > n, before, { timeout: 5000 });
        await ps.waitForFunction((n) => Number(document.getElementById('at').max) > n, before, { timeout: 5000 });
        check(true, 'duel: the other person and the spectator see a move within five seconds, without reloading');
        await shoot(ps, 'duel-spectator');
        first = false;
      }
      await mover.waitForFunction((n) => Number(document.getElementById('at').max) > n || document.body.dataset.over === 'true', before, { timeout: 30000 });
    }
    await pb.waitForFunction(() => document.body.dataset.over === 'true', null, { timeout: 10000 });
    await ps.waitForFunction(() => document.body.dataset.over === 'true', null, { timeout: 10000 });
    check(true, 'duel: both people and the spectator see the end');
    const spectatorBacks = await ps.locator('.player [data-zone="hand"] .card:not(.back)').count();
    check(spectatorBacks === 0, `duel: the spectator never sees a hand (${spectatorBacks} face-up hand cards)`);
    check(navs.every((n) => n === 0), 'duel: no page reloaded');
    await shoot(pa, 'duel-p1-over');
    await shoot(ps, 'duel-spectator-over');
    await Promise.all([a, b, s].map((c) => c.close()));
  }
} catch (e) {
  console.log(`FAIL ${e.stack || e}`);
  failed++;
} finally {
  await browser.close();
  if (server) server.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
}
if (failed) {
  console.log(`e2e: ${failed} checks failed`);
  process.exit(1);
}
console.log('e2e: all checks passed');
