// A board on which a position's legal moves are played by clicking or dragging (the puzzles page,
// the explorer page): the server's board view drawn (the square board or the mill board, as the
// view's kind says), the move picker's marks on it, and the move chosen handed to `onMove`.
import {t} from './i18n.js';
import {SquareBoard} from './square-board.js';
import {MillBoard} from './mill-board.js';
import {MovePicker} from './move-picker.js';
import {familyOf} from './variants.js';

export class PlayBoard {
  // box: the element the board is drawn in; canMove(): whether a click may choose a move now;
  // onMove(move): a legal move view chosen.
  constructor(box, {canMove, onMove}) {
    this.box = box;
    this.canMove = canMove;
    this.onMove = onMove;
    this.picker = new MovePicker();
    this.drawn = null;
    this.shown = null;     // {variant, board, legal, last, flipped}
  }

  // Draws `board` (null: nothing) of `variant` with its `legal` moves, `last` ({squares,
  // captures} or null) marked.
  render({variant, board, legal = [], last = null, flipped = false}) {
    this.shown = {variant, board, legal, last, flipped};
    if (!board) { this.box.replaceChildren(); return; }
    const Kind = board.kind === 'mill' ? MillBoard : SquareBoard;
    if (!(this.drawn instanceof Kind)) {
      if (this.drawn) this.drawn.destroy();
      this.drawn = new Kind(this.box, (name, how) => this.onPoint(name, how));
    }
    const marks = {selected: this.picker.selected, targets: this.picker.targets(legal),
                   choices: this.picker.choices(),
                   lastSquares: last ? last.squares : [], lastCaptures: last ? last.captures : [],
                   letters: {general: t('piece.general.letter'), jester: t('piece.jester.letter')}};
    this.drawn.render(board, {flipped, family: familyOf(variant), marks});
  }

  redraw() { if (this.shown) this.render(this.shown); }

  reset() { this.picker.reset(); }

  onPoint(name, {drag}) {
    if (!this.shown || !this.shown.board || !this.canMove()) return;
    let chosen = this.picker.click(name, this.shown.legal, {drag});
    // No chooser here: a promotion takes the queen (another piece is typed, or picked by path).
    if (!chosen && this.picker.axis === 'promotion') {
      const queen = this.picker.pending.some((m) => m.promotion === 'queen');
      chosen = this.picker.choose((m) => !queen || m.promotion === 'queen');
    }
    if (chosen) this.onMove(chosen.play);
    else this.redraw();
  }
}
