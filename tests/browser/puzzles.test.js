// The puzzles page (/puzzles): a puzzle solved by clicking its line (the solution read from the
// shipped file, data/puzzles/, never from the page), one failed by a wrong move with the right
// move named, the player's puzzle rating going up and down, the theme filter, a mill puzzle with
// its placements, moves and removals, and a visitor's daily puzzle without a rating; a failed
// puzzle tried again from its start, unrated, its moves typed in the game's notation; the
// signed-in player's rating graph with the puzzles solved and failed.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {useServerAndBrowser, openApp, repo} from './lib.js';

const env = useServerAndBrowser();

// The line of a shipped puzzle by its id ("mill-4").
function lineOf(id) {
  const game = id.slice(0, id.lastIndexOf('-'));
  for (const row of readFileSync(join(repo, 'data', 'puzzles', `${game}.txt`), 'utf8').split('\n')) {
    const fields = row.split('\t');
    if (fields[0] === id) return fields[2].split(' ');
  }
  throw new Error(`no puzzle ${id}`);
}

const spot = (name) => `#puzzles-board [data-square="${name}"]`;
const puzzleId = (page) => page.getAttribute('#puzzles-board', 'data-puzzle');
const status = (page) => page.getAttribute('#puzzles-status', 'data-state');

// A move's points in the order a player clicks them: draughts "32-28", "19x28", "c5:a3" (from and
// to); mill "c3" (a placement), "d5-e5" (a move), either with "xb4" (the point removed).
function clicksOf(move) {
  const [played, ...removed] = move.split(/x(?=[a-g]\d$)/);
  const points = /^[a-g]\d/.test(move) && !move.includes(':') ? played.split('-') : move.split(/[-x:]/);
  const path = points.length > 2 ? [points[0], points[points.length - 1]] : points;
  return [...path, ...removed];
}

// Opens the page of `game` and waits for a puzzle.
async function openPuzzles(page, game) {
  await page.click('#btn-puzzles');
  await page.waitForSelector('#page-puzzles:not([hidden])');
  if (game) await page.selectOption('#puzzles-game', game);
  await page.waitForFunction((g) => {
    const box = document.querySelector('#puzzles-board');
    return box.dataset.game === g && box.dataset.puzzle && box.querySelector('svg');
  }, game || 'international');
  return puzzleId(page);
}

// Waits for the answer to the player's n-th move, not the last one's: the page takes no move
// while an answer is awaited.
async function answerOf(page, state, n) {
  await page.waitForFunction(([s, k]) => {
    const status = document.querySelector('#puzzles-status');
    return status.dataset.state === s && status.dataset.moves === String(k);
  }, [state, n]);
}

// Plays the player's moves of the puzzle shown by clicking, each answer awaited.
async function solveByClicking(page) {
  const id = await puzzleId(page);
  const line = lineOf(id);
  for (let i = 0; i < line.length; i += 2) {
    for (const point of clicksOf(line[i])) await page.click(spot(point));
    const expected = i + 1 < line.length ? 'right' : 'solved';
    await answerOf(page, expected, i / 2 + 1);
  }
  return id;
}

async function register(page, name) {
  const status = await page.evaluate(async (n) => (await fetch('/api/account/register', {
    method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({name: n, password: 'correct horse'})})).status, name);
  assert.equal(status, 201);
}

// A legal move other than the line's first, found by clicking the player's pieces until one
// shows a target that the right move does not go to.
async function playWrongMove(page, right) {
  const [from, to] = clicksOf(right);
  const side = (await page.textContent('#puzzles-status')).includes('Black') ? 'black' : 'white';
  const pieces = await page.$$eval(`#puzzles-board [data-piece-kind^="${side}-"]`, (els) => els.map((e) => e.dataset.square));
  for (const square of pieces) {
    await page.click(spot(square));
    const targets = await page.$$eval('#puzzles-board .hit.target', (els) => els.map((e) => e.dataset.square));
    const other = targets.find((target) => square !== from || target !== to);
    if (other) {
      await page.click(spot(other));
      return;
    }
  }
  throw new Error('no wrong move found');
}

