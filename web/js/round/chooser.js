// The chooser of ambiguous moves: a promotion's piece, a capture's path, a move among several
// with the same squares.
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {playMove} from './moving.js';

const PROMOTION_KINDS = ['queen', 'rook', 'bishop', 'knight', 'general', 'jester', 'pawn'];

export function renderChooser() {
  const box = $('chooser');
  const picker = state.picker;
  if (!picker.pending || !state.game) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.dataset.axis = picker.axis;
  const title = document.createElement('div');
  title.className = 'chooser-title';
  title.textContent = t(`choose.${picker.axis}`);
  const buttons = document.createElement('div');
  buttons.className = 'chooser-buttons';
  if (picker.axis === 'promotion') {
    const kinds = [...new Set(picker.pending.map((m) => m.promotion))]
        .sort((a, b) => PROMOTION_KINDS.indexOf(a) - PROMOTION_KINDS.indexOf(b));
    for (const kind of kinds) {
      buttons.append(chooserButton(t(`piece.${kind}`, {}, kind), () => picker.choose((m) => m.promotion === kind),
                                   {promotion: kind}));
    }
  } else {
    for (const move of picker.pending) {
      const text = picker.axis === 'path' ? (move.full || move.text) : move.text;
      buttons.append(chooserButton(text, () => picker.choose((m) => m === move), {move: move.text}));
    }
  }
  buttons.append(chooserButton(t('cancel'), () => { picker.reset(); return null; }, {cancel: 'yes'}));
  box.replaceChildren(title, buttons);
  placeChooser(box, picker.pending[0], picker.choices());
}

// Where the chooser lies over the board: the half that chooserPlace prefers, else the other,
// else the left or the right half, the first that covers neither the moving piece nor a square
// still to click (on a phone the chooser is tall: a half band may not leave them free).
function placeChooser(box, move, choices) {
  const preferred = chooserPlace(move.to, choices);
  const places = [preferred, preferred === 'top' ? 'bottom' : 'top', 'left', 'right'];
  const kept = [move.from, ...choices].map(squareRect).filter(Boolean);
  const covered = () => {
    const c = box.getBoundingClientRect();
    return kept.filter((r) => c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom).length;
  };
  let best = null;
  for (const place of places) {
    box.dataset.place = place;
    const count = covered();
    if (count === 0) return;
    if (!best || count < best.count) best = {place, count};
  }
  box.dataset.place = best.place;
}

function squareRect(name) {
  const cell = $('board').querySelector(`[data-square="${CSS.escape(String(name))}"]`);
  return cell ? cell.getBoundingClientRect() : null;
}

// The chooser covers the half of the board with fewer of the squares still to click (a path's
// landing squares, the extra pawn's squares), and on a tie the half away from the move's square.
function chooserPlace(square, choices) {
  const b = $('board').getBoundingClientRect();
  const lower = (name) => {
    const c = squareRect(name);
    if (!c) return null;
    return c.top + c.height / 2 > b.top + b.height / 2;
  };
  let top = 0;
  let bottom = 0;
  for (const name of choices) {
    const isLower = lower(name);
    if (isLower === true) bottom += 1;
    else if (isLower === false) top += 1;
  }
  if (top !== bottom) return top < bottom ? 'top' : 'bottom';
  return lower(square) ? 'top' : 'bottom';
}

function chooserButton(text, choose, data) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  Object.assign(button.dataset, data);
  button.addEventListener('click', () => {
    const chosen = choose();
    if (chosen && chosen.play) playMove(chosen.play);
    else events.emit('render');
  });
  return button;
}
