// End-to-end: a person's episode in the browser. Starts `rulekit serve` on a free loopback port
// with a fresh data folder (and a game-data folder holding one rule set that ends in a
// stalemate), opens the page in Debian's Chromium (headless, playwright-core) on a desktop
// viewport and on a 390-pixel-wide phone. On the desktop: starts the demo episode, moves one
// piece by dragging it and the others by clicking, and plays until the page says the board is
// cleared; then plays the stalemate rule set to its end. On the phone: the page fits the width,
// the labels are there, a move works. Checks the labels a player reads (row and column labels,
// bucket counts written as counts, the prompt after the end, the rule-set filter, the favicon)
// and saves screenshots of both viewports in OUTPUT_DIR (a build folder, not committed).
//
// Usage: node play_episode.mjs RULEKIT_BINARY OUTPUT_DIR
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [binary, outDir] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!binary || !outDir) {
  console.error('usage: node play_episode.mjs RULEKIT_BINARY OUTPUT_DIR');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`*** FAILED: ${CHROMIUM} is missing (scripts/setup.sh installs Debian's chromium) ***`);
  process.exit(1);
}

const data = mkdtempSync(join(tmpdir(), 'rulekit-e2e-'));
// Only squares may move: on the demo board (3 squares among 7 pieces) play ends in a stalemate.
const gameData = mkdtempSync(join(tmpdir(), 'rulekit-e2e-game-'));
mkdirSync(join(gameData, 'rules'));
writeFileSync(join(gameData, 'rules', 'squares-only.txt'), '(*,SQUARE,*,*,*)\n');
const server = spawn(binary, ['serve', '--port', '0', '--data', data, '--game-data', gameData],
  { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
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
const shots = [];
const shoot = async (page, name) => {
  const path = join(outDir, `e2e-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  shots.push(path);
};

// A page on a viewport, recording script errors and answers that are not found.
async function open(browser, viewport) {
  const page = await browser.newPage({ viewport });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('response', (r) => { if (r.status() === 404) page.errors.push(`404 ${r.url()}`); });
  await page.goto(url + 'rulegame.html');
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

async function startEpisode(page, rules, board = 'demo') {
  await page.fill('#rules-filter', '');
  await page.selectOption('#rules', rules);
  await page.selectOption('#board', board);
  await page.click('#start');
  await page.waitForSelector('[data-piece-id]');
}

const historyLength = (page) => page.locator('#history li').count();
const finish = (page) => page.getAttribute('#status', 'data-finish');
// One attempt: returns the class of the new history line ('accept' or 'deny').
async function attempt(page, doMove) {
  const before = await historyLength(page);
  await doMove();
  // A new history line, or the episode ended (a stalemate found after the previous move may be
  // shown a moment after its history line, and then a click makes no attempt).
  await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n ||
                                    (document.getElementById('status')?.dataset.finish ?? '0') !== '0', before);
  return page.getAttribute('#history li:last-child', 'class');
}
const clickMove = (page, id, b) => attempt(page, async () => {
  await page.click(`[data-piece-id="${id}"]`);
  await page.click(`[data-bucket="${b}"]`);
});

// Click every piece into every bucket until nothing more is accepted; returns the attempts made.
async function playOut(page) {
  let attempts = 0;
  while ((await finish(page)) === '0' && attempts < 400) {
    const ids = await page.locator('[data-piece-id]').evaluateAll((els) => els.map((e) => e.dataset.pieceId));
    let moved = false;
    for (const id of ids) {
      for (let b = 0; b < 4 && !moved; b++) {
        attempts++;
        moved = (await clickMove(page, id, b)) === 'accept';
        if ((await finish(page)) !== '0') return attempts;
      }
      if (moved) break;
    }
    if (!moved) break;
  }
  return attempts;
}

// The labels a player reads, on any viewport.
async function checkLabels(page, where) {
  const cols = await page.locator('.col-label').allTextContents();
  const rows = await page.locator('.row-label').allTextContents();
  check(cols.join() === 'col 1,col 2,col 3,col 4,col 5,col 6', `${where}: the columns are labelled (${cols.join(', ')})`);
  check(rows.join() === 'row 1,row 2,row 3,row 4,row 5,row 6', `${where}: the rows are labelled`);
  const names = await page.locator('.bucket-name').allTextContents();
  check(names.join() === 'bucket 0,bucket 1,bucket 2,bucket 3', `${where}: each bucket is named`);
  const counts = (await page.locator('.bucket-count').allTextContents()).filter((t) => t !== '');
  check(counts.every((t) => /^\d+ pieces?$/.test(t)), `${where}: a bucket's number is written as a count of pieces (${counts.join(', ') || 'none yet'})`);
  check((await page.locator('link[rel="icon"]').count()) === 1, `${where}: the page has a favicon`);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  // ---- desktop ----
  const page = await open(browser, { width: 1100, height: 900 });
  // The rule-set filter: typing narrows the list to the names that contain the words.
  const allRules = await page.locator('#rules option').count();
  await page.fill('#rules-filter', 'squares');
  const filtered = await page.locator('#rules option').allTextContents();
  check(filtered.length === 1 && filtered[0] === 'squares-only' && allRules >= 2,
    `the rule-set filter narrows ${allRules} rule sets to the matching one (${filtered.join(', ')})`);
  check(/1 of \d+ rule sets/.test(await page.textContent('#rules-count')), 'the filter says how many rule sets match');

  await startEpisode(page, 'demo');
  check((await page.locator('[data-piece-id]').count()) === 7, 'the demo board shows its 7 pieces');
  await shoot(page, 'desktop-start');

  // Drag the first piece to each bucket in turn until one takes it.
  let dragged = false;
  for (let b = 0; b < 4 && !dragged; b++) {
    const piece = page.locator('[data-piece-id]').first();
    const target = page.locator(`[data-bucket="${b}"]`);
    const result = await attempt(page, async () => {
      const from = await piece.boundingBox();
      const to = await target.boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
      await page.mouse.up();
    });
    dragged = result === 'accept';
  }
  check(dragged, 'dragging a piece onto a bucket makes a move the rules accept');
  check((await page.locator('.bucket-count', { hasText: '1 piece' }).count()) === 1, 'the bucket that took it says "1 piece"');
  check(/^piece at column \d, row \d → bucket \d/.test(await page.textContent('#history li:last-child')),
    'the history names cells by the same column and row labels');

  const attempts = await playOut(page);
  await page.waitForTimeout(700);  // let the bucket's flash fade before the picture
  await shoot(page, 'desktop-cleared');
  check((await finish(page)) === '1', `the episode ends with the board cleared (after ${attempts} clicked attempts)`);
  check(/Board cleared/.test(await page.textContent('#status')), 'the page says the board is cleared');
  check(/cleared.*new episode/i.test(await page.textContent('#feedback')), 'the prompt says the board is cleared, not "pick a piece"');
  check((await page.locator('[data-piece-id]').count()) === 0, 'no piece is left on the board');
  await checkLabels(page, 'desktop');
  const history = await historyLength(page);
  const transcript = await page.evaluate(async () => {
    const h = new URLSearchParams(location.hash.slice(1));
    const r = await fetch(`/api/episodes/${h.get('episode')}/transcript.csv?token=${h.get('token')}`);
    return r.text();
  });
  check(transcript.trim().split('\n').length === history + 1, `the CSV transcript has one line per attempt shown (${history})`);

  // A series: the next episode under the same hidden rule, then the whole series as one CSV.
  const firstEpisode = await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('episode'));
  check(await page.isVisible('#next-episode'), 'once the episode is over the page offers the next one under the same rule');
  await page.click('#next-episode');
  await page.waitForFunction((id) => new URLSearchParams(location.hash.slice(1)).get('episode') !== id, firstEpisode);
  check((await finish(page)) === '0' && (await page.locator('[data-piece-id]').count()) > 0, 'the next episode starts with a new board');
  check(!(await page.isVisible('#next-episode')), 'while it is played the next-episode button is hidden');
  const series = await page.evaluate(async () => {
    const r = await fetch(document.getElementById('dl-series').href);
    return { status: r.status, text: await r.text() };
  });
  check(series.status === 200 && series.text.includes(`,${firstEpisode},`) && series.text.trim().split('\n').length === history + 1,
        `the series CSV holds the first episode's ${history} attempts under one header (the second has none yet)`);

  // A stalemate: the prompt must stop asking for a piece.
  await startEpisode(page, 'squares-only');
  await playOut(page);
  await page.waitForTimeout(700);
  await shoot(page, 'desktop-stalemate');
  check((await finish(page)) === '2', 'the squares-only rule set ends in a stalemate');
  const prompt = await page.textContent('#feedback');
  check(/Stalemate/.test(prompt) && !/Pick a piece/.test(prompt), `after a stalemate the prompt says so ("${prompt}")`);
  check(page.errors.length === 0, `desktop: no script errors or missing files ${page.errors.join('; ')}`);

  // ---- a 390-pixel-wide phone ----
  const phone = await open(browser, { width: 390, height: 844, isMobile: true, hasTouch: true });
  await startEpisode(phone, 'demo');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `the page fits a 390-pixel-wide screen (${overflow} px too wide)`);
  const box = await phone.locator('#board-svg').boundingBox();
  check(box && box.x >= 0 && box.x + box.width <= 390, `the board fits the width (${box && Math.round(box.width)} px)`);
  let movedOnPhone = false;
  const ids = await phone.locator('[data-piece-id]').evaluateAll((els) => els.map((e) => e.dataset.pieceId));
  for (const id of ids) {
    for (let b = 0; b < 4 && !movedOnPhone; b++) movedOnPhone = (await clickMove(phone, id, b)) === 'accept';
    if (movedOnPhone) break;
  }
  check(movedOnPhone, 'on the phone a piece can be moved by tapping it and then a bucket');
  await phone.waitForTimeout(700);
  await checkLabels(phone, 'phone');
  await shoot(phone, 'phone-390');
  check((await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0,
    'the page still fits after a move');
  check(phone.errors.length === 0, `phone: no script errors or missing files ${phone.errors.join('; ')}`);
  console.log(`screenshots: ${shots.join(', ')}`);
} catch (e) {
  console.error(e);
  failed++;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
  rmSync(gameData, { recursive: true, force: true });
}
console.log(failed ? `e2e: ${failed} checks failed` : 'e2e: all checks passed');
process.exit(failed ? 1 : 0);
