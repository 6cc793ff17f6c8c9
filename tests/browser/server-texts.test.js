// The server's English texts in Russian and Ukrainian (web/js/server-texts.js, a module without
// browser dependencies): captures kept, sides translated, English and unknown texts unchanged.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localizeServerText as l} from '../../web/js/server-texts.js';

test('result reasons, status lines and refusals are translated with their numbers and sides', () => {
  assert.equal(l('White resigned', 'ru'), 'Белые сдались');
  assert.equal(l('the wolf resigned', 'uk'), 'Вовк здався');
  assert.equal(l('black ran out of time', 'ru'), 'у чёрных истекло время');
  assert.equal(l('white ran out of time', 'ru', 'wolf-sheep'), 'у овец истекло время');
  assert.equal(l('threefold repetition', 'uk'), 'триразове повторення позиції');
  assert.equal(l('draw agreed', 'ru'), 'ничья по соглашению');
  assert.equal(l('in hand: White 9, Black 7', 'uk'), 'у запасі: білі 9, чорні 7');
  assert.equal(l('this position has stood 2 times', 'ru'), 'эта позиция повторилась 2 раза');
  assert.equal(l('kings only: 5 of 30 plies', 'ru'), 'только дамки: 5 из 30 полуходов');
  assert.equal(l('Black has only 2 pieces left', 'ru'), 'у чёрных осталось только 2 фишки');
  assert.equal(l('15 moves of each player with kings only, without capture', 'uk'),
               '15 ходів кожного гравця тільки дамками, без взяття');
  assert.equal(l('extra pawn right: White, Black', 'ru'), 'право лишнего хода пешкой: Белые, Чёрные');
  assert.equal(l('you may huff (type: huff <square>): 9 14', 'ru'), 'можно взять за фук (введите: huff <поле>): 9 14');
  assert.equal(l("it is not white's turn", 'ru'), 'сейчас не ход белых');
  assert.equal(l('the game is over: Black resigned', 'uk'), 'гру закінчено: Чорні здалися');
  assert.equal(l('illegal move "c3-d5"', 'ru'), 'недопустимый ход "c3-d5"');
});

test('the refusals of take-back, rematch, review, analysis, the lobby and keyboard entry', () => {
  const cases = [
    ['undo is for games against the computer; between people, offer a draw or resign', 'ru', /предложите ничью/],
    ['the game ended by resignation; nothing to take back', 'uk', /здача/],
    ['nothing to take back: you have not moved yet', 'ru', /вы ещё не ходили/],
    ['against the computer, take back with undo', 'uk', /комп’ютером/],
    ['you have asked already', 'ru', /уже попросили/],
    ['there is no request to take back a move to accept', 'uk', /прийняти/],
    ['a rematch is offered once the game has ended', 'ru', /реванш/],
    ['a game between two people is reviewed once it has ended (fair play)', 'uk', /чесна гра/],
    ['analysis is not offered during a game between two people; it opens when the game ends', 'ru', /анализ недоступен/],
    ['you have 2 analyses running; ask again when one has ended', 'ru', /2 анализа/],
    ['the engine is busy with other analyses; ask again shortly', 'uk', /рушій зайнятий/],
    ['a seek is for a game between two people', 'ru', /вызов/],
    ['a seek starts from a position (fen), not a record', 'uk', /FEN/],
    ["no seek 'abc' (taken, cancelled or expired)", 'ru', /нет вызова 'abc'/],
    ["this key is not the seek's", 'uk', /ключ/],
    ['the seek was accepted: the game has begun', 'ru', /партия началась/],
    ['empty move', 'uk', /порожній хід/],
    ["ambiguous move 'd2e4': it can be d2-e4 or d2xe4", 'ru', /d2-e4 или d2xe4/],
    ["move 'zz' is not a move such as c3-d4 or c3:e5", 'ru', /'zz' — не ход вида c3-d4 или c3:e5/],
    ["move 'c3' needs two squares", 'uk', /два поля/],
    ["move 2 'c3-d4': illegal move 'c3-d4'", 'ru', /^ход 2 'c3-d4': недопустимый ход/],
  ];
  for (const [text, lang, expected] of cases) {
    const shown = l(text, lang);
    assert.notEqual(shown, text, `${text} is not translated`);
    assert.match(shown, expected);
  }
});

