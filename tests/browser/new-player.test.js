// The page's defects found when the app was tried as a new player would (desktop 1280x800 and a
// phone 390x844): each test here failed before its fix.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame, importGame, square, clickMove, openLobby} from './lib.js';

const env = useServerAndBrowser();

const WIDE = {width: 1280, height: 800};

test('the result says who won in plain words, in the page language; the article is in a tooltip', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE});
  // Black takes White's last man: 23x32.
  await importGame(page, {variant: 'international', text: 'B:W28:B23'});
  await clickMove(page, '23', '32');
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#result-outcome'), /Black wins/);
  assert.equal(await page.textContent('#result-rule'), 'White has no pieces left');
  assert.match(await page.getAttribute('#result-rule', 'title'), /000 §4\.2\.2/);
  await page.selectOption('#lang-select', 'ru');
  await page.waitForFunction(() => document.querySelector('#result-rule').textContent === 'У белых не осталось шашек');
  assert.match(await page.textContent('#result-outcome'), /Чёрные/);
  await page.selectOption('#lang-select', 'uk');
  await page.waitForFunction(() => document.querySelector('#result-rule').textContent === 'У білих не лишилося шашок');
  assert.deepEqual(errors, []);
});

// A creates a challenge to russian draughts as `side`; B, if given, accepts it.
async function challenge(a, side, b = null) {
  await openLobby(a.page);
  await a.page.selectOption('#seek-variant', 'russian');
  await a.page.selectOption('#seek-side', side);
  await a.page.click('#seek-form button[type="submit"]');
  await a.page.waitForSelector('#seek-rows button[data-action="cancel"]');
  if (!b) return;
  await openLobby(b.page);
  await b.page.waitForSelector('#seek-rows button[data-action="accept"]');
  await b.page.click('#seek-rows button[data-action="accept"]');
  await b.page.waitForSelector('#board[data-variant="russian"] svg');
  await a.page.waitForSelector('#board[data-variant="russian"] svg');
}

test('in the lobby, your own challenge says the side you chose', async () => {
  const a = await openApp(env.browser, env.server.url, {viewport: WIDE});
  await challenge(a, 'white');
  const row = a.page.locator('#seek-rows tr', {has: a.page.locator('button[data-action="cancel"]')});
  assert.equal(await row.locator('td.seek-side').textContent(), 'White');
  await a.page.click('#seek-rows button[data-action="cancel"]');
  await a.page.waitForSelector('#seek-rows button[data-action="cancel"]', {state: 'detached'});
  assert.deepEqual(a.errors, []);
});

test('a game from the lobby shows no links to send: each player has a key already', async () => {
  const a = await openApp(env.browser, env.server.url, {viewport: WIDE});
  const b = await openApp(env.browser, env.server.url, {viewport: WIDE});
  await challenge(a, 'white', b);
  await b.page.waitForSelector('#status[data-state="waiting"]');
  await a.page.waitForSelector('#status[data-state="my-move"]');
  assert.equal(await a.page.isVisible('#links'), false);
  assert.equal(await b.page.isVisible('#links'), false);
  assert.deepEqual([...a.errors, ...b.errors], []);
});

test('international: Offer draw is disabled before move 40, and says why', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE});
  await newGame(page, {variant: 'international', opponent: 'person'});
  await page.waitForSelector('#btn-draw-offer:not([hidden])');
  assert.equal(await page.isDisabled('#btn-draw-offer'), true);
  assert.match(await page.getAttribute('#btn-draw-offer', 'title'), /only after 40 moves of each side/);
  // Elsewhere (russian draughts) it may be offered at once.
  await newGame(page, {variant: 'russian', opponent: 'person'});
  await page.waitForSelector('#btn-draw-offer:not([hidden])');
  assert.equal(await page.isDisabled('#btn-draw-offer'), false);
  assert.equal(await page.getAttribute('#btn-draw-offer', 'title'), null);
  assert.deepEqual(errors, []);
});

async function exported(page, button) {
  await page.click(button);
  await page.waitForSelector('#dlg-export[open]');
  const text = await page.inputValue('#export-text');
  await page.click('#dlg-export [data-close]');
  return text;
}

test('FEN exports the position on view; PDN stays the whole game', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE});
  for (const [variant, first, second] of [['english', ['11', '15'], ['22', '18']],
                                           ['international', ['32', '28'], ['19', '23']],
                                           ['mill', ['a1'], ['d7']]]) {
    await newGame(page, {variant, opponent: 'person'});
    await clickMove(page, ...first);
    const afterFirst = await exported(page, '#btn-export-fen');
    await clickMove(page, ...second);
    await page.click('#btn-prev');
    await page.waitForSelector('#history-bar:not([hidden])');
    assert.equal(await exported(page, '#btn-export-fen'), afterFirst, variant);
    if (variant === 'english') assert.match(await exported(page, '#btn-export-main'), /22-18/);
  }
  assert.deepEqual(errors, []);
});

