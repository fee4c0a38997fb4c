import { Component, type ReactNode } from 'react';
import { RouteErrorScreen } from '../pages/errors/RouteErrorScreen';

interface Props {
  /** The address: when it changes, the screen is tried again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedAt: string | null;
}

/**
 * Never a blank page: a chunk that still fails after the recovery reload, or any render error,
 * shows `RouteErrorScreen` (with a reload button) instead of the screen.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorScreen error={this.state.error} />;
  }
}
