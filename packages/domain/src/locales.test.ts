// Every area's definitions are consistent with the platform's, and every label exists in both
// languages.
import { describe, expect, it } from 'vitest';
import {
  EntityRegistry,
  kernelMessages,
  mergeCatalogues,
  missingKeys,
  missingLabels,
  systemEntities,
} from '@srm/kernel';
import { areas, domainEntities, domainMessages } from './areas';
import { serverAreas } from './areas.server';

describe('the business areas', () => {
  it('form one consistent registry with the platform entities', () => {
    expect(() => new EntityRegistry([...systemEntities, ...domainEntities])).not.toThrow();
  });

  it('label every entity in both languages', () => {
    expect(missingLabels(domainEntities, mergeCatalogues(kernelMessages, domainMessages))).toEqual([]);
  });

  it('name every approval process and node in both languages (the seeded templates take the names)', () => {
    const keys = serverAreas
      .flatMap((area) => area.approvalTemplates)
      .flatMap((plan) => [
        `process.${plan.processKey}`,
        ...plan.nodes.map((node) => `process.${plan.processKey}.node${node.nodeNum}`),
      ]);
    expect(keys.filter((key) => !(key in domainMessages['zh-CN']) || !(key in domainMessages.en))).toEqual(
      [],
    );
  });

  it('keep the same keys in both locale files of each area', () => {
    for (const area of areas) expect(missingKeys(area.messages), area.name).toEqual([]);
    expect(missingKeys(domainMessages)).toEqual([]);
  });
});