// A long international game between people, played through the API and ended by resignation, with its
// review (the shortest time a position): answers its id and White's key.
async function longReviewedGame(url, plies) {
  const call = async (method, path, body) => {
    const response = await fetch(url + path, {method, body: body && JSON.stringify(body),
                                              headers: {'Content-Type': 'application/json'}});
    return response.json();
  };
  const created = await call('POST', '/api/games', {variant: 'international', opponent: {kind: 'person'}});
  let game = created.game;
  while (game.moves.length < plies && !game.result.over) {
    const move = game.legal[game.moves.length % game.legal.length];
    game = await call('POST', `/api/games/${game.id}/moves`, {key: created.keys[game.to_move], move: move.text});
    game = game.game || game;
  }
  if (!game.result.over) await call('POST', `/api/games/${game.id}/resign`, {key: created.keys[game.to_move]});
  await call('POST', `/api/games/${game.id}/review`, {ms: 50});
  return {id: game.id, key: created.keys.white};
}

test('a click on the review graph scrolls the move list to the move on view', async () => {
  const {id, key} = await longReviewedGame(env.server.url, 90);
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE, path: `/play/${id}?key=${key}`});
  await page.waitForSelector('#review[data-state="done"]', {timeout: 120000});
  const list = page.locator('#move-list');
  const overflow = await list.evaluate((e) => e.scrollHeight > e.clientHeight + 20);
  assert.ok(overflow, 'the move list should be longer than its box');
  const graph = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(graph.x + graph.width * 0.1, graph.y + graph.height / 2);
  await page.waitForSelector('#move-list .move.viewing');
  const shown = await page.evaluate(() => {
    const box = document.querySelector('#move-list').getBoundingClientRect();
    const move = document.querySelector('#move-list .move.viewing').getBoundingClientRect();
    return move.top >= box.top - 1 && move.bottom <= box.bottom + 1;
  });
  assert.ok(shown, 'the move on view is scrolled out of the list');
  assert.deepEqual(errors, []);
});

test('an import error is shown in the dialog, next to the text box', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE});
  await page.click('#btn-import');
  await page.waitForSelector('#dlg-import[open]');
  await page.selectOption('#imp-variant', 'russian');
  await page.fill('#imp-text', 'not a position');
  await page.click('#imp-start');
  await page.waitForSelector('#imp-error:not([hidden])');
  assert.notEqual((await page.textContent('#imp-error')).trim(), '');
  assert.ok(await page.$('#dlg-import #imp-error'), 'the error is outside the dialog');
  assert.equal(await page.$('#toast.show'), null, 'the error came as a toast under the backdrop');
  // Typing again takes it away; a good text imports.
  await page.fill('#imp-text', 'W:Wc3:Bf6');
  await page.waitForSelector('#imp-error', {state: 'hidden'});
  await page.click('#imp-start');
  await page.waitForSelector('#dlg-import:not([open])', {state: 'attached'});
  assert.deepEqual(errors, []);
});

const overlaps = (a, b) => a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a toast covers neither the player\'s clock nor the Play button nor the controls', async () => {
  for (const viewport of [WIDE, {width: 390, height: 844}]) {
    const {page, errors} = await openApp(env.browser, env.server.url, {viewport});
    await newGame(page, {variant: 'russian', opponent: 'person', clock: {min: 5, inc: 3}});
    await page.fill('#move-input', 'zz');
    await page.press('#move-input', 'Enter');
    await page.waitForSelector('#toast.show');
    const toast = await page.locator('#toast').boundingBox();
    const kept = ['#clock-bottom', '#move-entry button', '#move-input',
                  ...(await page.$$eval('.controls button:not([hidden])', (buttons) => buttons.map((b) => `#${b.id}`)))];
    for (const selector of kept) {
      const box = await page.locator(selector).boundingBox();
      assert.ok(!overlaps(toast, box), `${viewport.width}: the toast ${JSON.stringify(toast)} covers ${selector} ${JSON.stringify(box)}`);
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('the mill page fits a 1280x800 window: the move field is in sight', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE});
  for (const [variant, clock] of [['mill', null], ['mill', {min: 5, inc: 3}], ['russian', {min: 5, inc: 3}]]) {
    await newGame(page, {variant, opponent: 'person', clock});
    await page.waitForSelector('#move-entry:not([hidden])');
    const entry = await page.locator('#move-entry').boundingBox();
    assert.ok(entry.y + entry.height <= WIDE.height, `${variant}: the move field ends at ${entry.y + entry.height}`);
  }
  assert.deepEqual(errors, []);
});

