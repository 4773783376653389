// The import template of an entity, derived from its definition: one column per field the
// caller may import (header = the label in the caller's language, * for required), a hidden
// sheet mapping columns to fields, drop-down lists of the lookups' meanings (from a hidden
// sheet), text columns kept as text, and an instructions sheet. A document imported with its
// lines (`importLines`) has one row per line: its document number, the header's columns, then
// the line's.
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import { type EntityDef, type LookupField, entityTitle, translate, type MessageParams } from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import { type ImportField, columnLabel, headerOf, importColumns, importedLines } from './import-fields';
import { LookupMeanings } from './lookups';
import { sheetNameOf } from './request';

export const FIELDS_SHEET = '_fields';
export const LISTS_SHEET = '_lists';
/** Rows of the data sheet given drop-downs and formats. */
const TEMPLATE_ROWS = 5000;

/** The sheet's range validations (exceljs has them; its type declarations do not). */
function validations(sheet: ExcelJS.Worksheet): { add(range: string, rule: ExcelJS.DataValidation): void } {
  return (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } })
    .dataValidations;
}
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_JOB_THRESHOLD = 5000;

const HEADER: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } },
};
const REQUIRED_HEADER: Partial<ExcelJS.Style> = {
  ...HEADER,
  font: { bold: true, color: { argb: 'FFCC0000' } },
};

function kindKey(field: ImportField): string {
  switch (field.field.kind) {
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return 'excel.kind.number';
    case 'lookup':
      return 'excel.kind.lookup';
    case 'ref':
      return 'excel.kind.ref';
    case 'date':
      return 'excel.kind.date';
    case 'datetime':
      return 'excel.kind.datetime';
    case 'month':
      return 'excel.kind.month';
    case 'time':
      return 'excel.kind.time';
    case 'year':
      return 'excel.kind.year';
    case 'checkbox':
      return 'excel.kind.checkbox';
    case 'daterange':
    case 'datetimerange':
      return 'excel.kind.range';
    default:
      return 'excel.kind.text';
  }
}

export async function importTemplate(
  runtime: EntityRuntime,
  actor: Actor,
  entity: EntityDef,
): Promise<{ fileName: string; content: Buffer }> {
  const messages = runtime.messages();
  const { locale } = actor;
  const t = (key: string, params?: MessageParams) => translate(messages, locale, key, params);
  const title = entityTitle(messages, locale, entity.name);
  const fields = importColumns(entity, actor);
  const lines = importedLines(entity);
  const labelOf = (field: (typeof fields)[number]) => columnLabel(messages, locale, field, fields);
  const lookups = await LookupMeanings.load(
    runtime,
    locale,
    fields.map((f) => f.field).filter((f): f is LookupField => f.kind === 'lookup'),
  );
  const workbook = new (await loadExcelJs()).Workbook();
  const dataName = sheetNameOf(title);
  const data = workbook.addWorksheet(dataName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const instructions = workbook.addWorksheet(sheetNameOf(t('excel.template.instructions')));
  const keys = workbook.addWorksheet(FIELDS_SHEET, { state: 'veryHidden' });
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });

  data.columns = fields.map((field) => ({
    key: field.key,
    width: Math.max(12, Math.min(40, labelOf(field).length * 2 + 4)),
    ...(field.field.kind === 'text' || field.field.kind === 'textarea' ? { style: { numFmt: '@' } } : {}),
  }));
  const header = data.getRow(1);
  fields.forEach((field, index) => {
    const cell = header.getCell(index + 1);
    cell.value = headerOf(messages, locale, field, fields);
    cell.style = field.required ? REQUIRED_HEADER : HEADER;
  });
  keys.getRow(1).values = fields.map((field) => field.key);

  let listColumn = 0;
  const yes = t('excel.yes');
  const no = t('excel.no');
  fields.forEach((field, index) => {
    const choices =
      field.field.kind === 'lookup' && !field.field.multi
        ? lookups.choices(field.field).map((choice) => choice.meaning)
        : field.field.kind === 'checkbox'
          ? [yes, no]
          : null;
    if (!choices?.length) return;
    listColumn += 1;
    const column = lists.getColumn(listColumn);
    choices.forEach((choice, row) => (lists.getCell(row + 1, listColumn).value = choice));
    const letter = column.letter;
    const target = data.getColumn(index + 1).letter;
    validations(data).add(`${target}2:${target}${TEMPLATE_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`${LISTS_SHEET}!$${letter}$1:$${letter}$${choices.length}`],
      showErrorMessage: true,
      errorTitle: labelOf(field),
      error: t('excel.badChoice', { value: '' }).replace(/[“”"]/g, '').trim(),
    });
  });

  instructions.columns = [{ width: 14 }, { width: 28 }, { width: 10 }, { width: 48 }];
  instructions.addRow([t('excel.template.title', { entity: title })]).font = { bold: true, size: 14 };
  const rules = [
    ...(lines
      ? [
          t('excel.template.rule.documentSheet', {
            sheet: dataName,
            line: entityTitle(messages, locale, lines.line.name),
          }),
          t('excel.template.rule.documents', { column: t('excel.documentNo') }),
        ]
      : [t('excel.template.rule.sheet', { sheet: dataName })]),
    t('excel.template.rule.required'),
    t('excel.template.rule.lists'),
    t('excel.template.rule.dates', { timeZone: runtime.timeZone }),
    t('excel.template.rule.refs'),
    t('excel.template.rule.all'),
    t('excel.template.rule.max', { max: IMPORT_MAX_ROWS, threshold: IMPORT_JOB_THRESHOLD }),
  ];
  rules.forEach((rule, index) => instructions.addRow([`${index + 1}.`, rule]));
  instructions.addRow([]);
  instructions.addRow([
    t('excel.template.column'),
    t('excel.template.field'),
    t('excel.template.requiredFlag'),
    t('excel.template.kind'),
  ]).font = { bold: true };
  fields.forEach((field, index) => {
    const choices =
      field.field.kind === 'lookup' ? lookups.choices(field.field).map((choice) => choice.meaning) : [];
    instructions.addRow([
      data.getColumn(index + 1).letter,
      labelOf(field),
      field.required ? yes : '',
      choices.length ? `${t(kindKey(field))}: ${choices.join(' / ')}` : t(kindKey(field)),
    ]);
  });
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: t('excel.template.name', { entity: title }), content };
}
