import { useEffect, useState } from 'react';
import type { EmailDelivery } from './email-wording';
import { readPageData } from './page-data';

/** The value once it has stopped changing for `ms` (a search box that does not ask on every key). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The current time, refreshed every `everyMs`, for text that says "about 10:10 am". */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The business's name and phone from configuration (docs/product.md "The business"), embedded in the page. */
export function useBusiness(): { name: string; phone: string } {
  const [business] = useState(() => {
    try {
      const { name, phone } = readPageData().business;
      return { name, phone };
    } catch {
      return { name: 'Mobile Tyre & Battery Co.', phone: '' };
    }
  });
  return business;
}

/** How customer emails leave (decision 241); unknown counts as stored, so no screen claims a send. */
export function useEmailDelivery(): EmailDelivery {
  const [delivery] = useState<EmailDelivery>(() => {
    try {
      return readPageData().business.emailDelivery ?? 'stored';
    } catch {
      return 'stored';
    }
  });
  return delivery;
}
