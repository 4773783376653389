// The labels (field names, validation messages) of the pages outside the workspace that show
// them, the supplier's registration: loaded with those pages in the language shown, not with the
// login page, which shows none.
import { type ReactNode, useContext, useMemo } from 'react';
import { Spin } from 'antd';
import { LabelsContext } from '@srm/platform-ui';
import { useLabels } from '../../shell/labels';

export function PageLabels({ children }: { children: ReactNode }) {
  const { locale } = useContext(LabelsContext);
  const { catalogue, error } = useLabels(locale);
  const value = useMemo(() => catalogue && { catalogue, locale }, [catalogue, locale]);
  if (error) throw error;
  if (!value) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return <LabelsContext.Provider value={value}>{children}</LabelsContext.Provider>;
}
