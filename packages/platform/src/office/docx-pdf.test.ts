// Filled contracts as PDFs: the Chinese text comes through LibreOffice intact (read back with
// pdftotext), conversions run side by side, and one that hangs is stopped at its timeout with
// its children and reported. The conversion tests need LibreOffice and poppler-utils
// (`bash scripts/ensure-system-deps.sh` installs them).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { chineseCapitals } from '@srm/kernel';
import { OfficeDocumentError, findOffice } from '../files/office';
import { contractTemplate } from './docx-fixture.testing';
import { docxToPdf } from './docx-pdf';
import { fillDocxTemplate } from './docx-template';

const configuredOffice = process.env.SRM_SOFFICE;
const officeInstalled = findOffice() !== null;

afterEach(() => {
  if (configuredOffice === undefined) delete process.env.SRM_SOFFICE;
  else process.env.SRM_SOFFICE = configuredOffice;
});

/** The text of a PDF as pdftotext reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'srm-pdftotext-'));
  try {
    await writeFile(join(dir, 'contract.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', join(dir, 'contract.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function contract(contractNumber: string, total: string) {
  return fillDocxTemplate(contractTemplate(), {
    contractNumber,
    buyerName: '苏州精密机械有限公司',
    supplierName: '无锡五金制品厂',
    signDate: '2026-03-02',
    items: [
      {
        lineNo: 1,
        itemCode: '02030001',
        itemName: '六角螺栓',
        quantity: 1000,
        unit: '个',
        price: '1.23456',
        amount: total,
        needByDate: '2026-04-01',
      },
    ],
    totalAmount: total,
    totalAmountInWords: chineseCapitals(total),
    warranty: true,
    warrantyMonths: 12,
  });
}

// LibreOffice and pdftotext are installed by scripts/ensure-system-deps.sh (npm test runs it):
// without them these fail, they are not skipped (issue 20). No database is involved: CI's second
// pass on PostgreSQL (DATABASE_URL set) leaves these 30-odd seconds of conversions out.
const onPostgres = !!process.env.DATABASE_URL;
describe.skipIf(onPostgres)('contracts converted by LibreOffice', () => {
  it('converts a filled contract to a PDF whose Chinese text reads back intact', async () => {
    expect(officeInstalled, 'LibreOffice is installed (scripts/ensure-system-deps.sh)').toBe(true);
    expect(existsSync('/usr/bin/pdftotext'), 'pdftotext is installed (poppler-utils)').toBe(true);
    const pdf = await docxToPdf(await contract('HT-2026-0042', '1234.56'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('甲方');
    expect(text).toContain('苏州精密机械有限公司');
    expect(text).toContain('壹仟贰佰叁拾肆元伍角陆分');
    expect(text).toContain('六角螺栓');
    expect(text).toContain('HT-2026-0042');
  });

  it('converts four contracts at once, each to its own PDF', async () => {
    const numbers = ['HT-A-0001', 'HT-B-0002', 'HT-C-0003', 'HT-D-0004'];
    const documents = await Promise.all(
      numbers.map((number, index) => contract(number, `${index + 1}00.00`)),
    );
    const texts = await Promise.all(documents.map(async (document) => pdfText(await docxToPdf(document))));
    texts.forEach((text, index) => {
      expect(text).toContain(numbers[index]);
      expect(text).toContain(chineseCapitals(`${index + 1}00`));
    });
  }, 120_000);
});

/**
 * A converter that never finishes: a script (and a child of it) that record their pids and sleep,
 * to see that a conversion is stopped, with its children, after its time.
 */
