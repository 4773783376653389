// Checks of a process template that need the registry: the document type uses the process key
// on one of its actions, conditions name fields of that document, a FIELD approver names a user
// field, every approver belongs to a node and every node has an approver.
import { type EntityDef, type RuleIssue, processTemplate, entityTitle } from '@srm/kernel';
import { defineActions } from '../entity/hooks';

function fieldExists(
  registry: { find(name: string): EntityDef | undefined },
  entity: EntityDef,
  path: string,
) {
  const [first, second] = path.split('.');
  const field = entity.fields[first!];
  if (!field) return false;
  if (second === undefined) return true;
  if (field.kind !== 'ref') return false;
  return !!registry.find(field.entity)?.fields[second];
}

export const processTemplateActions = defineActions(processTemplate, {
  beforeSave: (ctx) => {
    const { row } = ctx;
    const issues: RuleIssue[] = [];
    const registry = ctx.runtime.registry;
    const entity = registry.find(String(row.entityName ?? ''));
    if (!entity)
      return {
        field: 'entityName',
        message: 'bpm.unknownEntity',
        params: { entity: String(row.entityName) },
      };
    const document = entityTitle(ctx.runtime.messages(), ctx.actor.locale, entity.name);
    const usesKey = Object.values(entity.workflow?.actions ?? {}).some(
      (action) => action.approval === row.processKey,
    );
    // A disabled template may be prepared before the document's code names its key.
    if (!usesKey && row.enabledFlag !== 'N') {
      issues.push({
        field: 'processKey',
        message: 'bpm.keyNotDeclared',
        params: { document, key: String(row.processKey) },
      });
    }
    const nodes = ctx.newLines.nodes;
    const approvers = ctx.newLines.approvers;
    for (const node of nodes) {
      const field = node.conditionField;
      if (field && !fieldExists(registry, entity, field)) {
        issues.push({ field: 'nodes', message: 'bpm.unknownField', params: { document, field } });
      }
      if (!approvers.some((approver) => approver.nodeNum === node.nodeNum)) {
        issues.push({
          field: 'approvers',
          message: 'bpm.nodeWithoutApprover',
          params: { node: String(node.nodeName) },
        });
      }
    }
    for (const approver of approvers) {
      if (!nodes.some((node) => node.nodeNum === approver.nodeNum)) {
        issues.push({
          field: 'approvers',
          message: 'bpm.approverNodeUnknown',
          params: { node: String(approver.nodeNum) },
        });
      }
      if (approver.approverType === 'FIELD') {
        const field = entity.fields[String(approver.fieldName ?? '')];
        if (!field || field.kind !== 'ref' || field.entity !== 'baseUser') {
          issues.push({
            field: 'approvers',
            message: 'bpm.fieldNotUser',
            params: { field: String(approver.fieldName) },
          });
        }
      }
    }
    if (!nodes.length) issues.push({ field: 'nodes', message: 'bpm.noNodes' });
    return issues;
  },
});
