// The game's buttons: flip, take back, draw, resign, rematch, and which of them are shown.
import {api} from '../api.js';
import {store} from '../store.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {anyKey, keyFor, mySides, myTurn} from '../sides.js';
import {isChess} from '../variants.js';
import {attempt, toast} from '../messages.js';
import {analysisBoard} from '../analysis/analysis.js';
import {acceptView, openGame, playPath} from './game.js';

export function renderControls() {
  const g = state.game;
  const over = g.result.over;
  const key = anyKey();
  const sides = mySides();
  const computer = g.opponent && g.opponent.kind === 'computer';
  const show = (id, visible) => { $(id).hidden = !visible; };
  show('btn-undo', Boolean(key) && computer && !over && g.moves.length > 0);
  // The view says from which ply a draw may be offered: -1 where the game has none (wolf and
  // sheep, RULINGS §2), 80 in international draughts (000 §5.1); the button says why until then.
  const from = g.draw_offers_from_ply;
  show('btn-draw-offer', Boolean(key) && !over && !g.draw_offer && from >= 0);
  const early = from > 0 && g.moves.length < from;
  $('btn-draw-offer').disabled = early;
  if (early) $('btn-draw-offer').title = t('draw.too_early', {moves: Math.ceil(from / 2)});
  else $('btn-draw-offer').removeAttribute('title');
  const offeredToMe = g.draw_offer && sides.some((s) => s !== g.draw_offer);
  show('btn-draw-accept', Boolean(key) && !over && Boolean(offeredToMe));
  show('btn-draw-decline', Boolean(key) && !over && Boolean(offeredToMe));
  show('btn-draw-claim', Boolean(key) && !over && g.can_claim_draw && sides.includes(g.to_move));
  show('btn-resign', Boolean(key) && !over);
  // Between people, before each side has moved, a player may call the game off (no rating change).
  show('btn-abort', Boolean(key) && !computer && !over && g.moves.length < 2);
  // Between people: a take-back asked of the other, and after the game a rematch.
  const moved = g.moves.some((m) => sides.includes(m.side));
  const askedOfMe = g.takeback_offer && sides.some((s) => s !== g.takeback_offer);
  show('btn-takeback', Boolean(key) && !computer && !over && moved && !g.takeback_offer);
  show('btn-takeback-accept', Boolean(key) && !computer && !over && Boolean(askedOfMe));
  show('btn-takeback-decline', Boolean(key) && !computer && !over && Boolean(askedOfMe));
  show('btn-rematch', Boolean(key) && over);
  $('btn-rematch').textContent = t(g.rematch ? 'rematch.join' : 'rematch');
  // Fair play: no engine in a live game between two people (the server refuses it too).
  show('btn-analyse', computer || over);
  $('move-entry').hidden = !(myTurn() && state.viewPly === null && !analysisBoard());
  const reviewing = state.review && state.review.id === g.id && state.review.data;
  show('btn-review', (computer || over) && !(reviewing && ['running', 'done'].includes(reviewing.state)));
  $('btn-export-main').textContent = isChess(g.variant) ? 'PGN' : 'PDN';
}

async function gameAction(call) {
  const g = state.game;
  if (!g) return;
  const answer = await attempt(() => call(g));
  const view = answer && answer.game && answer.game.id ? answer.game : answer;
  if (view && view.id) acceptView(view);
}

function actionKey(g) {
  const sides = mySides();
  if (sides.includes(g.to_move)) return keyFor(g.to_move);
  return keyFor(sides[0] || 'any');
}

// A take-back is asked with the key of the side that moved last (of those this page holds), and
// answered with the other's.
function takebackKey(g, action) {
  const sides = mySides();
  if (action === 'offer') {
    const last = [...g.moves].reverse().find((m) => sides.includes(m.side));
    return keyFor(last ? last.side : sides[0] || 'any');
  }
  return keyFor(sides.find((s) => s !== g.takeback_offer) || 'any');
}

// The rematch: each key this page holds plays the other side in it.
async function rematch() {
  const g = state.game;
  if (!g) return;
  const sides = mySides();
  const answer = await attempt(() => api.rematch(g.id, keyFor(sides[0] || 'any')));
  if (!answer) return;
  const keys = {};
  for (const side of sides) keys[side === 'white' ? 'black' : 'white'] = keyFor(side);
  store.saveKeys(answer.game.id, keys, null);
  history.pushState({}, '', playPath(answer.game.id));
  await attempt(() => openGame(answer.game.id));
}

function drawKey(g, action) {
  const sides = mySides();
  if (action === 'accept' || action === 'decline') {
    const side = sides.find((s) => s !== g.draw_offer);
    return keyFor(side || 'any');
  }
  return actionKey(g);
}

function resignKey(g) {
  const sides = mySides();
  if (sides.length === 2) return keyFor(g.to_move);
  return keyFor(sides[0] || 'any');
}

export function setupControls() {
  $('btn-flip').addEventListener('click', () => { state.flipped = !state.flipped; events.emit('render'); });
  $('btn-undo').addEventListener('click', () => gameAction((g) => api.undo(g.id, actionKey(g))));
  for (const action of ['offer', 'accept', 'decline']) {
    $(action === 'offer' ? 'btn-takeback' : `btn-takeback-${action}`).addEventListener('click', () =>
      gameAction((g) => api.takeback(g.id, takebackKey(g, action), action)));
  }
  $('btn-rematch').addEventListener('click', rematch);
  for (const action of ['offer', 'accept', 'decline', 'claim']) {
    $(`btn-draw-${action}`).addEventListener('click', async () => {
      await gameAction((g) => api.draw(g.id, drawKey(g, action), action));
      const g = state.game;
      // The computer answers an offer at once: accepted, the game is over; else it is withdrawn.
      if (action === 'offer' && g && g.opponent && g.opponent.kind === 'computer' && !g.result.over && !g.draw_offer) {
        toast(t('draw.declined'), 'info');
      }
    });
  }
  $('btn-abort').addEventListener('click', () => gameAction((g) => api.abort(g.id, resignKey(g))));
  $('btn-resign').addEventListener('click', () => $('dlg-resign').showModal());
  $('resign-yes').addEventListener('click', () => {
    $('dlg-resign').close();
    gameAction((g) => api.resign(g.id, resignKey(g)));
  });
  document.addEventListener('keydown', (event) => {
    if (!state.game || event.target.closest('input, textarea, select, dialog')) return;
    // The keys of the move list's buttons: Left/Right a move, Home/End the start and the end.
    const button = {ArrowLeft: 'btn-prev', ArrowRight: 'btn-next', Home: 'btn-first', End: 'btn-last'}[event.key];
    if (button) {
      event.preventDefault();
      $(button).click();
    }
    if (event.key === 'Escape') { state.picker.reset(); state.premove = null; events.emit('render'); }
  });
}
