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

/**
 * A standard round organisation seal (公章) as a PNG with a transparent background: a red ring,
 * the name along the upper arc read left to right, a five-pointed star in the middle and, when
 * given, a line below it (合同专用章). For an account without an uploaded seal picture.
 */
export async function drawOrganisationSeal(name: string, below = ''): Promise<Uint8Array> {
  const { createCanvas } = await loadCanvas();
  const size = 480;
  const centre = size / 2;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  const red = '#d21f1f';
  context.strokeStyle = red;
  context.fillStyle = red;
  context.lineWidth = 16;
  context.beginPath();
  context.arc(centre, centre, centre - 12, 0, Math.PI * 2);
  context.stroke();
  // The star.
  context.beginPath();
  for (let point = 0; point < 10; point++) {
    const radius = point % 2 === 0 ? 70 : 28;
    const angle = -Math.PI / 2 + (point * Math.PI) / 5;
    context.lineTo(centre + radius * Math.cos(angle), centre + radius * Math.sin(angle));
  }
  context.closePath();
  context.fill();
  // The name on an arc of up to 240°, centred on the top, each character upright to the ring.
  const characters = [...name.trim()].slice(0, 24);
  if (characters.length) {
    const glyph = Math.min(56, Math.max(28, 560 / characters.length));
    context.font = `${glyph}px "${FAMILY}"`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    const radius = centre - 30 - glyph / 2;
    const sweep = Math.min((240 * Math.PI) / 180, (characters.length * glyph * 1.05) / radius);
    const step = characters.length > 1 ? sweep / (characters.length - 1) : 0;
    characters.forEach((character, index) => {
      const angle = -Math.PI / 2 - sweep / 2 + index * step;
      context.save();
      context.translate(centre + radius * Math.cos(angle), centre + radius * Math.sin(angle));
      context.rotate(angle + Math.PI / 2);
      context.fillText(character, 0, 0);
      context.restore();
    });
  }
  if (below) {
    context.font = `40px "${FAMILY}"`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(below, centre, centre + 120, size * 0.55);
  }
  return new Uint8Array(await canvas.encode('png'));
}

/**
 * A square personal name seal (私章) as a PNG with a transparent background: a red frame and the
 * name read in columns from right to left, top to bottom, with 之印 or 印 added to fill the square
 * (张伟 → 张伟之印, 王小明 → 王小明印). For a person account without an uploaded signature picture.
 */
export async function drawPersonalSeal(name: string): Promise<Uint8Array> {
  const { createCanvas } = await loadCanvas();
  const size = 360;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  const red = '#d21f1f';
  context.strokeStyle = red;
  context.fillStyle = red;
  context.lineWidth = 18;
  context.strokeRect(12, 12, size - 24, size - 24);
  const given = [...name.trim()].slice(0, 8);
  const characters =
    given.length === 2 ? [...given, '之', '印'] : given.length === 3 ? [...given, '印'] : given;
  if (!characters.length) return new Uint8Array(await canvas.encode('png'));
  // Two columns (one for a single character), filled right to left.
  const columns = characters.length === 1 ? 1 : 2;
  const rows = Math.ceil(characters.length / columns);
  const inner = size - 60;
  const cellWidth = inner / columns;
  const cellHeight = inner / rows;
  context.font = `${Math.floor(Math.min(cellWidth, cellHeight) * 0.92)}px "${FAMILY}"`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  characters.forEach((character, index) => {
    const column = columns - 1 - Math.floor(index / rows);
    const row = index % rows;
    context.fillText(character, 30 + cellWidth * (column + 0.5), 30 + cellHeight * (row + 0.5));
  });
  return new Uint8Array(await canvas.encode('png'));
}
