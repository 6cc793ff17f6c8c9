// A livelier board and keyboard entry: moves typed in each game's
// notation, "your move" in the tab's title, move and capture sounds with a mute switch, the
// coordinates switch, and a moved piece that glides.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame, importGame, waitPlies, moveTexts} from './lib.js';

const env = useServerAndBrowser();

async function type(page, text) {
  await page.waitForSelector('#move-entry:not([hidden])');
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

test('moves typed in the notation of russian, international, chess100 and the wolf', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await newGame(page, {variant: 'russian', opponent: 'person'});
  await type(page, 'c3-d4');
  await waitPlies(page, 1);
  await type(page, 'F6 g5');   // letter case and spaces do not matter
  await waitPlies(page, 2);
  assert.deepEqual(await moveTexts(page), ['c3-d4', 'f6-g5']);
  assert.equal(await page.inputValue('#move-input'), '');
  // Not a move: said, and nothing is played.
  await type(page, 'a1-h8');
  await page.waitForSelector('#toast.show');
  assert.equal(await page.getAttribute('#board', 'data-plies'), '2');

  await newGame(page, {variant: 'international', opponent: 'person'});
  await type(page, '32-28');
  await waitPlies(page, 1);

  await newGame(page, {variant: 'chess100', opponent: 'person'});
  await type(page, 'e2e4');
  await waitPlies(page, 1);
  assert.equal(await page.getAttribute('#board [data-square="e4"]', 'data-piece-kind'), 'white-pawn');

  await newGame(page, {variant: 'wolf-sheep', opponent: 'person'});
  await type(page, 'd8');   // the wolf's placement
  await waitPlies(page, 1);
  assert.equal(await page.getAttribute('#board [data-square="d8"]', 'data-piece-kind'), 'black-wolf');
  assert.deepEqual(errors, []);
});

test('your move in the title, sounds with a mute switch, coordinates, a gliding piece', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await importGame(page, {variant: 'russian', text: 'W:Wc3,e3:Bd4,h8'});
  assert.match(await page.title(), /^Your move · /);
  // A capture is heard as one, and the piece glides over its path.
  await type(page, 'c3:e5');
  await waitPlies(page, 1);
  assert.equal(await page.getAttribute('body', 'data-last-sound'), 'capture');
  assert.equal(await page.getAttribute('#board', 'data-animated'), '1');
  await page.click('#btn-sound');
  assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'false');
  await type(page, 'h8-g7');
  await waitPlies(page, 2);
  assert.equal(await page.getAttribute('body', 'data-last-sound'), 'muted');
  // Coordinates off and on again, remembered by the page.
  assert.equal(await page.isVisible('#board .coord >> nth=0'), true);
  await page.click('#btn-coords');
  assert.equal(await page.isVisible('#board .coord >> nth=0'), false);
  await page.reload();
  await page.waitForSelector('body[data-ready="yes"]');
  await page.waitForSelector('#board svg');
  assert.equal(await page.isVisible('#board .coord >> nth=0'), false);
  await page.click('#btn-coords');
  assert.equal(await page.isVisible('#board .coord >> nth=0'), true);
  assert.deepEqual(errors, []);
});

test('chess100 moves read in SAN with the letters of the page language', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await newGame(page, {variant: 'chess100', opponent: 'person'});
  await type(page, 'e2e4');
  await waitPlies(page, 1);
  await type(page, 'b10c8');
  await waitPlies(page, 2);
  assert.deepEqual(await moveTexts(page), ['e4', 'Кc8']);
  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => [...document.querySelectorAll('#move-list .move')].map((b) => b.textContent).join(' ') === 'e4 Nc8');
  assert.deepEqual(errors, []);
});
