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

test('English, unknown texts and unknown languages are left as they are', () => {
  assert.equal(l('White resigned', 'en'), 'White resigned');
  assert.equal(l('something new from the server', 'ru'), 'something new from the server');
  assert.equal(l('White resigned', 'de'), 'White resigned');
  assert.equal(l(undefined, 'ru'), undefined);
});
