// A form name unique on the page: antd prefixes field ids with it, and kept-alive tabs would
// otherwise repeat ids (two forms with a `districtCode` box), which breaks labels.
import { useId } from 'react';

export function useFormName(prefix: string): string {
  return `${prefix}${useId().replace(/[^A-Za-z0-9]/g, '')}`;
}
