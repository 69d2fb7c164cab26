import { Page } from './Page';

/**
 * A page whose data failed to load: the spec's fetch error as its title, and Retry when trying again
 * can help (not for "not found"). This is the failure's one display: such pages raise no toast for it.
 */
export function LoadFailure({ title, onRetry }: { title: string; onRetry?: (() => unknown) | false }) {
  return (
    <Page title={title}>
      {onRetry && (
        <p>
          <button type="button" onClick={() => void onRetry()}>
            Retry
          </button>
        </p>
      )}
    </Page>
  );
}
