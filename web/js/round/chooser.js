// The game page's chooser of ambiguous moves (web/js/chooser.js), over #board.
import {$, state, events} from '../state.js';
import {playMove} from './moving.js';
import {fillChooser, hideChooser} from '../chooser.js';

export function renderChooser() {
  const box = $('chooser');
  const picker = state.picker;
  if (!picker.pending || !state.game) { hideChooser(box); return; }
  fillChooser(box, picker, {board: $('board'), onChoose: (chosen) => {
    if (chosen && chosen.play) playMove(chosen.play);
    else events.emit('render');
  }});
}
