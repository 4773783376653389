import { describe, expect, it } from 'vitest';
import { ruleIssues } from '../entity/validation';
import { department, employee, positionAllot, positionLevel } from './organisation.entity';

describe('people and posts', () => {
  it('refuses a department, a level or a line manager pointing at itself', () => {
    expect(ruleIssues(department, { departmentId: 4, parentDepartmentId: 4 }, {})).toEqual([
      { path: ['parentDepartmentId'], message: 'baseDepartment.parentSelf' },
    ]);
    expect(ruleIssues(department, { departmentId: 4, parentDepartmentId: 3 }, {})).toEqual([]);
    expect(ruleIssues(positionLevel, { positionLevelId: 2, parentPositionLevelId: 2 }, {})).toHaveLength(1);
    expect(ruleIssues(employee, { employeeId: 9, lineManagerId: 9 }, {})).toEqual([
      { path: ['lineManagerId'], message: 'baseEmployee.lineManagerSelf' },
    ]);
    // A new row has no key yet: nothing to compare.
    expect(ruleIssues(employee, { lineManagerId: 9 }, {})).toEqual([]);
  });

  it('refuses an allotment ending before it starts', () => {
    expect(ruleIssues(positionAllot, { startDate: '2025-03-01', endDate: '2025-02-28' }, {})).toEqual([
      { path: ['endDate'], message: 'validation.rangeOrder' },
    ]);
    expect(ruleIssues(positionAllot, { startDate: '2025-03-01', endDate: '2025-03-01' }, {})).toEqual([]);
  });
});
