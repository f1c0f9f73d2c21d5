import { Modal, type ModalProps } from 'antd';
import styles from './full-window-modal.module.css';

interface Props extends Omit<ModalProps, 'width' | 'modalRender'> {
  /**
   * The test id of the dialog itself. The Modal's own props (its `data-testid` too) land on its
   * root, a box of no size around the fixed mask and window.
   */
  panelTestId?: string;
}

/**
 * A dialog over the whole window, for designers and previews: the body is a flex column filling
 * what the header and footer leave, and scrolls only where its content says so.
 */
export function FullWindowModal({ className, panelTestId, children, ...props }: Props) {
  return (
    <Modal
      {...props}
      width="100%"
      className={className ? `${styles.window} ${className}` : styles.window}
      modalRender={(node) => (
        <div className={styles.panel} data-testid={panelTestId}>
          {node}
        </div>
      )}
    >
      {children}
    </Modal>
  );
}
