// What every browser test needs: its own `doska serve` on a free loopback port with a fresh
// database, Debian's chromium through playwright-core, and helpers that act as a player does
// (clicks on the board and on the app's buttons, waiting for what the page shows).
import {before, after} from 'node:test';
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '..', '..');

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const DOSKA = process.env.DOSKA_BIN || join(repo, 'build', 'release', 'doska');

export const TIMEOUT = 30000;

// Starts `doska serve --port 0` and answers {url, stop} once it prints its address. `args(dir)`:
// more options for the server, given its temporary folder (removed when it stops).
export async function startServer({args = () => []} = {}) {
  if (!existsSync(DOSKA)) throw new Error(`no doska binary at ${DOSKA} (build it, or set DOSKA_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'doska-browser-'));
  const child = spawn(DOSKA, ['serve', '--host', '127.0.0.1', '--port', '0', '--db', join(dir, 'doska.db'),
                              '--web', join(repo, 'web'), ...args(dir)],
                      {stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`doska serve printed no address in 20 s:\n${output}`)), 20000);
    const read = (chunk) => {
      output += chunk.toString();
      const match = output.match(/serving on (http:\/\/\S+?)\/?(\s|$)/);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`doska serve exited with ${code}:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, {recursive: true, force: true});
  };
  return {url, stop};
}

// chromium.launch gives every run a fresh temporary profile; every context has its own storage.
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// One server and one browser for the tests of a file: started before the first test, stopped
// after the last. The returned object fills in (`env.server.url`, `env.browser`) once started;
// `ready(env)`, if given, runs right after (one hook, so nothing runs before the server is up);
// `serverOptions` go to startServer.
export function useServerAndBrowser(ready = null, serverOptions = {}) {
  const env = {};
  before(async () => {
    env.server = await startServer(serverOptions);
    env.browser = await launchBrowser();
    if (ready) await ready(env);
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.server) await env.server.stop();
  });
  return env;
}

// Endgame tables of `game` up to `pieces` pieces, built by `doska egdb build` into a temporary
// folder before the file's server starts (call it before useServerAndBrowser) and removed after
// the last test; answers the folder, for the server's `--egdb`.
export function useTables(game, pieces) {
  const dir = mkdtempSync(join(tmpdir(), `doska-egdb-${game}-`));
  before(() => {
    const built = spawnSync(DOSKA, ['egdb', 'build', game, '--pieces', String(pieces), '--dir', dir, '--quiet'],
                            {encoding: 'utf8'});
    if (built.status !== 0) throw new Error(`doska egdb build ${game} failed: ${built.stderr}`);
  });
  after(() => rmSync(dir, {recursive: true, force: true}));
  return dir;
}

export const DESKTOP = {width: 1200, height: 900};
export const PHONE = {width: 390, height: 844};

// The controls a phone player needs are on the screen's width and take a tap (not covered).
export async function assertUsableOnPhone(page, selectors) {
  for (const selector of selectors) {
    // A live view may be drawing the element again at this instant: wait for it to be shown
    // (boundingBox alone answers at once, and null for an element being replaced), a few times.
    let box = null;
    for (let attempt = 0; attempt < 3 && !box; ++attempt) {
      const shown = await page.locator(selector).waitFor({state: 'visible', timeout: 5000})
          .then(() => true, () => false);
      if (shown) box = await page.locator(selector).boundingBox();
    }
    if (!box) throw new Error(`${selector} is not shown`);
    if (box.x < 0 || box.x + box.width > PHONE.width + 1) throw new Error(`${selector} is off the screen: ${JSON.stringify(box)}`);
    await page.locator(selector).click({trial: true});
  }
}

// A page of the app in a new context; errors on the page fail the test that reads `errors`.
export async function openApp(browser, url, {locale = 'en-US', path = '/', viewport = DESKTOP} = {}) {
  const context = await browser.newContext({locale, viewport, hasTouch: viewport.width < 600});
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url + path);
  await page.waitForSelector('body[data-ready="yes"]');
  return {context, page, errors};
}

// Starts a game through the New game dialog.
// `clock`: {min, inc} of a game on the clock; `days`: days per move of a correspondence game.
export async function newGame(page, {variant, opponent = 'person', level = 1, side = 'white', both = true,
                                     clock = null, days = ''}) {
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.selectOption('#new-variant', variant);
  await page.check(opponent === 'person' ? '#new-opponent-person' : '#new-opponent-computer');
  if (opponent === 'computer') await page.selectOption('#new-level', String(level));
  await page.selectOption('#new-side', side);
  if (opponent === 'person') await page.setChecked('#new-both', both);
  if (clock) {
    await page.check('#new-clock-on');
    await page.fill('#new-clock-min', String(clock.min));
    await page.fill('#new-clock-inc', String(clock.inc));
  }
  await page.selectOption('#new-days', String(days));
  await page.click('#new-start');
  await page.waitForSelector('#dlg-new:not([open])', {state: 'attached'});
  await page.waitForSelector(`#board[data-variant="${variant}"] svg`);
}

// Starts a game from a FEN or PDN through the Import dialog (both sides on this device).
export async function importGame(page, {variant, text, opponent = 'person', side = 'white'}) {
  await page.click('#btn-import');
  await page.waitForSelector('#dlg-import[open]');
  await page.selectOption('#imp-variant', variant);
  await page.fill('#imp-text', text);
  await page.check(opponent === 'person' ? '#imp-opponent-person' : '#imp-opponent-computer');
  await page.selectOption('#imp-side', side);
  if (opponent === 'person') await page.setChecked('#imp-both', true);
  await page.click('#imp-start');
  await page.waitForSelector('#dlg-import:not([open])', {state: 'attached'});
  await page.waitForSelector(`#board[data-variant="${variant}"] svg`);
}

export const square = (name) => `#board [data-square="${name}"]`;

export async function plies(page) {
  return Number(await page.getAttribute('#board', 'data-plies'));
}

export async function waitPlies(page, n) {
  await page.waitForSelector(`#board[data-plies="${n}"]`);
}

// Clicks the squares of one move (a placement is one square) and waits for the ply to be recorded
// (against the computer its reply may follow before the page shows the move alone).
export async function clickMove(page, ...squares) {
  const before = await plies(page);
  await page.waitForSelector('#board[data-interactive="yes"]');
  for (const name of squares) await page.click(square(name));
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.plies) > n, before);
}

export async function lastMoveText(page) {
  const moves = await page.$$eval('#move-list .move', (buttons) => buttons.map((b) => b.textContent));
  return moves[moves.length - 1];
}

export async function moveTexts(page) {
  return page.$$eval('#move-list .move', (buttons) => buttons.map((b) => b.textContent));
}

// Opens the lobby page through the top bar's link.
export async function openLobby(page) {
  await page.click('#btn-lobby');
  await page.waitForSelector('#page-lobby:not([hidden])');
}
