// Correspondence games, the low-time warning and the piece themes.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame, clickMove, openLobby} from './lib.js';

const env = useServerAndBrowser();

test('correspondence: the presets exist, and a game shows the time left for the move', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await openLobby(page);
  const presets = await page.$$eval('#seek-time option', (options) => options.map((o) => [o.value, o.textContent]));
  for (const days of ['d1', 'd3', 'd7']) assert.ok(presets.some(([value]) => value === days), days);
  assert.ok(presets.some(([, text]) => text === 'Заочная, 3 дня на ход'));

  await newGame(page, {variant: 'russian', opponent: 'person', both: true, days: 3});
  // White's three days (less the seconds since): "2 д 23 ч" in Russian.
  await page.waitForSelector('.clock.running[data-deadline]:not([data-deadline=""])');
  // Exactly three days when the answer that made the game was written in the millisecond that
  // set the deadline and the page drew it at once (the page draws a correspondence clock only
  // with each new view).
  assert.match(await page.textContent('.clock.running .clock-time'), /^(2 д 23 ч|3 д 0 ч)$/);
  assert.equal(await page.getAttribute('.clock.running', 'data-side'), 'white');
  await clickMove(page, 'c3', 'd4');
  await page.waitForFunction(() => document.querySelector('.clock.running')?.dataset.side === 'black');
  assert.deepEqual(errors, []);
});

// A clock of 30 seconds runs under 20 seconds after 10: the player's own clock pulses and one
// short sound is played, or not when the sound is off.
test('the low-time warning pulses and sounds, and respects the mute switch', async () => {
  for (const sound of [true, false]) {
    const {page, errors} = await openApp(env.browser, env.server.url);
    if (!sound) await page.click('#btn-sound');
    await newGame(page, {variant: 'russian', opponent: 'person', both: true, clock: {min: 0.5, inc: 0}});
    assert.equal(await page.$$eval('.clock.low-time', (c) => c.length), 0);
    await clickMove(page, 'c3', 'd4');
    await page.waitForSelector('.clock.low-time[data-side="black"]', {timeout: 60000});
    const animation = await page.$eval('.clock.low-time', (c) => getComputedStyle(c).animationName);
    assert.equal(animation, 'low-time-pulse');
    await page.waitForSelector(`body[data-low-time-warning="${sound ? 'sound' : 'muted'}"]`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('piece themes: classic, red and black, blue and gold; remembered', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'uk-UA'});
  await newGame(page, {variant: 'russian', opponent: 'person', both: true});
  const fill = () => page.$eval('#board .piece-white .piece-body', (b) => getComputedStyle(b).fill);
  assert.equal(await page.getAttribute('html', 'data-pieces'), 'classic');
  const classic = await fill();
  await page.click('#btn-pieces');
  assert.equal(await page.getAttribute('html', 'data-pieces'), 'red');
  assert.equal(await page.textContent('#btn-pieces'), 'Фігури: червоні й чорні');
  assert.equal(await fill(), 'rgb(200, 50, 43)');
  await page.click('#btn-pieces');
  assert.equal(await page.getAttribute('html', 'data-pieces'), 'blue');
  await page.reload();
  await page.waitForSelector('body[data-ready="yes"]');
  await page.waitForSelector('#board .piece-white .piece-body');
  assert.equal(await page.getAttribute('html', 'data-pieces'), 'blue');
  assert.notEqual(await fill(), classic);
  await page.click('#btn-pieces');
  assert.equal(await page.getAttribute('html', 'data-pieces'), 'classic');
  assert.equal(await fill(), classic);
  assert.deepEqual(errors, []);
});