test('a player solves a puzzle by clicking and fails the next; the puzzle rating goes up, then down', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await register(page, 'solver');
  await openPuzzles(page, 'russian');
  assert.equal(await status(page), 'play');
  assert.match(await page.textContent('#puzzles-rating'), /Your puzzle rating: 1500/);
  assert.match(page.url(), /\/puzzles\/russian$/);
  await solveByClicking(page);
  assert.equal(await page.textContent('#puzzles-status'), 'Solved!');
  const up = Number(await page.getAttribute('#puzzles-rating', 'data-diff'));
  assert.ok(up > 0, `the rating went up by ${up}`);

  await page.click('#puzzles-next');
  await page.waitForFunction(() => document.querySelector('#puzzles-status').dataset.state === 'play');
  const id = await puzzleId(page);
  const right = lineOf(id)[0];
  await playWrongMove(page, right);
  await page.waitForFunction(() => document.querySelector('#puzzles-status').dataset.state === 'failed');
  assert.equal(await page.textContent('#puzzles-status'), `Wrong: the move was ${right}.`);
  const down = Number(await page.getAttribute('#puzzles-rating', 'data-diff'));
  assert.ok(down < 0, `the rating went down by ${down}`);
  assert.deepEqual(errors, []);
});

const pieces = (page) => page.$$eval('#puzzles-board [data-piece-kind]',
                                     (els) => els.map((e) => `${e.dataset.square}:${e.dataset.pieceKind}`).sort());

test('a failed puzzle is tried again from its start, unrated, with its moves typed', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await register(page, 'retrier');
  const id = await openPuzzles(page, 'russian');
  const start = await pieces(page);
  const line = lineOf(id);
  assert.equal(await page.isHidden('#puzzles-retry'), true);
  // The rating graph: no rated attempt yet.
  await page.waitForSelector('#puzzles-history[data-points="0"]');
  assert.equal(await page.textContent('#puzzles-history .puzzles-history-graph'), 'No rated attempts in this game yet.');
  await playWrongMove(page, line[0]);
  await page.waitForFunction(() => document.querySelector('#puzzles-status').dataset.state === 'failed');
  assert.ok(Number(await page.getAttribute('#puzzles-rating', 'data-diff')) < 0);
  const rating = (await page.textContent('#puzzles-rating')).match(/rating: (\d+)/)[1];
  await page.waitForSelector('#puzzles-history[data-points="1"][data-failed="1"]');
  assert.equal(await page.getAttribute('#puzzles-history', 'data-rating'), rating);
  assert.equal(await page.$$eval('#puzzles-history-svg .series circle', (c) => c.length), 1);

  // Try again: the same puzzle from its start, and the page says it is not rated.
  await page.click('#puzzles-retry');
  await page.waitForFunction(() => document.querySelector('#puzzles-status').dataset.state === 'play');
  assert.equal(await puzzleId(page), id);
  assert.deepEqual(await pieces(page), start);
  assert.equal(await page.isHidden('#puzzles-retry'), true);
  assert.equal(await page.textContent('#puzzles-rating'),
               `Your puzzle rating: ${rating}? — another try, not rated: only the first attempt at a puzzle counts.`);

  // A typed move that is not one: the server's reason, the text kept to be mended.
  await page.fill('#puzzles-move', 'h8-a1');
  await page.press('#puzzles-move', 'Enter');
  await page.waitForFunction(() => !/Your move/.test(document.querySelector('#puzzles-status').textContent));
  assert.equal(await status(page), 'play');
  assert.equal(await page.inputValue('#puzzles-move'), 'h8-a1');
  // The line typed, each move with Enter as a click would play it.
  for (let i = 0; i < line.length; i += 2) {
    await page.fill('#puzzles-move', line[i]);
    await page.press('#puzzles-move', 'Enter');
    const expected = i + 1 < line.length ? 'right' : 'solved';
    await answerOf(page, expected, i / 2 + 1);
    await page.waitForFunction(() => document.querySelector('#puzzles-move').value === '');
  }
  assert.equal(await page.textContent('#puzzles-status'), 'Solved!');
  assert.equal(await page.textContent('#puzzles-rating'), `Your puzzle rating: ${rating}? — Played before: not rated again.`);
  assert.equal(await page.getAttribute('#puzzles-rating', 'data-diff'), '');
  // The retry added nothing to the graph; the next puzzle, solved, adds a point.
  assert.equal(await page.getAttribute('#puzzles-history', 'data-points'), '1');
  await page.click('#puzzles-next');
  await page.waitForFunction(() => document.querySelector('#puzzles-status').dataset.state === 'play');
  await solveByClicking(page);
  await page.waitForSelector('#puzzles-history[data-points="2"][data-solved="1"][data-failed="1"]');
  assert.equal(await page.$$eval('#puzzles-history-svg .series circle', (c) => c.length), 2);
  assert.equal(await page.textContent('#puzzles-history .puzzles-history-count'), 'Rated attempts: 1 solved, 1 failed.');
  const after = (await page.textContent('#puzzles-rating')).match(/rating: (\d+)/)[1];
  assert.equal(await page.getAttribute('#puzzles-history', 'data-rating'), after);
  // In Russian.
  await page.selectOption('#lang-select', 'ru');
  await page.waitForFunction(() => document.querySelector('#puzzles-history .puzzles-history-count').textContent ===
                             'Попыток с рейтингом: решено 1, не решено 1.');
  assert.equal(await page.textContent('#puzzles-history h2'), 'Ваш рейтинг в задачах по времени');
  assert.deepEqual(errors, []);
});

