// Valid sample rows for any entity, derived from its definition, so that the generated API
// suite covers every entity by itself. References are created first; lookup types the
// samples need are created through the lookup API.
import {
  type EntityDef,
  type EntityRegistry,
  type FieldDef,
  isClientWritable,
  refDisplayName,
  withCreditCodeCheck,
} from '@srm/kernel';

type Row = Record<string, unknown>;
export type Post = (
  path: string,
  body: unknown,
) => Promise<{ httpStatus: number; body: { status: string; msg: string; data: unknown } }>;

/** Per-entity adjustments where a definition's rules need more than field-level validity. */
export type SampleOverrides = Record<
  string,
  (row: Row, counter: number, factory: SampleFactory) => Row | Promise<Row>
>;

let counter = 0;
const next = () => ++counter;

export class SampleFactory {
  private readonly lookupsReady = new Set<string>();
  private readonly cache = new Map<string, number>();
  /** Entities whose sample is being made: a line naming one of them again would recurse forever. */
  private readonly building = new Set<string>();

  constructor(
    private readonly registry: EntityRegistry,
    private readonly post: Post,
    private readonly overrides: SampleOverrides = {},
  ) {}

  private async ensureLookup(type: string): Promise<string> {
    if (!this.lookupsReady.has(type)) {
      const list = await this.post('/api/base/v1/baseLookupTypeRestful/listByPage', { lookupType: type });
      if (!(list.body.data as Row[]).length) {
        const saved = await this.post('/api/base/v1/baseLookupTypeRestful/saveOrUpdate', {
          lookupType: type,
          meaning: type,
          values: [
            { lookupCode: 'T1', meaning: '测试值' },
            { lookupCode: 'T2', meaning: '测试值二' },
          ],
        });
        if (saved.body.status !== 'S') throw new Error(`lookup ${type}: ${saved.body.msg}`);
      }
      this.lookupsReady.add(type);
    }
    const values = await this.post('/api/base/v1/baseLookupValuesRestful/listByPage', {
      lookupType: type,
      enabledFlag: 'Y',
    });
    const first = (values.body.data as Row[])[0];
    if (!first) throw new Error(`lookup ${type} has no enabled value`);
    return first.lookupCode as string;
  }

