import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  ResultCode,
  type AuthorizeData,
  type AuthorizeItemType,
  type AuthorizeNode,
  type AuthorizeObjectType,
  type AuthorizeSaveResult,
  type GrantedIds,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Select, Space, Spin, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { LONG_TIMEOUT, request, RequestError } from '../../../api/request.ts';
import { feedback } from '../../../app/feedback.ts';
import { AdminPage, Toolbar } from '../../../components/admin/index.ts';
import { allKeys, checkedOf, displayState, grantedOf, indexTree, keyOf, sameSet, toggle } from './grant-tree.ts';
import styles from './authorize.module.css';

interface ObjectItem {
  id: string;
  fullName: string;
  enCode: string;
  parentId: string;
  description: string;
}

const OBJECT_TYPES: AuthorizeObjectType[] = ['role', 'position', 'user', 'organize'];
const ITEM_LABEL: Record<AuthorizeItemType, string> = {
  system: 'authorize.itemSystem',
  module: 'authorize.itemModule',
  button: 'authorize.itemButton',
  column: 'authorize.itemColumn',
  form: 'authorize.itemForm',
  resource: 'authorize.itemResource',
};
const ITEM_COLOR: Partial<Record<AuthorizeItemType, string>> = {
  system: 'geekblue',
  button: 'blue',
  column: 'cyan',
  form: 'purple',
  resource: 'gold',
};

const authorityApi = {
  objects: async (objectType: AuthorizeObjectType, keyword: string) =>
    (
      await request<{ list: ObjectItem[] }>({
        url: '/api/permission/Authority/Objects',
        data: { objectType, keyword },
      })
    ).data?.list ?? [],
  data: async (objectType: AuthorizeObjectType, objectId: string) =>
    (
      await request<AuthorizeData>({
        url: `/api/permission/Authority/Data/${encodeURIComponent(objectId)}`,
        data: { objectType },
        timeout: LONG_TIMEOUT,
      })
    ).data!,
  save: (objectId: string, body: GrantedIds & { objectType: AuthorizeObjectType; version: number }) =>
    request<AuthorizeSaveResult>({
      url: `/api/permission/Authority/Data/${encodeURIComponent(objectId)}`,
      method: 'PUT',
      data: body,
      timeout: LONG_TIMEOUT,
    }),
};

