import { EventEmitter } from 'node:events';
import type { ServiceType } from '../../shared/domain/services';
import type { TimeSlot } from '../../shared/domain/slots';

/** The new_booking event (docs/product.md "Live notifications"). */
export type NewBookingNotification = {
  type: 'new_booking';
  data: { id: string; jobNumber: string; serviceType: ServiceType | string; suburb: string; timeSlot: TimeSlot | string; createdAt: string };
};

type EventMap = { new_booking: [NewBookingNotification] };

/**
 * The in-process bus: booking code emits, the live notifications channel (dashboard issue) listens.
 * A listener that throws must not break the booking that emitted, so emit isolates listeners.
 */
export type AppEvents = {
  emit<K extends keyof EventMap>(name: K, ...args: EventMap[K]): void;
  on<K extends keyof EventMap>(name: K, listener: (...args: EventMap[K]) => void): () => void;
};

export function createEventBus(onListenerError: (err: unknown) => void = () => {}): AppEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit(name, ...args) {
      for (const listener of emitter.listeners(name)) {
        try {
          (listener as (...a: typeof args) => void)(...args);
        } catch (err) {
          onListenerError(err);
        }
      }
    },
    on(name, listener) {
      emitter.on(name, listener as (...a: unknown[]) => void);
      return () => emitter.off(name, listener as (...a: unknown[]) => void);
    },
  };
}
