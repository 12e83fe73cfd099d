// Cover images for the demo articles, drawn on the fly so the local portal shows real pictures
// without network access or binary files in the repository.
import { PNG } from 'pngjs';
import type { DemoArticle } from './demo-articles';

type Cover = DemoArticle['cover'];
type Rgb = readonly [number, number, number];

const WIDTH = 1200;
const HEIGHT = 675; // 16:9, the ratio the cards and the article page crop to

/** h in degrees, s and l in 0..1; the covers are specified by hue, so this is all we need. */
function hslToRgb(h: number, s: number, l: number): Rgb {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** Small seeded PRNG (mulberry32): the same article always gets the same picture. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

/** An RGB canvas (no alpha channel: a third less data to filter and deflate). */
class Canvas {
  readonly data = Buffer.alloc(WIDTH * HEIGHT * 3);

  /** Mixes `color` into one pixel; `alpha` already includes the edge coverage. */
  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (alpha <= 0) return;
    const i = (y * WIDTH + x) * 3;
    const data = this.data;
    if (alpha >= 1) {
      data[i] = color[0];
      data[i + 1] = color[1];
      data[i + 2] = color[2];
      return;
    }
    data[i] = Math.round(data[i]! + (color[0] - data[i]!) * alpha);
    data[i + 1] = Math.round(data[i + 1]! + (color[1] - data[i + 1]!) * alpha);
    data[i + 2] = Math.round(data[i + 2]! + (color[2] - data[i + 2]!) * alpha);
  }

  /**
   * Diagonal two-colour gradient. The colour depends on x + 2y only, so every row is the previous
   * one shifted by two pixels, which deflate stores as one long repeat.
   */
  gradient(from: Rgb, to: Rgb): void {
    const span = WIDTH + 2 * HEIGHT - 3;
    const ramp = new Uint8Array((span + 1) * 3);
    for (let s = 0; s <= span; s++) {
      const t = s / span;
      for (let c = 0; c < 3; c++) ramp[s * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
    for (let y = 0; y < HEIGHT; y++) {
      const row = y * WIDTH * 3;
      this.data.set(ramp.subarray(2 * y * 3, (2 * y + WIDTH) * 3), row);
    }
  }

  /** Filled circle, or a ring when `stroke` is given; edges are anti-aliased by distance. */
  circle(cx: number, cy: number, r: number, color: Rgb, alpha: number, stroke = 0): void {
    const reach = r + stroke + 1;
    const x0 = Math.max(0, Math.floor(cx - reach));
    const x1 = Math.min(WIDTH - 1, Math.ceil(cx + reach));
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(HEIGHT - 1, Math.ceil(cy + reach));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const dist = Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
        const d = stroke > 0 ? Math.abs(dist - r) - stroke / 2 : dist - r;
        this.blend(x, y, color, alpha * clamp01(0.5 - d));
      }
    }
  }

  /** Axis-aligned rectangle with soft edges. */
  rect(left: number, top: number, right: number, bottom: number, color: Rgb, alpha: number): void {
    const x0 = Math.max(0, Math.floor(left));
    const x1 = Math.min(WIDTH - 1, Math.ceil(right));
    const y0 = Math.max(0, Math.floor(top));
    const y1 = Math.min(HEIGHT - 1, Math.ceil(bottom));
    for (let y = y0; y <= y1; y++) {
      const cy = clamp01(Math.min(y + 1, bottom) - Math.max(y, top));
      for (let x = x0; x <= x1; x++) {
        const cx = clamp01(Math.min(x + 1, right) - Math.max(x, left));
        this.blend(x, y, color, alpha * cx * cy);
      }
    }
  }

  /** Everything below the curve y = edge(x): hills, waves and horizons. */
  below(edge: (x: number) => number, color: Rgb, alpha: number): void {
    for (let x = 0; x < WIDTH; x++) {
      const top = edge(x + 0.5);
      const start = Math.max(0, Math.floor(top));
      for (let y = start; y < HEIGHT; y++) this.blend(x, y, color, alpha * clamp01(y + 1 - top));
    }
  }
}