  /** A valid value for a field (references are created on demand). */
  async value(entity: EntityDef, name: string, field: FieldDef, n: number): Promise<unknown> {
    switch (field.kind) {
      case 'text': {
        const byFormat: Record<string, string> = {
          email: `sample${n}@example.com`,
          mobile: `138${String(n).padStart(8, '0')}`,
          landline: `021-${String(n).padStart(8, '0')}`,
          contactPhone: `139${String(n).padStart(8, '0')}`,
          integer: String(n),
          code: `C${n}`,
          creditCode: withCreditCodeCheck(`91310000MA1F${String(n % 100000).padStart(5, '0')}`),
          bankAccount: `6222${String(n).padStart(12, '0')}`,
          swift: 'ICBKCNBJ',
        };
        const text = field.format ? byFormat[field.format]! : `${name.slice(0, 6)}样例${n}`;
        return [...text].slice(0, field.max).join('');
      }
      case 'textarea':
        return `样例说明 ${n}`;
      case 'number':
      case 'quantity':
      case 'price':
      case 'amount': {
        const low = field.min ?? 1;
        const high = field.max ?? low + 100;
        return Math.min(high, Math.max(low, 1));
      }
      case 'lookup': {
        const code = field.codes ? field.codes[0]! : await this.ensureLookup(field.lookupType);
        return field.multi ? [code] : code;
      }
      case 'ref':
        if (field.entity === entity.name) return null;
        return this.reference(field.entity);
      case 'date':
        return '2026-06-15';
      case 'month':
        return '2026-06';
      case 'time':
        return '08:30:00';
      case 'year':
        return 2026;
      case 'datetime':
        return Date.UTC(2026, 5, 15, 8, 30);
      case 'daterange':
        return ['2026-01-01', '2026-12-31'];
      case 'datetimerange':
        return [Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31)];
      case 'checkbox':
        return field.values === 'YN' ? 'Y' : true;
      case 'attachments':
        return null;
      case 'json':
        return { sample: n };
      case 'compute':
        return undefined;
    }
  }

  /** A saveOrUpdate body for a new row (with one line per collection). */
  async body(entityName: string): Promise<Row> {
    const entity = this.registry.get(entityName);
    const n = next();
    const row: Row = {};
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!isClientWritable(field) || entity.parent?.field === name) continue;
      if (!field.required && field.kind === 'ref') continue;
      // Samples are written by an internal user: fields only the other side writes stay empty.
      if (field.writableBy && !field.writableBy.includes('internal')) continue;
      const value = await this.value(entity, name, field, n);
      if (value !== undefined && value !== null) row[name] = value;
    }
    for (const [collection, line] of Object.entries(entity.lines)) {
      // A line that must name another row of an entity being made (a program's incompatible
      // program) is left out: that row would need such a line too.
      const circular = Object.entries(line.fields).some(
        ([name, field]) =>
          field.kind === 'ref' &&
          field.required &&
          line.parent?.field !== name &&
          this.building.has(field.entity),
      );
      row[collection] = circular ? [] : [await this.body(line.name)];
    }
    const override = this.overrides[entityName];
    return override ? override(row, n, this) : row;
  }

  /** Creates a row and answers it as saveOrUpdate does. */
  async create(entityName: string): Promise<Row> {
    const entity = this.registry.get(entityName);
    this.building.add(entityName);
    let body: Row;
    try {
      body = await this.body(entityName);
    } finally {
      this.building.delete(entityName);
    }
    const saved = await this.post(`${entity.apiPath}/saveOrUpdate`, body);
    if (saved.body.status !== 'S') throw new Error(`sample ${entityName}: ${saved.body.msg}`);
    return saved.body.data as Row;
  }

  /** Makes sure a lookup type has an enabled value with this code. */
  async ensureCode(type: string, code: string): Promise<string> {
    await this.ensureLookup(type);
    const list = await this.post('/api/base/v1/baseLookupTypeRestful/listByPage', { lookupType: type });
    const header = (list.body.data as Row[])[0]!;
    const found = await this.post('/api/base/v1/baseLookupTypeRestful/findById', {
      lookupTypeId: header.lookupTypeId,
    });
    const current = found.body.data as Row & { values: Row[] };
    if (current.values.some((value) => value.lookupCode === code)) return code;
    const saved = await this.post('/api/base/v1/baseLookupTypeRestful/saveOrUpdate', {
      lookupTypeId: current.lookupTypeId,
      versionNum: current.versionNum,
      values: [
        ...current.values.map((value) => ({ lookupValuesId: value.lookupValuesId })),
        { lookupCode: code, meaning: code },
      ],
    });
    if (saved.body.status !== 'S') throw new Error(`lookup ${type}: ${saved.body.msg}`);
    return code;
  }

  /** Changes fields of a row created by the factory. */
  async update(entityName: string, row: Row, changes: Row): Promise<Row> {
    const entity = this.registry.get(entityName);
    const saved = await this.post(`${entity.apiPath}/saveOrUpdate`, {
      [entity.key]: row[entity.key],
      versionNum: row.versionNum,
      ...changes,
    });
    if (saved.body.status !== 'S') throw new Error(`sample ${entityName}: ${saved.body.msg}`);
    return saved.body.data as Row;
  }

  /** The id of a new row of the entity (for rules that need two different references). */
  async fresh(entityName: string): Promise<number> {
    const row = await this.create(entityName);
    return row[this.registry.get(entityName).key] as number;
  }

  /** The id of a row of the entity, created once per factory (a line comes with a new header). */
  async reference(entityName: string): Promise<number> {
    const cached = this.cache.get(entityName);
    if (cached) return cached;
    const entity = this.registry.get(entityName);
    let id: number;
    if (entity.parent) {
      const header = this.registry.get(entity.parent.entity);
      const collection = Object.entries(header.lines).find(([, line]) => line.name === entity.name)![0];
      const saved = await this.create(header.name);
      id = (saved[collection] as Row[])[0]![entity.key] as number;
      this.cache.set(entityName, id);
      return id;
    }
    const row = await this.create(entityName);
    id = row[entity.key] as number;
    this.cache.set(entityName, id);
    return id;
  }
}

/** Display properties of a row's references: read-only, never sent back. */
export function displayProperties(entity: EntityDef): string[] {
  return Object.entries(entity.fields).flatMap(([name, field]) => {
    if (field.kind !== 'ref') return [];
    const display = refDisplayName(name, field);
    return display ? [display] : [];
  });
}
