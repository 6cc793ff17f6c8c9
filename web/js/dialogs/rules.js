// The rules drawer: the rules of a game in the page's language (web/rules/<id>.<lang>.html).
import {i18n, t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {variantName, fillVariantSelect} from '../variants.js';

const rulesOpen = () => !$('rules-panel').hidden;

async function loadRules() {
  const variant = $('rules-variant').value || (state.game && state.game.variant) || 'international';
  const content = $('rules-content');
  const lang = i18n.lang;
  content.dataset.variant = variant;
  content.dataset.lang = lang;
  content.dataset.state = 'loading';
  try {
    const response = await fetch(`/rules/${encodeURIComponent(variant)}.${lang}.html`);
    const type = response.headers.get('Content-Type') || '';
    if (!response.ok || !type.includes('html')) throw new Error(String(response.status));
    const html = await response.text();
    if (content.dataset.variant !== variant || content.dataset.lang !== lang) return;
    content.innerHTML = html;   // our own rule texts, from the same server
    // The citations of the texts (articles of the rule documents, for those who maintain them)
    // are not for the players.
    for (const cite of content.querySelectorAll('small.src')) (cite.closest('p') || cite).remove();
    content.dataset.state = 'loaded';
  } catch {
    if (content.dataset.variant !== variant || content.dataset.lang !== lang) return;
    content.replaceChildren(Object.assign(document.createElement('p'), {
      className: 'missing', textContent: t('rules.missing', {game: variantName(variant)})}));
    content.dataset.state = 'missing';
  }
}

// The rules drawer starts below the top bar while the bar is in sight (its buttons and the
// language stay at hand), else at the top of the screen.
function placeRules() {
  const panel = $('rules-panel');
  if (panel.hidden) return;
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  panel.style.top = `${Math.max(0, Math.round(bar.bottom))}px`;
}

export function setupRules() {
  window.addEventListener('scroll', placeRules, {passive: true});
  window.addEventListener('resize', placeRules);
  $('btn-rules').addEventListener('click', () => {
    const panel = $('rules-panel');
    panel.hidden = !panel.hidden;
    placeRules();
    if (!panel.hidden) {
      fillVariantSelect($('rules-variant'), (state.game && state.game.variant) || $('rules-variant').value || 'international');
      loadRules();
    }
  });
  $('rules-close').addEventListener('click', () => { $('rules-panel').hidden = true; });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && rulesOpen() && !document.querySelector('dialog[open]')) $('rules-panel').hidden = true;
  });
  $('rules-variant').addEventListener('change', loadRules);
  events.on('opened', () => { if (rulesOpen()) loadRules(); });
  events.on('texts', () => {
    if (rulesOpen()) {
      fillVariantSelect($('rules-variant'), $('rules-variant').value);
      loadRules();
    }
  });
}
