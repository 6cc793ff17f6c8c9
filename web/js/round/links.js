// The links of a game between two people, one for each side, to send to the other player.
import {store} from '../store.js';
import {t} from '../i18n.js';
import {$, state} from '../state.js';
import {sideName} from '../variants.js';
import {copyText} from '../messages.js';

function absolute(link, side) {
  const url = new URL(link, location.origin);
  if (side) url.searchParams.set('side', side);
  return url.href;
}

export function renderLinks() {
  const g = state.game;
  const saved = store.keyOf(g.id);
  const box = $('links');
  // Both links, of a game created here for two: one is to be sent (a page that holds one
  // side's key only, as after the lobby, has nothing to send).
  if (!saved || !saved.links || !saved.links.white || !saved.links.black || g.result.over) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const rows = $('links-rows');
  rows.replaceChildren();
  for (const side of ['white', 'black']) {
    if (!saved.links[side]) continue;
    rows.append(linkRow(g.variant, side, absolute(saved.links[side], side)));
  }
}

function linkRow(variant, side, href) {
  const row = document.createElement('div');
  row.className = 'link-row';
  row.dataset.side = side;
  const label = document.createElement('span');
  label.textContent = sideName(variant, side);
  const input = document.createElement('input');
  input.readOnly = true;
  input.value = href;
  input.className = 'link-input';
  input.addEventListener('focus', () => input.select());
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = t('copy');
  copy.addEventListener('click', () => copyText(href));
  row.append(label, input, copy);
  return row;
}
