// The board editor (/editor): pieces placed by clicking with their FEN live, a man on its
// promotion row refused with its message (in English and Russian), a typed FEN drawn, a mill
// position with pieces in hand, a finished position refused by the server's word, "continue from
// here" against the computer (the game starts from the editor's FEN, read back through the API)
// and on the analysis board, and back to the editor from there.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useServerAndBrowser, openApp, assertUsableOnPhone, PHONE} from './lib.js';

const env = useServerAndBrowser();

const spot = (name) => `#editor-board [data-square="${name}"]`;
const fen = (page) => page.inputValue('#editor-fen');

// The verdict under the FEN once the server has had its say (or the page refused by itself).
async function verdict(page) {
  await page.waitForFunction(() => ['ok', 'refused'].includes(document.querySelector('#editor-check').dataset.state));
  return {state: await page.getAttribute('#editor-check', 'data-state'), text: await page.textContent('#editor-check')};
}

async function openEditor(page, variant) {
  await page.click('#btn-editor');
  await page.waitForSelector('#page-editor:not([hidden])');
  await page.selectOption('#editor-variant', variant);
  await page.waitForSelector(`#editor-board[data-variant="${variant}"] svg`);
}

test('the empty boards are the server\'s boards, square for square', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  const mismatches = await page.evaluate(async () => {
    const {emptyBoard} = await import('/js/editor/position.js');
    const variants = await (await fetch('/api/variants')).json();
    const out = [];
    for (const v of variants) {
      const answer = await (await fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                       body: JSON.stringify({variant: v.id, opponent: {kind: 'person'}})})).json();
      const theirs = answer.game.board;
      const ours = emptyBoard(v.id);
      const cell = (c) => `${c.name}@${c.x},${c.y},${c.dark}`;
      if (JSON.stringify(theirs.cells.map(cell)) !== JSON.stringify(ours.cells.map(cell))) out.push(`${v.id} cells`);
      const line = ([a, b]) => [a, b].sort().join('-');
      if (theirs.lines && JSON.stringify(theirs.lines.map(line).sort()) !== JSON.stringify(ours.lines.map(line).sort())) out.push(`${v.id} lines`);
    }
    return out;
  });
  assert.deepEqual(mismatches, []);
  assert.deepEqual(errors, []);
});

test('pieces placed on an international board: the FEN follows, a man on the promotion row is refused', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openEditor(page, 'international');
  assert.equal(await fen(page), 'W:W31-50:B1-20');
  assert.match(page.url(), /\/editor\?variant=international&fen=W%3AW31-50%3AB1-20$/);
  await page.click('#editor-clear');
  assert.equal(await fen(page), 'W:W:B');
  // A white man, a black king, a white king; a second click on the same piece takes it away.
  await page.click('#editor-palette [data-tool="white-man"]');
  await page.click(spot('28'));
  await page.click(spot('33'));
  await page.click(spot('34'));
  await page.click(spot('35'));
  await page.click('#editor-palette [data-tool="black-king"]');
  await page.click(spot('19'));
  await page.click('#editor-palette [data-tool="white-king"]');
  await page.click(spot('46'));
  assert.equal(await fen(page), 'W:W28,33-35,K46:BK19');
  await page.click('#editor-palette [data-tool="white-man"]');
  await page.click(spot('34'));
  await page.click('#editor-palette [data-tool="eraser"]');
  await page.click(spot('46'));
  assert.equal(await fen(page), 'W:W28,33,35:BK19');
  assert.equal(await page.getAttribute(spot('28'), 'data-piece-kind'), 'white-man');
  assert.equal(await page.getAttribute(spot('19'), 'data-piece-kind'), 'black-king');
  assert.deepEqual(await verdict(page), {state: 'ok', text: 'A legal position; White to move.'});
  assert.match(page.url(), /fen=W%3AW28%2C33%2C35%3ABK19$/);
  // A piece dragged to another square goes there, whatever the palette holds.
  const from = await page.locator(spot('19')).boundingBox();
  const to = await page.locator(spot('24')).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, {steps: 8});
  await page.mouse.up();
  assert.equal(await fen(page), 'W:W28,33,35:BK24');
  await page.click('#editor-palette [data-tool="black-king"]');
  await page.click(spot('24'));
  await page.click(spot('19'));
  assert.equal(await fen(page), 'W:W28,33,35:BK19');

  // A white man on square 3, White's promotion row: refused, with the square named.
  await page.click('#editor-palette [data-tool="white-man"]');
  await page.click(spot('3'));
  assert.equal(await fen(page), 'W:W3,28,33,35:BK19');
  assert.deepEqual(await verdict(page), {state: 'refused',
    text: 'White: a man on 3 stands on its promotion row, so it would be a king.'});
  assert.equal(await page.isDisabled('#editor-play-computer'), true);
  assert.equal(await page.isDisabled('#editor-analyse'), true);

  // The same in Russian.
  await page.selectOption('#lang-select', 'ru');
  await page.waitForFunction(() => /простая на поле 3/.test(document.querySelector('#editor-check').textContent));
  assert.equal(await page.textContent('#editor-check'),
               'Белые: простая на поле 3 стоит на поле превращения — она была бы дамкой.');
  await page.selectOption('#lang-select', 'en');

  // 21 white men: more than the game has.
  await page.fill('#editor-fen', 'B:W1-21:B');
  assert.match((await verdict(page)).text, /White: 21 pieces; the game has at most 20 a side\./);
  // Away and back by the top bar: the position left in the editor is there again.
  await page.press('#editor-fen', 'Enter');
  await page.click('#btn-lobby');
  await page.waitForSelector('#page-lobby:not([hidden])');
  await page.click('#btn-editor');
  await page.waitForSelector('#page-editor:not([hidden])');
  assert.equal(await fen(page), 'B:W1-21:B');
  assert.deepEqual(errors, []);
});