/** Organisations nest by parentId; other objects are a flat list. */
function objectTree(items: ObjectItem[], nested: boolean): TreeDataNode[] {
  const nodes = new Map<string, TreeDataNode & { parentId: string }>(
    items.map((o) => [
      o.id,
      {
        key: o.id,
        parentId: o.parentId,
        title: o.description ? `${o.fullName} · ${o.description}` : o.fullName,
      },
    ]),
  );
  if (!nested) return [...nodes.values()];
  const roots: TreeDataNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The authorisation editor: pick a role, position, user or organisation, then tick what it may use. */
export default function AuthorizePage() {
  const { t } = useTranslation();
  const [objectType, setObjectType] = useState<AuthorizeObjectType>('role');
  const [keyword, setKeyword] = useState('');
  const [objectId, setObjectId] = useState<string | undefined>();
  const objects = useQuery({
    queryKey: ['permission', 'authorize', 'objects', objectType, keyword],
    queryFn: () => authorityApi.objects(objectType, keyword),
  });
  const data = useQuery({
    queryKey: ['permission', 'authorize', 'data', objectType, objectId],
    queryFn: () => authorityApi.data(objectType, objectId!),
    enabled: !!objectId,
    refetchOnWindowFocus: false,
  });
  // The ticks being edited, for the version of the data they started from.
  const [edit, setEdit] = useState<{ base: AuthorizeData; checked: Set<string> } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const base = data.data;
  const initial = useMemo(() => (base ? checkedOf(base.granted) : new Set<string>()), [base]);
  const checked = edit && edit.base === base ? edit.checked : initial;
  const index = useMemo(() => indexTree(base?.tree ?? []), [base]);
  const dirty = !!base && !sameSet(checked, initial);

  const treeData = useMemo(() => {
    const convert = (nodes: AuthorizeNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: keyOf(n),
        title: (
          <span className={styles.node}>
            {n.itemType !== 'module' && <Tag color={ITEM_COLOR[n.itemType]}>{t(ITEM_LABEL[n.itemType])}</Tag>}
            <span>{n.fullName}</span>
            <Typography.Text type="secondary" className={styles.code}>
              {n.enCode}
            </Typography.Text>
            {n.enabledMark !== 1 && <Tag color="error">{t('authorize.disabledTag')}</Tag>}
          </span>
        ),
        ...(n.children?.length ? { children: convert(n.children) } : {}),
      }));
    return convert(base?.tree ?? []);
  }, [base, t]);

  const pick = (type: AuthorizeObjectType, id?: string) => {
    setObjectType(type);
    setObjectId(id);
    setEdit(null);
    setConflict(false);
  };

  async function save() {
    if (!base || !objectId) return;
    setSaving(true);
    try {
      const res = await authorityApi.save(objectId, {
        objectType,
        version: base.version,
        ...grantedOf(checked),
      });
      setConflict(false);
      void feedback().message.success(
        t('authorize.saveResult', { out: res.data?.loggedOut ?? 0, refresh: res.data?.refreshed ?? 0 }),
      );
      setEdit(null);
      await data.refetch();
    } catch (error) {
      if (error instanceof RequestError && error.code === ResultCode.conflict) {
        setConflict(true);
        setEdit(null);
        await data.refetch();
      }
    } finally {
      setSaving(false);
    }
  }

  const state = displayState(index, checked);
  return (
    <AdminPage
      data-testid="authorize-page"
      treeTitle={t('authorize.objectType')}
      toggleLabels={{ show: t('authorize.showObjects'), hide: t('authorize.hideObjects') }}
      tree={
        <div className={styles.objects}>
          <Select<AuthorizeObjectType>
            value={objectType}
            options={OBJECT_TYPES.map((type) => ({ value: type, label: t(`authorize.${type}`) }))}
            onChange={(type) => pick(type)}
            aria-label={t('authorize.objectType')}
            data-testid="authorize-object-type"
          />
          <Input.Search
            allowClear
            placeholder={t('authorize.searchObject')}
            onSearch={(value) => setKeyword(value.trim())}
            data-testid="authorize-object-search"
          />
          <Spin spinning={objects.isLoading}>
            <div className={styles.objectList}>
              {objects.isError ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.loadFailed')}>
                  <Button onClick={() => void objects.refetch()}>{t('admin.retry')}</Button>
                </Empty>
              ) : objects.data && objects.data.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('authorize.noObjects')} />
              ) : (
                <Tree
                  blockNode
                  defaultExpandAll
                  key={`${objectType}-${objects.dataUpdatedAt}`}
                  selectedKeys={objectId ? [objectId] : []}
                  treeData={objectTree(objects.data ?? [], objectType === 'organize')}
                  onSelect={(keys) => keys[0] !== undefined && pick(objectType, String(keys[0]))}
                  className={objectType === 'organize' ? undefined : styles.flat}
                  data-testid="authorize-objects"
                />
              )}
            </div>
          </Spin>
        </div>
      }
    >
      {!objectId ? (
        <Empty className={styles.placeholder} description={t('authorize.chooseObject')} data-testid="authorize-empty" />
      ) : (
        <>
          <Toolbar
            extra={
              <Space size={4} wrap>
                <Button
                  type="text"
                  disabled={!base}
                  onClick={() => base && setEdit({ base, checked: allKeys(index) })}
                  data-testid="authorize-check-all"
                >
                  {t('authorize.checkAll')}
                </Button>
                <Button type="text" disabled={!base} onClick={() => base && setEdit({ base, checked: new Set() })}>
                  {t('authorize.uncheckAll')}
                </Button>
                <Button
                  type="text"
                  icon={<ReloadOutlined />}
                  aria-label={t('authorize.reload')}
                  onClick={() => {
                    setEdit(null);
                    void data.refetch();
                  }}
                />
              </Space>
            }
          >
            <Space wrap>
              <Typography.Text strong data-testid="authorize-object-name">
                {base ? t('authorize.grantsOf', { name: base.objectName }) : ''}
              </Typography.Text>
              {base && <Tag>{t('authorize.grantCount', { count: checked.size })}</Tag>}
              {dirty && <Tag color="warning">{t('authorize.unsaved')}</Tag>}
              <Has code="btn_edit">
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={saving}
                  disabled={!base || !dirty}
                  onClick={() => void save()}
                  data-testid="authorize-save"
                >
                  {t('authorize.save')}
                </Button>
              </Has>
            </Space>
          </Toolbar>
          {conflict && (
            <Alert
              type="warning"
              showIcon
              title={t('authorize.saveConflict')}
              data-testid="authorize-conflict"
              closable
            />
          )}
          <Spin spinning={data.isFetching}>
            {data.isError ? (
              <div className={styles.placeholder} data-testid="authorize-error">
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.loadFailed')}>
                  <Button onClick={() => void data.refetch()}>{t('admin.retry')}</Button>
                </Empty>
              </div>
            ) : (
              <Tree
                checkable
                checkStrictly
                blockNode
                selectable={false}
                defaultExpandAll
                key={`${objectType}-${objectId}-${base?.version ?? 'x'}`}
                treeData={treeData}
                checkedKeys={state}
                onCheck={(_, info) =>
                  base && setEdit({ base, checked: toggle(index, checked, String(info.node.key), info.checked) })
                }
                className={styles.grantTree}
                data-testid="authorize-tree"
              />
            )}
          </Spin>
        </>
      )}
    </AdminPage>
  );
}
