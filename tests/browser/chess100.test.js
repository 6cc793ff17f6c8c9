// 100-square chess on the board: the royal file is marked, a promotion on the enemy king's square
// is chosen in the promotion chooser, and the extra pawn (RULINGS §4.3) by clicking its square.
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

test('promotion on e10: the player chooses the jester', async () => {
  const {page, errors} = await openApp(browser, server.url);
  await importGame(page, {variant: 'chess100', text: 'k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1 Ee'});
  assert.equal(await page.$$eval('#board .royal-file', (marks) => marks.length), 1);
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.click(square('e9'));
  await page.click(square('e10'));
  await page.waitForSelector('#chooser[data-axis="promotion"]');
  const kinds = await page.$$eval('#chooser [data-promotion]', (buttons) => buttons.map((b) => b.dataset.promotion));
  assert.deepEqual([...kinds].sort(), ['bishop', 'general', 'jester', 'knight', 'queen', 'rook']);
  await page.click('#chooser [data-promotion="jester"]');
  await page.waitForSelector('#board[data-plies="1"]');
  assert.equal(await page.getAttribute(square('e10'), 'data-piece-kind'), 'white-jester');
  assert.match(await lastMoveText(page), /e10=?J|e9e10j/);
  assert.deepEqual(errors, []);
});

test('the king reaches e10 and the extra pawn is placed on c2', async () => {
  const {page, errors} = await openApp(browser, server.url);
  await importGame(page, {variant: 'chess100', text: 'k9/4K5/10/10/10/10/10/10/10/10 w - - 0 1 Ee'});
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.click(square('e9'));
  await page.click(square('e10'));
  await page.waitForSelector('#chooser[data-axis="drop"]');
  await page.waitForSelector(`${square('c2')}.choice`, {state: 'attached'});
  await page.click(square('c2'));
  await page.waitForSelector('#board[data-plies="1"]');
  assert.equal(await page.getAttribute(square('c2'), 'data-piece-kind'), 'white-pawn');
  assert.equal(await page.getAttribute(square('e10'), 'data-piece-kind'), 'white-king');
  assert.match(await lastMoveText(page), /e10@c2/);
  assert.deepEqual(errors, []);
});
