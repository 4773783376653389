// Captcha images (generateRandomValidate), drawn and encoded as PNG by @napi-rs/canvas (Skia) with
// fonts from @fontsource packages, so that a short OCR script does not read them (ADR 0012).
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
// Types only: the module itself is imported on the first captcha (loadCaptchaCanvas).
import type * as CanvasModule from '@napi-rs/canvas';

/** Characters the fonts below make alike (0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V) are left out. */
export const CAPTCHA_ALPHABET = '234679ACDEFHJKMNPRTUWXY';

const WIDTH = 144;
const HEIGHT = 48;

/** A number in [0, 1); tests pass a seeded one so that their samples are the same on every run. */
export type CaptchaRandom = () => number;

const secureRandom: CaptchaRandom = () => randomInt(2 ** 47) / 2 ** 47;

export function randomCaptchaText(length = 4, random: CaptchaRandom = secureRandom): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[Math.floor(random() * CAPTCHA_ALPHABET.length)]).join(
    '',
  );
}

/**
 * The form in which an answer is compared: no spaces, upper case, and Z read as 2 — the
 * handwritten font's 2 looks like a Z, and Z is not in the alphabet.
 */
export function captchaAnswer(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase().replace(/Z/g, '2');
}

// Several families and styles, one picked per character; each is one Latin file of its package.
const FONTS = [
  ['Captcha Sans', '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff2'],
  ['Captcha Sans Italic', '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-italic.woff2'],
  ['Captcha Serif', '@fontsource/dejavu-serif/files/dejavu-serif-latin-700-normal.woff2'],
  ['Captcha Hand', '@fontsource/kalam/files/kalam-latin-700-normal.woff2'],
  ['Captcha Slab', '@fontsource/roboto-slab/files/roboto-slab-latin-800-normal.woff2'],
  ['Captcha Mono', '@fontsource/courier-prime/files/courier-prime-latin-700-normal.woff2'],
] as const;

type Canvas = typeof CanvasModule;

/** This server cannot draw captchas: a package is missing (the message says which). */
export class CaptchaUnavailableError extends Error {}

let canvasModule: Promise<Canvas> | undefined;

/**
 * The drawing library and its fonts, loaded on the first captcha: an idle server that never shows
 * one does not carry Skia. A missing native package or font file fails with what to install.
 */
