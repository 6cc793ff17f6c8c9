// A whole game against the computer (level 1): wolf and sheep, the player is the wolf and always
// makes the first move the board offers; the sheep (White) close it in, or the wolf breaks
// through. Either way the game ends and the result names the rule that decided it.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launchBrowser, openApp, newGame} from './lib.js';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('wolf-sheep against the computer at level 1, to the end', async () => {
  const {page, errors} = await openApp(browser, server.url);
  await newGame(page, {variant: 'wolf-sheep', opponent: 'computer', level: 1, side: 'black'});
  for (let turn = 0; turn < 80; turn++) {
    await page.waitForSelector('#status[data-state="my-move"], #status[data-state="over"]');
    if (await page.$('#status[data-state="over"]')) break;
    const plies = Number(await page.getAttribute('#board', 'data-plies'));
    // Choose the wolf (before its placement there is none); its destinations are marked.
    if (await page.$('#board [data-piece-kind="black-wolf"]')) await page.click('#board [data-piece-kind="black-wolf"]');
    await page.waitForSelector('#board .hit.target', {state: 'attached'});
    await page.click('#board .hit.target >> nth=0');
    await page.waitForSelector(`#board:not([data-plies="${plies}"])`);
  }
  await page.waitForSelector('#result:not([hidden])');
  const outcome = await page.getAttribute('#result', 'data-outcome');
  assert.ok(['white_wins', 'black_wins'].includes(outcome), outcome);
  assert.notEqual((await page.textContent('#result-rule')).trim(), '');
  assert.match(await page.textContent('#status'), /Game over/);
  assert.deepEqual(errors, []);
});
