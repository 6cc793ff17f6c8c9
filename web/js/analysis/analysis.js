// The live analysis of the position on view: its best lines, the bar of the score, and the
// analysis board where moves may be tried.
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {orientationFlipped} from '../sides.js';
import {sideName, movePeopleText} from '../variants.js';
import {serverText} from '../messages.js';
import {renderExplorerPanel} from '../explorer/explorer.js';
import {LiveAnalysis} from './live-analysis.js';
import {renderTablebasePanel} from '../tablebase/tablebase.js';

// The live analysis of a position of the game on view (its board replaces the game's while on).
export const live = new LiveAnalysis(() => { if (state.game) events.emit('render'); });

// Live analysis of the position on view: the game's (a live game by its id, so that the server
// can refuse a game between two people), or one of its history.
export function analyse() {
  const g = state.game;
  if (!g) return;
  const plies = state.viewPly === null ? g.moves.length : state.viewPly;
  const spec = state.viewPly === null
      ? {game: g.id}
      : {variant: g.variant, fen: g.start_fen, moves: g.moves.slice(0, plies).map((m) => m.text)};
  state.picker.reset();
  live.start({gameId: g.id, plies, spec}, Number($('analysis-count').value) || 3);
}

// The analysis board is on show: a live analysis of this game whose position has come.
export const analysisBoard = () => live.active && live.position && state.game && live.base.gameId === state.game.id;

// The share of the bar that is White's: a logistic curve of the score (100 = one man or pawn).
function whiteShare(score, side) {
  let value;
  if (score.kind === 'win') value = 1;
  else if (score.kind === 'loss') value = 0;
  else if (score.kind === 'draw') value = 0.5;
  else value = 1 / (1 + Math.exp(-(score.value || 0) / 250));
  return side === 'white' ? value : 1 - value;
}

function scoreText(score, side) {
  const who = sideName(state.game.variant, side);
  if (score.egdb && score.kind === 'win') return t('score.egdbWin', {side: who, plies: score.value});
  if (score.egdb && score.kind === 'loss') return t('score.egdbLoss', {side: who, plies: score.value});
  if (score.kind === 'win') return t('score.win', {side: who, plies: score.value});
  if (score.kind === 'loss') return t('score.loss', {side: who, plies: score.value});
  if (score.kind === 'draw') return t('score.draw');
  const white = side === 'white' ? score.value : -score.value;
  return `${white > 0 ? '+' : ''}${(white / 100).toFixed(2)}`;
}

export function renderAnalysis() {
  const g = state.game;
  const bar = $('eval-bar');
  const on = live.active && live.base.gameId === g.id;
  $('analysis').hidden = !on;
  const result = on ? live.result : null;
  const side = live.position ? live.position.to_move : g.to_move;
  const best = result && result.lines.length ? result.lines[0] : null;
  bar.hidden = !best;
  if (!on) return;
  renderExplorerPanel($('analysis'), {
    variant: g.variant,
    fen: live.position && !live.error ? live.position.fen : null,
    play: (move) => live.tryMove(move),
  });
  $('analysis').dataset.depth = result ? String(result.depth) : '0';
  $('analysis').dataset.best = best ? best.best : '';
  $('analysis').dataset.plies = String(live.plies);
  $('analysis-count').value = String(live.lines);
  $('btn-analysis-back').hidden = live.tried.length === 0;
  const tried = live.position && live.tried.length ? live.position.moves.slice(-live.tried.length) : [];
  $('analysis-tried').textContent = tried.length
      ? t('analysis.tried', {moves: tried.map((m) => movePeopleText(g.variant, {text: m, san: m})).join(' ')}) : '';
  let status;
  if (live.error) status = live.error.status === 0 ? t('error.network') : serverText(live.error.message);
  else if (live.done) status = t(`analysis.done.${live.done}`, {}, t('analysis.done.stopped'));
  else status = result ? t('analysis.searching', {depth: result.depth + 1}) : t('analysis.running');
  $('analysis-status').textContent = status;
  if (best) {
    const share = whiteShare(best.score, side);
    const flipped = orientationFlipped();
    $('eval-fill').style.height = `${((flipped ? 1 - share : share) * 100).toFixed(1)}%`;
    $('eval-fill').className = flipped ? 'eval-fill black' : 'eval-fill white';
    bar.classList.toggle('flipped', flipped);
    bar.title = scoreText(best.score, side);
  }
  $('analysis-text').textContent = best ? t('analysis.result', {
    plies: live.plies, score: scoreText(best.score, side), best: best.best,
    depth: result.depth, pv: (best.pv || []).join(' '),
  }) : '';
  // The best lines, each with its score (the board shows them as arrows).
  const list = document.createElement('ol');
  list.className = 'analysis-lines';
  for (const line of result ? result.lines : []) {
    const item = document.createElement('li');
    item.textContent = `${scoreText(line.score, side)} (${line.depth}): ${(line.pv || []).join(' ')}`;
    list.append(item);
  }
  $('analysis-lines').replaceChildren(list);
  renderTablebase();
}

// The endgame tables' value of the analysis board's position and its moves, when they hold it.
function renderTablebase() {
  const position = live.position;
  renderTablebasePanel($('tablebase'), {
    variant: state.game.variant,
    fen: position && !live.error ? position.fen : null,
    side: position ? position.to_move : null,
    play: (move) => live.tryMove(move),
  });
}

export function setupAnalysis() {
  $('btn-analyse').addEventListener('click', analyse);
  $('btn-analysis-stop').addEventListener('click', () => live.stop());
  $('btn-analysis-back').addEventListener('click', () => live.backToGame());
  $('analysis-count').addEventListener('change', () => live.setLines(Number($('analysis-count').value)));
  // The game's page left (for the editor, the lobby, ...): the analysis ends, and the server
  // frees its engine rather than searching for a board nobody sees.
  events.on('page', (name) => { if (name !== 'game' && live.active) live.stop(); });
}
