// The platform's own entities: consistent among themselves (with stand-ins for the domain
// entities they reference) and labelled in both languages.
import { describe, expect, it } from 'vitest';
import { defineEntity } from '../entity/define';
import { text } from '../entity/fields';
import { missingLabels } from '../entity/labels';
import { EntityRegistry } from '../entity/registry';
import { kernelMessages } from '../i18n/kernelMessages';
import { missingKeys } from '../i18n/messages';
import { department, employee, loginLog, messageLog, position, positionAllot, systemEntities } from './index';

/** Minimal stand-ins for the domain entities the system entities reference. */
const standIns = [
  defineEntity('srmBaseOrg', { area: 'test', key: 'orgId', fields: { orgName: text() } }),
  defineEntity('srmBaseCategory', { area: 'test', key: 'categoryId', fields: { categoryName: text() } }),
  defineEntity('srmSupplierInfo', { area: 'test', key: 'supplierId', fields: { supplierName: text() } }),
];

describe('system entities', () => {
  it('are consistent with each other and the entities they reference', () => {
    expect(() => new EntityRegistry([...systemEntities, ...standIns])).not.toThrow();
  });

  it('list every line entity and use base_ tables of the base service', () => {
    const registry = new EntityRegistry([...systemEntities, ...standIns]);
    const system = registry.all().filter((entity) => entity.area === 'system');
    expect(system.map((entity) => entity.name).sort()).toEqual(
      systemEntities.map((entity) => entity.name).sort(),
    );
    for (const entity of system) {
      // The message log is read with the rest of messaging, under /api/message (issue 17).
      expect(entity.service, entity.name).toBe(entity.name === 'baseMessageLog' ? 'message' : 'base');
      expect(entity.table, entity.name).toMatch(/^base_/);
    }
  });

  it('have every label in both languages', () => {
    expect(missingLabels(systemEntities, kernelMessages)).toEqual([]);
    expect(missingKeys(kernelMessages)).toEqual([]);
  });

  it('keep the references approval routing resolves', () => {
    const refOf = (entity: { fields: Record<string, unknown> }, field: string) =>
      (entity.fields[field] as { entity?: string }).entity;
    expect(refOf(department, 'managerEmployeeId')).toBe('baseEmployee');
    expect(refOf(department, 'orgId')).toBe('srmBaseOrg');
    expect(refOf(employee, 'lineManagerId')).toBe('baseEmployee');
    expect(refOf(employee, 'departmentId')).toBe('baseDepartment');
    expect(refOf(employee, 'positionId')).toBe('basePosition');
    expect(refOf(position, 'departmentId')).toBe('baseDepartment');
    expect(refOf(positionAllot, 'employeeId')).toBe('baseEmployee');
    expect(position.lines.allotments).toBe(positionAllot);
  });

  it('leave logs to the platform and list them newest first', () => {
    for (const log of [loginLog, messageLog]) {
      expect(log.writableBy).toEqual([]);
      expect(log.list.sort?.[0]?.order).toBe('desc');
    }
  });
});
