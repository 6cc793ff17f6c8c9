// Players with names (docs/players-api.md), tried as new players would: accounts made through
// the sign-in dialog, a rated game from the home page's quick pairing, the rating change at the
// end, the profiles, the chat, the lobby's names and ratings, the games on now, one's account;
// on a desktop in English and on a phone in Russian.
// The server allows 5 registrations an hour from one address: this file makes 5.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, openLobby, clickMove, waitPlies, assertUsableOnPhone, PHONE} from './lib.js';

const env = useServerAndBrowser();

// Registers through the dialog of the top bar's "Sign in".
async function register(page, name, password) {
  await page.click('#btn-signin');
  await page.waitForSelector('#dlg-login[open]');
  await page.click('#login-tab-register');
  await page.fill('#login-name', name);
  await page.fill('#login-password', password);
  await page.click('#login-submit');
  await page.waitForSelector('#dlg-login:not([open])', {state: 'attached'});
  await page.waitForFunction((n) => document.querySelector('#me-name').textContent === n && !document.querySelector('#me').hidden, name);
}

async function signIn(page, name, password) {
  await page.click('#btn-signin');
  await page.waitForSelector('#dlg-login[open]');
  await page.click('#login-tab-login');
  await page.fill('#login-name', name);
  await page.fill('#login-password', password);
  await page.click('#login-submit');
}

// The home page through the brand's link, then a quick-pairing tile.
async function quickTile(page, variant, clock) {
  await page.click('.brand');
  await page.waitForSelector('#welcome:not([hidden])');
  const tile = `#quick-grid .quick-tile[data-variant="${variant}"][data-clock="${clock}"]`;
  await page.waitForSelector(tile);
  await page.click(tile);
}

// Both pages in the game: answers {white, black} (the page whose move it is plays White) and the id.
async function paired(a, b, variant) {
  for (const p of [a, b]) {
    await p.page.waitForSelector(`#board[data-variant="${variant}"] svg`);
    await p.page.waitForSelector('#status[data-state="my-move"], #status[data-state="waiting"]');
  }
  const aWhite = (await a.page.getAttribute('#status', 'data-state')) === 'my-move';
  const id = new URL(a.page.url()).pathname.split('/').pop();
  assert.equal(new URL(b.page.url()).pathname.split('/').pop(), id, 'both pages are in one game');
  return aWhite ? {white: a, black: b, id} : {white: b, black: a, id};
}

async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.click('#chat-send');
}

const chatTexts = (page) => page.$$eval('#chat-lines .chat-text', (lines) => lines.map((l) => l.textContent));

async function waitChatLine(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll('#chat-lines .chat-text')].some((l) => l.textContent === t), text);
}

async function toastText(page, text) {
  await page.waitForFunction((t) => document.querySelector('#toast.show')?.textContent === t, text);
}

