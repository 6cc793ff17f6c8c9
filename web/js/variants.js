// The games the server offers (GET /api/variants) and their names, sides and move texts in the
// page's language.
import {i18n, t} from './i18n.js';
import {state} from './state.js';

export function variantOf(id) {
  return state.variants.find((v) => v.id === id) || {id, name: id, family: '', options: [], first: 'white',
                                                     board: {kind: 'square'}};
}

export const isChess = (variantId) => variantId === 'chess100';

export const familyOf = (variantId) =>
  isChess(variantId) ? 'chess' : variantId === 'wolf-sheep' ? 'wolf-sheep'
                                : variantId.startsWith('mill') ? 'mill' : 'draughts';

export function sideName(variantId, side) {
  if (variantId === 'wolf-sheep') return t(side === 'white' ? 'side.sheep' : 'side.wolf');
  return t(side === 'white' ? 'side.white' : 'side.black');
}

export const variantName = (id) => t(`variant.${id}`, {}, variantOf(id).name || id);

// A move as the move list shows it: chess100 in SAN with the piece letters of the page's
// language (K Q R B N G J; Кр Ф Л С К Г Ш in Russian; Кр Ф Т С К Г Б in Ukrainian), the
// other games in their notation.
const SAN_LETTERS = {
  ru: {K: 'Кр', Q: 'Ф', R: 'Л', B: 'С', N: 'К', G: 'Г', J: 'Ш'},
  uk: {K: 'Кр', Q: 'Ф', R: 'Т', B: 'С', N: 'К', G: 'Г', J: 'Б'},
};

export function movePeopleText(variant, move) {
  if (!isChess(variant) || !move.san) return move.text;
  const letters = SAN_LETTERS[i18n.lang];
  if (!letters) return move.san;
  return move.san.replace(/(^|=)([KQRBNGJ])/g, (_, before, piece) => before + letters[piece]);
}

export function fillVariantSelect(select, selected) {
  select.replaceChildren(...state.variants.map((v) => {
    const option = document.createElement('option');
    option.value = v.id;
    option.textContent = variantName(v.id);
    return option;
  }));
  if (selected) select.value = selected;
}
