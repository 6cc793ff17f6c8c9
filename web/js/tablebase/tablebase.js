// The endgame explorer in the page (GET /api/tablebase/{game id}?fen=FEN, docs/api.md): the
// analysis board's position, when the server's tables hold it, with its exact value and every
// move's, best first (a click plays the move on the analysis board); and, for the review, the
// moves of a game that the tables say threw a win or a draw away.
import {api} from '../api.js';
import {i18n, t} from '../i18n.js';
import {RememberedAnswers} from '../remembered.js';
import {sideName} from '../variants.js';

// The games with endgame tables (docs/egdb.md): the draughts games and the mill games.
const TABLE_GAMES = /^(?:(?:international|russian|english)(?:-giveaway)?|mill(?:-mixed|-ceylon)?)$/;
// Remembered by "variant fen", the oldest of 500 forgotten first.
const answers = new RememberedAnswers(api.tablebase, 500);

// The answer for a position: {data}, {miss}, or undefined while it is asked (the page is drawn
// again when it comes); null for a game without tables.
export function tablebaseAnswer(variant, fen) {
  if (!fen || !TABLE_GAMES.test(variant)) return null;
  return answers.get(`${variant} ${fen}`, variant, fen);
}

const flip = {win: 'loss', loss: 'win', draw: 'draw'};

function valueText(variant, value, distance, side) {
  if (value === 'draw') return t('tablebase.draw');
  const mill = variant.startsWith('mill') ? '.mill' : '';
  return t(`tablebase.${value}${mill}`, {side: sideName(variant, side), plies: distance});
}

// The panel of the analysis board: hidden unless the tables hold the position `fen`, whose side
// to move is `side`; `play(move)` plays a move on the analysis board.
export function renderTablebasePanel(box, {variant, fen, side, play}) {
  const answer = fen ? tablebaseAnswer(variant, fen) : null;
  const data = answer && answer.data;
  box.hidden = !data;
  const drawn = data ? `${i18n.lang} ${variant} ${fen}` : '';
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  box.dataset.fen = data ? fen : '';
  box.dataset.value = data ? data.value : '';
  box.dataset.distance = data ? String(data.distance) : '';
  if (!data) { box.replaceChildren(); return; }
  const title = document.createElement('h3');
  title.textContent = t('tablebase.title');
  const value = document.createElement('div');
  value.className = `tablebase-value ${data.value}`;
  value.textContent = valueText(variant, data.value, data.distance, side);
  const hint = document.createElement('div');
  hint.className = 'muted';
  hint.textContent = t('tablebase.hint', {side: sideName(variant, side)});
  const list = document.createElement('ol');
  list.className = 'tablebase-moves';
  for (const m of data.moves) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `tablebase-move ${m.value}`;
    button.dataset.move = m.move;
    button.dataset.value = m.value;
    button.dataset.distance = String(m.distance);
    const name = document.createElement('span');
    name.className = 'tablebase-move-name';
    name.textContent = m.move;
    const judged = document.createElement('span');
    judged.className = 'tablebase-move-value';
    judged.textContent = t(`tablebase.move.${m.value}`, {plies: m.distance});
    button.append(name, ' ', judged);
    button.addEventListener('click', () => play(m.move));
    const item = document.createElement('li');
    item.append(button);
    list.append(item);
  }
  box.replaceChildren(title, value, hint, list);
}

// The moves of a reviewed game that the tables say threw the win or the draw away, by ply:
// 'threwWin' or 'threwDraw'. `positions`: the review's (ply, fen, to_move). The positions are asked
// from the last back, while the tables hold them (pieces only leave the board).
export function tablesVerdicts(variant, positions) {
  const verdicts = new Map();
  if (!TABLE_GAMES.test(variant)) return verdicts;
  const byPly = new Map(positions.map((p) => [p.ply, p]));
  const held = new Map();
  for (const p of [...positions].sort((a, b) => b.ply - a.ply)) {
    const answer = tablebaseAnswer(variant, p.fen);
    if (!answer || !answer.data) break;
    held.set(p.ply, answer.data);
  }
  for (const [ply, after] of held) {
    const before = held.get(ply - 1);
    if (!before) continue;
    // The mover's value after the move (Ceylon mill: a removal keeps the turn).
    const sameSide = byPly.get(ply).to_move === byPly.get(ply - 1).to_move;
    const now = sameSide ? after.value : flip[after.value];
    if (before.value === 'win' && now !== 'win') verdicts.set(ply, 'threwWin');
    else if (before.value === 'draw' && now === 'loss') verdicts.set(ply, 'threwDraw');
  }
  return verdicts;
}
