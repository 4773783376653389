// Small PostgreSQL helpers for the test harness.
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
