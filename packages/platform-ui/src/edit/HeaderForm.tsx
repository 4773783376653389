// The header form of a document: one card per section, two or three columns, required stars,
// read-only fields as text (the document number says it is assigned on save).
import { Card, Col, Form, Row, Typography } from 'antd';
import type { EntityDef, FieldDef, FormSection } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { useSession } from '../context/session';
import { FieldDisplay } from '../fields/FieldDisplay';
import { FieldInput } from '../fields/FieldInput';
import { fieldRules } from '../fields/rules';
import { knownEntities } from '../fields/useEntityDef';

type Row = Readonly<Record<string, unknown>>;

/** The sections of the header form: the definition's, or one 基本信息 with every own field. */
export function formSections(entity: EntityDef): readonly FormSection[] {
  return entity.form?.sections ?? [{ key: 'basic', fields: Object.keys(entity.ownFields) }];
}

export interface HeaderFormProps {
  entity: EntityDef;
  /** The row as stored (null for a new document). */
  saved: Row | null;
  /** The current values (stored row merged with the form's). */
  current: Row;
  editable(name: string, field: FieldDef): boolean;
  /** A reference that `brings` fields was picked (null: cleared). */
  onPicked?(name: string, row: Row | null): void;
}

export function HeaderForm({ entity, saved, current, editable, onPicked }: HeaderFormProps) {
  const labels = useLabels();
  const { side } = useSession();
  const columns = entity.form?.columns ?? 3;
  const known = knownEntities(entity);
  return (
    <>
      {formSections(entity).map((section) => (
        <Card key={section.key} size="small" title={labels.section(entity.name, section.key)}>
          <Row gutter={24}>
            {section.fields.map((name) => {
              const field = entity.fields[name];
              // A field for internal users only is not on the supplier's form (no value reaches it).
              if (!field || (side === 'supplier' && field.internalOnly)) return null;
              // Nor is a field that does not apply to this row (a set's fields on a plain request).
              if (field.appliesWhen && !field.appliesWhen(current)) return null;
              const wide = field.kind === 'textarea' || field.kind === 'attachments';
              const label = labels.field(entity.name, name);
              const span = wide ? 24 : 24 / columns;
              if (!editable(name, field)) {
                const pending = !saved && entity.numbering?.field === name;
                return (
                  <Col key={name} xs={24} md={wide ? 24 : 12} xl={span}>
                    <Form.Item label={label}>
                      <div style={{ minHeight: 32, display: 'flex', alignItems: 'center' }}>
                        {pending ? (
                          <Typography.Text type="secondary">{labels.t('ui.edit.autoNumber')}</Typography.Text>
                        ) : (
                          <FieldDisplay
                            name={name}
                            field={field}
                            value={current[name]}
                            row={current}
                            detail
                          />
                        )}
                      </div>
                    </Form.Item>
                  </Col>
                );
              }
              return (
                <Col key={name} xs={24} md={wide ? 24 : 12} xl={span}>
                  <Form.Item name={name} label={label} rules={fieldRules(field, labels)}>
                    <FieldInput
                      name={name}
                      field={field}
                      row={current}
                      known={known}
                      onPicked={
                        field.kind === 'ref' && field.brings?.length && onPicked
                          ? (row) => onPicked(name, row)
                          : undefined
                      }
                      uploadContext={{
                        path: entity.name,
                        functionId: entity.name,
                        businessId: (saved?.[entity.key] as number | undefined) ?? undefined,
                      }}
                    />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </Card>
      ))}
    </>
  );
}
