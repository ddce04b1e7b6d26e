// The frame of a screen fetched on demand: a placeholder shaped like the screen while its code loads,
// and a failure panel when it cannot load or draw, instead of a blank window.
import { Component, Suspense } from 'react';
import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';
import { LoadingBlock } from './Loading.tsx';
import { PageHeader } from './PageHeader.tsx';

/** The screen's header and a spinner that fades in only if the fetch is slow, so a quick one does not flash. */
function ScreenLoading({ title }: { title: string }) {
  return (
    <div className="page screen-loading" aria-busy="true" data-testid="screen-loading">
      <PageHeader title={title} />
      <LoadingBlock label={`Opening ${title}`} />
    </div>
  );
}

interface BoundaryProps {
  title: string;
  /** The route shown (its address): a failure is cleared when it changes. */
  route: string;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  route: string;
}

/**
 * Catches a screen that failed to load or render (React logs the error); the app shell and the
 * other screens stay usable. The failed fetch is remembered by React.lazy, so retrying reloads.
 */
class ScreenBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, route: this.props.route };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    return props.route === state.route ? null : { error: null, route: props.route };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="page">
        <PageHeader title={this.props.title} />
        <ErrorPanel
          title={`Could not open ${this.props.title}`}
          message={error.message}
          onRetry={() => window.location.reload()}
          testId="screen-error"
        >
          <p>Retry reloads the window: after an update of DirBench it fetches the new screens.</p>
        </ErrorPanel>
      </div>
    );
  }
}

/** Shows `children` (a lazy screen) with its loading placeholder and failure panel, titled `title`. */
export function ScreenSuspense({ title, route, children }: BoundaryProps) {
  return (
    <ScreenBoundary title={title} route={route}>
      <Suspense fallback={<ScreenLoading title={title} />}>{children}</Suspense>
    </ScreenBoundary>
  );
}
