import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/**
 * Last line of defence above the providers: a render error anywhere leaves a reload button instead
 * of a blank page. Plain text because i18n and antd may be what failed.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center', fontFamily: 'sans-serif' }}>
        <p>Something went wrong. / 页面出错了。</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload / 重新加载
        </button>
      </div>
    );
  }
}
