// The computer's levels in the new-game dialogs, each with its strength: the Elo difference from
// level 10 measured for its game by matches of each level against the next (docs/engine.md,
// "Levels"). A game not measured shows the level alone.
import {t} from './i18n.js';

// Levels 1..9; level 10 is 0. Rounded to 50: a hundred games a step measure no finer.
export const LEVEL_ELO = {
  international: [-2100, -1850, -1600, -1400, -1100, -900, -600, -400, -200],
  russian: [-1750, -1500, -1350, -1200, -950, -750, -550, -350, -150],
  english: [-1800, -1600, -1450, -1200, -1000, -800, -550, -350, -200],
  mill: [-1800, -1600, -1350, -1150, -900, -700, -500, -300, -100],
};

export function levelText(variant, level) {
  const elo = LEVEL_ELO[variant];
  if (level === 10) return t('level.full', {level});
  if (!elo) return String(level);
  return t('level.elo', {level, elo: String(elo[level - 1]).replace('-', '−')});
}

export function fillLevelSelect(select, variant) {
  const current = Number(select.value) || 3;
  select.replaceChildren(...Array.from({length: 10}, (_, i) => {
    const option = document.createElement('option');
    option.value = String(i + 1);
    option.textContent = levelText(variant, i + 1);
    return option;
  }));
  select.value = String(current);
}
