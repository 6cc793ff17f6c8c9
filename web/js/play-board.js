// A board on which a position's legal moves are played by clicking or dragging (the puzzles page,
// the explorer page): the server's board view drawn (the square board or the mill board, as the
// view's kind says), the move picker's marks on it, the chooser over it when a click leaves several
// moves (a promotion's piece, a capture's path), and the move chosen handed to `onMove`.
import {t} from './i18n.js';
import {fillChooser, hideChooser} from './chooser.js';
import {SquareBoard} from './square-board.js';
import {MillBoard} from './mill-board.js';
import {MovePicker} from './move-picker.js';
import {familyOf} from './variants.js';

export class PlayBoard {
  // box: the element the board is drawn in; chooser: the element laid over it for the choices
  // (in the same .board-row); canMove(): whether a click may choose a move now; onMove(move): a
  // legal move view chosen.
  constructor(box, {chooser, canMove, onMove}) {
    this.box = box;
    this.chooser = chooser;
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
    if (!board) {
      this.box.replaceChildren();
      hideChooser(this.chooser);
      return;
    }
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
    if (!this.picker.pending) { hideChooser(this.chooser); return; }
    fillChooser(this.chooser, this.picker, {board: this.box, onChoose: (chosen) => {
      if (chosen && chosen.play && this.canMove()) this.onMove(chosen.play);
      else this.redraw();
    }});
  }

  redraw() { if (this.shown) this.render(this.shown); }

  reset() {
    this.picker.reset();
    hideChooser(this.chooser);
  }

  onPoint(name, {drag}) {
    if (!this.shown || !this.shown.board || !this.canMove()) return;
    const chosen = this.picker.click(name, this.shown.legal, {drag});
    if (chosen) this.onMove(chosen.play);
    else this.redraw();
  }
}
