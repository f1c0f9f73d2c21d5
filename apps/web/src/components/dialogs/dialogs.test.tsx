import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../locales/index.ts';
import { useSessionStore } from '../../stores/session.ts';
import { AboutDialog } from './about-dialog.tsx';
import { DemoNotice } from './demo-notice.tsx';
import { StatementDialog } from './statement-dialog.tsx';

describe('shell dialogs', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    await i18n.changeLanguage('en-US');
  });

  it('S1-2.4-19 about shows the platform name, version and author', () => {
    useSessionStore.setState({
      sysConfigInfo: {
        title: 'Atrium',
        sysName: 'Atrium Demo',
        sysVersion: '2.3.4',
        logoIcon: '',
        loginIcon: '',
        navigationIcon: '',
        copyright: '© Demo Org',
        companyName: 'Demo Org',
      },
    });
    render(<AboutDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Atrium Demo');
    expect(dialog.textContent).toContain('2.3.4');
    expect(dialog.textContent).toContain('Atrium contributors');
    expect(dialog.textContent).toContain('© Demo Org');
  });

  it('S1-2.4-20 the statement names the licence and forbids altering or selling the demo data', () => {
    render(<StatementDialog open onClose={() => {}} />);
    const text = screen.getByRole('dialog').textContent ?? '';
    expect(text).toContain('open-source');
    expect(text).toContain('fictional');
    expect(text).toContain('do not sell');
  });

  it('S1-1-04 the demo notice stays away for the session once dismissed', () => {
    const first = render(
      <App>
        <DemoNotice />
      </App>,
    );
    expect(screen.getByTestId('demo-notice').textContent).toContain('fictional');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByTestId('demo-notice')).toBeNull();
    first.unmount();

    render(<DemoNotice />);
    expect(screen.queryByTestId('demo-notice')).toBeNull();
    expect(sessionStorage.getItem('ATRIUM__DEMONOTICE')).toBe('true__boolean');
  });
});
