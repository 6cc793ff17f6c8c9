// Click and drag on a board: pointerdown on a point chooses it; releasing the pointer over another
// point (after a drag) chooses that one too. A ghost of the dragged piece follows the pointer.
// Returns a function that removes every listener it added: a board calls it when it is replaced,
// so that a click is never handled by a board that is gone.

export function attachPointer(root, svgElement, onPoint) {
  let drag = null;
  const controller = new AbortController();
  const owned = {signal: controller.signal};

  const pointAt = (x, y) => {
    const element = document.elementFromPoint(x, y);
    const hit = element && element.closest('[data-square]');
    return hit && root.contains(hit) ? hit.dataset.square : null;
  };

  root.addEventListener('pointerdown', (event) => {
    const hit = event.target.closest('[data-square]');
    if (!hit || (event.button !== undefined && event.button !== 0)) return;
    event.preventDefault();
    const name = hit.dataset.square;
    const pieceElement = svgElement().querySelector(`[data-piece="${CSS.escape(name)}"]`);
    drag = {name, x: event.clientX, y: event.clientY, moved: false, pieceElement, ghost: null};
    onPoint(name, {drag: false});
  }, owned);

  window.addEventListener('pointermove', (event) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
    drag.moved = true;
    if (drag.pieceElement && !drag.ghost) {
      const box = drag.pieceElement.getBoundingClientRect();
      const ghost = drag.pieceElement.ownerSVGElement.cloneNode(false);
      ghost.removeAttribute('id');
      ghost.classList.add('drag-ghost');
      const bbox = drag.pieceElement.getBBox();
      ghost.setAttribute('viewBox', `${bbox.x} ${bbox.y} ${bbox.width} ${bbox.height}`);
      ghost.style.width = `${box.width}px`;
      ghost.style.height = `${box.height}px`;
      ghost.append(drag.pieceElement.cloneNode(true));
      document.body.append(ghost);
      drag.ghost = ghost;
      drag.pieceElement.style.opacity = '0.35';
    }
    if (drag.ghost) {
      drag.ghost.style.left = `${event.clientX - drag.ghost.clientWidth / 2}px`;
      drag.ghost.style.top = `${event.clientY - drag.ghost.clientHeight / 2}px`;
    }
  }, owned);

  const finish = (event) => {
    if (!drag) return;
    const current = drag;
    drag = null;
    if (current.ghost) current.ghost.remove();
    if (current.pieceElement) current.pieceElement.style.opacity = '';
    if (!current.moved || !event) return;
    const target = pointAt(event.clientX, event.clientY);
    if (target && target !== current.name) onPoint(target, {drag: true});
  };
  window.addEventListener('pointerup', finish, owned);
  window.addEventListener('pointercancel', () => finish(null), owned);
  return () => {
    finish(null);
    controller.abort();
  };
}
