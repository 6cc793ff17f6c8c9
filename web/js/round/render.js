// The whole game view drawn again: each part of the page asks for it by the 'render' event.
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {myTurn} from '../sides.js';
import {sideName, variantName} from '../variants.js';
import {renderClocks} from '../clock/clock.js';
import {renderAnalysis} from '../analysis/analysis.js';
import {renderReview} from '../review/review.js';
import {renderBoard, renderHands, animateMove} from './board.js';
import {playSound} from './sound.js';
import {renderStatus, renderThinking} from './status.js';
import {renderMoves} from './move-list.js';
import {renderControls} from './controls.js';
import {renderChooser} from './chooser.js';
import {renderLinks} from './links.js';

function render() {
  const g = state.game;
  if (!g) return;
  // "Your move" in the tab's title, so that another tab shows whose turn it is.
  document.title = `${myTurn() && state.viewPly === null ? `${t('title.your_move')} · ` : ''}` +
                   `${variantName(g.variant)} · doska`;
  $('game-title').textContent = variantName(g.variant);
  $('game-opponent').textContent = opponentText(g);
  renderBoard();
  if (state.arrived) {
    const ply = state.arrived;
    state.arrived = null;
    animateMove(ply);
    playSound(g.moves[ply - 1]);
  }
  renderHands();
  renderClocks();
  renderStatus();
  renderMoves();
  renderControls();
  renderChooser();
  renderThinking();
  renderAnalysis();
  renderReview();
  renderLinks();
}

function opponentText(g) {
  if (!g.opponent || g.opponent.kind === 'person') return t('opponent.person_game');
  return t('opponent.computer_game', {level: g.opponent.level,
                                      side: sideName(g.variant, g.opponent.side)});
}

export function setupRender() {
  events.on('render', render);
}
