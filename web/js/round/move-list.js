// The game's moves, each a button to the position after it, and the way back and forth through
// the history.
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {variantOf, movePeopleText} from '../variants.js';
import {live, analyse} from '../analysis/analysis.js';
import {reviewVerdict, reviewTablesVerdicts} from '../review/review.js';

let scrolledTo = null;   // the ply whose move the list was last scrolled to

export function renderMoves() {
  const g = state.game;
  const list = $('move-list');
  list.replaceChildren();
  const first = variantOf(g.variant).first || 'white';
  let number = 0;
  // Each turn (its number and its moves) is one unbreakable group: a number never stands alone
  // at the end of a line.
  let turn = null;
  const tables = reviewTablesVerdicts();
  g.moves.forEach((move, index) => {
    const ply = index + 1;
    // A new number at each turn of the first player; a Ceylon extra turn keeps its number.
    const newTurn = move.side === first && (index === 0 || g.moves[index - 1].side !== first);
    if (newTurn || index === 0) {
      number += 1;
      turn = document.createElement('span');
      turn.className = 'move-turn';
      const num = document.createElement('span');
      num.className = 'move-number';
      num.textContent = move.side === first ? `${number}.` : `${number}…`;
      turn.append(num);
      list.append(turn);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.dataset.ply = String(ply);
    button.textContent = movePeopleText(g.variant, move);
    button.title = move.full;
    const verdict = reviewVerdict(ply);
    if (verdict && verdict.class) {
      button.dataset.class = verdict.class;
      const judge = document.createElement('span');
      judge.className = 'judge';
      judge.textContent = {inaccuracy: '?!', mistake: '?', blunder: '??'}[verdict.class];
      button.append(judge);
      button.title = `${move.full} — ${t(`review.${verdict.class}`)}` +
                     (verdict.best ? ` (${t('review.best', {move: verdict.best})})` : '');
    }
    const thrown = tables.get(ply);
    if (thrown) {
      button.dataset.tables = thrown;
      const mark = document.createElement('span');
      mark.className = 'tables-judge';
      mark.textContent = '✗';
      button.append(mark);
      button.title += ` — ${t(`review.tables.${thrown}`)}`;
    }
    if (state.viewPly === null && ply === g.moves.length) button.classList.add('current');
    if (state.viewPly === ply) button.classList.add('viewing');
    if (state.viewPly !== null && !state.snapshots.has(ply)) button.classList.add('unseen');
    button.addEventListener('click', () => viewPly(ply));
    turn.append(button);
  });
  if (!g.moves.length) {
    const empty = document.createElement('span');
    empty.className = 'empty';
    empty.textContent = t('moves.none');
    list.append(empty);
  }
  const current = list.querySelector('.viewing, .current');
  if (current && state.viewPly === null) list.scrollTop = list.scrollHeight;
  // A position of the history chosen anywhere (the list, the arrows, the review's graph): its
  // move is scrolled into the list's sight, once each time the choice changes.
  const viewing = list.querySelector('.viewing');
  if (viewing && scrolledTo !== state.viewPly) {
    const box = list.getBoundingClientRect();
    const move = viewing.getBoundingClientRect();
    if (move.top < box.top || move.bottom > box.bottom) {
      list.scrollTop += move.top - box.top - (box.height - move.height) / 2;
    }
  }
  scrolledTo = state.viewPly;
  $('history-bar').hidden = state.viewPly === null;
  if (state.viewPly !== null) {
    $('history-text').textContent = state.snapshots.has(state.viewPly)
        ? t('history.viewing', {ply: state.viewPly})
        : t('history.unseen', {ply: state.viewPly});
  }
}

function viewPly(ply) {
  const g = state.game;
  state.viewPly = ply >= g.moves.length ? null : Math.max(0, ply);
  state.picker.reset();
  if (live.active) analyse();   // the analysis follows the position on view
  else events.emit('render');
}

export function setupMoveList() {
  events.on('view-ply', viewPly);
  $('btn-live').addEventListener('click', () => viewPly(Infinity));
  $('btn-first').addEventListener('click', () => { if (state.game) viewPly(0); });
  $('btn-last').addEventListener('click', () => { if (state.game) viewPly(Infinity); });
  $('btn-prev').addEventListener('click', () => {
    const g = state.game;
    if (g) viewPly((state.viewPly === null ? g.moves.length : state.viewPly) - 1);
  });
  $('btn-next').addEventListener('click', () => {
    const g = state.game;
    if (g && state.viewPly !== null) viewPly(state.viewPly + 1);
  });
}