test('two new players: accounts, a rated quick pairing, chat, TV, the rating change, profiles, the account', async () => {
  const a = await openApp(env.browser, env.server.url);
  const b = await openApp(env.browser, env.server.url);
  await register(a.page, 'ann', 'ann-secret-1');
  await register(b.page, 'bob', 'bob-secret-1');
  assert.equal(await a.page.getAttribute('#me-name', 'href'), '/@/ann');

  // The lobby page names a rated seek's creator, with a new player's provisional rating.
  await openLobby(a.page);
  assert.equal(new URL(a.page.url()).pathname, '/lobby');
  await a.page.selectOption('#seek-variant', 'russian');
  await a.page.selectOption('#seek-time', '600+5');
  await a.page.check('#seek-rated');
  await a.page.waitForSelector('#seek-range-row:not([hidden])');
  await a.page.selectOption('#seek-range', '300');
  await a.page.click('#seek-form button[type="submit"]');
  await a.page.waitForSelector('#seek-rows button[data-action="cancel"]');
  await openLobby(b.page);
  const row = b.page.locator('#seek-rows tr', {has: b.page.locator('button[data-action="accept"]')});
  await row.waitFor();
  assert.equal(await row.locator('.player-name').textContent(), 'ann');
  assert.equal(await row.locator('.player-rating').textContent(), '1500?');
  assert.match(await row.locator('.seek-time').textContent(), /10\+5 · Rated · Rapid \(1200–1800\)/);
  await a.page.click('#seek-rows button[data-action="cancel"]');
  await b.page.waitForSelector('#seek-empty:not([hidden])');

  // Quick pairing, rated (on by default once signed in): the first waits, the second is paired.
  await quickTile(a.page, 'russian', '180+2');
  assert.equal(await a.page.isChecked('#quick-rated'), true);
  await a.page.waitForSelector('#quick-wait:not([hidden])');
  assert.match(await a.page.textContent('#quick-wait-text'), /Russian draughts 3\+2, Rated · Blitz/);
  await quickTile(b.page, 'russian', '180+2');
  const {white, black, id} = await paired(a, b, 'russian');
  const names = {[white === a ? 'white' : 'black']: 'ann', [white === a ? 'black' : 'white']: 'bob'};

  // Names (links to the profiles) and ratings beside the clocks; the game is rated blitz.
  for (const p of [white, black]) {
    await p.page.waitForSelector('#clock-bottom .player-name');
    assert.match(await p.page.textContent('#game-mode'), /^Rated · Blitz$/);
    const shown = await p.page.$$eval('.clock-player', (boxes) => boxes.map((box) =>
      [box.dataset.side, box.querySelector('.player-name')?.textContent, box.querySelector('.player-rating')?.textContent]));
    for (const [side, name, rating] of shown) {
      assert.equal(name, names[side]);
      assert.equal(rating, '1500?');
    }
  }
  assert.equal(await white.page.getAttribute('#clock-top .player-name', 'href'), `/@/${names.black}`);
  await white.page.waitForSelector('#btn-abort:not([hidden])');

  // The chat: a line each way in the players' room.
  await white.page.waitForSelector('#chat:not([hidden])');
  await say(white.page, 'good luck');
  await waitChatLine(black.page, 'good luck');
  await say(black.page, 'you too');
  await waitChatLine(white.page, 'you too');
  assert.equal(await white.page.textContent('#chat-lines .chat-line[data-side="black"] .chat-author'), names.black);
  // Mute: the other player's lines are hidden, and stay so after a reload; unmuted they come back.
  await white.page.check('#chat-mute');
  await white.page.waitForFunction(() => ![...document.querySelectorAll('#chat-lines .chat-text')].some((l) => l.textContent === 'you too'));
  await say(black.page, 'are you there?');
  await waitChatLine(black.page, 'are you there?');
  await say(white.page, 'thinking');
  await waitChatLine(white.page, 'thinking');
  assert.deepEqual(await chatTexts(white.page), ['good luck', 'thinking']);
  await white.page.uncheck('#chat-mute');
  await waitChatLine(white.page, 'are you there?');
  assert.deepEqual(await chatTexts(white.page), ['good luck', 'you too', 'are you there?', 'thinking']);

  // A watcher without an account finds the game on TV, opens it, and sees only the watchers' room.
  const c = await openApp(env.browser, env.server.url);
  await c.page.click('#btn-tv');
  await c.page.waitForSelector('#page-tv:not([hidden])');
  const listed = c.page.locator(`#tv-rows tr[data-id="${id}"]`);
  await listed.waitFor();
  assert.match(await listed.textContent(), /ann 1500\?/);
  assert.match(await listed.textContent(), /bob 1500\?/);
  await c.page.waitForSelector(`#tv-top[data-id="${id}"] #tv-board svg`);
  await listed.locator('a.watch-game').click();
  await c.page.waitForFunction((gameId) => location.pathname === `/play/${gameId}`, id);
  await c.page.waitForSelector('#readonly-note:not([hidden])');
  await c.page.waitForSelector('#chat:not([hidden])[data-room="watchers"]');
  assert.equal(await c.page.isVisible('#chat-tab-players'), false);
  await c.page.waitForSelector('#chat-signin:not([hidden])');
  assert.equal(await c.page.isVisible('#chat-form'), false);
  assert.deepEqual(await chatTexts(c.page), []);
  // A player writes in the watchers' room: the watcher reads it.
  await white.page.click('#chat-tab-watchers');
  await white.page.waitForSelector('#chat[data-room="watchers"]');
  await say(white.page, 'welcome, watchers');
  await waitChatLine(c.page, 'welcome, watchers');
  await white.page.click('#chat-tab-players');
  await waitChatLine(white.page, 'good luck');
  // The players see the count of watchers grow.
  await white.page.waitForFunction(() => Number(document.querySelector('#game-watchers').dataset.count) >= 3);
  assert.match(await white.page.textContent('#game-watchers'), /^Watchers: \d+$/);

  // Two moves; Abort is gone; White resigns; both see the ratings change.
  await clickMove(white.page, 'c3', 'd4');
  await waitPlies(black.page, 1);
  await clickMove(black.page, 'f6', 'g5');
  await waitPlies(white.page, 2);
  await white.page.waitForSelector('#btn-abort', {state: 'hidden'});
  await white.page.click('#btn-resign');
  await white.page.waitForSelector('#dlg-resign[open]');
  await white.page.click('#resign-yes');
  for (const p of [white, black, c]) {
    await p.page.waitForSelector('#result:not([hidden])');
    await p.page.waitForSelector('.clock-player[data-side="white"] .player-diff.down');
    await p.page.waitForSelector('.clock-player[data-side="black"] .player-diff.up');
    assert.match(await p.page.textContent('.clock-player[data-side="white"] .player-diff'), /^−\d+$/);
    assert.match(await p.page.textContent('.clock-player[data-side="black"] .player-diff'), /^\+\d+$/);
  }
  await c.context.close();

  // Each profile, from the top bar's name: the changed rating, one game, the graph.
  for (const [p, won] of [[white, false], [black, true]]) {
    const name = p === a ? 'ann' : 'bob';
    await p.page.click('#me-name');
    await p.page.waitForFunction((n) => location.pathname === `/@/${n}`, name);
    await p.page.waitForSelector('#profile-body:not([hidden])');
    const rating = p.page.locator('#rating-rows tr[data-variant="russian"][data-speed="blitz"] .rating');
    await rating.waitFor();
    const value = Number((await rating.textContent()).replace('?', ''));
    assert.ok(won ? value > 1500 : value < 1500, `${name}: ${value}`);
    assert.equal(await p.page.textContent('#profile-results [data-what="games"] strong'), '1');
    assert.equal(await p.page.textContent(`#profile-results [data-what="${won ? 'wins' : 'losses'}"] strong`), '1');
    await p.page.waitForSelector('#profile-game-rows tr');
    assert.equal(await p.page.$$eval('#profile-game-rows tr', (rows) => rows.length), 1);
    assert.equal(await p.page.getAttribute('#profile-game-rows tr', 'data-id'), id);
    assert.equal(await p.page.getAttribute('#profile-game-rows td[data-result]', 'data-result'), won ? 'win' : 'loss');
    assert.match(await p.page.textContent('#profile-game-rows td[data-result]'), won ? /^0-1 win$/ : /^0-1 loss$/);
    assert.equal(await p.page.$$eval('#rating-graph .series', (s) => s.length), 1);
    // The filters: no draw among the games.
    await p.page.selectOption('#pg-result', 'draw');
    await p.page.waitForSelector('#profile-game-rows tr', {state: 'detached'});
    await p.page.selectOption('#pg-result', '');
    await p.page.waitForSelector('#profile-game-rows tr');
  }
  // The profile's game opens the game.
  await white.page.click('#profile-game-rows a.open-game');
  await white.page.waitForSelector(`#board[data-plies="2"]`);
  await white.page.waitForSelector('#result:not([hidden])');

  // The account page, through the menu: two sessions of ann, the other one logged out; the
  // password changed; logged out and in again with the new one.
  const other = await openApp(env.browser, env.server.url);
  await signIn(other.page, 'ann', 'ann-secret-1');
  await other.page.waitForSelector('#me:not([hidden])');
  await a.page.click('#btn-me-menu');
  await a.page.waitForSelector('#me-menu:not([hidden])');
  await a.page.click('#me-account');
  await a.page.waitForSelector('#account-in:not([hidden])');
  await a.page.waitForFunction(() => document.querySelectorAll('#session-rows tr').length === 2);
  assert.equal(await a.page.$$eval('#session-rows tr.current', (rows) => rows.length), 1);
  await a.page.click('#btn-end-others');
  await a.page.waitForFunction(() => document.querySelectorAll('#session-rows tr').length === 1);
  await other.page.reload();
  await other.page.waitForSelector('body[data-ready="yes"]');
  await other.page.waitForSelector('#btn-signin:not([hidden])');
  await other.context.close();
  await a.page.fill('#pw-current', 'ann-secret-1');
  await a.page.fill('#pw-new', 'ann-secret-2');
  await a.page.click('#pw-submit');
  await toastText(a.page, 'The password is changed');
  await a.page.click('#btn-me-menu');
  await a.page.click('#btn-logout');
  await a.page.waitForSelector('#btn-signin:not([hidden])');
  await a.page.waitForSelector('#account-out:not([hidden])');
  await signIn(a.page, 'ann', 'ann-secret-1');
  await a.page.waitForSelector('#login-error:not([hidden])');
  assert.notEqual((await a.page.textContent('#login-error')).trim(), '');
  await a.page.fill('#login-password', 'ann-secret-2');
  await a.page.click('#login-submit');
  await a.page.waitForSelector('#account-in:not([hidden])');
  assert.equal(await a.page.textContent('#me-name'), 'ann');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context.close();
  await b.context.close();
});

