// The server's refusals in the page's language: an API error carries a code (docs/api.md,
// "Errors"), and the page shows its text in Russian, with no English words left.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, newGame} from './lib.js';

const env = useServerAndBrowser();

// Russian text: Cyrillic letters, and no Latin word (a move's squares, digits and quotes aside).
function assertRussian(text, what) {
  assert.match(text, /[а-яё]{3}/i, `${what}: ${text}`);
  assert.doesNotMatch(text, /[A-Za-z]{2,}/, `${what} has English in it: ${text}`);
}

async function toastText(page) {
  await page.waitForSelector('#toast.show');
  return (await page.textContent('#toast')).trim();
}

test('in Russian, an illegal typed move and a draw offered too early are refused in Russian', async () => {
  const {page, context, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await newGame(page, {variant: 'international', opponent: 'person'});
  await page.fill('#move-input', '50-45');
  await page.press('#move-input', 'Enter');
  const illegal = await toastText(page);
  assertRussian(illegal, 'the illegal move');
  assert.match(illegal, /50-45/);
  // The page keeps the button disabled before move 40; clicked anyway, the server refuses.
  await page.waitForSelector('#board[data-interactive="yes"]');
  await page.$eval('#toast', (box) => { box.className = 'toast'; });
  await page.$eval('#btn-draw-offer', (b) => { b.disabled = false; b.hidden = false; b.click(); });
  const early = await toastText(page);
  assertRussian(early, 'the early draw offer');
  assert.match(early, /40/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('in Russian, a bad import and an unknown game are refused in Russian', async () => {
  const {page, context, errors} = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await page.click('#btn-import');
  await page.waitForSelector('#dlg-import[open]');
  await page.selectOption('#imp-variant', 'international');
  await page.fill('#imp-text', '1. 32-28 32-28 *');
  await page.click('#imp-start');
  await page.waitForSelector('#imp-error:not([hidden])');
  const imported = (await page.textContent('#imp-error')).trim();
  assertRussian(imported, 'the import error');
  await context.close();

  const missing = await openApp(env.browser, env.server.url, {locale: 'ru-RU', path: '/play/nonexistent'});
  const unknown = await toastText(missing.page);
  assertRussian(unknown, 'the unknown game');
  assert.deepEqual(errors, []);
  assert.deepEqual(missing.errors, []);
  await missing.context.close();
});
