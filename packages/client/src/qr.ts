import { generate } from 'lean-qr';
import { h } from './dom';

/**
 * A QR code of `text` for a phone's camera: dark modules on white with the standard 4-module quiet zone, one canvas
 * pixel per module scaled up without smoothing by CSS (`.qr`), so it stays crisp at any size.
 */
export function qrCode(text: string, label: string, testId?: string): HTMLCanvasElement {
  const canvas = h('canvas', { class: 'qr', role: 'img', 'aria-label': label, 'data-testid': testId });
  generate(text).toCanvas(canvas, { on: [0, 0, 0, 255], off: [255, 255, 255, 255], pad: 4 });
  return canvas;
}
