// The status lines of the game view: whose move, the result and its rule, offers, the counters
// of the draw rules, the computer's search.
import {t} from '../i18n.js';
import {$, state} from '../state.js';
import {anyKey, myTurn} from '../sides.js';
import {sideName} from '../variants.js';
import {serverText} from '../messages.js';

export function renderStatus() {
  const g = state.game;
  const status = $('status');
  let text;
  if (state.offline && !g.result.over) text = t('status.offline');
  else if (g.result.over) text = t('status.over');
  else if (g.thinking) text = t('status.thinking');
  else if (myTurn()) text = t('status.your_move');
  else if (anyKey()) text = t('status.waiting', {side: sideName(g.variant, g.to_move)});
  else text = t('status.to_move_readonly', {side: sideName(g.variant, g.to_move)});
  status.textContent = text;
  status.dataset.state = state.offline && !g.result.over ? 'offline'
      : g.result.over ? 'over' : g.thinking ? 'thinking' : myTurn() ? 'my-move' : 'waiting';

  const result = $('result');
  if (g.result.over) {
    result.hidden = false;
    const outcome = g.result.outcome === 'draw' ? t('result.draw')
                    : g.result.outcome === 'aborted' ? t('result.aborted')
                    : t('result.wins', {side: sideName(g.variant, g.result.outcome === 'white_wins' ? 'white' : 'black')});
    $('result-outcome').textContent = g.result.outcome === 'aborted' || !g.result.text ? outcome
                                      : `${g.result.text}  ${outcome}`;
    // Why, in plain words; the article that decided it is for the tooltip (an arbiter looks
    // there, or in the rules).
    const reason = $('result-rule');
    reason.textContent = reasonText(g.result.reason);
    const article = ARTICLE_FREE.has(g.result.rule) ? '' : g.result.rule;
    if (article) reason.title = t('result.article', {article});
    else reason.removeAttribute('title');
    result.dataset.outcome = g.result.outcome;
  } else {
    result.hidden = true;
  }

  const offer = $('draw-offer');
  if (g.draw_offer && !g.result.over) {
    offer.hidden = false;
    offer.textContent = t('draw.offered_by', {side: sideName(g.variant, g.draw_offer)});
  } else {
    offer.hidden = true;
  }
  const takeback = $('takeback-offer');
  takeback.hidden = !(g.takeback_offer && !g.result.over);
  if (!takeback.hidden) takeback.textContent = t('takeback.asked_by', {side: sideName(g.variant, g.takeback_offer)});
  const counters = $('counters');
  counters.replaceChildren(...(g.status || []).map((line) => Object.assign(document.createElement('li'), {textContent: serverText(line)})));
  $('readonly-note').hidden = Boolean(anyKey());
}

// The endings decided by the players or the clock, not by an article of the rules.
const ARTICLE_FREE = new Set(['', 'resignation', 'agreement', 'time', 'abort', 'aborted']);

// The English of the server made a sentence (it writes "white ran out of time", "White has no
// pieces"); the other languages come from its translation.
const ENGLISH_REASONS = [[/^(White|Black) has no pieces$/, '$1 has no pieces left']];

function reasonText(reason) {
  let text = serverText(reason || '');
  if (text === reason) for (const [pattern, plain] of ENGLISH_REASONS) text = text.replace(pattern, plain);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function renderThinking() {
  const box = $('thinking');
  const g = state.game;
  if (!g || !g.thinking) { box.hidden = true; return; }
  box.hidden = false;
  const info = state.thinking;
  box.textContent = info ? t('thinking.info', {depth: info.depth ?? '?', score: info.score ?? '',
                                               pv: (info.pv || []).slice(0, 6).join(' ')})
                         : t('status.thinking');
}