test('a typed FEN is drawn on the board; a FEN the rules refuse gets the server\'s reason', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openEditor(page, 'russian');
  await page.fill('#editor-fen', 'B:WKa1,c3,e3:Bf6,h8');
  assert.equal(await page.getAttribute(spot('a1'), 'data-piece-kind'), 'white-king');
  assert.equal(await page.getAttribute(spot('c3'), 'data-piece-kind'), 'white-man');
  assert.equal(await page.getAttribute(spot('f6'), 'data-piece-kind'), 'black-man');
  assert.equal(await page.getAttribute(spot('b2'), 'data-piece-kind'), null);
  assert.equal(await page.inputValue('#editor-side'), 'black');
  assert.deepEqual(await verdict(page), {state: 'ok', text: 'A legal position; Black to move.'});
  // Leaving the field writes the FEN as the server does (rank by rank from White's side).
  await page.press('#editor-fen', 'Enter');
  assert.equal(await fen(page), 'B:WKa1,c3,e3:Bf6,h8');
  // A square twice: the page draws what it can, the server names the problem.
  await page.fill('#editor-fen', 'W:Wc3,c3:Bf6');
  assert.deepEqual(await verdict(page), {state: 'refused',
    text: "FEN 'W:Wc3,c3:Bf6': square c3 is given twice"});
  // In Ukrainian, the server's reason translated.
  await page.selectOption('#lang-select', 'uk');
  await page.waitForFunction(() => /двічі|двичі/.test(document.querySelector('#editor-check').textContent));
  assert.match(await page.textContent('#editor-check'), /^Неправильна позиція FEN|позиція 'W:Wc3,c3:Bf6': поле c3/);
  await page.selectOption('#lang-select', 'en');
  // Black has no piece: the game is over before it starts.
  await page.fill('#editor-fen', 'B:Wc3:B');
  assert.deepEqual(await verdict(page), {state: 'refused', text: 'The game is already over here: Black, to move, has lost.'});
  assert.equal(await page.isDisabled('#editor-play-friend'), true);
  assert.deepEqual(errors, []);
});

