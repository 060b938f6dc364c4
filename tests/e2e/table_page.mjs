// The table page and the lobby in Debian's Chromium against a stand-in of the table API
// (fake_tables.mjs), whose made-up game asks every kind of question the page must draw: a
// grouped menu whose options are cards (answered by clicking the card), k of N, yes/no, a number
// from 0 to 20 (an input), an order. Checks: the lobby creates a table and gives a link per person
// and a spectator link; the seat plays to the end by clicking, with the bot's moves arriving live;
// hidden cards stay backs; card text shows on hover; the replay steps back and forth (`at=K`) and
// the log downloads; the phone viewport fits 390 pixels; one game by keyboard alone; two people and
// a spectator follow each other's moves without reloading. Screenshots go to OUTPUT_DIR.
//
// Usage: node table_page.mjs OUTPUT_DIR   (the page is read from ../../web)
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startFake } from './fake_tables.mjs';

const [outDir] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!outDir) {
  console.error('usage: node table_page.mjs OUTPUT_DIR');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`*** FAILED: ${CHROMIUM} is missing (scripts/setup.sh installs Debian's chromium) ***`);
  process.exit(1);
}
const webDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const { server, url } = await startFake(webDir);

let failed = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed++;
};
const shoot = (page, name) => page.screenshot({ path: join(outDir, `e2e-page-${name}.png`), fullPage: true });

