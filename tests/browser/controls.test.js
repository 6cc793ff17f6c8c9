// The game controls: take back against the computer, draw by agreement, resignation, PDN and FEN
// export, import of the exported record, the stored games, and analysis.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame, importGame, clickMove, waitPlies, moveTexts} from './lib.js';

const env = useServerAndBrowser();

test('take back a move and the computer reply', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'russian', opponent: 'computer', level: 1, side: 'white'});
  await clickMove(page, 'c3', 'd4');
  await waitPlies(page, 2);   // the computer's reply arrives by the event stream
  await page.waitForSelector('#status[data-state="my-move"]');
  await page.click('#btn-undo');
  await waitPlies(page, 0);
  await page.waitForSelector('#board[data-interactive="yes"]');
  assert.deepEqual(errors, []);
});

test('a draw offered and accepted ends the game by agreement', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'russian', opponent: 'person', both: true});
  await clickMove(page, 'c3', 'd4');
  await page.click('#btn-draw-offer');
  await page.waitForSelector('#draw-offer:not([hidden])');
  await page.click('#btn-draw-accept');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.getAttribute('#result', 'data-outcome'), 'draw');
  assert.match(await page.textContent('#result-outcome'), /Draw/);
  assert.deepEqual(errors, []);
});

test('resignation loses, and the result names it', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'mill', opponent: 'person', both: true});
  await clickMove(page, 'a1');
  await page.click('#btn-resign');   // Black to move resigns
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.getAttribute('#result', 'data-outcome'), 'white_wins');
  assert.match(await page.textContent('#result-rule'), /resign/i);
  assert.deepEqual(errors, []);
});

test('export PDN and FEN, and import the PDN as a new game', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'english', opponent: 'person', both: true});
  await clickMove(page, '11', '15');
  await clickMove(page, '22', '18');

  await page.click('#btn-export-main');
  await page.waitForSelector('#dlg-export[open]');
  const pdn = await page.inputValue('#export-text');
  assert.match(pdn, /11-15/);
  assert.match(pdn, /22-18/);
  await page.click('#dlg-export [data-close]');

  await page.click('#btn-export-fen');
  await page.waitForSelector('#dlg-export[open]');
  const fen = await page.inputValue('#export-text');
  assert.match(fen, /^[WB]:/);
  await page.click('#dlg-export [data-close]');
  const firstUrl = page.url();

  await importGame(page, {variant: 'english', text: pdn});
  await waitPlies(page, 2);
  assert.deepEqual(await moveTexts(page), ['11-15', '22-18']);
  assert.notEqual(page.url(), firstUrl);

  assert.deepEqual(errors, []);
});

test('the games list holds this browser\'s games; another browser watches by the link', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'international', opponent: 'person', both: true});
  await clickMove(page, '32', '28');
  const id = new URL(page.url()).pathname.split('/').pop();
  await newGame(page, {variant: 'wolf-sheep', opponent: 'person', both: true});

  await page.click('#btn-games');
  await page.waitForSelector('#dlg-games[open]');
  await page.click(`#games-rows tr[data-id="${id}"] .open-game`);
  await page.waitForURL((url) => url.pathname === `/play/${id}`);
  await page.waitForSelector('#board[data-variant="international"][data-plies="1"]');
  await page.waitForSelector('#board[data-interactive="yes"]');   // this browser holds its keys

  // Another browser holds no key of it: the game is not in its list, and the link
  // without a key opens it read-only.
  const other = await openApp(env.browser, env.server.url);
  await other.page.click('#welcome-games');
  await other.page.waitForSelector('#dlg-games[open]');
  assert.equal(await other.page.$(`#games-rows tr[data-id="${id}"]`), null);
  await other.page.goto(`${env.server.url}/play/${id}`);
  await other.page.waitForSelector('body[data-ready="yes"]');
  await other.page.waitForSelector('#board[data-variant="international"][data-plies="1"]');
  await other.page.waitForSelector('#readonly-note:not([hidden])');
  assert.equal(await other.page.getAttribute('#board', 'data-interactive'), 'no');
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
});

test('analysis shows the evaluation bar and the best line; not in a live game of two people', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'international', opponent: 'person', both: true});
  assert.equal(await page.isHidden('#btn-analyse'), true);
  await newGame(page, {variant: 'international', opponent: 'computer', level: 1});
  await page.click('#btn-analyse');
  await page.waitForSelector('#eval-bar:not([hidden])');
  await page.waitForSelector('#analysis[data-best]:not([data-best=""])');
  assert.match(await page.textContent('#analysis-text'), /best/);
  // Three best lines, listed and drawn as arrows, the best one first.
  assert.equal(await page.$$eval('#analysis-lines li', (items) => items.length), 3);
  assert.equal(await page.$$eval('#board .analysis-arrow', (arrows) => arrows.length), 3);
  assert.equal(await page.$$eval('#board .analysis-arrow.line-1', (arrows) => arrows.length), 1);
  assert.deepEqual(errors, []);
});

test('flip the board; the clock of the side to move counts down', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.selectOption('#new-variant', 'international');
  await page.check('#new-opponent-person');
  await page.setChecked('#new-both', true);
  await page.check('#new-clock-on');
  await page.fill('#new-clock-min', '3');
  await page.fill('#new-clock-inc', '0');
  await page.click('#new-start');
  await page.waitForSelector('#board[data-variant="international"] svg');
  assert.equal(await page.getAttribute('#clock-bottom', 'data-side'), 'white');
  assert.equal((await page.textContent('#clock-bottom .clock-time')).trim(), '3:00');
  await clickMove(page, '32', '28');
  // Black's clock runs: it comes to show less than 3:00 (any time under it: a page held up for a
  // second on a loaded machine may skip 2:59; the minute is a bound against a hang).
  await page.waitForSelector('#clock-top.running');
  await page.waitForFunction(() => {
    const shown = /^(\d+):(\d\d)$/.exec(document.querySelector('#clock-top .clock-time').textContent.trim());
    return shown !== null && Number(shown[1]) * 60 + Number(shown[2]) < 180;
  }, null, {timeout: 60000});
  await page.click('#btn-flip');
  await page.waitForSelector('#clock-bottom[data-side="black"]');
  const bottomRow = await page.locator('#board [data-square="1"]').boundingBox();
  const topRow = await page.locator('#board [data-square="50"]').boundingBox();
  assert.ok(bottomRow.y > topRow.y, 'square 1 is at the bottom once flipped');
  assert.deepEqual(errors, []);
});
