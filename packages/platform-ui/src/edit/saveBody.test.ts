import { describe, expect, it } from 'vitest';
import { type EntityDef, date, defineEntity, lookupType, number, ref, text } from '@srm/kernel';
import { broughtBy, copyLine, defaultValues, issueName, numberedLine, saveBody } from './saveBody';

describe('a save body', () => {
  const stored = {
    lookupTypeId: 7,
    versionNum: 3,
    lookupType: 'BASE_COUNTRY',
    meaning: '国家',
    creationDate: 1,
    lastUpdatedBy: 2,
    values: [
      { lookupValuesId: 11, lookupTypeId: 7, lookupType: 'BASE_COUNTRY', lookupCode: 'CN', meaning: '中国' },
    ],
  };

  it('sends the writable fields, the key and the version, never audit or server fields', () => {
    const body = saveBody(lookupType, { ...stored, meaning: '国家/地区' }, stored);
    expect(body).toMatchObject({
      lookupTypeId: 7,
      versionNum: 3,
      meaning: '国家/地区',
      lookupType: 'BASE_COUNTRY',
    });
    expect(body).not.toHaveProperty('creationDate');
    expect(body).not.toHaveProperty('lastUpdatedBy');
  });

  it('sends lines with their keys and without the header link or computed fields', () => {
    const body = saveBody(
      lookupType,
      { ...stored, values: [...stored.values, { lookupCode: 'US', meaning: '美国' }] },
      stored,
    );
    expect(body.values).toEqual([
      { lookupValuesId: 11, lookupCode: 'CN', meaning: '中国' },
      { lookupCode: 'US', meaning: '美国' },
    ]);
  });

  it('creates without key or version, and leaves out fields not writable now', () => {
    const body = saveBody(
      lookupType,
      { lookupType: 'X', meaning: 'x', systemCode: 'BASE' },
      null,
      (name) => name !== 'systemCode',
    );
    expect(body).toEqual({ lookupType: 'X', meaning: 'x' });
  });

  it('sends a field that no longer applies to the values on screen empty, whatever was typed into it', () => {
    const request = defineEntity('uiAppliesWhen', {
      area: 'test',
      key: 'probeId',
      fields: {
        kind: text({ max: 10 }),
        setName: text({ max: 20, appliesWhen: (row) => row.kind === 'SET' }),
      },
      list: { columns: ['kind'] },
    }) as unknown as EntityDef;
    // Typed while the row was a set, then the row became a single program: the form hid the field.
    expect(saveBody(request, { kind: 'PROGRAM', setName: '夜间整理' }, null)).toEqual({
      kind: 'PROGRAM',
      setName: null,
    });
    expect(saveBody(request, { kind: 'SET', setName: '夜间整理' }, null)).toEqual({
      kind: 'SET',
      setName: '夜间整理',
    });
  });

  it('copies a line without its identity', () => {
    expect(copyLine(lookupType.lines.values!, stored.values[0]!)).toEqual({
      lookupCode: 'CN',
      meaning: '中国',
    });
  });

  it('starts a new row with the defaults of the definition', () => {
    expect(defaultValues(lookupType)).toEqual({ systemCode: 'BASE', enabledFlag: 'Y' });
  });

  it('starts a new document with the typing person’s name and the company’s today', () => {
    const order = defineEntity('uiProfileDefaults', {
      area: 'test',
      key: 'probeId',
      fields: {
        buyerName: text({ max: 60, profileDefault: 'userFullName' }),
        orderDate: date({ required: true, profileDefault: 'today' }),
        remark: text({ max: 60, default: '无' }),
      },
      list: { columns: ['buyerName'] },
    }) as unknown as EntityDef;
    // 2026-11-27 20:30 UTC is the 28th in Shanghai.
    const now = Date.UTC(2026, 10, 27, 20, 30);
    expect(defaultValues(order, { userFullName: '张伟', timeZone: 'Asia/Shanghai', now })).toEqual({
      buyerName: '张伟',
      orderDate: '2026-11-28',
      remark: '无',
    });
    expect(defaultValues(order, { timeZone: 'UTC', now })).toEqual({ orderDate: '2026-11-27', remark: '无' });
    expect(defaultValues(order)).toEqual({ remark: '无' });
  });

  it('numbers a new line after the highest line so far, by the field’s step', () => {
    const line = (step: number) =>
      defineEntity(`uiNumberedLine${step}`, {
        area: 'test',
        key: 'lineId',
        fields: { lineNum: number({ required: true, min: 1, sequence: { step } }), note: text({ max: 20 }) },
        list: { columns: ['lineNum'] },
      }) as unknown as EntityDef;
    expect(numberedLine(line(1), [], { note: 'a' })).toEqual({ note: 'a', lineNum: 1 });
    // Gaps and order do not matter: the highest number counts (a copy gets a new one).
    expect(numberedLine(line(1), [{ lineNum: 3 }, { lineNum: 1 }], { lineNum: 3 })).toEqual({ lineNum: 4 });
    expect(numberedLine(line(10), [{ lineNum: 10 }, { lineNum: 20 }, {}], {})).toEqual({ lineNum: 30 });
    expect(numberedLine(lookupType, [{ lineNum: 5 }], { meaning: 'x' })).toEqual({ meaning: 'x' });
  });

  it('maps API issue paths to form names', () => {
    expect(issueName('values.3.lookupCode')).toEqual(['values', 3, 'lookupCode']);
    expect(issueName('meaning')).toEqual(['meaning']);
    expect(issueName('')).toEqual([]);
  });
});

describe('a picked reference', () => {
  const receipt = defineEntity('testBroughtReceipt', {
    area: 'test',
    key: 'receiptId',
    fields: {
      noteId: ref('testBroughtNote', {
        display: 'noteNumber',
        displayAs: 'noteNumber',
        brings: ['supplierId', 'orgId'],
      }),
      supplierId: ref('testSupplier', { readonly: true, display: 'supplierName' }),
      orgId: ref('testOrg', { readonly: true, display: 'orgName' }),
      remark: text(),
    },
  });
  const note = {
    noteId: 5,
    noteNumber: 'ASN1',
    supplierId: 3,
    supplierName: '恒达',
    orgId: 9,
    orgName: '华东工厂',
    remark: 'x',
  };

  it('brings the fields it names with their display values, and nothing else', () => {
    expect(broughtBy(receipt, 'noteId', note)).toEqual({
      supplierId: 3,
      supplierName: '恒达',
      orgId: 9,
      orgName: '华东工厂',
    });
  });

  it('empties them when cleared; a reference without brings brings nothing', () => {
    expect(broughtBy(receipt, 'noteId', null)).toEqual({
      supplierId: null,
      supplierName: null,
      orgId: null,
      orgName: null,
    });
    expect(broughtBy(receipt, 'supplierId', note)).toEqual({});
  });
});
