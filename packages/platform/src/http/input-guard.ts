// What no route can take, whatever it declares: a NUL character in any string or name of a
// request's body, query or path (PostgreSQL stores none, in text or JSON, and refuses the whole
// statement), and values nested deeper than any form, import or setting nests. Checked once for
// every request before its route runs, so no route can pass such a value on to the database.
import type { FastifyRequest } from 'fastify';
import type { SaveIssue } from '@srm/kernel';
import { AppError } from './errors';

/** Deepest nesting a request's values may have: real inputs (lines, JSON settings) nest a few levels. */
export const MAX_INPUT_DEPTH = 64;

/** Names the fields of an issue in the caller's language (an entity's labels), when it can. */
export type DescribeIssue = (request: FastifyRequest, issue: SaveIssue) => AppError | undefined;

/** Arrays and plain records (a parsed query's prototype is an empty one); not buffers or streams. */
function walkable(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/**
 * The first part of a parsed value no route can take, as an issue with its path (a name with a
 * NUL is shown without it), or null. Iterative: depth is no danger to it.
 */
export function unusableInput(value: unknown): SaveIssue | null {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { path, message: 'validation.nul' };
      continue;
    }
    if (item === null || typeof item !== 'object' || !walkable(item)) continue;
    if (path.length >= MAX_INPUT_DEPTH)
      return { path: path.slice(0, 3), message: 'validation.tooDeep', params: { max: MAX_INPUT_DEPTH } };
    const list = Array.isArray(item);
    for (const [key, child] of Object.entries(item)) {
      const name = key.split('\u0000').join('').slice(0, 60);
      const at = [...path, list ? Number(key) : name];
      if (name !== key) return { path: at, message: 'validation.nul' };
      stack.push([child, at]);
    }
  }
  return null;
}

/**
 * Refuses a request whose path, query or body holds what no route can take: 400 naming where,
 * by the route's field labels when `describe` knows them.
 */
export async function refuseUnusableInput(request: FastifyRequest, describe?: DescribeIssue): Promise<void> {
  for (const values of [request.params, request.query, request.body]) {
    const issue = unusableInput(values);
    if (!issue) continue;
    const described = describe?.(request, issue);
    if (described) throw described;
    throw new AppError(400, issue.message, issue.params, null, () => {
      const message = request.t(issue.message, issue.params);
      const label = issue.path.join('.');
      return {
        msg: label ? request.t('validation.issue', { label, message }) : message,
        details: [{ path: label, message, reason: message }],
      };
    });
  }
}
