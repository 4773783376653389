// A home section listing the newest documents of one entity that wait for the user (the
// external home's 待确认订单 and 送货通知): the entity's own list endpoint with fixed filters,
// so the server's data scope applies (a supplier reads only its own rows); each row opens its
// edit screen, "more" opens the list under its menu.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refDisplayName } from '@srm/kernel';
import { FieldDisplay, routeName, useScreen, useSession } from '@srm/platform-ui';
import { apiCall } from '../../api';
import { useMenu } from '../../shell/menu/menuSource';
import { screenMenus } from '../../shell/menu/menuTree';
import { HomeSection } from './HomeSection';
import { recordTarget } from './openRecord';

type Row = Record<string, unknown>;

export interface HomeDocumentsProps {
  title: ReactNode;
  icon: ReactNode;
  testId: string;
  /** Shown when no document waits. */
  empty: string;
  entity: string;
  /** The list screen opened by "more" (its menu decides the buttons). */
  listPath: string;
  filters: Record<string, unknown>;
  /** Fields shown after the document number, in the list's display. */
  fields: readonly string[];
  rows?: number;
  /** Show each row's status (documents waiting in a state); off for a reader's copies. */
  status?: boolean;
}

export function HomeDocuments(props: HomeDocumentsProps) {
  const { t } = useTranslation();
  const screen = useScreen();
  const { resolveEntity } = useSession();
  const { items: menus, tree, respId } = useMenu();
  const size = props.rows ?? 5;
  const definition = useQuery({
    queryKey: ['home', 'definition', props.entity],
    queryFn: () => resolveEntity(props.entity),
    staleTime: Infinity,
  });
  const entity = definition.data;
  const documents = useQuery({
    queryKey: ['home', 'documents', props.entity, props.filters, size],
    queryFn: () =>
      apiCall<Row[]>(`${entity!.apiPath}/listByPage`, { ...props.filters, pageIndex: 1, pageRows: size }),
    enabled: Boolean(entity),
    staleTime: 30_000,
  });
  const rows = documents.data?.data ?? [];
  const count = documents.data?.page?.count ?? rows.length;
  const listMenu = screenMenus(tree).find((node) => routeName(node.url!) === routeName(props.listPath));
  const withResp = respId !== null ? { respId } : {};
  const more = listMenu ? (
    <Typography.Link
      onClick={() => screen.open(listMenu.url!, { menuId: listMenu.menuId, ...withResp })}
      data-testid={`${props.testId}-more`}
    >
      {t('home.documents.more', { count })}
    </Typography.Link>
  ) : undefined;
  const error = definition.error ?? documents.error;
  const loading = definition.isLoading || documents.isLoading;

  return (
    <HomeSection
      title={props.title}
      icon={props.icon}
      testId={props.testId}
      extra={rows.length ? more : undefined}
      empty={!loading && !error && !rows.length ? props.empty : undefined}
    >
      {error ? (
        <Alert type="error" showIcon title={(error as Error).message} />
      ) : loading || !entity ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => {
            const id = Number(row[entity.key]);
            const target = recordTarget(props.entity, entity.key, id, menus);
            const title = String(row[entity.display] ?? `#${id}`);
            return (
              <li
                key={id}
                data-testid={`${props.testId}-row`}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 12,
                  padding: '8px 0',
                  borderBottom: '1px solid #f5f5f5',
                }}
              >
                {target ? (
                  <Typography.Link
                    style={{ whiteSpace: 'nowrap' }}
                    onClick={() => screen.open(target.path, { ...target.params, ...withResp })}
                  >
                    {title}
                  </Typography.Link>
                ) : (
                  <Typography.Text>{title}</Typography.Text>
                )}
                {props.fields.map((name, index) => {
                  const field = entity.fields[name];
                  if (!field) return null;
                  const shown = field.kind === 'ref' ? refDisplayName(name, field) : name;
                  const value = shown ? row[shown] : undefined;
                  // The first (a name) gives way when the card is narrow; dates and sums do not.
                  return (
                    <Typography.Text
                      key={name}
                      type="secondary"
                      ellipsis={index === 0}
                      style={index === 0 ? { flex: '0 1 auto', minWidth: 0 } : { whiteSpace: 'nowrap' }}
                    >
                      {field.kind === 'ref' ? (
                        String(value ?? '')
                      ) : (
                        <FieldDisplay name={name} field={field} value={value} />
                      )}
                    </Typography.Text>
                  );
                })}
                {entity.fields.status && props.status !== false && (
                  <span style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                    <FieldDisplay name="status" field={entity.fields.status} value={row.status} />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </HomeSection>
  );
}
