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
