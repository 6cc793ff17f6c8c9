// The lobby: a challenge created in one browser appears live in another, which
// accepts it; both get the game with their own key and play.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, clickMove, waitPlies, assertUsableOnPhone, PHONE, openLobby} from './lib.js';

const env = useServerAndBrowser();

// B is on a phone.
test('a seek created in one browser is accepted in another and both play', async () => {
  const a = await openApp(env.browser, env.server.url);
  const b = await openApp(env.browser, env.server.url, {locale: 'ru-RU', viewport: PHONE});
  // B watches the lobby first: the challenge appears without a reload.
  await openLobby(b.page);
  await openLobby(a.page);
  await a.page.selectOption('#seek-variant', 'russian');
  await a.page.selectOption('#seek-time', '180+2');
  await a.page.selectOption('#seek-side', 'white');
  await a.page.click('#seek-form button[type="submit"]');
  await a.page.waitForSelector('#seek-rows button[data-action="cancel"]');
  await b.page.waitForSelector('#seek-rows button[data-action="accept"]');
  assert.match(await b.page.textContent('#seek-rows'), /3\+2/);
  assert.match(await b.page.textContent('#seek-rows'), /Чёрные|черные|Чорні/i);
  await assertUsableOnPhone(b.page, ['#seek-rows button[data-action="accept"]', '#seek-form button[type="submit"]']);
  await b.page.click('#seek-rows button[data-action="accept"]');
  // Both are in the game, each with one side: A White, B Black, on the clock.
  await b.page.waitForSelector('#board[data-variant="russian"] svg');
  await a.page.waitForSelector('#board[data-variant="russian"] svg');
  await a.page.waitForSelector('#status[data-state="my-move"]');
  await b.page.waitForSelector('#status[data-state="waiting"]');
  await clickMove(a.page, 'c3', 'd4');
  await waitPlies(b.page, 1);
  await assertUsableOnPhone(b.page, ['#board [data-square="f6"]', '#board [data-square="g5"]', '#btn-resign']);
  await clickMove(b.page, 'f6', 'g5');
  await waitPlies(a.page, 2);
  assert.ok(await a.page.isVisible('#clock-top'));
  // The challenge is gone from the lobby.
  await openLobby(a.page);
  await a.page.waitForSelector('#seek-empty:not([hidden])');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('take-back asked and allowed between people, then a rematch', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.selectOption('#new-variant', 'russian');
  await page.check('#new-opponent-person');
  await page.setChecked('#new-both', true);
  await page.click('#new-start');
  await page.waitForSelector('#board[data-variant="russian"] svg');
  await clickMove(page, 'c3', 'd4');
  await page.click('#btn-takeback');
  await page.waitForSelector('#takeback-offer:not([hidden])');
  await page.click('#btn-takeback-accept');
  await waitPlies(page, 0);
  await clickMove(page, 'e3', 'f4');
  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  const first = new URL(page.url()).pathname;
  await page.click('#btn-rematch');
  await page.waitForFunction((old) => location.pathname !== old, first);
  await page.waitForSelector('#board[data-plies="0"][data-variant="russian"]');
  await page.waitForSelector('#status[data-state="my-move"]');
  await clickMove(page, 'c3', 'd4');
  assert.deepEqual(errors, []);
});

test('a premove in a clock game is played when the turn comes; the board colours switch', async () => {
  const a = await openApp(env.browser, env.server.url);
  const b = await openApp(env.browser, env.server.url);
  await openLobby(a.page);
  await a.page.selectOption('#seek-variant', 'russian');
  await a.page.selectOption('#seek-time', '600+5');
  await a.page.selectOption('#seek-side', 'white');
  await a.page.click('#seek-form button[type="submit"]');
  await openLobby(b.page);
  await b.page.waitForSelector('#seek-rows button[data-action="accept"]');
  await b.page.click('#seek-rows button[data-action="accept"]');
  await b.page.waitForSelector('#board[data-variant="russian"] svg');
  await a.page.waitForSelector('#status[data-state="my-move"]');
  // Black clicks f6 and g5 while White thinks: a premove, marked on the board.
  await b.page.click('#board [data-square="f6"]');
  await b.page.click('#board [data-square="g5"]');
  await b.page.waitForSelector('#board[data-premove="f6-g5"]');
  assert.equal(await b.page.$$eval('#board .mark-premove', (m) => m.length), 2);
  await clickMove(a.page, 'c3', 'd4');
  // Black's move is played as soon as White's arrives.
  await waitPlies(b.page, 2);
  await waitPlies(a.page, 2);
  assert.equal(await b.page.getAttribute('#board [data-square="g5"]', 'data-piece-kind'), 'black-man');
  assert.equal(await b.page.getAttribute('#board', 'data-premove'), '');
  // Board colours: wood, then green, remembered.
  assert.equal(await b.page.getAttribute('html', 'data-theme'), 'wood');
  await b.page.click('#btn-theme');
  assert.equal(await b.page.getAttribute('html', 'data-theme'), 'green');
  await b.page.reload();
  await b.page.waitForSelector('body[data-ready="yes"]');
  assert.equal(await b.page.getAttribute('html', 'data-theme'), 'green');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});
