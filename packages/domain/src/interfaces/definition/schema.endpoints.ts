// The picker under a definition's field maps (spec informationSchemaRestful: listTableByPage,
// listColumnByPage): the business objects of this installation and the paths of their fields
// as a call's document carries them — header fields, reference names, `lines[].field` of line
// collections — so maps are chosen, not typed (the edit screen's 从数据字典选择, which also
// offers a response map only the fields an answer may be written back to). Administrators only
// (the definition's own buttons); identity, session, credential and key objects are never
// listed, nor sealed or internal-only fields.
import {
  type EntityDef,
  type FieldDef,
  STATUS_FIELD,
  VERSION_FIELD,
  entityTitle,
  fieldLabel,
  number,
  refDisplayName,
  text,
} from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { scsiDefinition } from './definition.entity';
import { PICKER_RESOURCE, type SchemaColumn, writesBack } from './field-maps';

/** Objects a map never reads: who signs in and with what. */
const HIDDEN = /(user|session|password|credential|secret|token|key|captcha|login|sso|oauth)/i;

const page = {
  pageIndex: number({ min: 1 }),
  pageRows: number({ min: 1, max: 500 }),
};

function listed(data: DataApi): EntityDef[] {
  const lines = new Set(
    data.runtime.registry
      .all()
      .flatMap((entity) => Object.values(entity.lines).map((line: EntityDef) => line.name)),
  );
  return data.runtime.registry
    .all()
    .filter((entity) => !lines.has(entity.name) && !HIDDEN.test(entity.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The columns of an object (prefix '') or of its lines (`lines[].`); an answer is written back
 * to the header's plain text fields only.
 */
function columnsOf(data: DataApi, entity: EntityDef, prefix = '', labelPrefix = ''): SchemaColumn[] {
  const catalogue = data.runtime.messages();
  const locale = data.actor.locale;
  const columns: SchemaColumn[] = [
    {
      columnName: `${prefix}${entity.key}`,
      columnLabel: `${labelPrefix}ID`,
      dataType: 'number',
      writeBack: false,
    },
  ];
  // The key, the state and the version are among the fields too (the engine's own): listed once,
  // with the labels above and below. A reference's name stored as a field of its own, once.
  const seen = new Set([entity.key, VERSION_FIELD, ...(entity.workflow ? [STATUS_FIELD] : [])]);
  for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (field.sealed || field.internalOnly || seen.has(name)) continue;
    seen.add(name);
    const label = `${labelPrefix}${fieldLabel(catalogue, locale, entity.name, name)}`;
    columns.push({
      columnName: `${prefix}${name}`,
      columnLabel: label,
      dataType: field.kind,
      writeBack: prefix === '' && writesBack(entity, name),
    });
    if (field.kind === 'ref') {
      const display = refDisplayName(name, field);
      if (display && !seen.has(display) && !(display in entity.fields)) {
        seen.add(display);
        columns.push({
          columnName: `${prefix}${display}`,
          columnLabel: `${label}${data.t('intf.schema.name')}`,
          dataType: 'text',
          writeBack: false,
        });
      }
    }
  }
  if (entity.workflow)
    columns.push({
      columnName: `${prefix}${STATUS_FIELD}`,
      columnLabel: `${labelPrefix}${data.t('intf.schema.status')}`,
      dataType: 'lookup',
      writeBack: false,
    });
  columns.push({
    columnName: `${prefix}${VERSION_FIELD}`,
    columnLabel: `${labelPrefix}${data.t('intf.schema.version')}`,
    dataType: 'number',
    writeBack: false,
  });
  return columns;
}

function paged<T>(rows: readonly T[], input: { pageIndex?: number | null; pageRows?: number | null }) {
  const size = input.pageRows ?? 100;
  const index = input.pageIndex ?? 1;
  return {
    data: rows.slice((index - 1) * size, index * size),
    page: { count: rows.length, curIndex: index },
  };
}

export const schemaEndpoints = defineEndpoints(scsiDefinition, {
  listTableByPage: endpoint({
    summary: 'Business objects a definition may send, with their titles (the map picker)',
    input: { ...page, keyword: text({ max: 60 }) },
    scope: scsiDefinition,
    resource: PICKER_RESOURCE,
    sides: ['internal'],
    handle(data, input) {
      const catalogue = data.runtime.messages();
      const keyword = (input.keyword ?? '').trim().toLowerCase();
      const rows = listed(data)
        .map((entity) => ({
          tableName: entity.name,
          tableLabel: entityTitle(catalogue, data.actor.locale, entity.name),
          lineCollections: Object.keys(entity.lines),
        }))
        .filter(
          (row) =>
            !keyword ||
            row.tableName.toLowerCase().includes(keyword) ||
            row.tableLabel.toLowerCase().includes(keyword),
        );
      return paged(rows, input);
    },
  }),
  listColumnByPage: endpoint({
    summary: 'The field paths of a business object as a call reads them (header, references, lines[])',
    input: { ...page, tableName: text({ required: true, max: 60 }) },
    scope: scsiDefinition,
    resource: PICKER_RESOURCE,
    sides: ['internal'],
    handle(data, input) {
      const entity = listed(data).find((candidate) => candidate.name === input.tableName);
      if (!entity) throw new AppError(404, 'intf.definition.unknownEntity', { entity: input.tableName });
      const catalogue = data.runtime.messages();
      const columns = columnsOf(data, entity);
      for (const [collection, line] of Object.entries(entity.lines) as [string, EntityDef][]) {
        const label = `${fieldLabel(catalogue, data.actor.locale, entity.name, collection)} · `;
        columns.push(...columnsOf(data, line, `${collection}[].`, label));
      }
      return paged(columns, input);
    },
  }),
});
