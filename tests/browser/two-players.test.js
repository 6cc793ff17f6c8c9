// Two people in two browsers: the creator keeps the White link and opens the Black one in a
// second browser context (own storage, as another machine would); each moves only for its side
// and sees the other's move arrive by the event stream.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launchBrowser, openApp, newGame, square, waitPlies, moveTexts} from './lib.js';

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

test('russian between two browsers through their secret links', async () => {
  const white = await openApp(browser, server.url);
  await newGame(white.page, {variant: 'russian', opponent: 'person', side: 'white', both: false});
  await white.page.waitForSelector('#links:not([hidden])');
  const links = await white.page.$$eval('#links .link-row', (rows) =>
    Object.fromEntries(rows.map((row) => [row.dataset.side, row.querySelector('input').value])));
  assert.ok(links.white && links.black, JSON.stringify(links));
  assert.notEqual(links.white, links.black);

  const blackPath = new URL(links.black).pathname + new URL(links.black).search;
  const black = await openApp(browser, server.url, {path: blackPath});
  await black.page.waitForSelector('#board[data-variant="russian"] svg');
  // Black waits; White's board is live.
  await black.page.waitForSelector('#board[data-interactive="no"]');

  await white.page.waitForSelector('#board[data-interactive="yes"]');
  await white.page.click(square('c3'));
  await white.page.click(square('d4'));
  await waitPlies(white.page, 1);
  await waitPlies(black.page, 1);

  await black.page.waitForSelector('#board[data-interactive="yes"]');
  await white.page.waitForSelector('#board[data-interactive="no"]');
  await black.page.click(square('f6'));
  await black.page.click(square('e5'));
  await waitPlies(black.page, 2);
  await waitPlies(white.page, 2);

  // White must take: d4:f6, and Black sees it.
  await white.page.waitForSelector(`${square('d4')}.capturer`, {state: 'attached'});
  await white.page.click(square('d4'));
  await white.page.click(square('f6'));
  await waitPlies(black.page, 3);
  assert.deepEqual(await moveTexts(black.page), ['c3-d4', 'f6-e5', 'd4:f6']);
  assert.deepEqual(await moveTexts(white.page), ['c3-d4', 'f6-e5', 'd4:f6']);

  // The link as the server writes it (no side named): the page finds out it holds Black.
  const bare = new URL(links.black);
  bare.searchParams.delete('side');
  const again = await openApp(browser, server.url, {path: bare.pathname + bare.search});
  await again.page.waitForSelector('#clock-bottom[data-side="black"]');
  assert.match(await again.page.textContent('#clock-bottom'), /\(you\)/);
  await again.page.waitForSelector('#board[data-interactive="yes"]');   // Black is to move
  await again.context.close();

  // A reader without a key sees the game but cannot move.
  const reader = await openApp(browser, server.url, {path: new URL(links.black).pathname});
  await waitPlies(reader.page, 3);
  await reader.page.waitForSelector('#readonly-note:not([hidden])');
  assert.equal(await reader.page.getAttribute('#board', 'data-interactive'), 'no');

  for (const side of [white, black, reader]) assert.deepEqual(side.errors, []);
});
