import type { Db } from '../db/client';
import { latestNotificationId, listNotificationsAfter, type NewBookingNotification } from './store';

/** What staff were told of (the stored new_booking events), from the moment a test last reset it. */
export function announcements(db: () => Db) {
  let after = 0;
  return {
    async reset() {
      after = (await latestNotificationId(db())) ?? 0;
    },
    async list(): Promise<NewBookingNotification[]> {
      return (await listNotificationsAfter(db(), after, 1_000)).map(({ type, data }) => ({ type, data }));
    },
  };
}