/** Each motif is a few large shapes: recognisable at card size and cheap to compress. */
const MOTIFS: Record<Cover['motif'], (canvas: Canvas, hue: number, accent: number, rnd: () => number) => void> = {
  waves(canvas, hue, accent, rnd) {
    const layers = 5;
    for (let k = 0; k < layers; k++) {
      const base = HEIGHT * (0.3 + k * 0.14);
      const amp = 18 + rnd() * 34;
      const freq = (1.2 + rnd() * 1.6) * ((2 * Math.PI) / WIDTH);
      const phase = rnd() * Math.PI * 2;
      const color = hslToRgb(k % 2 === 0 ? accent : hue, 0.65, 0.45 + k * 0.08);
      canvas.below((x) => base + amp * Math.sin(x * freq + phase), color, 0.35 + k * 0.1);
    }
  },
  grid(canvas, hue, accent, rnd) {
    const cell = 75;
    const line = hslToRgb(accent, 0.7, 0.75);
    for (let x = cell; x < WIDTH; x += cell) canvas.rect(x - 1, 0, x + 1, HEIGHT, line, 0.25);
    for (let y = cell; y < HEIGHT; y += cell) canvas.rect(0, y - 1, WIDTH, y + 1, line, 0.25);
    // A handful of lit blocks, like a city map seen from above.
    const blocks = 9 + Math.floor(rnd() * 6);
    for (let n = 0; n < blocks; n++) {
      const cx = Math.floor(rnd() * (WIDTH / cell)) * cell;
      const cy = Math.floor(rnd() * (HEIGHT / cell)) * cell;
      const color = hslToRgb(rnd() < 0.7 ? accent : hue + 30, 0.7, 0.5 + rnd() * 0.2);
      canvas.rect(cx + 8, cy + 8, cx + cell - 8, cy + cell - 8, color, 0.55 + rnd() * 0.35);
    }
    canvas.circle(WIDTH * (0.2 + rnd() * 0.6), HEIGHT * (0.25 + rnd() * 0.5), 150, hslToRgb(accent, 0.8, 0.7), 0.5, 6);
  },
  sun(canvas, hue, accent, rnd) {
    const cx = WIDTH * (0.3 + rnd() * 0.4);
    const cy = HEIGHT * 0.62;
    const glow = hslToRgb(accent, 0.85, 0.7);
    for (let k = 4; k >= 1; k--) canvas.circle(cx, cy, 150 + k * 55, glow, 0.08);
    canvas.circle(cx, cy, 150, hslToRgb(accent, 0.9, 0.62), 1);
    // Horizon: the lower part of the sun sinks behind a darker band.
    canvas.below(() => HEIGHT * 0.72, hslToRgb(hue, 0.5, 0.22), 1);
    for (let k = 0; k < 4; k++) {
      const y = HEIGHT * 0.72 + 22 + k * 34;
      canvas.rect(cx - 190 + k * 25, y, cx + 190 - k * 25, y + 6, glow, 0.35 - k * 0.07);
    }
  },
  hills(canvas, hue, accent, rnd) {
    canvas.circle(WIDTH * (0.6 + rnd() * 0.25), HEIGHT * 0.28, 70, hslToRgb(accent, 0.85, 0.72), 0.9);
    const layers = 4;
    for (let k = 0; k < layers; k++) {
      const base = HEIGHT * (0.45 + k * 0.13);
      const a1 = 30 + rnd() * 40;
      const a2 = 10 + rnd() * 20;
      const f1 = (0.8 + rnd()) * ((2 * Math.PI) / WIDTH);
      const f2 = (2.5 + rnd() * 2) * ((2 * Math.PI) / WIDTH);
      const p1 = rnd() * Math.PI * 2;
      const p2 = rnd() * Math.PI * 2;
      const color = hslToRgb(k % 2 === 0 ? hue + 20 : accent, 0.45, 0.42 - k * 0.07);
      canvas.below((x) => base + a1 * Math.sin(x * f1 + p1) + a2 * Math.sin(x * f2 + p2), color, 1);
    }
  },
  bars(canvas, hue, accent, rnd) {
    const count = 10 + Math.floor(rnd() * 5);
    const gap = 18;
    const left = 120;
    const width = (WIDTH - 2 * left - gap * (count - 1)) / count;
    const baseline = HEIGHT * 0.82;
    let height = HEIGHT * (0.2 + rnd() * 0.15);
    for (let n = 0; n < count; n++) {
      height = Math.min(HEIGHT * 0.65, Math.max(60, height + (rnd() - 0.35) * 90)); // drifts upward, like a trend
      const x = left + n * (width + gap);
      const color = hslToRgb(n === count - 1 ? accent + 30 : accent, 0.7, 0.55 + (n / count) * 0.15);
      canvas.rect(x, baseline - height, x + width, baseline, color, 0.85);
    }
    canvas.rect(left - 30, baseline, WIDTH - left + 30, baseline + 4, hslToRgb(hue, 0.3, 0.9), 0.8);
  },
  circles(canvas, hue, accent, rnd) {
    const count = 14 + Math.floor(rnd() * 8);
    for (let n = 0; n < count; n++) {
      const r = 20 + rnd() * rnd() * 170;
      const color = hslToRgb(rnd() < 0.75 ? accent : hue + 40, 0.7, 0.5 + rnd() * 0.25);
      const ring = rnd() < 0.3 ? 6 + rnd() * 6 : 0;
      canvas.circle(rnd() * WIDTH, rnd() * HEIGHT, r, color, 0.3 + rnd() * 0.45, ring);
    }
  },
};

/** A 1200x675 PNG for an article's cover: a gradient of `hue` with the motif drawn in `accent`. */
export function coverPng(cover: Cover, seed: number): Buffer {
  const canvas = new Canvas();
  canvas.gradient(hslToRgb(cover.hue, 0.55, 0.24), hslToRgb(cover.hue + 35, 0.6, 0.48));
  MOTIFS[cover.motif](canvas, cover.hue, cover.accent, random(seed));
  const png = new PNG({ width: WIDTH, height: HEIGHT, colorType: 2, inputHasAlpha: false });
  png.data = canvas.data;
  // No row filter and zlib's default strategy (pngjs defaults to run-length only): the shifted
  // gradient rows then deflate as long back-references, about 30-75 KB a cover.
  return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, filterType: 0, deflateLevel: 6, deflateStrategy: 0 });
}
