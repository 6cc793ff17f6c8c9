// Live analysis: the engine searches without end and shows its best lines (the number
// chosen, drawn as arrows) as each depth ends; a move tried on the analysis board does not touch
// the game, and the analysis follows the new position. On a desktop and on a phone.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame, square, assertUsableOnPhone, DESKTOP, PHONE} from './lib.js';

const env = useServerAndBrowser();

// The analysis has `lines` lines of a finished depth for the position after `plies` plies.
async function waitLines(page, lines, plies) {
  await page.waitForFunction(([n, p]) => {
    const box = document.querySelector('#analysis');
    return box.dataset.plies === String(p) && Number(box.dataset.depth) >= 1 &&
           document.querySelectorAll('#analysis-lines li').length === n;
  }, [lines, plies]);
}

for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`live analysis shows two lines and follows a move tried on the board (${name})`, async () => {
    const {page, errors} = await openApp(env.browser, env.server.url, {viewport});
    await newGame(page, {variant: 'russian', opponent: 'computer', level: 1});
    await page.click('#btn-analyse');
    await page.selectOption('#analysis-count', '2');
    await waitLines(page, 2, 0);
    assert.equal(await page.$$eval('#board .analysis-arrow.line-1', (a) => a.length), 1);
    assert.equal(await page.$$eval('#board .analysis-arrow.line-2', (a) => a.length), 1);
    // Deeper depths come by themselves.
    const depth = Number(await page.getAttribute('#analysis', 'data-depth'));
    await page.waitForFunction((d) => Number(document.querySelector('#analysis').dataset.depth) > d, depth);
    if (viewport === PHONE) {
      await assertUsableOnPhone(page, ['#analysis-count', '#btn-analysis-stop', '#board [data-square="c3"]']);
    }

    // A move tried on the analysis board: the analysis follows it, the game does not change.
    const start = await page.getAttribute('#board', 'data-analysis');
    await page.waitForSelector('#board[data-interactive="yes"]');
    await page.click(square('c3'));
    await page.click(square('d4'));
    await waitLines(page, 2, 1);
    assert.notEqual(await page.getAttribute('#board', 'data-analysis'), start);
    assert.match(await page.textContent('#analysis-tried'), /c3-d4/);
    assert.equal(await page.getAttribute('#board', 'data-plies'), '0');   // the stored game
    // Black's lines now: their arrows start on Black's side of the board (rows 6 to 8).
    const best = await page.getAttribute('#analysis', 'data-best');
    assert.match(best, /^[a-h][678]/);

    await page.click('#btn-analysis-back');
    await waitLines(page, 2, 0);
    await page.click('#btn-analysis-stop');
    await page.waitForSelector('#analysis', {state: 'hidden'});
    assert.equal(await page.getAttribute('#board', 'data-analysis'), '');
    assert.deepEqual(errors, []);
  });
}

// Leaving a stream and opening the next at once can find the server still counting the old one:
// a refusal for a busy engine is asked again, and the lines come without an error shown.
test('live analysis asks again when the engine is busy', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'russian', opponent: 'computer', level: 1});
  let refused = 0;
  await page.route('**/api/analysis/events?*', (route) => {
    if (refused++ > 1) return route.continue();
    return route.fulfill({status: 503, contentType: 'application/json',
                          body: JSON.stringify({error: 'every engine is busy', code: 'engine_busy', params: {}})});
  });
  await page.click('#btn-analyse');
  await page.selectOption('#analysis-count', '2');
  await waitLines(page, 2, 0);
  assert.ok(refused >= 3, `the refused stream was asked again (${refused} requests)`);
  await page.click('#btn-analysis-stop');
  assert.deepEqual(errors, []);
});

test('live analysis refused in a live game between two people names why, in Russian', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await newGame(page, {variant: 'russian', opponent: 'person', both: true});
  assert.equal(await page.isHidden('#btn-analyse'), true);
  // The button is hidden; were it pressed (an old page), the server's refusal is translated.
  await page.evaluate(() => document.querySelector('#btn-analyse').click());
  await page.waitForSelector('#analysis-status:has-text("партии двух")');
  assert.deepEqual(errors, []);
});
