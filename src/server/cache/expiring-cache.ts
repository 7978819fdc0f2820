/** What a load returns: the value and the instant (ms) after which it may no longer be served. */
export type Loaded<V> = { value: V; validUntil: number };

export type ExpiringCache<K, V> = {
  /** The stored value while it is valid; otherwise one load shared by every caller asking meanwhile. */
  get(key: K, load: () => Promise<Loaded<V>>): Promise<V>;
  /** Forgets `key`; a load already running for it finishes for its callers but is not kept. */
  invalidate(key: K): void;
  /** Forgets everything, loads in flight included (as `invalidate` for each key). */
  clear(): void;
  /** Off: every `get` loads afresh and nothing is kept (while changes cannot be heard). */
  setEnabled(enabled: boolean): void;
  readonly enabled: boolean;
  readonly size: number;
};

type Flight<V> = { promise: Promise<Loaded<V>>; stale: boolean };

/**
 * An in-memory cache whose entries leave when told (a write somewhere, decision 231) or when their
 * own validity ends, whichever is first. A load that was running when its key was invalidated is
 * never stored, so a read that began before a write cannot put the old answer back. At most
 * `maxEntries` are kept; the least recently used goes first.
 */
export function createExpiringCache<K, V>(opts: { maxEntries: number; now: () => number }): ExpiringCache<K, V> {
  const entries = new Map<K, Loaded<V>>();
  const flights = new Map<K, Flight<V>>();
  let enabled = true;

  function store(key: K, loaded: Loaded<V>) {
    entries.delete(key);
    entries.set(key, loaded);
    if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value as K);
  }

  function clear() {
    entries.clear();
    for (const flight of flights.values()) flight.stale = true;
    flights.clear();
  }

  return {
    async get(key, load) {
      if (!enabled) return (await load()).value;
      const hit = entries.get(key);
      if (hit) {
        if (hit.validUntil > opts.now()) {
          // Most recently used last, so eviction takes the oldest.
          entries.delete(key);
          entries.set(key, hit);
          return hit.value;
        }
        entries.delete(key);
      }
      let flight = flights.get(key);
      if (!flight) {
        const started: Flight<V> = { promise: load(), stale: false };
        flight = started;
        flights.set(key, started);
        void started.promise.then(
          (loaded) => {
            if (flights.get(key) === started) flights.delete(key);
            if (!started.stale && enabled && loaded.validUntil > opts.now()) store(key, loaded);
          },
          () => {
            if (flights.get(key) === started) flights.delete(key);
          },
        );
      }
      return (await flight.promise).value;
    },
    invalidate(key) {
      entries.delete(key);
      const flight = flights.get(key);
      if (flight) {
        flight.stale = true;
        flights.delete(key);
      }
    },
    clear,
    setEnabled(on) {
      enabled = on;
      clear();
    },
    get enabled() {
      return enabled;
    },
    get size() {
      return entries.size;
    },
  };
}
