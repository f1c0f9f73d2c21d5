import { DEFAULT_SYS_NAME } from '../app/constants.ts';
import logoUrl from '../assets/logo.svg';
import { useSessionStore } from '../stores/session.ts';
import styles from './layout.module.css';

interface Props {
  /** Icon only (collapsed or slim side bar, narrow top bar). */
  iconOnly?: boolean;
  className?: string;
  textColor?: string;
}

/** The organisation's logo and system name (system config), else Atrium's. */
export function Logo({ iconOnly, className, textColor }: Props) {
  const sysConfig = useSessionStore((s) => s.sysConfigInfo);
  const sysName = sysConfig?.sysName || DEFAULT_SYS_NAME;
  const logo = sysConfig?.navigationIcon || sysConfig?.logoIcon || logoUrl;
  return (
    <div className={[styles.logo, iconOnly ? styles.logoCentered : '', className ?? ''].join(' ')} title={sysName}>
      <img src={logo} alt="" />
      {!iconOnly && (
        <span className={styles.logoText} style={{ color: textColor }}>
          {sysName}
        </span>
      )}
    </div>
  );
}
