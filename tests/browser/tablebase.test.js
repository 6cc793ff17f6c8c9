// The endgame explorer in the page (docs/egdb.md, "The endgame explorer"): on the analysis board,
// a position the server's tables hold shows its value and every move's, best first, and a click
// on a move plays it there; in a game's review, a move that the tables say threw the win away is
// marked. The server gets the english tables up to 3 pieces, built before it starts.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, useTables, openApp, importGame, clickMove} from './lib.js';

const tables = useTables('english', 3);

const env = useServerAndBrowser(null, {args: () => ['--egdb', tables]});

// Two kings against one: White wins, every move keeps the win.
const TWO_KINGS = 'W:WK1,K2:BK32';

test('the analysis board shows the tables\' value and every move\'s, and a click plays one', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await importGame(page, {variant: 'english', text: TWO_KINGS, opponent: 'computer'});
  await page.click('#btn-analyse');
  await page.waitForSelector('#tablebase[data-value="win"]');
  assert.match(await page.textContent('#tablebase .tablebase-value'), /White wins \(\d+ plies to the next capture or promotion\)/);
  const moves = await page.$$eval('#tablebase .tablebase-move', (buttons) => buttons.map((b) => ({
    move: b.dataset.move, value: b.dataset.value, distance: Number(b.dataset.distance)})));
  assert.deepEqual(moves.map((m) => m.move).sort(), ['1-5', '1-6', '2-6', '2-7']);
  for (const m of moves) assert.equal(m.value, 'win');
  for (let i = 1; i < moves.length; i += 1) assert.ok(moves[i - 1].distance <= moves[i].distance, 'best first');
  assert.equal(Number(await page.getAttribute('#tablebase', 'data-distance')), moves[0].distance);

  // A click on a move plays it on the analysis board: then Black is to move, and loses.
  await page.click(`#tablebase .tablebase-move[data-move="${moves[0].move}"]`);
  await page.waitForSelector('#tablebase[data-value="loss"]');
  assert.match(await page.textContent('#analysis-tried'), new RegExp(moves[0].move));
  assert.equal(await page.getAttribute('#board', 'data-plies'), '0', 'the game itself does not change');
  assert.match(await page.textContent('#tablebase .tablebase-value'), /Black loses/);
  assert.ok(await page.$$eval('#tablebase .tablebase-move', (b) => b.length) > 0);
  assert.deepEqual(errors, []);
});

test('a position outside the tables shows no panel; the texts come in Russian and Ukrainian', async () => {
  for (const [locale, title] of [['ru-RU', 'База эндшпилей'], ['uk-UA', 'База ендшпілів']]) {
    const {page, errors} = await openApp(env.browser, env.server.url, {locale});
    await importGame(page, {variant: 'english', text: TWO_KINGS, opponent: 'computer'});
    await page.click('#btn-analyse');
    await page.waitForSelector('#tablebase[data-value="win"]');
    assert.equal(await page.textContent('#tablebase h3'), title);
    await page.context().close();
    assert.deepEqual(errors, []);
  }
  const {page, errors} = await openApp(env.browser, env.server.url);
  await importGame(page, {variant: 'english', text: 'W:W21,22,23,24:B5,6,7', opponent: 'computer'});
  const asked = page.waitForResponse((r) => r.url().includes('/api/tablebase/english'));
  await page.click('#btn-analyse');
  assert.equal((await asked).status(), 404);
  await page.waitForSelector('#analysis[data-depth]:not([data-depth="0"])');
  assert.equal(await page.isHidden('#tablebase'), true);
  assert.deepEqual(errors, []);
});

test('the review marks the move that the tables say threw the win away', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  // White's kings on 18 and 32 beat the lone king on 10; 18-15 puts one where 10x19 takes it,
  // and one king against one is a draw.
  await importGame(page, {variant: 'english', text: 'W:WK18,K32:BK10'});
  await clickMove(page, '18', '15');
  await clickMove(page, '10', '19');
  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  await page.click('#btn-review');
  await page.waitForSelector('#review[data-state="done"]', {timeout: 120000});
  const marked = page.locator('#review-tables button[data-ply="1"]');
  await marked.waitFor();
  assert.equal(await marked.getAttribute('data-verdict'), 'threwWin');
  assert.match(await marked.textContent(), /the tables say this move threw the win away/i);
  assert.equal(await page.$$eval('#review-tables button', (b) => b.length), 1, 'the capture threw nothing away');
  const move = page.locator('#move-list .move[data-ply="1"]');
  assert.equal(await move.getAttribute('data-tables'), 'threwWin');
  assert.match(await move.getAttribute('title'), /threw the win away/);
  assert.deepEqual(errors, []);
});
