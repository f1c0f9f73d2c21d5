import { Button, Empty, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintFieldNode } from '../../../api/print-dev.ts';
import { AMOUNT_IN_WORDS, SYSTEM_TAGS } from '../../../components/print-preview/print-tags.ts';
import type { FieldTagValue } from '../../../components/rich-editor/index.ts';
import styles from './print-dev.module.css';

interface Props {
  /** The tree /Fields answered: headTable, then T1, T2... */
  fields: PrintFieldNode[];
  onInsert: (value: FieldTagValue) => void;
  onPageBreak: () => void;
}

/**
 * The designer's left panel: the template's fields by table and the system tags. Clicking a field
 * inserts its tag at the editor's cursor; 大写 inserts the amount-in-words variant.
 */
export function FieldPanel({ fields, onInsert, onPageBreak }: Props) {
  const { t } = useTranslation();

  const leaf = (id: string, label: string, value: FieldTagValue, withWords: boolean): TreeDataNode => ({
    key: id,
    isLeaf: true,
    title: (
      <span className={styles.fieldRow}>
        <span className={styles.fieldName} onClick={() => onInsert(value)} data-testid={`print-field-${id}`}>
          {label}
        </span>
        {withWords && (
          <Tooltip title={t('printDev.amountInWordsTip')}>
            <Button
              type="link"
              size="small"
              className={styles.fieldWords}
              onClick={() => onInsert({ ...value, format: AMOUNT_IN_WORDS })}
              data-testid={`print-field-words-${id}`}
            >
              {t('printDev.amountInWords')}
            </Button>
          </Tooltip>
        )}
      </span>
    ),
  });

  const tables: TreeDataNode[] = fields.map((table) => ({
    key: table.id,
    selectable: false,
    title: table.table === 'headTable' ? t('printDev.mainTable') : t('printDev.childTable', { name: table.table }),
    children: (table.children ?? []).map((f) => leaf(f.id, f.fullName, { field: f.id }, true)),
  }));
  const system: TreeDataNode = {
    key: 'system',
    selectable: false,
    title: t('printDev.systemTags'),
    children: SYSTEM_TAGS.map((tag) => leaf(tag, t(`printDev.${tag}`), { field: tag }, false)),
  };

  return (
    <div className={styles.fieldPanel} data-testid="print-field-panel">
      <div className={styles.panelTitle}>{t('printDev.fieldTree')}</div>
      <div className={styles.panelBody}>
        {!fields.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('printDev.fieldTreeEmpty')} />}
        <Tree
          blockNode
          defaultExpandAll
          selectable={false}
          treeData={[...tables, system]}
          key={fields.map((f) => f.id).join()}
        />
      </div>
      <Button block onClick={onPageBreak} data-testid="print-insert-page-break">
        {t('printDev.insertPageBreak')}
      </Button>
    </div>
  );
}
