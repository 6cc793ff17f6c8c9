// The opening explorer in the page (docs/web.md, "Opening explorer"): on the analysis board, the
// moves played from its position in the server's stored games, most played first, each with its
// games, a bar of its results and the average rating (none here: games without accounts); a click
// on a move plays it there, and the panel follows; english shows its opening book's move; the
// texts in Russian and Ukrainian. The games are played to their end through the API first.
// The explorer page (/explorer, docs/web.md): the same on a board of its own, moves played by
// clicking, on the board or in the lists, back and forth; the endgame tables' answer for a
// position given by ?fen= (the server gets the english tables up to 3 pieces, built before it
// starts); the editor's way there; the page in Russian.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, useTables, openApp, newGame} from './lib.js';

const tables = useTables('english', 3);

async function call(url, method, path, body) {
  const r = await fetch(url + path, {method, headers: {'Content-Type': 'application/json'},
                                     body: body ? JSON.stringify(body) : undefined});
  const data = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

// A russian game between two people played to its end: `moves`, then `end` ('white resigns',
// 'black resigns' or 'draw').
async function playGame(url, moves, end) {
  const made = await call(url, 'POST', '/api/games', {variant: 'russian', opponent: {kind: 'person'}});
  const id = made.game.id;
  const keys = made.keys;
  for (const [i, move] of moves.entries()) {
    await call(url, 'POST', `/api/games/${id}/moves`, {key: i % 2 ? keys.black : keys.white, move});
  }
  if (end === 'draw') {
    await call(url, 'POST', `/api/games/${id}/draw`, {key: keys.white, action: 'offer'});
    await call(url, 'POST', `/api/games/${id}/draw`, {key: keys.black, action: 'accept'});
  } else {
    await call(url, 'POST', `/api/games/${id}/resign`, {key: end === 'white resigns' ? keys.white : keys.black});
  }
}

const env = useServerAndBrowser(async ({server}) => {
  await playGame(server.url, ['c3-d4', 'f6-g5', 'b2-c3', 'g7-f6'], 'black resigns');
  await playGame(server.url, ['c3-d4', 'f6-g5', 'a3-b4', 'g7-f6'], 'white resigns');
  await playGame(server.url, ['c3-d4', 'b6-a5', 'b2-c3', 'a7-b6'], 'draw');
  await playGame(server.url, ['e3-f4', 'b6-a5', 'g3-h4', 'a7-b6'], 'black resigns');
  // The explorer counts the games once it hears of their ends (on the server's own thread; a
  // minute at most, a bound against a hang, not a measure).
  const giveUp = Date.now() + 60000;
  let answer = null;
  while (Date.now() < giveUp) {
    answer = await call(server.url, 'GET', '/api/explorer/russian');
    if (answer.games === 4) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the explorer did not count the games: ${JSON.stringify(answer)}`);
}, {args: () => ['--egdb', tables]});

const rows = (page) => page.$$eval('#explorer .explorer-move', (all) => all.map((r) => ({
  move: r.dataset.move, games: Number(r.dataset.games), white: Number(r.dataset.white),
  draws: Number(r.dataset.draws), black: Number(r.dataset.black), rating: r.dataset.rating})));

test('the analysis board lists the moves played from its position, and a click plays one', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'russian', opponent: 'computer', level: 1});
  await page.click('#btn-analyse');
  await page.waitForSelector('#explorer[data-games="4"]');
  assert.equal(await page.textContent('#explorer h3'), 'Opening explorer');
  assert.deepEqual(await rows(page), [
    {move: 'c3-d4', games: 3, white: 1, draws: 1, black: 1, rating: ''},
    {move: 'e3-f4', games: 1, white: 1, draws: 0, black: 0, rating: ''},
  ]);
  // The bar of c3-d4: a third each.
  const parts = await page.$$eval('#explorer .explorer-move[data-move="c3-d4"] .explorer-bar > span',
                                  (s) => s.map((p) => [p.className, p.textContent]));
  assert.deepEqual(parts, [['explorer-white', '33%'], ['explorer-draws', '33%'], ['explorer-black', '33%']]);
  assert.equal(await page.$('#explorer .explorer-book'), null, 'russian has no book');

  // A click plays c3-d4 on the analysis board: Black's replies in those games.
  await page.click('#explorer .explorer-move[data-move="c3-d4"]');
  await page.waitForSelector('#explorer[data-games="3"]');
  assert.match(await page.textContent('#analysis-tried'), /c3-d4/);
  assert.equal(await page.getAttribute('#board', 'data-plies'), '0', 'the game itself does not change');
  assert.deepEqual((await rows(page)).map((r) => [r.move, r.games]), [['f6-g5', 2], ['b6-a5', 1]]);
  // Along the drawn game to its last move: nothing played after it.
  await page.click('#explorer .explorer-move[data-move="b6-a5"]');
  await page.click('#explorer .explorer-move[data-move="b2-c3"]');
  await page.click('#explorer .explorer-move[data-move="a7-b6"]');
  await page.waitForSelector('#explorer[data-games="0"] .explorer-none');
  await page.context().close();   // a client address has at most 2 live analyses
  assert.deepEqual(errors, []);
});

test('english shows its opening book\'s move; the texts in Russian and Ukrainian', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'english', opponent: 'computer', level: 1, side: 'black'});
  await page.click('#btn-analyse');
  await page.waitForSelector('#explorer .explorer-book');
  assert.equal(await page.getAttribute('#explorer .explorer-book', 'data-move'), '11-15');
  assert.match(await page.textContent('#explorer .explorer-book'), /^Book: 11-15 \(\+0\.02, depth 25\)$/);
  assert.match(await page.textContent('#explorer .explorer-none'), /No stored game/);
  await page.context().close();
  assert.deepEqual(errors, []);
  for (const [locale, title, column] of [['ru-RU', 'Дебютный справочник', 'Ход'],
                                         ['uk-UA', 'Дебютний довідник', 'Хід']]) {
    const {page: p, errors: e} = await openApp(env.browser, env.server.url, {locale});
    await newGame(p, {variant: 'russian', opponent: 'computer', level: 1});
    await p.click('#btn-analyse');
    await p.waitForSelector('#explorer[data-games="4"]');
    assert.equal(await p.textContent('#explorer h3'), title);
    assert.equal(await p.textContent('#explorer th'), column);
    await p.context().close();
    assert.deepEqual(e, []);
  }
});

// The explorer page's board, its opening explorer's moves and the position on view.
const spot = (name) => `#explorer-board [data-square="${name}"]`;
const pageRows = (page) => page.$$eval('#explorer-openings .explorer-move',
                                       (all) => all.map((r) => [r.dataset.move, Number(r.dataset.games)]));
const waitPly = (page, n) => page.waitForSelector(`#explorer-board[data-plies="${n}"][data-fen]:not([data-fen=""])`);

test('the explorer page: moves clicked on the board and in the list, back and forth', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await page.click('#btn-explorer');
  await page.waitForSelector('#page-explorer:not([hidden])');
  assert.equal(new URL(page.url()).pathname, '/explorer/international');
  await page.selectOption('#explorer-variant', 'russian');
  await page.waitForSelector('#explorer-openings[data-games="4"]');
  assert.equal(new URL(page.url()).pathname, '/explorer/russian');
  assert.deepEqual(await pageRows(page), [['c3-d4', 3], ['e3-f4', 1]]);
  assert.equal(await page.textContent('#explorer-openings h3'), 'Opening explorer');
  assert.equal(await page.isHidden('#explorer-tablebase'), true, 'the start is in no table');

  // c3-d4 by clicking on the board: Black's replies in those games.
  await page.click(spot('c3'));
  await page.click(spot('d4'));
  await waitPly(page, 1);
  await page.waitForSelector('#explorer-openings[data-games="3"]');
  assert.deepEqual(await pageRows(page), [['f6-g5', 2], ['b6-a5', 1]]);
  const afterC3 = await page.getAttribute('#explorer-board', 'data-fen');
  assert.equal(new URL(page.url()).searchParams.get('fen'), afterC3);
  assert.equal(await page.inputValue('#explorer-fen'), afterC3);

  // f6-g5 from the list, then back and forward.
  await page.click('#explorer-openings .explorer-move[data-move="f6-g5"]');
  await waitPly(page, 2);
  await page.waitForSelector('#explorer-openings[data-games="2"]');
  assert.deepEqual(await pageRows(page), [['a3-b4', 1], ['b2-c3', 1]]);
  assert.deepEqual(await page.$$eval('#explorer-line .explorer-ply', (b) => b.map((x) => x.textContent)),
                   ['1. c3-d4', 'f6-g5']);
  await page.click('#explorer-back');
  await waitPly(page, 1);
  await page.waitForSelector('#explorer-openings[data-games="3"]');
  await page.click('#explorer-forward');
  await waitPly(page, 2);
  await page.click('#explorer-first');
  await waitPly(page, 0);
  await page.waitForSelector('#explorer-openings[data-games="4"]');
  // A move typed in the game's notation, as a click would play it.
  await page.fill('#explorer-move', 'e3f4');
  await page.press('#explorer-move', 'Enter');
  await waitPly(page, 1);
  await page.waitForSelector('#explorer-openings[data-games="1"]');
  assert.deepEqual(await page.$$eval('#explorer-line .explorer-ply', (b) => b.map((x) => x.textContent)), ['1. e3-f4']);

  // "Set up" opens the board editor on the position.
  const fen = await page.getAttribute('#explorer-board', 'data-fen');
  await page.click('#explorer-setup');
  await page.waitForSelector('#page-editor:not([hidden])');
  assert.equal(await page.inputValue('#editor-fen'), fen);
  // And the editor's "Explorer" comes back to it.
  await page.waitForSelector('#editor-explorer:not([disabled])');
  await page.click('#editor-explorer');
  await page.waitForSelector('#page-explorer:not([hidden])');
  await page.waitForSelector(`#explorer-board[data-fen="${fen}"]`);
  assert.equal(new URL(page.url()).pathname, '/explorer/russian');
  await page.waitForSelector('#explorer-openings[data-games="1"]');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the explorer page shows the endgame tables\' value and moves of a ?fen= position; a click plays one', async () => {
  const fen = 'W:WK1,K2:BK32';
  const answer = await (await fetch(`${env.server.url}/api/tablebase/english?fen=${encodeURIComponent(fen)}`)).json();
  const {page, errors} = await openApp(env.browser, env.server.url,
                                       {path: `/explorer/english?fen=${encodeURIComponent(fen)}`});
  await page.waitForSelector('#explorer-tablebase[data-value="win"]');
  assert.equal(answer.value, 'win');
  assert.match(await page.textContent('#explorer-tablebase .tablebase-value'), /White wins \(\d+ plies/);
  const moves = await page.$$eval('#explorer-tablebase .tablebase-move', (buttons) => buttons.map((b) => ({
    move: b.dataset.move, value: b.dataset.value, distance: Number(b.dataset.distance)})));
  assert.deepEqual(moves, answer.moves);
  await page.waitForSelector('#explorer-openings .explorer-none');
  // The first (best) move played from the list: Black to move, and lost.
  await page.click(`#explorer-tablebase .tablebase-move[data-move="${moves[0].move}"]`);
  await waitPly(page, 1);
  await page.waitForSelector('#explorer-tablebase[data-value="loss"]');
  assert.match(await page.textContent('#explorer-tablebase .tablebase-value'), /Black loses/);
  // A FEN pasted in the box starts there.
  await page.fill('#explorer-fen', 'W:WK1:BK32');
  await page.press('#explorer-fen', 'Enter');
  await waitPly(page, 0);
  await page.waitForSelector('#explorer-tablebase[data-value="draw"]');
  assert.equal(await page.textContent('#explorer-tablebase .tablebase-value'), 'Draw with best play');
  // A FEN the game does not read: the server's reason.
  await page.fill('#explorer-fen', 'W:Wzz:B1');
  await page.press('#explorer-fen', 'Enter');
  await page.waitForSelector('#explorer-status[data-state="error"]');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the explorer page in Russian', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU', path: '/explorer/russian'});
  await page.waitForSelector('#explorer-openings[data-games="4"]');
  assert.equal(await page.textContent('#btn-explorer'), 'Справочник');
  assert.equal(await page.textContent('#page-explorer h1'), 'Справочник дебютов и эндшпилей');
  assert.equal(await page.textContent('#explorer-openings h3'), 'Дебютный справочник');
  assert.equal(await page.textContent('#explorer-analyse'), 'Анализ');
  assert.equal(await page.textContent('#explorer-setup'), 'Расставить');
  assert.equal(await page.title(), 'Справочник дебютов и эндшпилей · doska');
  await page.click('#explorer-openings .explorer-move[data-move="e3-f4"]');
  await waitPly(page, 1);
  assert.equal(await page.getAttribute('#explorer-openings .explorer-move', 'title'), 'Сыграть b6-a5');
  // "Analyse": the analysis board of the position, Black to move.
  const fen = await page.getAttribute('#explorer-board', 'data-fen');
  await page.click('#explorer-analyse');
  await page.waitForSelector('#game:not([hidden]) #analysis:not([hidden])');
  assert.equal(await page.getAttribute('#board', 'data-variant'), 'russian');
  const startFen = await page.evaluate(async () => (await (await fetch(`/api/games/${location.pathname.split('/')[2]}`)).json()).start_fen);
  assert.equal(startFen, fen);
  assert.deepEqual(errors, []);
  await page.context().close();
});

// A chess100 promotion on the explorer page's board: the chooser over the board offers every
// piece (not the queen alone); the jester chosen is the move played; a cancel plays nothing.
test('the explorer page asks which piece a pawn promotes to', async () => {
  const fen = 'k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1 Ee';
  const {page, errors} = await openApp(env.browser, env.server.url,
                                       {path: `/explorer/chess100?fen=${encodeURIComponent(fen)}`});
  await waitPly(page, 0);
  await page.click(spot('e9'));
  await page.click(spot('e10'));
  await page.waitForSelector('#explorer-chooser[data-axis="promotion"]:not([hidden])');
  const kinds = await page.$$eval('#explorer-chooser [data-promotion]', (b) => b.map((x) => x.dataset.promotion));
  assert.ok(kinds.includes('queen') && kinds.includes('jester') && kinds.includes('knight'), kinds.join());
  await page.click('#explorer-chooser [data-cancel]');
  await page.waitForSelector('#explorer-chooser', {state: 'hidden'});
  assert.equal(await page.getAttribute('#explorer-board', 'data-plies'), '0');

  await page.click(spot('e9'));
  await page.click(spot('e10'));
  await page.click('#explorer-chooser [data-promotion="jester"]');
  await waitPly(page, 1);
  await page.waitForSelector('#explorer-chooser', {state: 'hidden'});
  assert.equal(await page.getAttribute(spot('e10'), 'data-piece-kind'), 'white-jester');
  assert.deepEqual(errors, []);
});