test('English, unknown texts and unknown languages are left as they are', () => {
  assert.equal(l('White resigned', 'en'), 'White resigned');
  assert.equal(l('something new from the server', 'ru'), 'something new from the server');
  assert.equal(l('White resigned', 'de'), 'White resigned');
  assert.equal(l(undefined, 'ru'), undefined);
});

// The parsers' texts (FEN, moves, records) with the server's prefixes: no English word is left
// but the player's own quoted text and the letters to be typed.
test('the parsers of positions, moves and records are translated, the quoted input kept', () => {
  const allowed = new Set(['KQRBNGJP', 'GameType', 'Variant', 'FEN']);  // letters and tag names to type
  const english = (text) => text.replace(/'[^']*'/g, ' ').match(/\b[A-Za-z]{2,}\b/g)?.filter((w) => !allowed.has(w)) ?? [];
  const families = {
    draughts: [
      "FEN 'W:W99:B1': '99' is not a square of russian",
      "FEN 'X:W21:B1': side to move must be W or B, not 'X'",
      "FEN 'W:W5-2:B12': bad square range '5-2'",
      "FEN 'W:W1:B2': a white man on 1 would be a king; write K1",
      "move 2 '32-28': move 'c3-d9': 'd9' is not a square of russian",
      "move 1 '123456789': move '123456789': write a move of more than two squares with separators (32x23x14)",
      "move 2 '32-27': illegal move '32-27' for Black",
    ],
    pdn: [
      "line 3: the comment '{' is not closed with '}'",
      "line 1: the tag FEN has no value in double quotes",
      "line 2: ')' closes no variation",
      "line 4: 'zz' is not a move, move number, annotation or result",
      'no game in the text',
    ],
    mill: [
      "FEN 'W:Wa1': expected <side>:W<points>:B<points>:H<white in hand>,<black in hand>",
      "FEN 'W:Wz9:B:H9,9': 'z9' is not a point of the mill board",
      "move 1 'z9': 'z9' is not a point of the mill board (a1 d1 g1, b2 d2 f2, c3 d3 e3, a4 b4 c4 e4 f4 g4, c5 d5 e5, b6 d6 f6, a7 d7 g7)",
      "move 1 'a1-a4': White still has 9 pieces in hand and must place one (e.g. a4)",
      "'7' is not a mill move (write a placement (d6), a move (a1-a4), and a removal after x (d6xd5, a1-a4xd5))",
      'line 2: a tag without \']\'',
    ],
    chess100: [
      'FEN needs 4 to 7 fields (placement, side, castling, en passant, halfmove, fullmove, extra pawn), found 1',
      "FEN side to move 'x' is not w or b",
      'FEN rank 10: 11 is not a count of 1 to 10 empty squares',
      "move 1 'e2e9': 'e2e9' is not a legal move here",
      "move 1 'zz': 'zz' is not a move: write long algebraic (e2e4, a9a10r, e9e10@c2) or SAN (e4, Nc3, exd5, e10=Q, O-O, e2:Bd1, Ke10@c2)",
      "'e2e4': there is no black piece on e2",
    ],
    'wolf-sheep': [
      "FEN 'W:Wa1:Bb2': there must be exactly four sheep, not 1",
      "FEN 'W:Wz9:Bb2': 'z9' is not a dark square a1..h8",
      "move 1 'z9': move 'z9': 'z9' is not a dark square a1..h8 (write a placement as d8, a move as c1-d2)",
      "move 1 'c1-d2': move 'c1-d2': the wolf must first be placed (write a square such as d8)",
    ],
  };
  for (const [family, texts] of Object.entries(families))
    for (const text of texts)
      for (const lang of ['ru', 'uk']) {
        const shown = l(text, lang, family);
        assert.notEqual(shown, text, `${family}: ${text} is not translated`);
        assert.deepEqual(english(shown), [], `${family} (${lang}): ${shown}`);
        for (const quoted of text.match(/'[^']*'/g) ?? []) assert.ok(shown.includes(quoted), `${shown} keeps ${quoted}`);
      }
  assert.equal(l("FEN 'W:W99:B1': '99' is not a square of russian", 'ru'),
               "позиция 'W:W99:B1': '99' — не поле доски (русские шашки)");
  assert.equal(l("move 2 '32-28': move 'c3-d9': 'd9' is not a square of russian", 'uk'),
               "хід 2 '32-28': хід 'c3-d9': 'd9' — не поле дошки (російські шашки)");
});
