// The lines of an interface definition on its edit screen (web): every collection as on any
// document, in the definition's order, with 从数据字典选择 in the toolbars of the request and
// response maps for the administrators the picker's endpoints serve (MapPicker). The fields
// picked become map lines after the existing ones; a definition with no business object yet
// takes the one they were picked from.
import { useState } from 'react';
import { DatabaseOutlined } from '@ant-design/icons';
import { App, Button, Form } from 'antd';
import {
  LinesCard,
  type LinesEditorProps,
  linesEditable,
  useGranted,
  useLabels,
  useSession,
} from '@srm/platform-ui';
import { type MapCollection, PICKER_RESOURCE, type SchemaColumn, pickedLines } from './field-maps';
import MapPicker from './MapPicker';

type Row = Readonly<Record<string, unknown>>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value : []);
const isMap = (collection: string): collection is MapCollection =>
  collection === 'reqMaps' || collection === 'resMaps';

export default function DefinitionLines(props: LinesEditorProps) {
  const { entity, form, saved, editable, onChanged } = props;
  const labels = useLabels();
  const may = useGranted();
  const { side } = useSession();
  const { message } = App.useApp();
  const [picking, setPicking] = useState<MapCollection | null>(null);
  const watched: unknown = Form.useWatch('businessEntity', form);
  const businessEntity = typeof watched === 'string' && watched.trim() ? watched.trim() : null;
  const canPick = editable && may(PICKER_RESOURCE);

  const add = (collection: MapCollection, tableName: string, columns: readonly SchemaColumn[]) => {
    const current = rowsOf(form.getFieldValue(collection));
    const added = pickedLines(collection, columns, current);
    form.setFieldValue(collection, [...current, ...added]);
    if (!businessEntity) form.setFieldValue('businessEntity', tableName);
    onChanged();
    setPicking(null);
    void message.success(labels.t('intf.picker.added', { count: added.length }));
  };

  return (
    <>
      {Object.entries(entity.lines).map(([collection, line]) => (
        <LinesCard
          key={collection}
          header={entity}
          collection={collection}
          line={line}
          form={form}
          editable={editable && linesEditable(entity, line, saved, side)}
          onChanged={onChanged}
          issues={props.issues?.[collection]}
          focusIssues={props.focusIssues}
          toolbar={
            canPick && isMap(collection) ? (
              <Button
                icon={<DatabaseOutlined />}
                onClick={() => setPicking(collection)}
                data-testid={`map-picker-${collection}`}
              >
                {labels.t('intf.picker.open')}
              </Button>
            ) : null
          }
        />
      ))}
      {picking && (
        <MapPicker
          apiPath={entity.apiPath}
          collection={picking}
          businessEntity={businessEntity}
          existing={rowsOf(form.getFieldValue(picking))}
          onPick={(tableName, columns) => add(picking, tableName, columns)}
          onClose={() => setPicking(null)}
        />
      )}
    </>
  );
}
