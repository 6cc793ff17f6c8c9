// The opening explorer in the page (docs/web.md, "Opening explorer"): on the analysis board, the
// moves played from its position in the server's stored games, most played first, each with its
// games, a bar of its results and the average rating (none here: games without accounts); a click
// on a move plays it there, and the panel follows; english shows its opening book's move; the
// texts in Russian and Ukrainian. The games are played to their end through the API first.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame} from './lib.js';

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
  // The explorer counts the games once it hears of their ends.
  for (let i = 0; i < 500; i += 1) {
    const answer = await call(server.url, 'GET', '/api/explorer/russian');
    if (answer.games === 4) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the explorer did not count the games');
});

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
