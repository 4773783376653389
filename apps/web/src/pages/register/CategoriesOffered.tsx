// 供应品类 at /registerInfoEdit: the buyer's categories the company says it offers, picked from the
// tree of enabled ones (categoriesMine, with the registration's token: the company has no login to
// read the category list with), and which of them is its main business. The value is the
// registration's `categories` lines: a category kept keeps its stored line.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { type OfferedCategory, type RegistrationToken, categoriesMine } from './registration';

export interface CategoryLine {
  registerCategoryId?: number;
  categoryId: number;
  mainFlag?: 'Y' | 'N' | null;
  remark?: string | null;
}

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** The categories as a tree by parent; a category whose parent is not offered is a root. */
function treeOf(categories: readonly OfferedCategory[]): TreeNode[] {
  const nodes = new Map(
    categories.map((row) => [
      row.categoryId,
      { value: row.categoryId, title: `${row.categoryCode} ${row.categoryName}`, children: [] as TreeNode[] },
    ]),
  );
  const roots: TreeNode[] = [];
  for (const row of categories) {
    const parent = row.parentCategoryId == null ? undefined : nodes.get(row.parentCategoryId);
    (parent ? parent.children : roots).push(nodes.get(row.categoryId)!);
  }
  return roots;
}

export interface CategoriesOfferedProps {
  token: RegistrationToken;
  value?: CategoryLine[];
  onChange?: (lines: CategoryLine[]) => void;
  disabled?: boolean;
}

export function CategoriesOffered({ token, value = [], onChange, disabled }: CategoriesOfferedProps) {
  const { t, i18n } = useTranslation();
  const offered = useQuery({
    queryKey: ['registration', token.registerId, 'categories', i18n.language],
    queryFn: () => categoriesMine(token),
  });
  const tree = useMemo(() => treeOf(offered.data ?? []), [offered.data]);
  const names = useMemo(
    () =>
      new Map((offered.data ?? []).map((row) => [row.categoryId, `${row.categoryCode} ${row.categoryName}`])),
    [offered.data],
  );
  const chosen = value.map((line) => line.categoryId);
  const main = value.find((line) => line.mainFlag === 'Y')?.categoryId;

  const pick = (ids: number[]) => {
    const kept = new Map(value.map((line) => [line.categoryId, line]));
    const lines = ids.map((categoryId) => kept.get(categoryId) ?? { categoryId, mainFlag: 'N' as const });
    // The only category offered is the main one.
    onChange?.(lines.length === 1 ? [{ ...lines[0]!, mainFlag: 'Y' }] : lines);
  };
  const setMain = (categoryId: number | undefined) =>
    onChange?.(value.map((line) => ({ ...line, mainFlag: line.categoryId === categoryId ? 'Y' : 'N' })));

  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <TreeSelect
          multiple
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          allowClear
          loading={offered.isLoading}
          disabled={disabled}
          value={chosen}
          treeData={tree}
          onChange={(ids: number[]) => pick(ids)}
          placeholder={t('registerInfo.categories.placeholder')}
          style={{ width: '100%' }}
          data-testid="register-categories-pick"
        />
      </Col>
      <Col xs={24} xl={8}>
        <Select
          allowClear
          disabled={disabled || !chosen.length}
          value={main}
          onChange={(id?: number) => setMain(id)}
          placeholder={t('registerInfo.categories.main')}
          options={chosen.map((id) => ({ value: id, label: names.get(id) ?? String(id) }))}
          style={{ width: '100%' }}
          data-testid="register-categories-main"
        />
      </Col>
    </Row>
  );
}
