// The sounds of the game, made by the page.
import {store} from '../store.js';

let audio = null;

// A short tone for a move, two lower ones for a capture (made by the page: no sound files).
export function playSound(move) {
  if (!move) return;
  const kind = move.captures && move.captures.length ? 'capture' : 'move';
  document.body.dataset.lastSound = store.setting('sound', true) ? kind : 'muted';
  if (!store.setting('sound', true)) return;
  tones(kind === 'capture' ? [[330, 0], [247, 0.07]] : [[523, 0]]);
}

// Short tones ([frequency, delay in seconds]) made by the page.
function tones(list) {
  try {
    audio = audio || new AudioContext();
    for (const [frequency, delay] of list) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      const start = audio.currentTime + delay;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.09);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.1);
    }
  } catch {
    // No audio on this device: the move is still seen.
  }
}

// Two quick high tones, once for each side's clock in a game, unless the sound is off.
const lowTimeWarned = new Set();

export function warnLowTime(which) {
  if (lowTimeWarned.has(which)) return;
  lowTimeWarned.add(which);
  const on = store.setting('sound', true);
  document.body.dataset.lowTimeWarning = on ? 'sound' : 'muted';
  if (on) tones([[988, 0], [988, 0.15]]);
}
