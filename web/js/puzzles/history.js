// The signed-in player's puzzle rating over their rated attempts in a game (GET
// /api/puzzles/{game id}/history): a small line graph (the profile's, profile/graph.js) and how
// many of those puzzles were solved and failed. Asked again after each rated attempt.
import {api} from '../api.js';
import {t} from '../i18n.js';
import {ratingGraph} from '../profile/graph.js';
import {variantName} from '../variants.js';

export class PuzzleHistory {
  // box: the element with a .puzzles-history-count and a .puzzles-history-graph.
  constructor(box) {
    this.box = box;
    this.asked = 0;      // the latest request: an older answer (another game's) is dropped
    this.shown = null;   // {game, history} drawn
  }

  // Asks for the history of `game` and draws it for a signed-in player (`signedIn`); hidden else.
  async show(game, signedIn) {
    const ticket = ++this.asked;
    if (!signedIn || !game) { this.shown = null; this.draw(); return; }
    let history = null;
    try {
      history = await api.puzzleHistory(game);
    } catch {
      // No history to show (signed out meanwhile, a game without puzzles): the box stays hidden.
    }
    if (ticket !== this.asked) return;
    this.shown = history ? {game, history} : null;
    this.draw();
  }

  // Draws what was answered last (again, in a new language).
  draw() {
    const box = this.box;
    box.hidden = !this.shown;
    if (!this.shown) return;
    const {game, history} = this.shown;
    const points = history.points || [];
    const solved = points.filter((p) => p.solved).length;
    const failed = points.length - solved;
    box.dataset.points = String(points.length);
    box.dataset.solved = String(solved);
    box.dataset.failed = String(failed);
    box.dataset.rating = String(history.rating);
    box.querySelector('.puzzles-history-count').textContent = t('puzzles.history.count', {solved, failed});
    const series = [{id: `puzzles/${game}`, points: points.map((p) => [p.at_ms, p.rating])}];
    box.querySelector('.puzzles-history-graph').replaceChildren(points.length
        ? ratingGraph(series, new Set([series[0].id]), {
          id: 'puzzles-history-svg', label: t('puzzles.history.title'),
          name: () => t('puzzles.history.series', {game: variantName(game)})})
        : document.createTextNode(t('puzzles.history.none')));
  }
}