async function hangingConverter() {
  const dir = await mkdtemp(join(tmpdir(), 'srm-fake-office-'));
  const path = join(dir, 'soffice');
  const pidFile = join(dir, 'pids');
  await writeFile(path, `#!/bin/sh\necho $$ >> '${pidFile}'\nsleep 300 &\necho $! >> '${pidFile}'\nwait\n`);
  await chmod(path, 0o755);
  return {
    path,
    pids: () =>
      existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [],
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Whether a process still runs (a zombie waiting for its parent to reap it does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A converter that takes half a second and writes a stand-in PDF into its --outdir, logging when
 * each conversion starts and ends (nanoseconds), to see how many run at once.
 */
async function slowConverter() {
  const dir = await mkdtemp(join(tmpdir(), 'srm-fake-office-'));
  const path = join(dir, 'soffice');
  const log = join(dir, 'log');
  await writeFile(
    path,
    [
      '#!/bin/sh',
      'out=""; previous=""',
      'for arg in "$@"; do [ "$previous" = "--outdir" ] && out="$arg"; previous="$arg"; done',
      `echo "start $(date +%s%N)" >> '${log}'`,
      'sleep 0.5',
      `printf '%%PDF-1.4 stand-in' > "$out/document.pdf"`,
      `echo "end $(date +%s%N)" >> '${log}'`,
      '',
    ].join('\n'),
  );
  await chmod(path, 0o755);
  /** The most conversions that ran at the same time. */
  const mostAtOnce = () => {
    let running = 0;
    let most = 0;
    const events = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const [kind, at] = line.split(' ');
        // An end at the same nanosecond as a start counts first.
        return [kind, BigInt(at!) * 2n + (kind === 'start' ? 1n : 0n)] as const;
      })
      .sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [kind] of events) {
      running += kind === 'start' ? 1 : -1;
      most = Math.max(most, running);
    }
    return { most, conversions: events.length / 2 };
  };
  return { path, mostAtOnce, remove: () => rm(dir, { recursive: true, force: true }) };
}

describe.skipIf(onPostgres)('contract conversions side by side', () => {
  it('run as many at once as the machine has cores, and no more', async () => {
    const slots = Number(process.env.SRM_OFFICE_DOCUMENT_CONVERSIONS) || availableParallelism();
    const converter = await slowConverter();
    process.env.SRM_SOFFICE = converter.path;
    try {
      const document = await contract('HT-POOL-0001', '10.00');
      const count = slots + 2;
      const pdfs = await Promise.all(Array.from({ length: count }, () => docxToPdf(document)));
      expect(pdfs.map((pdf) => pdf.toString())).toEqual(Array(count).fill('%PDF-1.4 stand-in'));
      expect(converter.mostAtOnce()).toEqual({ most: slots, conversions: count });
    } finally {
      await converter.remove();
    }
  });
});

describe.skipIf(onPostgres)('a contract conversion that goes wrong', () => {
  it('is stopped at its timeout, with its children, and reported as conversion_timeout', async () => {
    const converter = await hangingConverter();
    process.env.SRM_SOFFICE = converter.path;
    try {
      const document = await contract('HT-HANG-0001', '10.00');
      const started = Date.now();
      const error = await docxToPdf(document, { timeoutMs: 1500 }).catch((caught: unknown) => caught);
      const seconds = (Date.now() - started) / 1000;
      expect(error).toBeInstanceOf(OfficeDocumentError);
      expect(error).toMatchObject({ code: 'conversion_timeout', params: { seconds: 2 } });
      expect(seconds).toBeGreaterThanOrEqual(1.4);
      expect(seconds).toBeLessThan(10);
      const pids = converter.pids();
      expect(pids).toHaveLength(2);
      // A killed process may take a moment to go.
      const deadline = Date.now() + 3000;
      while (pids.some(alive) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pids.filter(alive)).toEqual([]);
    } finally {
      await converter.remove();
    }
  });

  it('is refused as office_unavailable when LibreOffice is not installed', async () => {
    process.env.SRM_SOFFICE = '/nonexistent/libreoffice/soffice';
    await expect(docxToPdf(await contract('HT-NONE-0001', '10.00'))).rejects.toMatchObject({
      code: 'office_unavailable',
    });
  });

  it('is refused as conversion_failed when the document is broken', async () => {
    const converter = await hangingConverter();
    // The real converter when there is one: the zip check refuses the bytes before it starts.
    if (!officeInstalled) process.env.SRM_SOFFICE = converter.path;
    try {
      await expect(docxToPdf(Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toMatchObject({
        code: 'conversion_failed',
      });
    } finally {
      await converter.remove();
    }
  });
});
