// Document numbers from a pattern such as 'PO{yyyyMMdd}{####}': literal text, date parts of the
// business day, and a sequence. The period of the sequence is the pattern's date part, so a
// daily pattern restarts every day and a monthly one every month.
import type { DateParts } from '../dates';

const DATE_TOKEN = /^(yyyy|yy|MM|dd)+$/;

export interface ParsedPattern {
  /** Renders the number for a day and a sequence value. */
  render(parts: DateParts, sequence: number): string;
  /** The period key of the sequence for a day ('' when the pattern has no date part). */
  period(parts: DateParts): string;
}

export function parseNumberingPattern(pattern: string): ParsedPattern {
  const tokens = pattern.split(/(\{[^}]+\})/).filter(Boolean);
  const dateTokens: string[] = [];
  for (const token of tokens) {
    if (!token.startsWith('{')) continue;
    const inner = token.slice(1, -1);
    if (/^#+$/.test(inner)) continue;
    if (!DATE_TOKEN.test(inner)) throw new Error(`Unknown token ${token} in numbering pattern ${pattern}`);
    dateTokens.push(inner);
  }
  const renderDate = (inner: string, parts: DateParts) =>
    inner.replace(/yyyy|yy|MM|dd/g, (part) =>
      part === 'yy' ? parts.yyyy.slice(2) : parts[part as 'yyyy' | 'MM' | 'dd'],
    );
  return {
    render(parts, sequence) {
      return tokens
        .map((token) => {
          if (!token.startsWith('{')) return token;
          const inner = token.slice(1, -1);
          if (/^#+$/.test(inner)) return String(sequence).padStart(inner.length, '0');
          return renderDate(inner, parts);
        })
        .join('');
    },
    period(parts) {
      return dateTokens.map((inner) => renderDate(inner, parts)).join('');
    },
  };
}
