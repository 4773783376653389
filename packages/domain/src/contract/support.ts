// What the contract area's objects share on the server: issues of their checks.
import type { RuleIssue } from '@srm/kernel';

export const issue = (message: string, params?: Record<string, string | number>): RuleIssue => ({
  message,
  ...(params ? { params } : {}),
});
