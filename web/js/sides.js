// The sides of the game on view that this browser holds keys for, and what follows from them.
import {store} from './store.js';
import {state} from './state.js';

// The sides this browser may play in the current game.
export function mySides() {
  const g = state.game;
  if (!g) return [];
  const sides = ['white', 'black'].filter((s) => state.keys[s]);
  if (sides.length) return sides;
  if (state.keys.any) {
    if (g.opponent && g.opponent.kind === 'computer' && g.opponent.side) {
      return [g.opponent.side === 'white' ? 'black' : 'white'];
    }
    return ['white', 'black'];   // the server knows which; it refuses the other
  }
  return [];
}

export const keyFor = (side) => state.keys[side] || state.keys.any || null;

export function anyKey() {
  return state.keys.white || state.keys.black || state.keys.any || null;
}

export function myTurn() {
  const g = state.game;
  return g && !g.result.over && !g.thinking && mySides().includes(g.to_move);
}

export function orientationFlipped() {
  const sides = mySides();
  const auto = sides.length === 1 && sides[0] === 'black';
  return auto !== state.flipped;
}

export function learnSide(id, key, side) {
  delete state.keys.any;
  state.keys[side] = key;
  const saved = store.keyOf(id);
  store.saveKeys(id, {...Object.fromEntries(Object.entries((saved && saved.keys) || {}).filter(([s]) => s !== 'any')),
                      [side]: key}, saved && saved.links);
}
