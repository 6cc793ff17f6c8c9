// Moves made by the player: clicked or dragged on the board, premoved, or typed.
import {api} from '../api.js';
import {$, state, events} from '../state.js';
import {keyFor, learnSide, mySides, myTurn} from '../sides.js';
import {attempt} from '../messages.js';
import {typedMove} from '../move-picker.js';
import {live, analysisBoard} from '../analysis/analysis.js';
import {acceptView} from './game.js';

// Premoves: in a clock game, while the opponent thinks, the player may click a piece
// of theirs and a square; when the turn comes the move is played at once if it is the one legal
// move from there to there, else it is dropped.
function premoveAllowed() {
  const g = state.game;
  const sides = mySides();
  return Boolean(g && g.clock && !g.result.over && sides.length === 1 && g.to_move !== sides[0] &&
                 state.viewPly === null);
}

function onPremovePoint(point) {
  const g = state.game;
  const mine = mySides()[0];
  const cell = (g.board.cells || []).find((c) => c.name === point);
  const pm = state.premove;
  if (pm && !pm.to && point !== pm.from) {
    state.premove = {from: pm.from, to: point};
  } else if (cell && cell.piece && cell.piece.side === mine && !(pm && pm.from === point)) {
    state.premove = {from: point, to: null};
  } else {
    state.premove = null;
  }
  events.emit('render');
}

// After a new view: a premove whose turn has come is played (or dropped).
export function playPremove() {
  const pm = state.premove;
  if (!pm || !pm.to || !myTurn() || state.busy) return;
  state.premove = null;
  const g = state.game;
  const fits = g.legal.filter((m) => m.from === pm.from && m.to === pm.to);
  if (fits.length === 1) playMove(fits[0]);
  else events.emit('render');
}

export function onPoint(point, {drag}) {
  const g = state.game;
  if (!g || state.busy) return;
  if (analysisBoard()) {
    const chosen = state.picker.click(point, live.position.over ? [] : live.position.legal, {drag});
    if (chosen && chosen.play) {
      state.picker.reset();
      live.tryMove(chosen.play.text);
    } else {
      events.emit('render');
    }
    return;
  }
  if (!drag && premoveAllowed()) return onPremovePoint(point);
  if (state.viewPly !== null || !myTurn()) return;
  const chosen = state.picker.click(point, g.legal, {drag});
  if (chosen && chosen.play) playMove(chosen.play);
  else events.emit('render');
}

export async function playMove(move) {
  const g = state.game;
  const side = g.to_move;
  const key = keyFor(side);
  const unsure = !state.keys[side] && state.keys.any === key;
  state.picker.reset();
  let refused = false;
  const view = await attempt(async () => {
    try {
      return await api.move(g.id, key, move.text);
    } catch (e) {
      refused = e.status === 403;
      throw e;
    }
  });
  // A key from a link that did not name its side: the server's answer tells whose it is.
  if (unsure && (view || refused)) learnSide(g.id, key, view ? side : (side === 'white' ? 'black' : 'white'));
  if (view) acceptView(view);
  else events.emit('render');
}

export function setupMoveEntry() {
  $('move-entry').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('move-input');
    const text = input.value.trim();
    if (!text || !state.game || !myTurn()) return;
    const before = state.game.moves.length;
    await playMove(typedMove(state.game.legal, text));
    if (state.game && state.game.moves.length > before) input.value = '';
  });
}
