// The set of entity definitions an application runs with, checked for consistency once: a
// mistake in a definition fails at start (and in the definitions' unit test), not at a request.
import { type EntityDef, STATUS_FIELD } from './define';
import { type FieldDef, NEVER_OPENED, isStored, refDisplayName } from './fields';
import { inputEntities } from './input';

export class DefinitionError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Entity definitions are inconsistent:\n- ${problems.join('\n- ')}`);
    this.name = 'DefinitionError';
  }
}

export class EntityRegistry {
  private readonly byName = new Map<string, EntityDef>();
  private readonly headers = new Map<string, EntityDef>();

  constructor(entities: Iterable<EntityDef>) {
    for (const entity of entities) this.add(entity);
    const problems = this.check();
    if (problems.length) throw new DefinitionError(problems);
  }

  private add(entity: EntityDef): void {
    const existing = this.byName.get(entity.name);
    if (existing === entity) return;
    if (existing) throw new DefinitionError([`${entity.name} is defined twice`]);
    this.byName.set(entity.name, entity);
    for (const line of Object.values(entity.lines)) {
      this.headers.set(line.name, entity);
      this.add(line);
    }
  }

  get(name: string): EntityDef {
    const entity = this.byName.get(name);
    if (!entity) throw new Error(`Unknown entity ${name}`);
    return entity;
  }

  find(name: string): EntityDef | undefined {
    return this.byName.get(name);
  }

  all(): EntityDef[] {
    return [...this.byName.values()];
  }

  /** The header of a line entity. */
  headerOf(line: EntityDef): EntityDef | undefined {
    return this.headers.get(line.name);
  }

  /** Headers first, so that creating tables and foreign keys in this order works. */
  ordered(): EntityDef[] {
    return this.all();
  }

  private check(): string[] {
    const problems: string[] = [];
    const tables = new Map<string, string>();
    for (const entity of this.byName.values()) {
      const where = entity.name;
      const other = tables.get(entity.table);
      if (other) problems.push(`${where}: table ${entity.table} is also used by ${other}`);
      tables.set(entity.table, entity.name);
      if (!/^[a-z][A-Za-z0-9]*$/.test(entity.name)) problems.push(`${where}: the name must be camelCase`);
      if (!/^[a-z][a-z0-9_]*$/.test(entity.table)) problems.push(`${where}: the table must be snake_case`);
      problems.push(...checkFields(this, entity));
      problems.push(...checkLists(entity));
      problems.push(...checkWorkflow(this, entity));
      problems.push(...checkScopes(this, entity));
    }
    return problems;
  }
}

function fieldExists(entity: EntityDef, name: string): boolean {
  return name in entity.fields;
}

function displayNames(entity: EntityDef): Map<string, string> {
  const names = new Map<string, string>();
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'ref') continue;
    const display = refDisplayName(name, field);
    if (display) names.set(display, name);
  }
  return names;
}

/** Every readable property of a row: fields and display values of references. */
export function readableProperties(entity: EntityDef): string[] {
  return [...Object.keys(entity.fields), ...displayNames(entity).keys()];
}

function checkFields(registry: EntityRegistry, entity: EntityDef): string[] {
  const problems: string[] = [];
  const where = entity.name;
  for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (field.kind === 'ref') {
      const target = registry.find(field.entity);
      if (!target) {
        problems.push(`${where}.${name}: references unknown entity ${field.entity}`);
      } else if (field.display && !fieldExists(target, field.display)) {
        problems.push(`${where}.${name}: display field ${field.display} is not a field of ${target.name}`);
      }
      const display = refDisplayName(name, field);
      if (display && display in entity.fields) {
        problems.push(
          `${where}.${name}: its display property ${display} collides with a field; set displayAs`,
        );
      }
    }
    if (field.sealed) {
      if (!isStored(field)) problems.push(`${where}.${name}: a computed field cannot be sealed`);
      const owner = entity.parent ? registry.find(entity.parent.entity) : entity;
      const action = field.sealed.openedBy;
      if (action !== NEVER_OPENED && !owner?.workflow?.actions[action] && !entity.workflow?.actions[action]) {
        problems.push(`${where}.${name}: sealed until ${action}, which is not an action of the document`);
      }
      if (field.unique || field.indexed) problems.push(`${where}.${name}: a sealed field cannot be indexed`);
    }
    if (field.kind === 'text' || field.kind === 'textarea') {
      if (!(field.max > 0)) problems.push(`${where}.${name}: max length must be positive`);
    }
    if (
      (field.kind === 'number' ||
        field.kind === 'amount' ||
        field.kind === 'price' ||
        field.kind === 'quantity') &&
      (field.precision < 0 || field.precision > 10)
    ) {
      problems.push(`${where}.${name}: precision must be between 0 and 10`);
    }
  }
  if (!fieldExists(entity, entity.display))
    problems.push(`${where}: display field ${entity.display} is unknown`);
  if (entity.parent) {
    const header = registry.find(entity.parent.entity);
    if (!header) problems.push(`${where}: parent entity ${entity.parent.entity} is unknown`);
    else if (!Object.values(header.lines).includes(entity)) {
      problems.push(`${where}: ${header.name} does not list it among its lines`);
    }
  }
  for (const [collection, line] of Object.entries(entity.lines)) {
    if (line.parent?.entity !== entity.name) {
      problems.push(`${where}.${collection}: line entity ${line.name} must declare parent ${entity.name}`);
    }
    if (collection in entity.fields)
      problems.push(`${where}.${collection}: line collection collides with a field`);
  }
  if (entity.numbering) {
    const field = entity.fields[entity.numbering.field];
    if (!field || field.kind !== 'text') problems.push(`${where}: numbering field must be a text field`);
    else if (!field.readonly)
      problems.push(`${where}: numbering field ${entity.numbering.field} must be readonly`);
    if (!/\{#+\}/.test(entity.numbering.pattern))
      problems.push(`${where}: numbering pattern needs a {###} sequence`);
    if (entity.numbering.scope && !fieldExists(entity, entity.numbering.scope)) {
      problems.push(`${where}: numbering scope ${entity.numbering.scope} is unknown`);
    }
  }
  for (const group of entity.unique) {
    for (const name of group)
      if (!fieldExists(entity, name)) problems.push(`${where}: unique field ${name} is unknown`);
  }
  for (const group of entity.indexes) {
    for (const name of group)
      if (!fieldExists(entity, name)) problems.push(`${where}: index field ${name} is unknown`);
  }
  if (entity.tree && entity.fields[entity.tree.parent]?.kind !== 'ref') {
    problems.push(`${where}: tree parent ${entity.tree.parent} must be a ref field`);
  }
  return problems;
}