// Russian, no Latin words: Cyrillic letters, digits and signs.
function assertRussian(text, what) {
  assert.match(text, /[а-яё]{3}/i, `${what}: ${text}`);
  assert.doesNotMatch(text, /[A-Za-z]{2,}/, `${what} has English in it: ${text}`);
}

test('on a phone in Russian: registration, a rated quick pairing, chat, the rating change, the profile, closing the account', async () => {
  const a = await openApp(env.browser, env.server.url, {viewport: PHONE});
  const b = await openApp(env.browser, env.server.url, {viewport: PHONE});
  for (const p of [a, b]) {
    await p.page.selectOption('#lang-select', 'ru');
    await p.page.waitForFunction(() => document.querySelector('#btn-signin').textContent === 'Войти');
  }
  assert.equal(await a.page.textContent('#quick h2'), 'Быстрая игра');
  assert.equal(await a.page.textContent('#btn-lobby'), 'Лобби');
  // A wrong sign-in is said in Russian under the fields.
  await signIn(a.page, 'nobody', 'not-a-password');
  await a.page.waitForSelector('#login-error:not([hidden])');
  assert.equal(await a.page.textContent('#login-error'), 'Неверное имя или пароль.');
  await a.page.click('#dlg-login [data-close]');
  await register(a.page, 'vera', 'vera-secret-1');
  await register(b.page, 'petr', 'petr-secret-1');
  await assertUsableOnPhone(a.page, ['#me-name', '#btn-me-menu', '#quick-grid .quick-tile[data-variant="russian"][data-clock="300+3"]']);

  await quickTile(a.page, 'russian', '300+3');
  await a.page.waitForSelector('#quick-wait:not([hidden])');
  assertRussian(await a.page.textContent('#quick-wait-text'), 'the wait');
  // The other sees the seek in the lobby, with its creator's name and rating.
  await openLobby(b.page);
  const seek = b.page.locator('#seek-rows tr', {has: b.page.locator('button[data-action="accept"]')});
  await seek.waitFor();
  assert.equal(await seek.locator('.player-name').textContent(), 'vera');
  assert.equal(await seek.locator('.player-rating').textContent(), '1500?');
  assert.equal(await seek.locator('.seek-time').textContent(), '5+3 · Рейтинговая · Блиц');
  await assertUsableOnPhone(b.page, ['#seek-rows button[data-action="accept"]', '#seek-form button[type="submit"]']);
  await quickTile(b.page, 'russian', '300+3');
  const {white, black} = await paired(a, b, 'russian');
  for (const p of [white, black]) {
    await p.page.waitForSelector('#clock-bottom .player-name');
    assert.equal(await p.page.textContent('#game-mode'), 'Рейтинговая · Блиц');
    assert.equal(await p.page.textContent('#btn-abort'), 'Отменить партию');
  }
  await assertUsableOnPhone(white.page, ['#clock-top .player-name', '#btn-abort', '#btn-resign', '#chat-input', '#chat-send']);

  await say(white.page, 'Удачи!');
  await waitChatLine(black.page, 'Удачи!');
  await say(black.page, 'Спасибо, и вам');
  await waitChatLine(white.page, 'Спасибо, и вам');
  assert.equal(await white.page.textContent('#chat-tab-players'), 'Игроки (2)');
  assert.equal((await white.page.textContent('#chat-mute-row')).trim(), 'Скрыть сообщения соперника');
  await white.page.check('#chat-mute');
  await white.page.waitForFunction(() => ![...document.querySelectorAll('#chat-lines .chat-text')].some((l) => l.textContent === 'Спасибо, и вам'));

  await clickMove(white.page, 'c3', 'd4');
  await waitPlies(black.page, 1);
  await clickMove(black.page, 'f6', 'g5');
  await waitPlies(white.page, 2);
  // Black resigns this time.
  await black.page.click('#btn-resign');
  await black.page.waitForSelector('#dlg-resign[open]');
  await black.page.click('#resign-yes');
  for (const p of [white, black]) {
    await p.page.waitForSelector('.clock-player[data-side="white"] .player-diff.up');
    await p.page.waitForSelector('.clock-player[data-side="black"] .player-diff.down');
    assert.match(await p.page.textContent('#result-outcome'), /Победа: Белые/);
  }

  // The profile in Russian, from the menu.
  await a.page.click('#btn-me-menu');
  await a.page.click('#me-profile');
  await a.page.waitForSelector('#profile-body:not([hidden])');
  assert.equal(await a.page.textContent('#page-profile h2'), 'Рейтинги');
  await a.page.waitForSelector('#rating-rows tr[data-variant="russian"][data-speed="blitz"]');
  assert.equal(await a.page.textContent('#rating-rows tr td:nth-child(2)'), 'Блиц');
  await a.page.waitForSelector('#profile-game-rows tr');
  assert.match(await a.page.textContent('#profile-game-rows td[data-result]'), /^1-0 (победа|поражение)$/);
  await assertUsableOnPhone(a.page, ['#profile-game-rows a.open-game']);

  // Closing the account: the password, then a confirmation; the name shows closed after.
  await a.page.click('#btn-me-menu');
  await a.page.click('#me-account');
  await a.page.waitForSelector('#account-in:not([hidden])');
  await a.page.fill('#close-password', 'vera-secret-1');
  await a.page.click('#close-submit');
  await a.page.waitForSelector('#dlg-close-account[open]');
  assert.equal(await a.page.textContent('#dlg-close-account h2'), 'Закрыть учётную запись навсегда?');
  await a.page.click('#close-yes');
  await a.page.waitForSelector('#btn-signin:not([hidden])');
  await a.page.waitForFunction(() => location.pathname === '/');
  const closed = await openApp(env.browser, env.server.url, {viewport: PHONE, locale: 'ru-RU', path: '/@/vera'});
  await closed.page.waitForSelector('#profile-closed:not([hidden])');
  assert.equal(await closed.page.textContent('#profile-closed'), 'Эта учётная запись закрыта.');
  // An unknown name is said so, in Russian.
  await closed.page.goto(`${env.server.url}/@/nosuchplayer`);
  await closed.page.waitForSelector('#profile-missing:not([hidden])');
  assert.equal(await closed.page.textContent('#profile-missing'), 'Игрока с таким именем нет.');
  assert.deepEqual([...a.errors, ...b.errors, ...closed.errors], []);
  for (const p of [a, b, closed]) await p.context.close();
});

