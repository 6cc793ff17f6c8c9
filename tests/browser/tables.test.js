// The server's endgame tables page (/tables, docs/egdb.md "A server's tables"), tried as an
// operator would after `make play`: a server started with --egdb-grow on an empty folder shows the
// mill tables (pieces a side) and the russian ones (pieces on the board) being built in the
// background and then complete, in English and in Ukrainian.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {useServerAndBrowser, openApp} from './lib.js';

const env = useServerAndBrowser(null, {args: (dir) => ['--egdb', join(dir, 'egdb'), '--egdb-grow', 'mill:4,russian:4']});

test('the tables page follows the background build to the end', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {path: '/tables'});
  await page.waitForSelector('#page-tables:not([hidden])');
  await page.waitForSelector('.tables-growth[data-game="mill"]');
  // 3..4 a side take seconds: the page refreshes by itself until the set is done.
  await page.waitForSelector('.tables-growth[data-game="mill"] .tables-done', {timeout: 120000});
  const box = page.locator('.tables-growth[data-game="mill"]');
  assert.match(await box.locator('h2').textContent(), /Nine men's morris: up to 4 pieces a side/);
  assert.equal(await box.locator('progress').getAttribute('value'), '100');
  assert.match(await box.locator('.tables-facts').textContent(), /4/);
  const built = await box.locator('.tables-built li').allTextContents();
  assert.deepEqual(built.map((line) => line.split(' ')[0]).sort(), ['p3-p3', 'p3-p4', 'p4-p3', 'p4-p4']);
  assert.match(await page.textContent('#tables-dir'), /egdb/);
  await page.waitForSelector('.tables-growth[data-game="russian"] .tables-done', {timeout: 120000});
  const russian = page.locator('.tables-growth[data-game="russian"]');
  assert.match(await russian.locator('h2').textContent(), /Russian draughts: up to 4 pieces on the board/);
  assert.match(await russian.locator('.tables-facts').textContent(), /complete up to 4 pieces/);
  assert.ok((await russian.locator('.tables-built li').allTextContents()).some((line) => line.startsWith('m2k1-m0k1 ')));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the tables page in Ukrainian', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {path: '/tables', locale: 'uk-UA'});
  await page.waitForSelector('.tables-growth[data-game="mill"] .tables-done', {timeout: 120000});
  const state = await page.textContent('.tables-growth[data-game="mill"] .tables-state');
  assert.notEqual(state.trim(), 'Done', 'the state is in Ukrainian');
  assert.ok(!state.includes('tables.'), `no key shown for a text: ${state}`);
  await page.waitForSelector('.tables-growth[data-game="russian"] .tables-done', {timeout: 120000});
  assert.match(await page.textContent('.tables-growth[data-game="russian"] h2'), /до 4 фігур на дошці/);
  assert.deepEqual(errors, []);
  await page.context().close();
});