export function loadCaptchaCanvas(): Promise<Canvas> {
  canvasModule ??= (async () => {
    // Without this the module scans every system font at import (the CJK ones too): 15 MB more
    // resident for fonts a captcha never uses. Set only while the module loads.
    const systemFonts = process.env.DISABLE_SYSTEM_FONTS_LOAD;
    process.env.DISABLE_SYSTEM_FONTS_LOAD = '1';
    let canvas: Canvas;
    try {
      canvas = await import('@napi-rs/canvas');
    } finally {
      if (systemFonts === undefined) delete process.env.DISABLE_SYSTEM_FONTS_LOAD;
      else process.env.DISABLE_SYSTEM_FONTS_LOAD = systemFonts;
    }
    const require = createRequire(import.meta.url);
    for (const [family, file] of FONTS) {
      if (!canvas.GlobalFonts.registerFromPath(require.resolve(file), family))
        throw new Error(`cannot load the font ${file}`);
    }
    return canvas;
  })().catch((cause: unknown) => {
    canvasModule = undefined;
    throw new CaptchaUnavailableError(
      `Captcha images need the npm packages @napi-rs/canvas (with its native package for ` +
        `${process.platform}-${process.arch}) and the @fontsource fonts of @srm/platform; ` +
        `run npm ci without --omit=optional (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    );
  });
  return canvasModule;
}

let drawingSurfaces: Promise<Record<'glyphs' | 'rows' | 'picture', CanvasModule.Canvas>> | undefined;

/**
 * Three canvases made once and drawn over for every captcha: Skia's memory behind a canvas is not
 * counted in V8's heap, so canvases made per captcha piled up until a collection came (an idle
 * server grew from 100 to 245 MB over 600 captchas). A drawing runs without a pause between its
 * first and last line, so one captcha never draws into another's canvases.
 */
function surfaces() {
  drawingSurfaces ??= loadCaptchaCanvas().then(
    ({ createCanvas }) => ({
      glyphs: createCanvas(WIDTH, HEIGHT),
      rows: createCanvas(WIDTH, HEIGHT),
      picture: createCanvas(WIDTH, HEIGHT),
    }),
    (error: unknown) => {
      drawingSurfaces = undefined;
      throw error;
    },
  );
  return drawingSurfaces;
}

/** A 144×48 PNG of the text. */
export async function drawCaptcha(text: string, random: CaptchaRandom = secureRandom): Promise<Buffer> {
  const { glyphs, rows, picture } = await surfaces();
  const between = (min: number, max: number) => min + random() * (max - min);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const hue = Math.floor(random() * 360);
  // Dark, saturated and away from the background's hue, so a person sees the glyphs at once.
  const ink = () =>
    `hsl(${Math.round(hue + between(120, 240)) % 360}, ${between(55, 90)}%, ${between(22, 38)}%)`;

  // The glyphs go on a canvas of their own first, to be warped onto the picture below.
  const g = glyphs.getContext('2d');
  g.clearRect(0, 0, WIDTH, HEIGHT);
  const chars = [...text].map((char) => {
    const [family] = pick(FONTS);
    g.font = `40px "${family}"`;
    const box = g.measureText(char);
    const height = box.actualBoundingBoxAscent + box.actualBoundingBoxDescent || 40;
    // Each glyph gets its own height whatever its font's proportions.
    const scale = between(23, 31) / height;
    const width = (box.actualBoundingBoxLeft + box.actualBoundingBoxRight) * scale;
    return { char, family, box, scale, width };
  });
  // Spread over a span a bit narrower than the picture, so that wide glyphs touch or overlap.
  const span = between(104, 120);
  const gap = (span - chars.reduce((sum, c) => sum + c.width, 0)) / Math.max(1, chars.length - 1);
  let left = (WIDTH - span) / 2 + between(-3, 3);
  for (const c of chars) {
    g.save();
    g.translate(left + c.width / 2, HEIGHT / 2 + between(-5, 5));
    left += c.width + gap + between(-1.5, 1.5);
    g.rotate(between(-0.6, 0.6));
    g.transform(1, 0, between(-0.25, 0.25), 1, 0, 0);
    g.scale(c.scale * between(0.9, 1.1), c.scale);
    g.font = `40px "${c.family}"`;
    g.fillStyle = ink();
    // Drawn so that the middle of the glyph's own box is at the origin.
    g.fillText(
      c.char,
      (c.box.actualBoundingBoxLeft - c.box.actualBoundingBoxRight) / 2,
      (c.box.actualBoundingBoxAscent - c.box.actualBoundingBoxDescent) / 2,
    );
    g.restore();
  }

  const ctx = picture.getContext('2d');
  const background = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
  background.addColorStop(0, `hsl(${hue}, 60%, ${between(88, 96)}%)`);
  background.addColorStop(1, `hsl(${(hue + 60) % 360}, 60%, ${between(88, 96)}%)`);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  for (let i = 0; i < 3; i++) {
    ctx.beginPath();
    ctx.moveTo(between(0, 20), between(6, HEIGHT - 6));
    ctx.bezierCurveTo(
      between(30, 60),
      between(-10, HEIGHT + 10),
      between(80, 110),
      between(-10, HEIGHT + 10),
      between(WIDTH - 20, WIDTH),
      between(6, HEIGHT - 6),
    );
    ctx.strokeStyle = `hsl(${Math.floor(random() * 360)}, 50%, ${between(65, 85)}%)`;
    ctx.lineWidth = between(1, 2.5);
    ctx.stroke();
  }

  // Warp: rows slide sideways along one sine wave, then columns up and down along another.
  const r = rows.getContext('2d');
  r.clearRect(0, 0, WIDTH, HEIGHT);
  const [rowShift, rowPeriod, rowPhase] = [between(1, 3), between(30, 60), between(0, 2 * Math.PI)];
  for (let y = 0; y < HEIGHT; y++) {
    const dx = rowShift * Math.sin((y / rowPeriod) * 2 * Math.PI + rowPhase);
    r.drawImage(glyphs, 0, y, WIDTH, 1, dx, y, WIDTH, 1);
  }
  const [colShift, colPeriod, colPhase] = [between(1.5, 3), between(40, 80), between(0, 2 * Math.PI)];
  for (let x = 0; x < WIDTH; x++) {
    const dy = colShift * Math.sin((x / colPeriod) * 2 * Math.PI + colPhase);
    ctx.drawImage(rows, x, 0, 1, HEIGHT, x, dy, 1, HEIGHT);
  }

  // A dark wave as thick as a stroke, crossing the glyphs up and down: what OCR stumbles on most.
  const middle = between(16, HEIGHT - 16);
  const [amplitude, cycles, phase, tilt] = [
    between(5, 11),
    between(1.2, 2.4),
    between(0, 2 * Math.PI),
    between(-0.15, 0.15),
  ];
  ctx.beginPath();
  for (let x = between(-4, 12), end = WIDTH - between(0, 12); x <= end; x += 2)
    ctx.lineTo(
      x,
      middle + tilt * (x - WIDTH / 2) + amplitude * Math.sin((x / WIDTH) * cycles * 2 * Math.PI + phase),
    );
  ctx.strokeStyle = ink();
  ctx.lineWidth = between(1.6, 2.4);
  ctx.stroke();

  for (let i = 0; i < 60; i++) {
    ctx.fillStyle = `hsla(${Math.floor(random() * 360)}, 60%, ${between(30, 80)}%, 0.8)`;
    ctx.beginPath();
    ctx.arc(between(0, WIDTH), between(0, HEIGHT), between(0.5, 1.5), 0, 2 * Math.PI);
    ctx.fill();
  }
  return picture.toBuffer('image/png');
}