test('square numbers on the 10x10 board can be read on a phone', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: {width: 390, height: 844}});
  await newGame(page, {variant: 'international', opponent: 'person'});
  // The size of a number on the screen: its font size times the board's scale.
  const size = await page.$eval('#board svg', (root) => {
    const scale = root.getBoundingClientRect().width / root.viewBox.baseVal.width;
    const label = [...root.querySelectorAll('.labels text')].find((t) => t.textContent === '46');
    return parseFloat(getComputedStyle(label).fontSize) * scale;
  });
  assert.ok(size >= 10, `the square numbers are ${size.toFixed(1)} px`);
  assert.deepEqual(errors, []);
});

test('the board neither moves nor shrinks when the evaluation bar appears', async () => {
  for (const viewport of [WIDE, {width: 390, height: 844}]) {
    const {page, errors} = await openApp(env.browser, env.server.url, {viewport});
    await newGame(page, {variant: 'russian', opponent: 'computer', level: 1});
    await page.waitForSelector('#board[data-interactive="yes"]');
    const before = await page.locator('#board').boundingBox();
    await page.click('#btn-analyse');
    await page.waitForSelector('#eval-bar:not([hidden])');
    assert.deepEqual(await page.locator('#board').boundingBox(), before, `${viewport.width}: the board moved`);
    const bar = await page.locator('#eval-bar').boundingBox();
    assert.ok(bar.width > 4 && bar.x >= 0 && bar.x + bar.width <= viewport.width, JSON.stringify(bar));
    await page.click('#btn-analysis-stop');
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('the capture-path chooser leaves the capturing piece in sight', async () => {
  for (const viewport of [WIDE, {width: 390, height: 844}]) {
    const {page, errors} = await openApp(env.browser, env.server.url, {viewport});
    // Two captures of d6 end on h2 (tests/browser/capture-path.test.js); d2 and b4 tell them apart.
    await importGame(page, {variant: 'russian', text: 'W:Wd6:Be3,g3,c5,f6,e5,c3'});
    await page.waitForSelector('#board[data-interactive="yes"]');
    await page.click(square('d6'));
    await page.click(square('h2'));
    await page.waitForSelector('#chooser[data-axis="path"]');
    const chooser = await page.locator('#chooser').boundingBox();
    for (const name of ['d6', 'd2', 'b4']) {
      const box = await page.locator(square(name)).boundingBox();
      assert.ok(!overlaps(chooser, box), `${viewport.width}: the chooser ${JSON.stringify(chooser)} covers ${name} ${JSON.stringify(box)}`);
    }
    await page.click(square('d2'));
    await page.waitForSelector('#board[data-plies="1"]');
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('first and last buttons, and the arrow keys with Home and End, walk through the game', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE});
  await newGame(page, {variant: 'russian', opponent: 'person'});
  await clickMove(page, 'c3', 'd4');
  await clickMove(page, 'f6', 'g5');
  await clickMove(page, 'g3', 'h4');
  const viewing = () => page.$eval('#history-bar', (bar) => (bar.hidden ? 'live' : document.querySelector('#history-text').textContent));
  await page.click('#btn-first');
  assert.match(await viewing(), /after ply 0/);
  await page.click('#btn-last');
  assert.equal(await viewing(), 'live');
  await page.locator('body').press('Home');
  assert.match(await viewing(), /after ply 0/);
  await page.locator('body').press('ArrowRight');
  assert.match(await viewing(), /after ply 1/);
  await page.locator('body').press('End');
  assert.equal(await viewing(), 'live');
  await page.locator('body').press('ArrowLeft');
  assert.match(await viewing(), /after ply 2/);
  assert.deepEqual(errors, []);
});

test('a clock under 10 seconds shows tenths', async () => {
  const response = await fetch(`${env.server.url}/api/games`, {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({variant: 'russian', opponent: {kind: 'person'}, clock: {initial_s: 5, increment_s: 0}})});
  const {game, keys} = await response.json();
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: WIDE, path: `/play/${game.id}?key=${keys.white}`});
  await page.waitForSelector('#clock-bottom .clock-time');
  assert.equal((await page.textContent('#clock-bottom .clock-time')).trim(), '0:05.0');
  assert.equal((await page.textContent('#clock-top .clock-time')).trim(), '0:05.0');
  assert.deepEqual(errors, []);
});