test('a mill position with pieces in hand; too many pieces refused', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openEditor(page, 'mill');
  assert.equal(await fen(page), 'W:W:B:H9,9');
  await page.click('#editor-palette [data-tool="white-man"]');
  for (const point of ['a1', 'd1', 'b2']) await page.click(spot(point));
  await page.click('#editor-palette [data-tool="black-man"]');
  for (const point of ['g7', 'd7']) await page.click(spot(point));
  await page.fill('#editor-hand-white', '6');
  await page.fill('#editor-hand-black', '7');
  await page.selectOption('#editor-side', 'black');
  assert.equal(await fen(page), 'B:Wa1,d1,b2:Bg7,d7:H6,7');
  assert.equal(await page.getAttribute(spot('g7'), 'data-piece-kind'), 'black-stone');
  assert.deepEqual(await verdict(page), {state: 'ok', text: 'A legal position; Black to move.'});
  await page.fill('#editor-hand-white', '7');
  assert.deepEqual(await verdict(page), {state: 'refused',
    text: 'White: 3 pieces on the board and 7 in hand; the game gives 9.'});
  // Typed, with the hands.
  await page.fill('#editor-fen', 'W:Wa1,g1,g4:Bd7:H0,5');
  assert.equal(await page.inputValue('#editor-hand-black'), '5');
  assert.equal(await page.getAttribute(spot('g1'), 'data-piece-kind'), 'white-stone');
  assert.equal((await verdict(page)).state, 'ok');
  assert.deepEqual(errors, []);
});

test('continue against the computer: the game starts from the editor\'s FEN', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openEditor(page, 'international');
  await page.fill('#editor-fen', 'W:W28,33,38:BK3,12');
  await page.press('#editor-fen', 'Enter');
  const start = await fen(page);
  assert.equal(start, 'W:W28,33,38:BK3,12');
  assert.equal((await verdict(page)).state, 'ok');
  await page.selectOption('#editor-level', '2');
  await page.selectOption('#editor-my-side', 'white');
  await page.click('#editor-play-computer');
  await page.waitForSelector('#board[data-variant="international"] svg');
  const id = new URL(page.url()).pathname.split('/').pop();
  const game = await page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
  assert.equal(game.start_fen, start);
  assert.deepEqual(game.opponent, {kind: 'computer', level: 2, side: 'black'});
  assert.equal(game.moves.length, 0);
  assert.deepEqual(errors, []);
});

test('continue with a friend: a game between people from the FEN, with its two links', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openEditor(page, 'russian-giveaway');
  await page.fill('#editor-fen', 'B:Wc3,e3:Bd6,h8');
  await page.press('#editor-fen', 'Enter');
  assert.equal((await verdict(page)).state, 'ok');
  assert.equal(await page.inputValue('#editor-my-side'), 'black');
  await page.setChecked('#editor-both', false);
  await page.click('#editor-play-friend');
  await page.waitForSelector('#board[data-variant="russian-giveaway"] svg');
  await page.waitForSelector('#links:not([hidden])');
  const id = new URL(page.url()).pathname.split('/').pop();
  const game = await page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
  assert.equal(game.start_fen, 'B:Wc3,e3:Bd6,h8');
  assert.equal(game.opponent.kind, 'person');
  assert.equal(game.to_move, 'black');
  assert.deepEqual(errors, []);
});

test('open in the analysis board, and back to the editor from it', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  // The editor's own address opens it with its game and FEN.
  await page.goto(`${env.server.url}/editor?variant=english&fen=${encodeURIComponent('B:W18,K30:B6,9')}`);
  await page.waitForSelector('#editor-board[data-variant="english"] svg');
  assert.equal(await fen(page), 'B:W18,K30:B6,9');
  assert.equal((await verdict(page)).state, 'ok');
  await page.click('#editor-analyse');
  await page.waitForFunction(() => document.querySelector('#board').dataset.analysis === 'B:W18,K30:B6,9');
  await page.waitForFunction(() => Number(document.querySelector('#analysis').dataset.depth) >= 1);
  // A move tried on the analysis board, then the position analysed taken to the editor.
  await page.waitForSelector('#board[data-interactive="yes"]');
  const legal = await page.evaluate(async () => {
    const fen = document.querySelector('#board').dataset.analysis;
    return (await (await fetch('/api/analyse', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                body: JSON.stringify({variant: 'english', fen, depth: 1})})).json()).best;
  });
  const [from, to] = legal.split(/[-x]/);
  await page.click(`#board [data-square="${from}"]`);
  await page.click(`#board [data-square="${to}"]`);
  await page.waitForFunction((start) => {
    const shown = document.querySelector('#board').dataset.analysis;
    return shown && shown !== start;
  }, 'B:W18,K30:B6,9');
  const analysed = await page.getAttribute('#board', 'data-analysis');
  await page.click('#btn-analysis-edit');
  await page.waitForSelector('#page-editor:not([hidden])');
  assert.equal(await fen(page), analysed);
  assert.match(page.url(), /\/editor\?variant=english&fen=W/);
  // The analysis board left: its live analysis has ended (its stream closed, the engine freed).
  assert.equal(await page.evaluate(async () => (await import('/js/analysis/analysis.js')).live.active), false);
  assert.deepEqual(errors, []);
});

