// The editor's palette: the pieces of the game on the board (draughts men and kings, the sheep
// and the wolf, the mill stones, the ten chess100 pieces) and the eraser; one tool is chosen at a
// time, and a click on the board puts it there.
import {t} from '../i18n.js';
import {svg} from '../svg.js';
import {pieceFor, stone} from '../pieces.js';
import {familyOf, sideName} from '../variants.js';

const CHESS_KINDS = ['king', 'queen', 'rook', 'bishop', 'knight', 'general', 'jester', 'pawn'];

// The tools of a game, {side, kind}, White's first.
export function toolsOf(variant) {
  const family = familyOf(variant);
  if (family === 'wolf-sheep') return [{side: 'white', kind: 'sheep'}, {side: 'black', kind: 'wolf'}];
  const kinds = family === 'chess' ? CHESS_KINDS : family === 'mill' ? ['man'] : ['man', 'king'];
  return ['white', 'black'].flatMap((side) => kinds.map((kind) => ({side, kind})));
}

export const toolId = (tool) => (tool ? `${tool.side}-${tool.kind}` : 'eraser');

// A piece's name in the page's language: "Man (White)", "Stone (Black)".
export function pieceName(variant, {side, kind}) {
  const family = familyOf(variant);
  const name = family === 'mill' ? 'stone' : family === 'chess' && kind === 'king' ? 'chess_king' : kind;
  return t('editor.piece', {piece: t(`editor.piece.${name}`), side: sideName(variant, side)});
}

function toolButton(id, label, picture, chosen) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'editor-tool';
  button.dataset.tool = id;
  button.title = label;
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-pressed', String(chosen));
  button.append(picture);
  return button;
}

// Draws the palette of `variant` in `box`, `chosen` pressed; `onChoose(tool or null)`.
export function renderPalette(box, variant, chosen, onChoose) {
  const family = familyOf(variant);
  const letters = {general: t('piece.general.letter'), jester: t('piece.jester.letter')};
  const buttons = toolsOf(variant).map((tool) => {
    const picture = svg('svg', {viewBox: '0 0 100 100', class: 'editor-tool-piece', 'aria-hidden': 'true'},
                        [family === 'mill' ? stone(50, 50, tool.side, 36) : pieceFor(family, 50, 50, tool, letters)]);
    return toolButton(toolId(tool), pieceName(variant, tool), picture, toolId(tool) === toolId(chosen));
  });
  const eraser = document.createElement('span');
  eraser.className = 'editor-eraser';
  eraser.textContent = t('editor.eraser');
  buttons.push(toolButton('eraser', t('editor.eraser'), eraser, chosen === null));
  box.replaceChildren(...buttons);
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const tool = toolsOf(variant).find((candidate) => toolId(candidate) === button.dataset.tool) || null;
      onChoose(tool);
    });
  }
}

// The board after a click on `cell` with `tool`: the tool's piece put there, or taken away when the
// same piece stands there already (or with the eraser). There is one wolf: putting it down moves it.
export function applyTool(board, cell, tool) {
  if (!tool || (cell.piece && cell.piece.side === tool.side && cell.piece.kind === tool.kind)) {
    cell.piece = null;
    return;
  }
  if (tool.kind === 'wolf') for (const other of board.cells) if (other.piece && other.piece.kind === 'wolf') other.piece = null;
  cell.piece = {side: tool.side, kind: tool.kind};
}
