import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Has } from '../../access/has.tsx';

interface Props {
  onClick: () => void;
  'data-testid'?: string;
  /** The screen's wording, e.g. t('organize.addPosition'). */
  children: ReactNode;
}

/** The toolbar's primary 'add' button, shown only with the btn_add permission. */
export function AddButton({ onClick, children, 'data-testid': testId }: Props) {
  return (
    <Has code="btn_add">
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {children}
      </Button>
    </Has>
  );
}
