// A capture chosen by its path: two captures of the same man end on the same square, and the
// player picks one by clicking a landing square on the way (RULINGS §1.1: the record then
// names the turning squares).
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launchBrowser, openApp, importGame, square, lastMoveText} from './lib.js';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

// Russian draughts, White man d6 (men capture backwards too, 002 §1.5.3): d6:f4:h2 takes e5 and
// g3; d6:b4:d2:f4:h2 takes c5, c3, e3 and g3. Both end on h2 (`doska moves russian --fen ...`).
const FEN = 'W:Wd6:Be3,g3,c5,f6,e5,c3';

test('russian: two captures end on h2, the path is chosen by clicking d2', async () => {
  const {page, errors} = await openApp(browser, server.url);
  await importGame(page, {variant: 'russian', text: FEN});
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.click(square('d6'));
  await page.waitForSelector(`${square('h2')}.target`, {state: 'attached'});
  await page.click(square('h2'));
  // The chooser offers both paths and the board marks the squares that tell them apart.
  await page.waitForSelector('#chooser[data-axis="path"]');
  const offered = await page.$$eval('#chooser [data-move]', (buttons) => buttons.map((b) => b.textContent));
  assert.equal(offered.length, 2);
  await page.waitForSelector(`${square('d2')}.choice`, {state: 'attached'});
  await page.waitForSelector(`${square('b4')}.choice`, {state: 'attached'});
  await page.click(square('d2'));
  await page.waitForSelector('#board[data-plies="1"]');
  assert.equal(await lastMoveText(page), 'd6:b4:d2:f4:h2');
  // The four men of that path are gone; e5 and f6 stay.
  for (const name of ['c5', 'c3', 'e3', 'g3']) {
    assert.equal(await page.getAttribute(square(name), 'data-piece-kind'), null, name);
  }
  assert.equal(await page.getAttribute(square('e5'), 'data-piece-kind'), 'black-man');
  assert.equal(await page.getAttribute(square('h2'), 'data-piece-kind'), 'white-man');
  assert.deepEqual(errors, []);
});

test('russian: the other path is chosen from the chooser', async () => {
  const {page, errors} = await openApp(browser, server.url);
  await importGame(page, {variant: 'russian', text: FEN});
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.click(square('d6'));
  await page.click(square('h2'));
  await page.waitForSelector('#chooser[data-axis="path"]');
  await page.click('#chooser [data-move="d6:f4:h2"]');
  await page.waitForSelector('#board[data-plies="1"]');
  assert.equal(await lastMoveText(page), 'd6:f4:h2');
  assert.equal(await page.getAttribute(square('e5'), 'data-piece-kind'), null);
  assert.equal(await page.getAttribute(square('c5'), 'data-piece-kind'), 'black-man');
  assert.deepEqual(errors, []);
});
