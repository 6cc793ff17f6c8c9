// Players as every view shows them: a name linking to its profile, a rating ("?" after a
// provisional one), a rating change, the speed and the time control of a game.
import {t} from './i18n.js';
import {profilePath} from './pages.js';

// 1500? while the rating is provisional (docs/players-api.md, "Ratings").
export function ratingText(rating, provisional) {
  if (rating === null || rating === undefined) return '';
  return `${rating}${provisional ? '?' : ''}`;
}

// +12, −8 (a minus sign), ±0.
export function diffText(diff) {
  if (diff > 0) return `+${diff}`;
  if (diff < 0) return `\u2212${-diff}`;
  return '\u00b10';
}

export const speedName = (speed) => (speed ? t(`speed.${speed}`, {}, speed) : '');

// "Rated · Blitz", "Casual · Rapid".
export function modeText(rated, speed) {
  return [t(rated ? 'mode.rated' : 'mode.casual'), speedName(speed)].filter(Boolean).join(' · ');
}

// The speed of a clock (docs/players-api.md, "Ratings"): days a move are correspondence; else
// initial + 40 x increment seconds, under 180 bullet, under 480 blitz, under 1500 rapid.
export function speedOf(clock) {
  if (!clock) return null;
  if (clock.days_per_move) return 'correspondence';
  const total = clock.initial_s + 40 * clock.increment_s;
  return total < 180 ? 'bullet' : total < 480 ? 'blitz' : total < 1500 ? 'rapid' : 'classical';
}

// The rating of an account in a game at a speed (that speed's, else the game's latest, else a
// new player's 1500).
export function ratingOf(account, variant, speed) {
  const entry = account && account.ratings && account.ratings[variant];
  if (!entry) return 1500;
  const atSpeed = entry.speeds && entry.speeds[speed];
  return (atSpeed || entry).rating ?? 1500;
}

// A seek's or a game's clock: "3+2" (minutes and seconds of increment), days a move, or none.
export function clockText(clock) {
  if (!clock) return t('time.none');
  if (clock.days_per_move) return t(`time.corr${clock.days_per_move}`, {}, `${clock.days_per_move} d`);
  return `${clock.initial_s / 60}+${clock.increment_s}`;
}

// A player: the name as a link to the profile, and the rating; one without an account is
// `anonymous` (the side's name in a game, else "Anonymous"). Texts only: a name is never HTML.
export function playerElement(player, {anonymous = null, diff = true} = {}) {
  const box = document.createElement('span');
  box.className = 'player';
  if (!player || !player.name) {
    box.classList.add('anonymous');
    box.textContent = anonymous || t('player.anonymous');
    return box;
  }
  const link = document.createElement('a');
  link.className = 'player-name';
  link.href = profilePath(player.name);
  link.textContent = player.name;
  box.append(link);
  const rating = ratingText(player.rating, player.provisional);
  if (rating) box.append(' ', Object.assign(document.createElement('span'), {className: 'player-rating', textContent: rating}));
  if (diff && typeof player.diff === 'number') {
    const change = document.createElement('span');
    change.className = `player-diff ${player.diff > 0 ? 'up' : player.diff < 0 ? 'down' : 'same'}`;
    change.textContent = diffText(player.diff);
    box.append(' ', change);
  }
  return box;
}
