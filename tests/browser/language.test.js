// The UI speaks Russian, Ukrainian and English: chosen from the browser's languages, switched
// by the selector, remembered across a reload; the rules panel follows the language.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame} from './lib.js';

const env = useServerAndBrowser();

test('the language follows the browser and the selector, and is remembered', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'uk-UA'});
  assert.equal(await page.textContent('#btn-new'), 'Нова партія');
  assert.equal(await page.getAttribute('html', 'lang'), 'uk');

  await newGame(page, {variant: 'russian', opponent: 'person'});
  assert.equal(await page.textContent('#game-title'), 'Російські шашки');
  assert.equal(await page.textContent('#btn-flip'), 'Перевернути дошку');

  await page.selectOption('#lang-select', 'ru');
  await page.waitForFunction(() => document.querySelector('#btn-new').textContent === 'Новая партия');
  assert.equal(await page.textContent('#game-title'), 'Русские шашки');
  assert.equal(await page.textContent('#status'), 'Ваш ход');

  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => document.querySelector('#btn-new').textContent === 'New game');
  assert.equal(await page.textContent('#game-title'), 'Russian draughts');
  assert.equal(await page.textContent('#btn-flip'), 'Flip board');

  await page.selectOption('#lang-select', 'ru');
  await page.reload();
  await page.waitForSelector('body[data-ready="yes"]');
  assert.equal(await page.textContent('#btn-new'), 'Новая партия');

  // The rules panel shows the rules of the game in the current language, and follows a switch.
  await page.click('#btn-rules');
  await page.waitForSelector('#rules-content[data-state="loaded"][data-lang="ru"][data-variant="russian"]');
  assert.match(await page.textContent('#rules-content h2'), /Русские шашки/);
  await page.selectOption('#lang-select', 'uk');
  await page.waitForSelector('#rules-content[data-state="loaded"][data-lang="uk"]');
  assert.match(await page.textContent('#rules-content h2'), /Російські шашки/);

  // A text that is missing gets a clear message instead.
  await page.route('**/rules/mill.uk.html', (route) => route.fulfill({status: 404, body: 'not found'}));
  await page.selectOption('#rules-variant', 'mill');
  await page.waitForSelector('#rules-content[data-state="missing"][data-variant="mill"]');
  assert.match(await page.textContent('#rules-content'), /Правила гри «Млин» цією мовою поки недоступні/);
  assert.deepEqual(errors, []);
});

test('every UI string exists in the three languages', async () => {
  const {page} = await openApp(env.browser, env.server.url);
  const missing = await page.evaluate(async () => {
    const {catalogue} = await import('/js/i18n.js');
    const keys = new Set(Object.values(catalogue).flatMap((table) => Object.keys(table)));
    const out = [];
    for (const [lang, table] of Object.entries(catalogue)) for (const key of keys) if (!(key in table)) out.push(`${lang}:${key}`);
    for (const element of document.querySelectorAll('[data-i18n]')) {
      if (!(element.dataset.i18n in catalogue.en)) out.push(`html:${element.dataset.i18n}`);
    }
    return out;
  });
  assert.deepEqual(missing, []);
});

test('the texts of the server (status lines, why the game ended) are shown in the language of the page', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await newGame(page, {variant: 'mill', opponent: 'person'});
  await page.waitForSelector('#counters li');
  assert.equal(await page.textContent('#counters li'), 'в запасе: белые 9, чёрные 9');

  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  const reason = await page.textContent('#result-rule');
  assert.match(reason, /^Белые сдались/);
  assert.doesNotMatch(reason, /resigned/);
  assert.deepEqual(errors, []);
});

test('the refusals of take-back and the like come in the language of the page: a move typed wrong', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {locale: 'uk-UA'});
  await newGame(page, {variant: 'russian', opponent: 'person'});
  await page.waitForSelector('#move-entry:not([hidden])');
  await page.fill('#move-input', 'zz');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('#toast.show');
  const shown = await page.textContent('#toast');
  assert.match(shown, /'zz' — не хід на кшталт c3-d4 або c3:e5/);
  assert.doesNotMatch(shown, /is not a move/);
  assert.deepEqual(errors, []);
});
