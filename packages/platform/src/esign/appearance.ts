// What a visible signature shows: the seal image with the signer's name and the signing time
// beside it, drawn as one picture by @napi-rs/canvas (Skia) with the system's CJK font, because the
// PDF library embeds neither font collections (.ttc) nor CJK text in an appearance stream.
import { createRequire } from 'node:module';
import type * as CanvasModule from '@napi-rs/canvas';
import { cjkFont } from '../pdf/document';

/** Pixels per point: about 290 dpi, sharp in print at the size of a seal. */
const SCALE = 4;
const FAMILY = 'Esign Seal';
/** Used when no CJK font is installed: Latin text still shows, CJK text does not. */
const LATIN_FALLBACK = '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2';

type Canvas = typeof CanvasModule;
let canvasModule: Promise<Canvas> | undefined;

/** The drawing library and the font, loaded with the first visible signature. */
function loadCanvas(): Promise<Canvas> {
  canvasModule ??= (async () => {
    // Skip the scan of every system font at import; the one font needed is registered below.
    const systemFonts = process.env.DISABLE_SYSTEM_FONTS_LOAD;
    process.env.DISABLE_SYSTEM_FONTS_LOAD = '1';
    let canvas: Canvas;
    try {
      canvas = await import('@napi-rs/canvas');
    } finally {
      if (systemFonts === undefined) delete process.env.DISABLE_SYSTEM_FONTS_LOAD;
      else process.env.DISABLE_SYSTEM_FONTS_LOAD = systemFonts;
    }
    const font = cjkFont()?.path ?? createRequire(import.meta.url).resolve(LATIN_FALLBACK);
    if (!canvas.GlobalFonts.registerFromPath(font, FAMILY)) throw new Error(`cannot load the font ${font}`);
    return canvas;
  })().catch((error: unknown) => {
    canvasModule = undefined;
    throw error;
  });
  return canvasModule;
}

export interface AppearanceInput {
  /** The widget's size in points. */
  readonly width: number;
  readonly height: number;
  /** PNG of the seal; without one the text takes the whole box. */
  readonly seal?: Uint8Array;
  /** Text lines beside the seal: the signer's name, then the time. */
  readonly lines: readonly string[];
}

/** Pixels, row by row from the top: RGB, and the alpha apart (a PDF image and its soft mask). */
export interface Picture {
  readonly width: number;
  readonly height: number;
  readonly rgb: Uint8Array;
  readonly alpha: Uint8Array;
}

/**
 * The appearance of `width × height` points, at SCALE pixels a point. Raw pixels, not a PNG:
 * the PDF library would inflate a PNG and deflate it again in JavaScript, the slowest part of
 * a signature; the signer compresses the pixels once with zlib.
 */
export async function drawAppearance(input: AppearanceInput): Promise<Picture> {
  const { createCanvas, loadImage } = await loadCanvas();
  const width = Math.max(1, Math.round(input.width * SCALE));
  const height = Math.max(1, Math.round(input.height * SCALE));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  let textLeft = 0;
  if (input.seal) {
    const image = await loadImage(Buffer.from(input.seal));
    // The seal keeps its proportions in a square at the left, as tall as the box.
    const box = Math.min(height, width / 2);
    const fit = Math.min(box / image.width, box / image.height);
    const drawnWidth = image.width * fit;
    const drawnHeight = image.height * fit;
    context.drawImage(image, (box - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight);
    textLeft = box + height * 0.08;
  }
  const textWidth = width - textLeft - height * 0.04;
  if (textWidth > 0 && input.lines.length > 0) {
    // The largest size at which every line fits, at most a quarter of the box's height.
    let size = height / Math.max(4, input.lines.length * 1.5);
    const widest = () => Math.max(...input.lines.map((line) => context.measureText(line).width));
    context.font = `${size}px "${FAMILY}"`;
    if (widest() > textWidth) {
      size *= textWidth / widest();
      context.font = `${size}px "${FAMILY}"`;
    }
    context.fillStyle = '#1a1a1a';
    context.textBaseline = 'middle';
    const lineHeight = size * 1.3;
    const top = (height - lineHeight * input.lines.length) / 2 + lineHeight / 2;
    input.lines.forEach((line, index) => context.fillText(line, textLeft, top + index * lineHeight));
  }
  const { data } = context.getImageData(0, 0, width, height);
  const rgb = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  for (let pixel = 0; pixel < width * height; pixel++) {
    rgb[pixel * 3] = data[pixel * 4]!;
    rgb[pixel * 3 + 1] = data[pixel * 4 + 1]!;
    rgb[pixel * 3 + 2] = data[pixel * 4 + 2]!;
    alpha[pixel] = data[pixel * 4 + 3]!;
  }
  return { width, height, rgb, alpha };
}
