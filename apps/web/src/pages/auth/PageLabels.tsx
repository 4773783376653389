// The labels (field names, validation messages) of the pages outside the workspace that show
// them: the kernel's and the toolkit's texts, and the areas' for a supplier's fields. The login
// page shows none, so these load with the pages that do, not with the login page.
import { type ReactNode, useContext, useMemo } from 'react';
import { type Catalogue, kernelMessages, mergeCatalogues } from '@srm/kernel';
import { LabelsContext, platformUiMessages } from '@srm/platform-ui';

export function PageLabels({ areas, children }: { areas?: Catalogue; children: ReactNode }) {
  const { locale } = useContext(LabelsContext);
  const value = useMemo(
    () => ({
      catalogue: mergeCatalogues(kernelMessages, platformUiMessages, ...(areas ? [areas] : [])),
      locale,
    }),
    [areas, locale],
  );
  return <LabelsContext.Provider value={value}>{children}</LabelsContext.Provider>;
}