test('wolf and sheep and chess100: their pieces, the wolf moved by placing it, the kings counted', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openEditor(page, 'wolf-sheep');
  assert.equal(await fen(page), 'B:Wa1,c1,e1,g1:B');
  await page.click('#editor-palette [data-tool="black-wolf"]');
  await page.click(spot('d8'));
  await page.click(spot('f8'));
  assert.equal(await fen(page), 'B:Wa1,c1,e1,g1:Bf8');
  await page.click('#editor-palette [data-tool="white-sheep"]');
  await page.click(spot('a1'));
  assert.deepEqual(await verdict(page), {state: 'refused', text: 'There must be exactly four sheep, not 3.'});

  await page.selectOption('#editor-variant', 'chess100');
  await page.waitForSelector('#editor-board[data-variant="chess100"] svg');
  assert.equal(await fen(page), 'rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR w AJaj - 0 1 Ee');
  await page.click('#editor-palette [data-tool="eraser"]');
  await page.click(spot('a1'));
  // The a-rook gone: White's right to castle with it goes too.
  assert.equal(await page.isDisabled('#editor-rights [data-right="A"]'), true);
  assert.equal(await fen(page), 'rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1NBJKQGBNR w Jaj - 0 1 Ee');
  await page.click('#editor-palette [data-tool="white-king"]');
  await page.click(spot('a1'));
  assert.deepEqual(await verdict(page), {state: 'refused', text: 'White: 2 kings; there must be exactly one.'});
  await page.click('#editor-palette [data-tool="white-pawn"]');
  await page.click(spot('a1'));
  await page.click('#editor-palette [data-tool="black-pawn"]');
  await page.click(spot('c1'));
  assert.deepEqual(await verdict(page), {state: 'refused', text: 'Black: a pawn on c1 stands on its promotion rank.'});
  await page.click(spot('c1'));
  await page.click('#editor-rights [data-right="e"]');
  assert.equal(await fen(page), 'rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/PN1JKQGBNR w Jaj - 0 1 E');
  assert.equal((await verdict(page)).state, 'ok');
  assert.deepEqual(errors, []);
});

test('the editor on a phone: palette, board, FEN and the buttons on the screen', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url, {viewport: PHONE, path: '/editor?variant=international'});
  await page.waitForSelector('#editor-board[data-variant="international"] svg');
  await page.tap('#editor-palette [data-tool="black-king"]');
  await page.tap(spot('23'));
  assert.equal(await fen(page), 'W:W31-50:B1-20,K23');
  assert.equal((await verdict(page)).text, 'Black: 21 pieces; the game has at most 20 a side.');
  await page.tap('#editor-palette [data-tool="eraser"]');
  await page.tap(spot('20'));
  assert.equal(await fen(page), 'W:W31-50:B1-19,K23');
  assert.equal((await verdict(page)).state, 'ok');
  await assertUsableOnPhone(page, ['#editor-palette [data-tool="eraser"]', spot('46'), '#editor-fen', '#editor-side',
                                   '#editor-play-computer', '#editor-play-friend', '#editor-analyse']);
  assert.deepEqual(errors, []);
});

test('an engine busy when the position is checked: said, and asked again', async () => {
  const {page, errors} = await openApp(env.browser, env.server.url);
  await openEditor(page, 'english');
  assert.deepEqual(await verdict(page), {state: 'ok', text: 'A legal position; Black to move.'});
  let refused = 0;
  await page.route('**/api/analyse', (route) => {
    if (refused++ > 0) return route.continue();
    return route.fulfill({status: 503, contentType: 'application/json',
                          body: JSON.stringify({error: 'every engine is busy', code: 'engine_busy', params: {}})});
  });
  await page.selectOption('#editor-side', 'white');
  await page.waitForFunction(() => /busy/.test(document.querySelector('#editor-check').textContent));
  assert.equal(await page.getAttribute('#editor-check', 'data-state'), 'checking');
  assert.deepEqual(await verdict(page), {state: 'ok', text: 'A legal position; White to move.'});
  assert.equal(refused, 2);
  assert.deepEqual(errors, []);
});
