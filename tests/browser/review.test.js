// Game review: after a game, "Review" analyses every position in the background, then
// shows the graph of the game, marks a planted blunder in the move list and shows the best move
// as an arrow on the board; the review is there again when the game is opened anew.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, importGame, clickMove, assertUsableOnPhone, DESKTOP, PHONE} from './lib.js';

const env = useServerAndBrowser();

for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
test(`a review of a short game shows the graph and marks the planted blunder (${name})`, async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport});
  // White to move: e3-f4 gives its man to g5:e3 (e3-d4 or a1-b2 keep the balance).
  await importGame(page, {variant: 'russian', text: 'W:We3,a1:Bg5,h8'});
  assert.equal(await page.isVisible('#btn-review'), false, 'no review during a game between people');
  await clickMove(page, 'e3', 'f4');
  await clickMove(page, 'g5', 'e3');
  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  if (viewport === PHONE) await assertUsableOnPhone(page, ['#btn-review', '#btn-prev', '#btn-next']);
  await page.click('#btn-review');
  await page.waitForSelector('#review[data-state="done"]', {timeout: 120000});
  // The graph: one point a position, the blunder as a dot.
  const points = await page.getAttribute('#review-graph polyline.line', 'points');
  assert.equal(points.trim().split(/\s+/).length, 3);
  await page.waitForSelector('#review-graph circle[data-ply="1"]', {state: 'attached'});
  if (viewport === PHONE) await assertUsableOnPhone(page, ['#review-graph', '#move-list .move[data-ply="1"]']);
  // The move list marks it, with the better move in its title.
  const first = page.locator('#move-list .move[data-ply="1"]');
  assert.match(await first.getAttribute('data-class'), /blunder|mistake/);
  assert.match(await first.textContent(), /\?\??$/);
  assert.match(await first.getAttribute('title'), /best: (e3-d4|a1-b2)/);
  // At the start position the best move is drawn as an arrow.
  await page.click('#move-list .move[data-ply="1"]');
  await page.click('#btn-prev');
  await page.waitForSelector('#board .review-arrow', {state: 'attached'});
  // Opened again (a reload), the review is read back at once.
  await page.reload();
  await page.waitForSelector('body[data-ready="yes"]');
  await page.waitForSelector('#review[data-state="done"]');
  assert.match(await page.locator('#move-list .move[data-ply="1"]').getAttribute('data-class'),
               /blunder|mistake/);
  assert.deepEqual(errors, []);
});
}
