// Boards replaced within one page: a mill game, then an imported international
// position, then mill again, without reloading. Each board's pointer listeners leave with it, so a
// click is handled once: a capture with two paths to the same square asks which one, by click and
// by drag alike, and a mill placement takes one click.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame, importGame, square, plies, clickMove, moveTexts} from './lib.js';

const env = useServerAndBrowser();

// White king 38 takes four men by 38x24x8x26x48x34 or 38x20x3x26x48x34 (`doska moves`): both end
// on 34.
const FEN = 'W:WK38,22,15:B13,30,37,33,17,41,39,25,14';

async function centre(page, name) {
  const box = await page.locator(square(name)).boundingBox();
  return {x: box.x + box.width / 2, y: box.y + box.height / 2};
}

test('after a mill game, a king capture with two paths still asks which one', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'mill'});
  await clickMove(page, 'd6');
  await importGame(page, {variant: 'international', text: FEN});
  await page.waitForSelector('#board[data-interactive="yes"]');

  // By clicks: 38, then 34.
  await page.click(square('38'));
  await page.click(square('34'));
  await page.waitForSelector('#chooser[data-axis="path"]');
  const offered = await page.$$eval('#chooser [data-move]', (b) => b.map((x) => x.dataset.move));
  assert.deepEqual(offered.sort(), ['38x20x3x26x48x34', '38x24x8x26x48x34']);
  assert.equal(await plies(page), 0);

  // By a drag from 38 to 34, after a fresh import: the chooser again, nothing played.
  await importGame(page, {variant: 'international', text: FEN});
  await page.waitForSelector('#board[data-interactive="yes"]');
  const from = await centre(page, '38');
  const to = await centre(page, '34');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, {steps: 8});
  await page.mouse.up();
  await page.waitForSelector('#chooser[data-axis="path"]');
  assert.equal(await plies(page), 0);
  await page.click('#chooser [data-move="38x20x3x26x48x34"]');
  await page.waitForSelector('#board[data-plies="1"]');

  // Back to mill on the same page: one click places one piece.
  await newGame(page, {variant: 'mill'});
  await clickMove(page, 'd6');
  assert.equal(await plies(page), 1);
  await clickMove(page, 'f4');
  assert.equal(await plies(page), 2);
  assert.deepEqual(errors, []);
});

// The promotion chooser of chess100 and the mill's removal point, after the board kind changed
// twice within the page: each choice takes one click and plays one move.
test('after board switches, a promotion and a mill removal each take one click', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'mill'});
  await clickMove(page, 'd6');
  await importGame(page, {variant: 'international', text: FEN});
  await page.waitForSelector('#board[data-interactive="yes"]');

  await importGame(page, {variant: 'chess100', text: 'k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1 Ee'});
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.click(square('e9'));
  await page.click(square('e10'));
  await page.waitForSelector('#chooser[data-axis="promotion"]');
  await page.click('#chooser [data-promotion="jester"]');
  await page.waitForSelector('#board[data-plies="1"]');
  assert.equal(await page.getAttribute(square('e10'), 'data-piece-kind'), 'white-jester');

  // White closes the mill a1-d1-g1 and removes b2 by clicking it.
  await newGame(page, {variant: 'mill'});
  for (const point of ['a1', 'b2', 'd1', 'b4']) await clickMove(page, point);
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.click(square('g1'));
  await page.waitForSelector(`${square('b2')}.choice`, {state: 'attached'});
  await page.click(square('b2'));
  await page.waitForSelector('#board[data-plies="5"]');
  assert.deepEqual(await moveTexts(page), ['a1', 'b2', 'd1', 'b4', 'g1xb2']);
  assert.deepEqual(errors, []);
});
