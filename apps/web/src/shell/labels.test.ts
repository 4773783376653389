// The workspace's labels load one language at a time and hold what the shell names things with.
import { describe, expect, it } from 'vitest';
import { domainScreens } from '@srm/domain/screens';
import { loadLabels, loadedLabels } from './labels';

describe('the labels per language', () => {
  it('load each language alone, with the same keys in both and a name for every screen', async () => {
    await loadLabels('zh-CN');
    expect(Object.keys(loadedLabels().en)).toHaveLength(0);
    expect(loadedLabels()['zh-CN']['ui.ok']).toBe('确定');
    await loadLabels('en');
    const both = loadedLabels();
    expect(both.en['ui.ok']).toBe('OK');
    expect(Object.keys(both.en).sort()).toEqual(Object.keys(both['zh-CN']).sort());
    const unnamed = domainScreens.filter(
      (screen) => !(screen.title in both['zh-CN']) || !(screen.title in both.en),
    );
    expect(unnamed.map((screen) => screen.path)).toEqual([]);
  });
});
