// The board's defects found when the app was tried as a new user would:
// each test here failed before its fix.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame, importGame, square, clickMove} from './lib.js';

const env = useServerAndBrowser();

test('a request that gets no answer is said in the page language and the status changes', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await newGame(page, {variant: 'russian', opponent: 'person'});
  await page.route('**/api/games/*/moves', (route) => route.abort('failed'));
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.click(square('c3'));
  await page.click(square('d4'));
  await page.waitForSelector('#toast.show');
  const message = await page.textContent('#toast');
  assert.doesNotMatch(message, /Failed to fetch/);
  assert.match(message, /Сервер недоступен/);
  await page.waitForSelector('#status[data-state="offline"]');
  assert.match(await page.textContent('#status'), /Нет связи/);
  // Once the server answers again, the move goes through and the status is the usual one.
  await page.unroute('**/api/games/*/moves');
  await clickMove(page, 'c3', 'd4');
  await page.waitForSelector('#status:not([data-state="offline"])');
  assert.deepEqual(errors, []);
});

test('the chooser floats over the board without moving it', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {});
  await page.setViewportSize({width: 1280, height: 800});
  // Two captures of d6 end on h2 (tests/browser/capture-path.test.js).
  await importGame(page, {variant: 'russian', text: 'W:Wd6:Be3,g3,c5,f6,e5,c3'});
  await page.waitForSelector('#board[data-interactive="yes"]');
  const before = await page.locator('#board').boundingBox();
  await page.click(square('d6'));
  await page.click(square('h2'));
  await page.waitForSelector('#chooser[data-axis="path"]');
  const after = await page.locator('#board').boundingBox();
  assert.deepEqual(after, before, 'the board moved when the chooser opened');
  // It lies over the board, on the half away from the squares still to click (d2, b4).
  const chooser = await page.locator('#chooser').boundingBox();
  assert.ok(chooser.y >= before.y && chooser.y + chooser.height <= before.y + before.height / 2 + 1);
  await page.click(square('d2'));
  await page.waitForSelector('#board[data-plies="1"]');
  assert.deepEqual(errors, []);
});

test('on a phone the rules open in sight, with no internal references', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {});
  await page.setViewportSize({width: 390, height: 844});
  await newGame(page, {variant: 'english-giveaway', opponent: 'person'});
  await page.click('#btn-rules');
  await page.waitForSelector('#rules-content[data-state="loaded"]');
  const box = await page.locator('#rules-panel').boundingBox();
  assert.ok(box.y < 844 && box.y + box.height > 0 && box.x >= 0 && box.x + box.width <= 391,
            `the rules panel is out of sight: ${JSON.stringify(box)}`);
  const heading = await page.locator('#rules-content h2').boundingBox();
  assert.ok(heading.y >= 0 && heading.y < 844, 'the rules title is below the fold');
  const text = await page.textContent('#rules-content');
  assert.doesNotMatch(text, /RULINGS|§/);
  await page.click('#rules-close');
  await page.waitForSelector('#rules-panel', {state: 'hidden'});
  assert.deepEqual(errors, []);
});

test('on a desktop the rules do not push the controls below the board', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {});
  await page.setViewportSize({width: 1280, height: 800});
  await newGame(page, {variant: 'russian', opponent: 'person'});
  const before = await page.locator('#btn-resign').boundingBox();
  await page.click('#btn-rules');
  await page.waitForSelector('#rules-content[data-state="loaded"]');
  await page.click('#rules-close');
  await page.click('#btn-rules');
  await page.waitForSelector('#rules-content[data-state="loaded"]');
  const after = await page.locator('#btn-resign').boundingBox();
  assert.deepEqual(after, before);
  // The language stays at hand while the rules are open.
  await page.selectOption('#lang-select', 'uk');
  await page.waitForSelector('#rules-content[data-state="loaded"][data-lang="uk"]');
  assert.deepEqual(errors, []);
});

test('wolf and sheep does not ask to type a square', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {});
  await newGame(page, {variant: 'wolf-sheep', opponent: 'person'});
  const counters = await page.textContent('#game');
  assert.doesNotMatch(counters, /type a square/i);
  assert.match(counters, /such as d8/);
  assert.deepEqual(errors, []);
});

test('chess100: the general and the jester carry the letters of the page language; check is shown', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await newGame(page, {variant: 'chess100', opponent: 'person'});
  const letters = await page.$$eval('#board .piece-general text, #board .piece-jester text',
                                    (texts) => [...new Set(texts.map((t) => t.textContent))].sort());
  assert.deepEqual(letters, ['Г', 'Ш']);
  await page.selectOption('#lang-select', 'uk');
  await page.waitForFunction(() => [...document.querySelectorAll('#board .piece-jester text')]
      .every((t) => t.textContent === 'Б'));
  // White's king on e1 is in check from the rook on e5: its square is marked.
  await importGame(page, {variant: 'chess100', text: 'k9/10/10/10/10/4r5/10/10/10/4K5 w - - 0 1 Ee'});
  await page.waitForSelector(`${square('e1')}.check`, {state: 'attached'});
  assert.equal(await page.$$eval('#board .mark-check', (marks) => marks.length), 1);
  assert.deepEqual(errors, []);
});

test('square numbers are drawn over the pieces', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {});
  await newGame(page, {variant: 'international', opponent: 'person'});
  // The labels' group comes after the pieces' group in the drawing, so it is painted on top.
  const order = await page.$eval('#board svg', (root) => {
    const groups = [...root.children];
    const labels = groups.findIndex((g) => g.classList && g.classList.contains('labels'));
    const pieces = groups.findIndex((g) => g.querySelector && g.querySelector('.piece'));
    return {labels, pieces};
  });
  assert.ok(order.labels > order.pieces, JSON.stringify(order));
  assert.deepEqual(errors, []);
});

test('a move number never stands alone at the end of a line', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {});
  await page.setViewportSize({width: 1280, height: 800});
  await newGame(page, {variant: 'russian', opponent: 'person'});
  // Twelve plies with captures among them (`doska moves russian --moves ...` checks them).
  const moves = [['c3', 'b4'], ['d6', 'c5'], ['b4', 'd6'], ['c7', 'e5'], ['e3', 'f4'], ['b8', 'c7'],
                 ['f4', 'b8'], ['b6', 'a5'], ['b8', 'c7'], ['d8', 'b6'], ['g3', 'h4'], ['e7', 'd6']];
  for (const m of moves) await clickMove(page, ...m);
  // Each number sits on the same line as the move after it, whatever the width of the list.
  for (const width of [180, 230, 270, 320]) {
    await page.$eval('#move-list', (list, w) => { list.style.width = `${w}px`; }, width);
    const alone = await page.$$eval('#move-list .move-number', (numbers) => numbers.filter((n) => {
      const next = n.nextElementSibling;
      return !next || Math.abs(next.getBoundingClientRect().top - n.getBoundingClientRect().top) > 4;
    }).length);
    assert.equal(alone, 0, `width ${width}`);
  }
  assert.deepEqual(errors, []);
});
