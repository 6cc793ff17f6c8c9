// The chooser of ambiguous moves over a board: a promotion's piece, a capture's path, a move among
// several with the same squares. The game page (round/chooser.js) and the boards of the puzzles
// and explorer pages (play-board.js) fill their own box with it.
import {t} from './i18n.js';

const PROMOTION_KINDS = ['queen', 'rook', 'bishop', 'knight', 'general', 'jester', 'pawn'];

// Fills `box` with a button per choice left in `picker` (and a cancel), laid over `board`;
// `onChoose(chosen)` gets what a button chose (a move view, or null after cancel).
export function fillChooser(box, picker, {board, onChoose}) {
  box.hidden = false;
  box.dataset.axis = picker.axis;
  const title = document.createElement('div');
  title.className = 'chooser-title';
  title.textContent = t(`choose.${picker.axis}`);
  const buttons = document.createElement('div');
  buttons.className = 'chooser-buttons';
  const button = (text, choose, data) => chooserButton(text, () => onChoose(choose()), data);
  if (picker.axis === 'promotion') {
    const kinds = [...new Set(picker.pending.map((m) => m.promotion))]
        .sort((a, b) => PROMOTION_KINDS.indexOf(a) - PROMOTION_KINDS.indexOf(b));
    for (const kind of kinds) {
      buttons.append(button(t(`piece.${kind}`, {}, kind), () => picker.choose((m) => m.promotion === kind),
                            {promotion: kind}));
    }
  } else {
    for (const move of picker.pending) {
      const text = picker.axis === 'path' ? (move.full || move.text) : move.text;
      buttons.append(button(text, () => picker.choose((m) => m === move), {move: move.text}));
    }
  }
  buttons.append(button(t('cancel'), () => { picker.reset(); return null; }, {cancel: 'yes'}));
  box.replaceChildren(title, buttons);
  placeChooser(box, board, picker.pending[0], picker.choices());
}

export function hideChooser(box) {
  box.hidden = true;
  box.replaceChildren();
}

// Where the chooser lies over the board: the half that chooserPlace prefers, else the other,
// else the left or the right half, the first that covers neither the moving piece nor a square
// still to click (on a phone the chooser is tall: a half band may not leave them free).
function placeChooser(box, board, move, choices) {
  const preferred = chooserPlace(board, move.to, choices);
  const places = [preferred, preferred === 'top' ? 'bottom' : 'top', 'left', 'right'];
  const kept = [move.from, ...choices].map((name) => squareRect(board, name)).filter(Boolean);
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

function squareRect(board, name) {
  const cell = board.querySelector(`[data-square="${CSS.escape(String(name))}"]`);
  return cell ? cell.getBoundingClientRect() : null;
}

// The chooser covers the half of the board with fewer of the squares still to click (a path's
// landing squares, the extra pawn's squares), and on a tie the half away from the move's square.
function chooserPlace(board, square, choices) {
  const b = board.getBoundingClientRect();
  const lower = (name) => {
    const c = squareRect(board, name);
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

function chooserButton(text, onClick, data) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  Object.assign(button.dataset, data);
  button.addEventListener('click', onClick);
  return button;
}
