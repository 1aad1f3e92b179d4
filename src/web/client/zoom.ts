// Zoom and pan for a picture too wide for the screen (the living map, a resident's ties): the picture keeps its
// drawn size times the zoom and the box around it scrolls (touch pans natively); +, − and Fit change the zoom.
import { initialZoom, zoomStep } from './logic.ts';

export function wireZoom(tools: HTMLElement | null, scroll: HTMLElement, svg: SVGSVGElement, moved = () => {}): void {
  const width = Number(svg.getAttribute('width')) || svg.viewBox.baseVal.width;
  if (!width) return;
  const fitZoom = () => Math.max(0.1, (scroll.clientWidth - 2) / width);
  let zoom = initialZoom(fitZoom());
  const set = (z: number) => {
    zoom = z;
    svg.style.width = `${Math.round(width * z)}px`;
    svg.style.minWidth = '0';
    svg.style.maxWidth = 'none';
    svg.style.height = 'auto';
    scroll.dataset.zoom = String(z);
  };
  set(zoom);
  // Wider than the screen: start from the middle of the picture, where the town's centre is.
  scroll.scrollLeft = Math.max(0, (scroll.scrollWidth - scroll.clientWidth) / 2);
  if (!tools) return;
  tools.hidden = false;
  tools.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-zoom]');
    if (!b) return;
    const dir = b.dataset.zoom;
    set(dir === 'fit' ? Math.min(1, fitZoom()) : zoomStep(zoom, dir === 'in' ? 'in' : 'out', fitZoom()));
    moved();
  });
}

/** Every picture box marked for zooming on the page (the living map wires its own). */
export function wireZoomBoxes(root: ParentNode): void {
  for (const scroll of root.querySelectorAll<HTMLElement>('.map-scroll.zoomable')) {
    const svg = scroll.querySelector<SVGSVGElement>('svg');
    const tools =
      scroll.previousElementSibling instanceof HTMLElement && scroll.previousElementSibling.matches('.map-tools')
        ? scroll.previousElementSibling
        : null;
    if (svg) wireZoom(tools, scroll, svg);
  }
}