test('a chat line is text, never HTML; a casual game between people without accounts is aborted', async () => {
  const a = await openApp(env.browser, env.server.url);
  const b = await openApp(env.browser, env.server.url);
  // Signed out, the quick pairing is casual and the rated switch is off.
  await quickTile(a.page, 'english', '180+2');
  assert.equal(await a.page.isDisabled('#quick-rated'), true);
  await a.page.waitForSelector('#quick-wait:not([hidden])');
  assert.match(await a.page.textContent('#quick-wait-text'), /Casual/);
  // Cancelled, the wait ends; a tile again, and it waits again.
  await a.page.click('#quick-cancel');
  await a.page.waitForSelector('#quick-wait', {state: 'hidden'});
  await a.page.click('#quick-grid .quick-tile[data-variant="english"][data-clock="180+2"]');
  await a.page.waitForSelector('#quick-grid .quick-tile.waiting[data-variant="english"][data-clock="180+2"]');
  await quickTile(b.page, 'english', '180+2');
  const {white, black} = await paired(a, b, 'english');
  assert.equal(await white.page.textContent('#game-mode'), 'Casual · Blitz');
  assert.equal(await white.page.isVisible('#clock-top .player-name'), false);
  await white.page.waitForSelector('#chat:not([hidden])');
  await say(white.page, '<b>x</b><img src=x onerror="window.hacked=1">');
  for (const p of [white, black]) {
    await waitChatLine(p.page, '<b>x</b><img src=x onerror="window.hacked=1">');
    assert.equal(await p.page.$$eval('#chat-lines b, #chat-lines img', (e) => e.length), 0);
    assert.equal(await p.page.evaluate(() => window.hacked), undefined);
  }
  // The length counter.
  await black.page.fill('#chat-input', 'abc');
  assert.equal(await black.page.textContent('#chat-count'), '3/140');
  // Abort before the second ply.
  await black.page.waitForSelector('#btn-abort:not([hidden])');
  await black.page.click('#btn-abort');
  for (const p of [white, black]) {
    await p.page.waitForSelector('#result:not([hidden])');
    assert.equal(await p.page.textContent('#result-outcome'), 'Game aborted');
    await p.page.waitForSelector('#btn-abort', {state: 'hidden'});
  }
  assert.deepEqual([...a.errors, ...b.errors], []);
  for (const p of [a, b]) await p.context.close();
});
