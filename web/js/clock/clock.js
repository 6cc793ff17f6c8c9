// The clocks of the game view: a clock game's time of each side, or a correspondence game's time
// left for the move, and the low-time warning.
import {t} from '../i18n.js';
import {$, state} from '../state.js';
import {mySides, orientationFlipped} from '../sides.js';
import {sideName} from '../variants.js';
import {warnLowTime} from '../round/sound.js';

// m:ss (h:mm:ss), and under 10 seconds m:ss.t with the tenths (cut, not rounded up: 0:00.0 is
// the end).
function formatClock(ms) {
  if (ms < 10000) {
    const tenths = Math.max(0, Math.floor(ms / 100));
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

// Low time: under 20 seconds, or a tenth of a longer game's time.
const lowTimeMs = (clock) => Math.max(20000, clock.initial_ms / 10);

function formatDays(ms) {
  const hours = Math.max(0, Math.floor(ms / 3600000));
  if (hours >= 24) return t('corr.days', {days: Math.floor(hours / 24), hours: hours % 24});
  return t('corr.hours', {hours, minutes: Math.max(0, Math.floor((ms % 3600000) / 60000))});
}

function clockValue(side) {
  const c = state.game.clock;
  const base = c[`${side}_ms`];
  return c.running === side && !state.game.result.over ? base - (performance.now() - state.clockAt) : base;
}

export function renderClocks() {
  const g = state.game;
  const flipped = orientationFlipped();
  const sides = {top: flipped ? 'white' : 'black', bottom: flipped ? 'black' : 'white'};
  for (const [place, side] of Object.entries(sides)) {
    const box = $(`clock-${place}`);
    box.dataset.side = side;
    box.classList.toggle('to-move', g.to_move === side && !g.result.over);
    box.querySelector('.clock-side').textContent = sideName(g.variant, side) +
        (mySides().length === 1 && mySides()[0] === side ? ` (${t('you')})` : '');
    const time = box.querySelector('.clock-time');
    box.classList.remove('low-time');
    if (g.correspondence) {
      // Correspondence: the time left for the move to make, on the side of the one to make it.
      const due = g.to_move === side && g.correspondence.left_ms !== null;
      time.textContent = due ? formatDays(g.correspondence.left_ms - (performance.now() - state.clockAt)) : '';
      box.dataset.deadline = due ? String(g.correspondence.deadline_ms) : '';
      box.classList.toggle('running', due);
    } else if (g.clock) {
      const ms = clockValue(side);
      time.textContent = formatClock(ms);
      const running = g.clock.running === side && !g.result.over;
      const low = ms < lowTimeMs(g.clock);
      time.classList.toggle('low', low);
      box.classList.toggle('running', running);
      // The low-time warning: the player's own running clock pulses, and one short
      // sound says so the first time it runs low in the game.
      const warn = low && running && ms > 0 && mySides().includes(side);
      box.classList.toggle('low-time', warn);
      if (warn) warnLowTime(`${g.id}:${side}`);
    } else {
      time.textContent = '';
      box.classList.remove('running');
    }
  }
}

// The running clock ticks on the page between the server's views (ten times a second, for the
// tenths under 10 seconds).
export function setupClocks() {
  setInterval(() => { if (state.game && state.game.clock) renderClocks(); }, 100);
}
