import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Changing this key (e.g. the route) clears a shown error. */
  resetKey?: string;
}
interface State {
  error: Error | null;
  resetKey?: string;
}

/** Shows a readable message and a way back instead of a white page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for the learner's console; the page itself shows the message.
    console.warn('Rate Limit Lab caught an error:', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="card error-panel" role="alert" data-testid="error-boundary">
        <h2>Something in this screen broke</h2>
        <p>
          The lab hit an error it did not expect: <code>{error.message || String(error)}</code>
        </p>
        <p>Your saved work is kept in this browser. You can try again or go back to the lab.</p>
        <div className="row">
          <button
            type="button"
            className="button primary"
            onClick={() => this.setState({ error: null })}
          >
            Try again
          </button>
          <a
            className="button"
            href="#/lab"
            onClick={(e) => {
              // Any other address changes the route, which clears the error (resetKey); on
              // #/lab itself nothing would change, so clear it here.
              if (window.location.hash !== '#/lab') return;
              e.preventDefault();
              this.setState({ error: null });
            }}
          >
            Back to the lab
          </a>
        </div>
      </div>
    );
  }
}
