// Two shots of the same screen compared pixel by pixel, for the checks that a demo rendered at
// build time goes live with no pixel changed (tests/e2e/prerender.test.mjs in Chromium,
// tests/webkit/first-paint.test.mjs in Firefox and WebKit).
import { PNG } from 'pngjs';

// The part of a shot of the window that shows the rectangle `rect` (CSS px, in the viewport).
function crop(shot, rect) {
  if (!rect) return shot;
  const k = shot.width / rect.viewport;
  const [x0, y0] = [Math.max(0, Math.round(rect.x * k)), Math.max(0, Math.round(rect.y * k))];
  const [w, h] = [Math.min(shot.width, Math.round((rect.x + rect.width) * k)) - x0, Math.min(shot.height, Math.round((rect.y + rect.height) * k)) - y0];
  const out = new PNG({ width: w, height: h });
  PNG.bitblt(shot, out, x0, y0, w, h, 0, 0);
  return out;
}

/**
 * The pixels that differ between two PNG shots (Infinity if their sizes differ), within `rect`
 * (`{x, y, width, height, viewport}`, CSS px) if given. A pixel within 2 of 255 on every channel
 * is the same: a rounded corner is sometimes rasterised a level apart between two paints of the
 * same DOM. With `edges`, a pixel counts only if no pixel within one of its place in the other
 * shot is within 64 levels of it: two loads of the same layout at the same fractional offset,
 * scrolled there by different paths, rasterise a glyph's or border's edge apart (WebKit's tiles),
 * and that is not a change a reader sees; a frame, a box or a colour that changes is still every
 * one of its pixels.
 */
export function changedPixels(a, b, { edges = false, rect } = {}) {
  const [x, y] = [a, b].map((shot) => crop(PNG.sync.read(shot), rect));
  if (x.width !== y.width || x.height !== y.height) return Infinity;
  const near = (i, j) => Math.max(...[0, 1, 2].map((k) => Math.abs(x.data[i + k] - y.data[j + k]))) <= 64;
  let n = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    if ([0, 1, 2, 3].every((k) => Math.abs(x.data[i + k] - y.data[i + k]) <= 2)) continue;
    if (!edges) { n++; continue; }
    const [px, py] = [(i / 4) % x.width, Math.floor(i / 4 / x.width)];
    let matched = false;
    for (let dy = -1; dy <= 1 && !matched; dy++) {
      for (let dx = -1; dx <= 1 && !matched; dx++) {
        const [qx, qy] = [px + dx, py + dy];
        if (qx >= 0 && qy >= 0 && qx < x.width && qy < x.height) matched = near(i, (qy * x.width + qx) * 4);
      }
    }
    if (!matched) n++;
  }
  return n;
}
