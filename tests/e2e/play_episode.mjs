// End-to-end: a person's episode in the browser. Starts `rulekit serve` on a free loopback port
// with a fresh data folder, opens the page in Debian's Chromium (headless, playwright-core),
// starts the demo episode, moves one piece by dragging it and the others by clicking, and
// plays until the page says the board is cleared. Saves a screenshot of the board.
//
// Usage: node play_episode.mjs RULEKIT_BINARY OUTPUT_DIR
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
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
const server = spawn(binary, ['serve', '--port', '0', '--data', data], { stdio: ['ignore', 'pipe', 'inherit'] });
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

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#rules', 'demo');
  await page.selectOption('#board', 'demo');
  await page.click('#start');
  await page.waitForSelector('[data-piece-id]');
  check((await page.locator('[data-piece-id]').count()) === 7, 'the demo board shows its 7 pieces');
  await page.screenshot({ path: join(outDir, 'e2e-start.png'), fullPage: true });

  const historyLength = () => page.locator('#history li').count();
  const finish = () => page.getAttribute('#status', 'data-finish');
  // One attempt: returns the class of the new history line ('accept' or 'deny').
  const attempt = async (doMove) => {
    const before = await historyLength();
    await doMove();
    await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n, before);
    return page.getAttribute('#history li:last-child', 'class');
  };

  // Drag the first piece to each bucket in turn until one takes it.
  let dragged = false;
  for (let b = 0; b < 4 && !dragged; b++) {
    const piece = page.locator('[data-piece-id]').first();
    const target = page.locator(`[data-bucket="${b}"]`);
    const result = await attempt(async () => {
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

  // Then click: a piece, then a bucket, trying every pair until the board is clear.
  let attempts = 0;
  while ((await finish()) === '0' && attempts < 400) {
    const ids = await page.locator('[data-piece-id]').evaluateAll((els) => els.map((e) => e.dataset.pieceId));
    let moved = false;
    for (const id of ids) {
      for (let b = 0; b < 4 && !moved; b++) {
        attempts++;
        const result = await attempt(async () => {
          await page.click(`[data-piece-id="${id}"]`);
          await page.click(`[data-bucket="${b}"]`);
        });
        moved = result === 'accept';
      }
      if (moved) break;
    }
    if (!moved) break;
  }
  await page.waitForTimeout(700);  // let the bucket's flash fade before the picture
  const shot = join(outDir, 'e2e-board.png');
  await page.screenshot({ path: shot, fullPage: true });
  console.log(`screenshots: ${join(outDir, 'e2e-start.png')} (the board at the start), ${shot} (the end)`);
  check((await finish()) === '1', `the episode ends with the board cleared (after ${attempts} clicked attempts)`);
  check(/Board cleared/.test(await page.textContent('#status')), 'the page says the board is cleared');
  check((await page.locator('[data-piece-id]').count()) === 0, 'no piece is left on the board');
  const history = await historyLength();
  const transcript = await page.evaluate(async () => {
    const h = new URLSearchParams(location.hash.slice(1));
    const r = await fetch(`/api/episodes/${h.get('episode')}/transcript.csv?token=${h.get('token')}`);
    return r.text();
  });
  check(transcript.trim().split('\n').length === history + 1, `the CSV transcript has one line per attempt shown (${history})`);
  check(errors.length === 0, `no script errors on the page ${errors.join('; ')}`);
} catch (e) {
  console.error(e);
  failed++;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
}
console.log(failed ? `e2e: ${failed} checks failed` : 'e2e: all checks passed');
process.exit(failed ? 1 : 0);