async function open(context, path) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && !/EventSource|net::ERR/.test(m.text())) page.errors.push(m.text()); });
  await page.goto(url + path.replace(/^\//, ''));
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

// The lobby: a table with p1 a person and p2 as asked; returns the links the lobby gave.
async function createTable(page, p2) {
  await page.selectOption('#game', 'cfc');
  await page.selectOption('[data-seat="1"]', p2);
  await page.click('#create-table');
  await page.waitForSelector('[data-spectator-link]');
  const links = await page.locator('[data-seat-link]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  return { links, spectator: await page.getAttribute('[data-spectator-link]', 'href') };
}

const over = (page) => page.evaluate(() => document.body.dataset.over === 'true');
const yourMove = (page) => page.evaluate(() => document.body.dataset.yourMove === 'true');
async function waitTurnOrEnd(page) {
  await page.waitForFunction(() => document.body.dataset.over === 'true' || document.body.dataset.yourMove === 'true', null, { timeout: 15000 });
}

// Answers the question on screen by mouse, with the control its kind has. Returns the kind.
async function answerByMouse(page, seen) {
  const kind = await page.evaluate(() => {
    if (document.querySelector('#controls .number-pick')) return 'number';
    if (document.querySelector('#controls .yesno')) return 'yesno';
    if (document.querySelector('#controls .subset')) return 'subset';
    if (document.querySelector('#controls .order')) return 'order';
    return 'menu';
  });
  seen.add(kind);
  if (kind === 'number') {
    await page.fill('#controls input[type=number]', '7');
    await page.click('#controls .number-pick button');
  } else if (kind === 'menu' && (await page.locator('.card.choosable').count()) > 0) {
    // A card that is an option is answered by clicking the card (its menu when it has several).
    await page.locator('.card.choosable').first().click();
    if (await page.locator('#card-menu:not([hidden])').count()) {
      seen.add('card-menu');
      await page.locator('#card-menu button.option').first().click();
    }
  } else {
    await page.locator('#controls button.option:visible').first().click();
  }
  return kind;
}

async function playToEnd(page, answer) {
  const seen = new Set();
  for (let i = 0; i < 200 && !(await over(page)); i++) {
    await waitTurnOrEnd(page);
    if (await over(page)) break;
    const seq = await page.evaluate(() => document.getElementById('at').max);
    await answer(page, seen);
    if (process.env.DEBUG) console.log('answered', [...seen].join(','), await page.textContent('#prompt'), await page.textContent('#status'), await page.evaluate(() => [document.activeElement.outerHTML.slice(0, 120), document.getElementById('controls').innerHTML.slice(0, 400)]));
    await page.waitForFunction((s) => document.getElementById('at').max !== s || document.body.dataset.over === 'true', seq, { timeout: 15000 });
  }
  return seen;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  // ---- desktop: the lobby, one game against a bot by mouse, the replay ----
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const lobby = await open(desk, '/');
  check((await lobby.locator('.game-tile').count()) >= 2, 'the lobby lists the games, Rule Game among them');
  check((await lobby.locator('.game-tile a[href="/rulegame.html"]').count()) === 1, 'Rule Game keeps its page');
  const made = await createTable(lobby, 'random');
  check(made.links.length === 1 && /token=/.test(made.links[0]) && !/token=/.test(made.spectator), 'a link for the person\'s seat with its token, a spectator link without');
  await shoot(lobby, 'lobby-desktop');
  const page = await open(desk, made.links[0]);
  await waitTurnOrEnd(page);
  check((await page.locator('[data-seat="1"] .card.back').count()) === 4, 'the other seat\'s hand is four card backs');
  check((await page.locator('[data-seat="0"] .card:not(.back)').count()) >= 4, 'this seat\'s own hand is face up');
  await page.locator('[data-seat="0"] .card').first().hover();
  check(/enters play/.test(await page.textContent('#card-detail')), 'hovering a card shows its text');
  check((await page.locator('.group').count()) >= 2, 'the options are grouped (play, discard, pass)');
  await shoot(page, 'table-desktop');
  const seen = await playToEnd(page, answerByMouse);
  check(await over(page), 'the game went to its end by clicking');
  check(['menu', 'card-menu', 'subset', 'yesno', 'number', 'order'].every((k) => seen.has(k)), `every kind of question had its control (${[...seen].join(', ')})`);
  check(/wins?\b|draw/.test(await page.textContent('#prompt')), `the end says who won ("${await page.textContent('#prompt')}")`);
  check((await page.locator('#log li').count()) >= 10, 'the log narrates the moves');
  const href = await page.getAttribute('#dl-log', 'href');
  const logText = await page.evaluate(async (h) => (await fetch(h)).text(), href);
  check(/"rulekit_table_log":1/.test(logText), 'the log downloads once the game is over');
  await shoot(page, 'table-desktop-over');
  // Replay: back to the start, one forward, the address says where.
  await page.click('#first');
  await page.waitForFunction(() => /at=0/.test(location.hash) && /after move 0/.test(document.getElementById('prompt').textContent));
  check((await page.locator('[data-seat="0"] [data-zone="in play"] .card').count()) === 0, 'at move 0 nothing is in play yet');
  await page.click('#fwd');
  await page.waitForFunction(() => /at=1/.test(location.hash));
  await page.waitForFunction(() => document.querySelectorAll('[data-seat="0"] [data-zone="in play"] .card').length === 1);
  check(true, 'one move forward shows the card p1 played');
  await shoot(page, 'replay-desktop');
  // The server's own seat link (/?table=ID&token=T) opens the same seat.
  const hash = new URLSearchParams(made.links[0].split('#')[1]);
  const serverLink = await open(desk, `/?table=${hash.get('id')}&token=${hash.get('token')}`);
  await serverLink.waitForFunction(() => /table\.html/.test(location.pathname) && document.title.includes('p1'));
  check(true, 'the server\'s link /?table=ID&token=T opens the seat');
  await serverLink.close();
  const replayPage = await open(desk, `${made.links[0]}&at=3`);
  check(/after move 3/.test(await replayPage.textContent('#prompt')), 'a link with at=3 opens the replay there');
  await replayPage.close();
  check(page.errors.length === 0 && lobby.errors.length === 0, `no script errors (${[...page.errors, ...lobby.errors].join('; ')})`);

  // ---- phone, 390 pixels: fits the width, plays to the end ----
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const plobby = await open(phone, '/');
  const pmade = await createTable(plobby, 'random');
  const fits = async (p) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  check(await fits(plobby), 'the lobby fits a 390-pixel phone');
  await shoot(plobby, 'lobby-phone');
  const ppage = await open(phone, pmade.links[0]);
  await waitTurnOrEnd(ppage);
  check(await fits(ppage), 'the table fits a 390-pixel phone');
  await shoot(ppage, 'table-phone');
  await playToEnd(ppage, answerByMouse);
  check(await over(ppage), 'the phone played to the end');
  await shoot(ppage, 'table-phone-over');

  // ---- keyboard only: Tab to an option, Enter; never the mouse ----
  const kb = await open(desk, '/');
  // From the top of the lobby: Tab to the form's button, Enter creates the table.
  let tabs = 0;
  while (tabs++ < 40 && !(await kb.evaluate(() => document.activeElement && document.activeElement.id === 'create-table'))) await kb.keyboard.press('Tab');
  check(tabs < 40, 'the create button is reached by Tab');
  await kb.keyboard.press('Enter');
  await kb.waitForSelector('[data-seat-link]');
  check(await kb.evaluate(() => document.activeElement.matches('[data-seat-link]')), 'after creating, focus is on the seat link');
  await kb.keyboard.press('Enter');
  await kb.waitForURL(/table\.html/);
  await kb.waitForSelector('body[data-ready="true"]');
  const kseen = await playToEnd(kb, async (p, s) => {
    // The new question has the focus; Tab moves into its controls; Enter (or Space) answers.
    await p.waitForFunction(() => document.activeElement && document.activeElement.closest('#decision'));
    if (await p.locator('#controls .number-pick').count()) {
      s.add('number');
      await p.keyboard.press('Tab');
      await p.keyboard.type('3');
      await p.keyboard.press('Enter');
      return;
    }
    for (let i = 0; i < 6; i++) {
      await p.keyboard.press('Tab');
      if (await p.evaluate(() => document.activeElement.matches('button.option'))) break;
    }
    const visible = await p.evaluate(() => getComputedStyle(document.activeElement, ':focus-visible') && document.activeElement.matches(':focus-visible'));
    if (visible) s.add('visible-focus');
    await p.keyboard.press(s.size % 2 ? 'Enter' : ' ');
  });
  check(await over(kb), 'a whole game by keyboard alone');
  check(kseen.has('visible-focus'), 'the focused option shows its focus');
  check(kb.errors.length === 0, `no script errors by keyboard (${kb.errors.join('; ')})`);

  // ---- two people and a spectator ----
  const a = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const b = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const s = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const alobby = await open(a, '/');
  const two = await createTable(alobby, 'human');
  check(two.links.length === 2, 'two people: a link each');
  const pa = await open(a, two.links[0]);
  const pb = await open(b, two.links[1]);
  const ps = await open(s, two.spectator);
  check((await ps.locator('#controls button.option').count()) === 0 && (await ps.locator('.player .card.back').count()) === 8, 'the spectator has no question and sees both hands as backs');
  // Each side answers its own questions until the end; the other page follows without reloading.
  const navs = [0, 0];
  pa.on('framenavigated', () => navs[0]++);
  pb.on('framenavigated', () => navs[1]++);
  const before = Number(await pb.getAttribute('#at', 'max'));
  await waitTurnOrEnd(pa);
  await answerByMouse(pa, new Set());
  await pb.waitForFunction((n) => Number(document.getElementById('at').max) > n, before, { timeout: 5000 });
  check(true, 'p2 sees p1\'s move without reloading');
  await ps.waitForFunction((n) => Number(document.getElementById('at').max) > n, before, { timeout: 5000 });
  check(true, 'the spectator sees it too');
  const turns = [pa, pb];
  for (let i = 0; i < 200; i++) {
    if (await over(pa)) break;
    for (const p of turns) {
      if (!(await over(p)) && (await yourMove(p))) {
        const max = await p.getAttribute('#at', 'max');
        await answerByMouse(p, new Set());
        await p.waitForFunction((m) => document.getElementById('at').max !== m || document.body.dataset.over === 'true', max);
      }
    }
    await pa.waitForTimeout(50);
  }
  await ps.waitForFunction(() => document.body.dataset.over === 'true', null, { timeout: 5000 });
  check((await over(pa)) && (await over(pb)) && (await over(ps)), 'two people played to the end, the spectator saw it end');
  check(navs[0] === 0 && navs[1] === 0, 'no page reloaded');
  await shoot(ps, 'spectator-over');
} finally {
  await browser.close();
  server.close();
  server.closeAllConnections?.();
}
if (failed) {
  console.log(`e2e: ${failed} checks failed`);
  process.exit(1);
}
console.log('e2e: all checks passed');
