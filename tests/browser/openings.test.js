// The opening moves of every game, played by clicking the board as a player does.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launchBrowser, openApp, newGame, clickMove, moveTexts, square} from './lib.js';

let server;
let browser;
let app;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  app = await openApp(browser, server.url);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

// Each move is the squares clicked, in order; the expected record is the server's move texts.
const OPENINGS = {
  'international': {moves: [['32', '28'], ['19', '23'], ['28', '19'], ['14', '23']],
                    record: ['32-28', '19-23', '28x19', '14x23'], mustCapture: {before: 2, square: '28'}},
  'international-giveaway': {moves: [['32', '28'], ['19', '23'], ['28', '19']],
                             record: ['32-28', '19-23', '28x19']},
  'russian': {moves: [['c3', 'd4'], ['f6', 'e5'], ['d4', 'f6'], ['g7', 'e5']],
              record: ['c3-d4', 'f6-e5', 'd4:f6', 'g7:e5'], mustCapture: {before: 2, square: 'd4'}},
  'russian-giveaway': {moves: [['c3', 'd4'], ['f6', 'e5'], ['d4', 'f6']], record: ['c3-d4', 'f6-e5', 'd4:f6']},
  'english': {moves: [['11', '15'], ['22', '18'], ['15', '22'], ['25', '18']],
              record: ['11-15', '22-18', '15x22', '25x18'], mustCapture: {before: 2, square: '15'}},
  'english-giveaway': {moves: [['11', '15'], ['22', '18'], ['15', '22']], record: ['11-15', '22-18', '15x22']},
  'wolf-sheep': {moves: [['d8'], ['c1', 'd2'], ['d8', 'e7'], ['e1', 'f2']], record: ['d8', 'c1-d2', 'd8-e7', 'e1-f2']},
  // White closes the mill a1-d1-g1 and removes b2.
  'mill': {moves: [['a1'], ['b2'], ['d1'], ['b4'], ['g1', 'b2']], record: ['a1', 'b2', 'd1', 'b4', 'g1xb2']},
  'mill-mixed': {moves: [['a1'], ['b2'], ['d1'], ['b4'], ['g1', 'b4']], record: ['a1', 'b2', 'd1', 'b4', 'g1xb4']},
  // A mill closed by a placement removes nothing, and White places again at once.
  'mill-ceylon': {moves: [['a1'], ['b2'], ['d1'], ['b4'], ['g1'], ['a4']], record: ['a1', 'b2', 'd1', 'b4', 'g1', 'a4']},
  // The record is SAN or long algebraic, as the server writes moves[].text (RULINGS §4.4).
  'chess100': {moves: [['e2', 'e4'], ['e9', 'e7'], ['b1', 'c3'], ['b10', 'c8']],
               record: ['e4', 'e7', 'Nc3', 'Nc8'], or: ['e2e4', 'e9e7', 'b1c3', 'b10c8']},
};

for (const [variant, opening] of Object.entries(OPENINGS)) {
  test(`${variant}: the opening moves by clicking`, async () => {
    const {page, errors} = app;
    await newGame(page, {variant, opponent: 'person', both: true});
    for (const [index, squares] of opening.moves.entries()) {
      if (opening.mustCapture && opening.mustCapture.before === index) {
        // Compulsory capture: the piece that must capture is marked before it is touched.
        await page.waitForSelector(`${square(opening.mustCapture.square)}.capturer`);
      }
      const before = (await moveTexts(page)).length;
      await page.waitForSelector('#board[data-interactive="yes"]');
      await page.click(square(squares[0]));
      if (squares.length > 1) {
        // The destinations are highlighted once the piece is chosen (or the removable pieces
        // once the mill is closed).
        await page.waitForSelector(`${square(squares[1])}.target, ${square(squares[1])}.choice`, {state: 'attached'});
        await page.click(square(squares[1]));
      }
      await page.waitForSelector(`#board[data-plies="${before + 1}"]`);
    }
    const record = await moveTexts(page);
    if (opening.or && record[0] === opening.or[0]) assert.deepEqual(record, opening.or);
    else assert.deepEqual(record, opening.record);

    // Reopened, the page rebuilds the earlier positions from the record: the first move's
    // position can be viewed from the move list.
    await page.reload();
    await page.waitForSelector(`#board[data-plies="${opening.moves.length}"]`);
    await page.click('#move-list .move[data-ply="1"]');
    await page.waitForSelector('#board.history');
    assert.equal(await page.$$eval('#move-list .move.unseen', (list) => list.length), 0);
    const firstMove = opening.moves[0];
    assert.notEqual(await page.getAttribute(square(firstMove[firstMove.length - 1]), 'data-piece-kind'), null);
    await page.click('#btn-live');
    await page.waitForSelector('#board:not(.history)');
    assert.deepEqual(errors, []);
  });
}

test('russian: a move by dragging the piece', async () => {
  const {page, errors} = app;
  await newGame(page, {variant: 'russian', opponent: 'person', both: true});
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.waitForSelector(`${square('c3')}[data-piece-kind="white-man"]`);
  const from = await page.locator(square('c3')).boundingBox();
  const to = await page.locator(square('d4')).boundingBox();
  assert.ok(from && to);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, {steps: 8});
  await page.mouse.up();
  await page.waitForSelector('#board[data-plies="1"]');
  assert.deepEqual(await moveTexts(page), ['c3-d4']);
  assert.deepEqual(errors, []);
});
