// Shared E2E helpers: console-error capture, CJK rendering check, screenshots as artifacts.
import type { Page } from '@playwright/test';

export const artifactDir = new URL('../artifacts/', import.meta.url).pathname;

/** Collects console errors and page errors for the whole test. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * True when the browser draws the Chinese character with a real glyph: a missing font draws
 * the same "tofu" box for every unknown character, so '采' and '购' would come out identical.
 */
export async function rendersChinese(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const draw = (text: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 40;
      const context = canvas.getContext('2d')!;
      context.font = '32px sans-serif';
      context.fillText(text, 2, 32);
      return Array.from(context.getImageData(0, 0, 40, 40).data).join(',');
    };
    const a = draw('采');
    const b = draw('购');
    const blank = draw(' ');
    return a !== b && a !== blank && b !== blank;
  });
}

export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifactDir}${name}.png`, fullPage: true });
}