test('the theme filter gives puzzles of that theme only', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openPuzzles(page, 'mill');
  await page.selectOption('#puzzles-theme', 'mill');
  for (let i = 0; i < 3; ++i) {
    await page.waitForFunction(() => document.querySelector('#puzzles-board').dataset.loading === 'no');
    assert.match(await page.textContent('#puzzles-themes'), /Mill/);
    const id = await puzzleId(page);
    const row = readFileSync(join(repo, 'data', 'puzzles', 'mill.txt'), 'utf8').split('\n')
        .find((r) => r.startsWith(`${id}\t`));
    assert.ok(row.split('\t')[3].split(',').includes('mill'), `${id} has the theme mill`);
    await page.selectOption('#puzzles-theme', '');
    await page.selectOption('#puzzles-theme', 'mill');
  }
  assert.deepEqual(errors, []);
});

test('a mill puzzle is solved by placing, moving and removing', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await register(page, 'miller');
  await openPuzzles(page, 'mill');
  await solveByClicking(page);
  assert.ok(Number(await page.getAttribute('#puzzles-rating', 'data-diff')) > 0);
  assert.deepEqual(errors, []);
});

test('a visitor gets the daily puzzle, plays without a rating, and the page speaks Russian', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {path: '/puzzles/english'});
  await page.waitForFunction(() => document.querySelector('#puzzles-board').dataset.puzzle);
  assert.equal(await page.inputValue('#puzzles-game'), 'english');
  assert.equal(await page.textContent('#puzzles-rating'), 'Sign in to get a puzzle rating.');
  assert.equal(await page.isHidden('#puzzles-history'), true, 'a visitor has no rating graph');
  await page.click('#puzzles-daily');
  await page.waitForFunction(() => /Puzzle of the day, \d{4}-\d\d-\d\d/.test(document.querySelector('#puzzles-title').textContent));
  await solveByClicking(page);
  assert.equal(await page.textContent('#puzzles-rating'), 'Sign in to get a puzzle rating.');
  const ru = await openApp(env.browser, env.server.url, {path: '/puzzles/english', locale: 'ru-RU'});
  await ru.page.waitForFunction(() => document.querySelector('#puzzles-status').dataset.state === 'play');
  assert.match(await ru.page.textContent('#puzzles-status'), /^Ваш ход/);
  assert.equal(await ru.page.textContent('#btn-puzzles'), 'Задачи');
  assert.equal(await ru.page.textContent('#puzzles-retry'), 'Попробовать снова');
  assert.equal(await ru.page.getAttribute('#puzzles-move', 'placeholder'), 'Введите ход, Enter');
  assert.deepEqual([...errors, ...ru.errors], []);
});