function filterField(spec: string | { field: string }): string {
  return typeof spec === 'string' ? spec : spec.field;
}

function checkLists(entity: EntityDef): string[] {
  const problems: string[] = [];
  const where = entity.name;
  const readable = new Set(readableProperties(entity));
  const list = entity.list;
  for (const column of list.columns)
    if (!readable.has(column)) problems.push(`${where}: list column ${column} is unknown`);
  for (const filter of list.filters ?? []) {
    const name = filterField(filter);
    const field = entity.fields[name];
    if (!field) problems.push(`${where}: filter ${name} is unknown`);
    else if (field.sealed || field.kind === 'compute')
      problems.push(`${where}: filter ${name} cannot be sealed or computed`);
  }
  for (const sort of [...(list.sort ?? []).map((s) => s.field), ...(list.sortable ?? [])]) {
    const field = entity.fields[sort];
    if (!field) problems.push(`${where}: sort field ${sort} is unknown`);
    else if (field.sealed || field.kind === 'compute' || field.kind === 'json') {
      problems.push(`${where}: sort field ${sort} cannot be sealed, computed or json`);
    }
  }
  for (const name of [...(list.summary ?? []), ...(list.rowSpan ?? []), ...(list.keyFields ?? [])]) {
    if (!readable.has(name)) problems.push(`${where}: list field ${name} is unknown`);
  }
  for (const section of entity.form?.sections ?? []) {
    for (const name of section.fields)
      if (!readable.has(name)) problems.push(`${where}: form field ${name} is unknown`);
  }
  return problems;
}

function checkWorkflow(registry: EntityRegistry, entity: EntityDef): string[] {
  const workflow = entity.workflow;
  if (!workflow) return [];
  const problems: string[] = [];
  const where = entity.name;
  const states = new Set(workflow.states);
  if (!states.has(workflow.initial))
    problems.push(`${where}: initial state ${workflow.initial} is not a state`);
  for (const state of [...workflow.editableIn, ...(workflow.deletableIn ?? [])]) {
    if (!states.has(state)) problems.push(`${where}: ${state} is not a state`);
  }
  for (const [name, action] of Object.entries(workflow.actions)) {
    if (!/^do[A-Z]/.test(name)) problems.push(`${where}: action ${name} must be named doXxx`);
    for (const state of action.from)
      if (!states.has(state)) problems.push(`${where}.${name}: from ${state} is not a state`);
    if (action.to && !states.has(action.to))
      problems.push(`${where}.${name}: to ${action.to} is not a state`);
    if (['findById', 'listByPage', 'saveOrUpdate', 'delete'].includes(name)) {
      problems.push(`${where}: action ${name} collides with a generic action`);
    }
    for (const target of inputEntities(action.input ?? {}))
      if (!registry.find(target))
        problems.push(`${where}.${name}: its input references unknown entity ${target}`);
  }
  if (entity.fields[STATUS_FIELD]?.kind !== 'lookup')
    problems.push(`${where}: status must be the workflow's`);
  return problems;
}

function checkScopes(registry: EntityRegistry, entity: EntityDef): string[] {
  const problems: string[] = [];
  const addressed = entity.addressedTo?.field;
  for (const scope of [
    entity.ownedBy,
    entity.orgScoped,
    entity.categoryScoped,
    entity.userScoped,
    addressed,
  ]) {
    if (scope && !fieldExists(entity, scope))
      problems.push(`${entity.name}: scope field ${scope} is unknown`);
  }
  if (
    entity.addressedTo &&
    (entity.ownedBy || entity.orgScoped || entity.categoryScoped || entity.userScoped)
  )
    problems.push(`${entity.name}: rows addressed to a user take no other scope`);
  if (entity.addressedTo?.visibleIn && !entity.workflow)
    problems.push(`${entity.name}: addressedTo.visibleIn needs a workflow`);
  if (entity.sealedPer) {
    // One data key per event: the field names the event; the header decides for its lines.
    const field = entity.fields[entity.sealedPer];
    if (field?.kind !== 'ref' || !isStored(field) || !field.required)
      problems.push(`${entity.name}: sealedPer ${entity.sealedPer} must be a required stored reference`);
    if (entity.parent) problems.push(`${entity.name}: a line is sealed per its header's event`);
    if (!entity.hasSealed && !Object.values(entity.lines).some((line) => line.hasSealed))
      problems.push(`${entity.name}: sealedPer without sealed values`);
  }
  if (entity.parent && (entity.ownedBy || entity.orgScoped || entity.categoryScoped || entity.userScoped)) {
    // Lines are scoped through their header; a second scope would disagree with it.
    const header = registry.find(entity.parent.entity);
    if (header && !header.ownedBy && entity.ownedBy) {
      problems.push(`${entity.name}: a line cannot be supplier-owned when its header is not`);
    }
  }
  return problems;
}
