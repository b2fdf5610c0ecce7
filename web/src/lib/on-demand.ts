/**
 * A module fetched the first time it is needed. `current` is set once it has arrived, so later renders use it
 * directly instead of suspending; a failed download is forgotten, so the next use tries again.
 */
export interface OnDemand<T> {
  current: T | undefined;
  load(): Promise<T>;
  /** Calls `listener` once the module has arrived; returns the unsubscribe function (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const self: OnDemand<T> = {
    current: undefined,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      pending ??= importer().then(
        (value) => {
          self.current = value;
          for (const listener of listeners) listener();
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
  return self;
}
