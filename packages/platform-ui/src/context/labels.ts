// The merged message catalogue and the current locale, with the label helpers of the kernel.
import { createContext, useContext, useMemo } from 'react';
import {
  type Catalogue,
  type Locale,
  type MessageParams,
  actionLabel,
  codeLabel,
  entityTitle,
  fieldLabel,
  sectionLabel,
  translate,
} from '@srm/kernel/texts';

export interface LabelsState {
  readonly catalogue: Catalogue;
  readonly locale: Locale;
}

export const LabelsContext = createContext<LabelsState>({
  catalogue: { 'zh-CN': {}, en: {} },
  locale: 'zh-CN',
});

export interface Labels {
  readonly locale: Locale;
  readonly catalogue: Catalogue;
  t(key: string, params?: MessageParams): string;
  entity(name: string): string;
  field(entity: string, field: string): string;
  action(entity: string, action: string): string;
  code(lookupType: string, code: string): string;
  section(entity: string, section: string): string;
}

export function makeLabels({ catalogue, locale }: LabelsState): Labels {
  return {
    locale,
    catalogue,
    t: (key, params) => translate(catalogue, locale, key, params),
    entity: (name) => entityTitle(catalogue, locale, name),
    field: (entity, field) => fieldLabel(catalogue, locale, entity, field),
    action: (entity, action) => actionLabel(catalogue, locale, entity, action),
    code: (lookupType, code) => codeLabel(catalogue, locale, lookupType, code),
    section: (entity, section) => sectionLabel(catalogue, locale, entity, section),
  };
}

export function useLabels(): Labels {
  const state = useContext(LabelsContext);
  return useMemo(() => makeLabels(state), [state]);
}
