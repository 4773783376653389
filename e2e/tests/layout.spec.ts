// The workspace's scroll area at 1440×900: a long document scrolled down keeps its header (number,
// status, actions) at the very top of the tab's area, with nothing of the scrolled content showing
// above it.
import { expect } from '@playwright/test';
import { activePane, keepScreenshot, openFromMenu, signIn, test } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('a long document scrolled down: its header stays at the top, nothing shows above it', async ({
  page,
}) => {
  const pane = activePane(page);
  await signIn(page, 'buyer');
  await openFromMenu(page, '采购订单');
  const first = pane.locator('.ant-table-row').first();
  await expect(first).toBeVisible();
  await first.getByRole('link').first().click();
  // The header card (the number, status and actions), not a card of the body.
  const header = pane.locator('.ant-card:has(> .ant-card-body [data-testid="document-number"])');
  await expect(header).toBeVisible();
  // Long enough to scroll (header, cards of fields, lines, approval history, log).
  await expect
    .poll(() => pane.evaluate((area) => area.scrollHeight - area.clientHeight))
    .toBeGreaterThan(400);

  await pane.evaluate((area) => area.scrollTo({ top: area.scrollHeight }));
  await expect.poll(() => pane.evaluate((area) => area.scrollTop)).toBeGreaterThan(400);
  const area = (await pane.boundingBox())!;
  const head = (await header.boundingBox())!;
  expect(Math.round(head.y)).toBe(Math.round(area.y));
  // What the top row of pixels of the tab's area shows belongs to the header, across its width.
  const onTop = await page.evaluate(
    ({ y, xs }) =>
      xs.map(
        (x) =>
          !!document
            .elementFromPoint(x, y)
            ?.closest('.ant-card')
            ?.querySelector('[data-testid="document-number"]'),
      ),
    { y: area.y + 1, xs: [head.x + 12, head.x + head.width / 2, head.x + head.width - 12] },
  );
  expect(onTop).toEqual([true, true, true]);
  await keepScreenshot(page, 'document-scrolled-header');
});
