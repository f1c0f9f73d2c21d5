import type { ReactNode } from 'react';
import styles from './home.module.css';

/** A titled panel of the home page's lists. */
export function Section(props: {
  title: string;
  icon?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className={`${styles.panel} ${styles.section}`} data-testid={props.testId}>
      <header className={styles.sectionHead}>
        <h3 className={styles.sectionTitle}>
          {props.icon} {props.title}
        </h3>
        {props.extra}
      </header>
      {props.children}
    </section>
  );
}
