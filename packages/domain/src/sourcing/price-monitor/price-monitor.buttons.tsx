// The button of a price monitoring row (web): 价格趋势 opens the material's price trend
// (PriceTrend.tsx, loaded on first use). The buyer's side only, as the monitoring itself.
import { Suspense, lazy, useState } from 'react';
import { LineChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type EditButton, type EditButtonProps, useLabels } from '@srm/platform-ui';

const PriceTrend = lazy(() => import('./PriceTrend'));

function TrendButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<LineChartOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'trend')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PriceTrend row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The trend endpoint asks for the monitoring's read grant. */
export const priceTrendButton: EditButton = {
  key: 'trend',
  resource: 'srmPriceMonitor.view',
  component: TrendButton,
};
