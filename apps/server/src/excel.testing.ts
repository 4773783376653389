// Helpers of the Excel tests: binary POSTs as a test actor, reading a workbook back with exceljs,
// and a policy that refuses the resource codes an actor lists as `denied`.
import ExcelJS from 'exceljs';
import type { AccessPolicy, Actor } from '@srm/platform';
import { TEST_ACTOR_HEADER, testActorPolicy } from '@srm/platform/testing';

/** The test header policy, except that an actor's `denied` resource codes are refused. */
export const denyingPolicy: AccessPolicy = {
  ...testActorPolicy,
  allows: (actor: Actor, code: string) =>
    !((actor as Actor & { denied?: string[] }).denied ?? []).includes(code),
};

export interface FileAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The JSON envelope when the answer is not a file. */
  json: { status: string; msg: string; data: unknown } | null;
}

export async function postFile(
  url: string,
  body: unknown,
  actor?: Record<string, unknown>,
  language?: 'CN' | 'EN',
): Promise<FileAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(actor ? { [TEST_ACTOR_HEADER]: JSON.stringify(actor) } : {}),
      ...(language ? { 'SAAF-Language': language } : {}),
    },
    body: JSON.stringify(body),
  });
  const buffer = Buffer.from(await response.arrayBuffer());
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    headers: response.headers,
    body: buffer,
    json: isJson ? (JSON.parse(buffer.toString('utf8')) as FileAnswer['json']) : null,
  };
}

export async function upload(
  url: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer } | null,
  actor?: Record<string, unknown>,
  language?: 'CN' | 'EN',
): Promise<{ status: number; body: { status: string; msg: string; data: Record<string, unknown> | null } }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.content]), file.name);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      ...(actor ? { [TEST_ACTOR_HEADER]: JSON.stringify(actor) } : {}),
      ...(language ? { 'SAAF-Language': language } : {}),
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** A workbook read back with exceljs (the whole file: test files are small). */
export async function readWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook;
}

/** Cell values of a sheet's rows from `from` on (1-based), as arrays starting at column 1. */
export function rowsOf(sheet: ExcelJS.Worksheet, from = 1): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number >= from) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
