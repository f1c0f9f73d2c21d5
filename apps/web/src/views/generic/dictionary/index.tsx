import type { DictionaryOption } from '@atrium/shared';
import { Empty, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage, branchIds, DataTable, filterTree, SearchBar } from '../../../components/admin/index.ts';
import { usePageContext } from '../../../keep-alive/page-context.ts';
import { useDictionary } from '../../../stores/dictionaries.ts';
import styles from '../../system/dictionary/dictionary.module.css';

/**
 * The dynamic dictionary page of menu type 4: the enabled items of the
 * dictionary whose type id is the menu's moduleId, read-only, with a keyword filter. It reads the
 * shared dictionary cache, so it needs no dictionary management permission.
 */
export default function GenericDictionaryPage() {
  const { t } = useTranslation();
  const { meta } = usePageContext();
  const { entry, options, loading } = useDictionary(meta.moduleId);
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(() => filterTree(options, keyword), [options, keyword]);
  const allBranches = useMemo(() => branchIds(rows), [rows]);
  // Opens fully after each search; the user may then fold branches.
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);

  const columns: TableColumnsType<DictionaryOption> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('dictionary.itemName'), width: 240 },
    { key: 'enCode', dataIndex: 'enCode', title: t('dictionary.itemCode'), width: 200 },
  ];

  if (!loading && !entry)
    return (
      <AdminPage data-testid="generic-dictionary-page">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('dictionary.unknownDictionary')}
          data-testid="generic-dictionary-unknown"
        />
      </AdminPage>
    );

  return (
    <AdminPage data-testid="generic-dictionary-page">
      <div className={styles.heading}>
        {entry?.fullName ?? meta.title}
        {entry && <span className={styles.headingCode}>{entry.enCode}</span>}
      </div>
      <SearchBar
        onSearch={(k) => {
          setKeyword(k);
          setExpanded(null);
        }}
      />
      <DataTable<DictionaryOption>
        columns={columns}
        dataSource={rows}
        loading={loading}
        expandable={
          entry?.isTree === 1
            ? { expandedRowKeys: [...(expanded ?? allBranches)], onExpandedRowsChange: (keys) => setExpanded(keys) }
            : undefined
        }
        data-testid="generic-dictionary-items"
      />
    </AdminPage>
  );
}
