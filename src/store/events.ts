import type { StoreEvent } from './types.js';

/** Subscribers of a store's events; a throwing listener is dropped from that delivery only. */
export interface StoreEventHub {
  emit(event: StoreEvent): void;
  subscribe(listener: (event: StoreEvent) => void): () => void;
  readonly size: number;
}

export function createEventHub(): StoreEventHub {
  const listeners = new Set<(event: StoreEvent) => void>();
  return {
    emit(event) {
      for (const l of [...listeners]) {
        try {
          l(event);
        } catch {
          // A listener's bug must not undo or block the commit that raised the event.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}
