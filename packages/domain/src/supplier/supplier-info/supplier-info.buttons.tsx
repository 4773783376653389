// 快速建档 on the buyer's supplier list (the spec's create2): opens the short form of a potential
// supplier — name, credit code, type, one contact and the categories it offers — beside the full
// 新建; the supplier completes the rest in its portal once 开通门户 (toPortal) gives it a login.
import { ThunderboltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ListButton, useLabels, useScreen } from '@srm/platform-ui';

export const CREATE2_PATH = 'supplierInfoCreate2';

function QuickCreateButton() {
  const labels = useLabels();
  const screen = useScreen();
  return (
    <Button icon={<ThunderboltOutlined />} onClick={() => screen.open(CREATE2_PATH, {})}>
      {labels.t('srmSupplierInfo.create2')}
    </Button>
  );
}

export const quickCreateButton: ListButton = {
  key: 'create2',
  resource: 'srmSupplierInfo.save',
  component: QuickCreateButton,
};
