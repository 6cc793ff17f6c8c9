// Tournaments in the page: a Swiss of 3 rounds and 4 accounts created in the page, joined in the
// page by two browsers (and through the API by two more accounts), started by its creator; the
// games are played through the API and the standings follow in the page without a reload, to
// the final table and its podium. And an arena player's berserk from the game page. The server
// runs without the registration throttle.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp} from './lib.js';

const env = useServerAndBrowser(null, {args: () => ['--no-throttle']});
const PASSWORD = 'tournament-secret-1';

// An account through the API: its session cookie.
async function registerByApi(name) {
  const response = await fetch(`${env.server.url}/api/account/register`, {
    method: 'POST', headers: {'Content-Type': 'application/json', Origin: env.server.url},
    body: JSON.stringify({name, password: PASSWORD}),
  });
  assert.equal(response.status, 201, await response.text());
  return response.headers.get('set-cookie').split(';')[0];
}

// A browser's own session cookie, for the API calls made on its behalf.
async function cookieOf(context) {
  const cookies = await context.cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function call(cookie, method, path, body) {
  const init = {method, headers: {Cookie: cookie, Origin: env.server.url}};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${env.server.url}${path}`, init);
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

// Registers in a browser through the API from the page itself (its cookie is the context's),
// then loads the page again as that player.
async function registerInPage(app, name) {
  const status = await app.page.evaluate(async ([n, p]) => (await fetch('/api/account/register', {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name: n, password: p}),
  })).status, [name, PASSWORD]);
  assert.equal(status, 201);
  await app.page.reload();
  await app.page.waitForSelector('body[data-ready="yes"]');
  await app.page.waitForFunction((n) => document.querySelector('#me-name').textContent === n, name);
}

// Each game in progress: a placement each (mill), then black resigns (white wins).
async function playRound(id, cookies) {
  const view = await call(cookies.ann, 'GET', `/api/tournaments/${id}`);
  const ongoing = view.boards.filter((b) => b.outcome === 'ongoing');
  assert.ok(ongoing.length > 0, JSON.stringify(view.boards));
  for (const board of ongoing) {
    const white = (await call(cookies[board.white], 'GET', `/api/tournaments/${id}`)).me.game;
    const black = (await call(cookies[board.black], 'GET', `/api/tournaments/${id}`)).me.game;
    assert.equal(white.game, board.game);
    const game = `/api/games/${board.game}`;
    await call(cookies[board.white], 'POST', `${game}/moves`, {key: white.key, move: 'a1'});
    await call(cookies[board.black], 'POST', `${game}/moves`, {key: black.key, move: 'g7'});
    await call(cookies[board.black], 'POST', `${game}/resign`, {key: black.key});
  }
  return ongoing.length;
}

// The points of the standings as the page shows them, summed.
const shownPoints = (page) => page.$$eval('#tournament-standings td.points',
  (cells) => cells.reduce((sum, c) => sum + Number(c.textContent), 0));

test('a Swiss of 4 created, joined and started in the page, its standings live to the podium', async () => {
  const a = await openApp(env.browser, env.server.url);
  const b = await openApp(env.browser, env.server.url, {locale: 'ru-RU'});
  await registerInPage(a, 'ann');
  await registerInPage(b, 'bob');
  const cookies = {ann: await cookieOf(a.context), bob: await cookieOf(b.context),
                   cid: await registerByApi('cid'), dan: await registerByApi('dan')};

  // Created from the list's form, reached from the top bar.
  await a.page.click('#btn-tournaments');
  await a.page.waitForSelector('#page-tournaments:not([hidden])');
  await a.page.waitForSelector('#tournament-form:not([hidden])');
  await a.page.fill('#tournament-form-name', 'Browser Swiss');
  await a.page.selectOption('#tournament-system', 'swiss');
  await a.page.selectOption('#tournament-variant', 'mill');
  await a.page.fill('#tournament-rounds', '3');
  await a.page.fill('#tournament-starts', '60');
  await a.page.click('#tournament-form button[type="submit"]');
  await a.page.waitForSelector('#page-tournament:not([hidden])');
  await a.page.waitForFunction(() => /^\/tournaments\/\w+$/.test(location.pathname));
  const id = (await a.page.evaluate(() => location.pathname)).split('/').pop();
  assert.equal(await a.page.textContent('#tournament-name'), 'Browser Swiss');

  // B finds it in the list of upcoming ones.
  await b.page.click('#btn-tournaments');
  await b.page.waitForSelector(`#tournaments-upcoming tr[data-tournament="${id}"]`);
  await b.page.click(`#tournaments-upcoming tr[data-tournament="${id}"] a`);
  await b.page.waitForSelector('#page-tournament:not([hidden])');

  await a.page.click('#tournament-join');
  await b.page.click('#tournament-join');
  await call(cookies.cid, 'POST', `/api/tournaments/${id}/join`, {});
  await call(cookies.dan, 'POST', `/api/tournaments/${id}/join`, {});
  // Each page lists the four without a reload.
  for (const page of [a.page, b.page]) {
    await page.waitForFunction(() => document.querySelectorAll('#tournament-standings tr').length === 4);
  }
  await b.page.waitForSelector('#tournament-withdraw:not([hidden])');
  assert.ok(await b.page.isHidden('#tournament-start'));

  await a.page.click('#tournament-start');
  await b.page.waitForSelector('#tournament-status[data-status="started"]');
  await b.page.waitForFunction(() => document.querySelectorAll('#tournament-boards tr').length === 2);
  await b.page.waitForSelector('#tournament-my-game:not([hidden])');
  assert.ok(await b.page.isVisible('#tournament-boards a[href^="/play/"]'));

  // Each round: the page's standings gain the round's points (one win a game) without a reload.
  for (let round = 1; round <= 3; ++round) {
    const games = await playRound(id, cookies);
    assert.equal(games, 2);
    for (const [who, page] of [['ann', a.page], ['bob', b.page]]) {
      await page.waitForFunction((points) => {
        const cells = [...document.querySelectorAll('#tournament-standings td.points')];
        return cells.reduce((sum, c) => sum + Number(c.textContent), 0) === points;
      }, 2 * round).catch(async (e) => {
        // What the page shows beside what the server holds, to tell a late page from a server
        // that did not count a game.
        const server = await call(cookies.ann, 'GET', `/api/tournaments/${id}`);
        const held = server.standings.map((r) => `${r.name} ${r.points}`).join(', ');
        const boards = server.boards.map((x) => `${x.round}:${x.white}-${x.black} ${x.outcome}`).join(', ');
        throw new Error(`round ${round}: ${who}'s page shows ${await shownPoints(page)} points, ` +
                        `the server holds ${held} (version ${server.version}; boards ${boards}); ${e.message}`);
      });
    }
  }
  assert.equal(await shownPoints(b.page), 6);
  await b.page.waitForSelector('#tournament-status[data-status="finished"]');
  await b.page.waitForSelector('#tournament-podium:not([hidden])');
  const podium = await b.page.$$eval('#tournament-podium .podium-step', (steps) => steps.map((s) => s.dataset.place));
  assert.deepEqual(podium, ['1', '2', '3']);
  const first = await b.page.textContent('#tournament-standings tr:first-child');
  const view = await call(cookies.ann, 'GET', `/api/tournaments/${id}`);
  assert.match(first, new RegExp(view.standings[0].name));
  assert.ok(await b.page.isHidden('#tournament-join'));
  // The list shows it among the finished ones.
  await a.page.click('#btn-tournaments');
  await a.page.waitForSelector(`#tournaments-finished tr[data-tournament="${id}"]`);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('berserk from the game page of an arena halves the player\'s clock', async () => {
  const a = await openApp(env.browser, env.server.url);
  await registerInPage(a, 'vera');
  const cookies = {vera: await cookieOf(a.context), petr: await registerByApi('petr')};
  const made = await call(cookies.vera, 'POST', '/api/tournaments', {
    variant: 'mill', clock: {initial_s: 120, increment_s: 0}, system: 'arena', minutes: 30, starts_in_s: 3600,
  });
  for (const name of ['vera', 'petr']) await call(cookies[name], 'POST', `/api/tournaments/${made.id}/join`, {});
  await call(cookies.vera, 'POST', `/api/tournaments/${made.id}/start`, {});
  await a.page.goto(`${env.server.url}/tournaments/${made.id}`);
  await a.page.waitForSelector('body[data-ready="yes"]');
  await a.page.click('#tournament-my-game');
  await a.page.waitForSelector('#board[data-variant="mill"] svg');
  await a.page.waitForSelector('#btn-berserk:not([hidden])');
  await a.page.click('#btn-berserk');
  await a.page.waitForSelector('#btn-berserk', {state: 'hidden'});
  const mine = (await call(cookies.vera, 'GET', `/api/tournaments/${made.id}`)).me.game;
  const game = await call(cookies.vera, 'GET', `/api/games/${mine.game}`);
  assert.equal(game.clock[`${mine.side}_ms`], 60000);
  const view = await call(cookies.vera, 'GET', `/api/tournaments/${made.id}`);
  assert.equal(view.boards[0][`${mine.side}_berserk`], true);
  assert.deepEqual(a.errors, []);
});
