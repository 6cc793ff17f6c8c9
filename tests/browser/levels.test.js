// The level chooser of the New game dialog names each level's strength for the game chosen: the
// Elo difference from level 10 measured for it (web/js/levels.js), level 10 as full strength, a
// game not measured with the bare numbers; in the page's language.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp} from './lib.js';

const env = useServerAndBrowser();

async function levelTexts(page, variant) {
  await page.selectOption('#new-variant', variant);
  return page.$$eval('#new-level option', (options) => options.map((o) => [o.value, o.textContent]));
}

test('each level shows its Elo from level 10 for the game chosen', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  const LEVEL_ELO = await page.evaluate(async () => (await import('/js/levels.js')).LEVEL_ELO);
  const international = await levelTexts(page, 'international');
  assert.equal(international.length, 10);
  assert.deepEqual(international.map(([value]) => value), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  assert.equal(international[0][1], `1 (≈ ${String(LEVEL_ELO.international[0]).replace('-', '−')} Elo)`);
  assert.equal(international[9][1], '10 (full strength)');
  assert.equal(await page.inputValue('#new-level'), '3');  // the level offered first

  // Another game keeps the level chosen and shows its own figures, or none.
  await page.selectOption('#new-level', '5');
  const mill = await levelTexts(page, 'mill');
  assert.equal(mill[4][1], `5 (≈ ${String(LEVEL_ELO.mill[4]).replace('-', '−')} Elo)`);
  assert.notEqual(LEVEL_ELO.mill[4], LEVEL_ELO.international[4]);
  const wolf = await levelTexts(page, 'wolf-sheep');
  assert.equal(wolf[4][1], '5');
  assert.equal(await page.inputValue('#new-level'), '5');
  assert.deepEqual(errors, []);
});

test('the level chooser speaks the page language', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  const texts = await levelTexts(page, 'international');
  assert.match(texts[0][1], /^1 \(≈ −\d+ Эло\)$/);
  assert.equal(texts[9][1], '10 (полная сила)');
  assert.deepEqual(errors, []);
});
