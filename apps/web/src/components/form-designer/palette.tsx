/** The palette: every field kind by group, dragged onto the canvas or clicked to add. */
import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input } from 'antd';
import { memo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useDesignerStore } from './context.tsx';
import { usePaletteItem } from './dnd/index.ts';
import { KindIcon, PALETTE_GROUPS } from './kinds.tsx';
import { addPosition } from './store.ts';
import type { JnpfKey } from '@atrium/shared/forms';
import styles from './form-designer.module.css';

const PaletteItem = memo(function PaletteItem({ kind, name }: { kind: JnpfKey; name: string }) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const { ref, isDragSource } = usePaletteItem(kind);
  const add = () => {
    const { doc, selectedId, add: addField } = store.getState();
    const at = addPosition(doc, selectedId, kind);
    if (!at) {
      feedback().message.warning(t('formDesigner.palette.cannotAdd', { kind: name }));
      return;
    }
    addField(kind, at.parentId, at.index);
  };
  return (
    <div
      ref={ref}
      role="button"
      tabIndex={0}
      title={t('formDesigner.palette.clickOrDrag')}
      className={[styles.paletteItem, isDragSource && styles.paletteItemDragging].filter(Boolean).join(' ')}
      data-testid={`fd-palette-${kind}`}
      onClick={add}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          add();
        }
      }}
    >
      <KindIcon kind={kind} />
      <span>{name}</span>
    </div>
  );
});

export function Palette() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const groups = PALETTE_GROUPS.map(({ group, kinds }) => ({
    group,
    kinds: kinds
      .map((kind) => ({ kind, name: t(`formDesigner.kinds.${kind}`) }))
      .filter(({ kind, name }) => !q || name.toLowerCase().includes(q) || kind.toLowerCase().includes(q)),
  })).filter((g) => g.kinds.length);
  return (
    <>
      <div className={styles.paletteSearch}>
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('formDesigner.palette.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div className={styles.paletteScroll}>
        {groups.map(({ group, kinds }) => (
          <section key={group}>
            <div className={styles.paletteGroupTitle}>{t(`formDesigner.groups.${group}`)}</div>
            <div className={styles.paletteGrid}>
              {kinds.map(({ kind, name }) => (
                <PaletteItem key={kind} kind={kind} name={name} />
              ))}
            </div>
          </section>
        ))}
        {!groups.length && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('formDesigner.palette.noMatch')} />
        )}
      </div>
    </>
  );
}
