import type { PublicUser } from '../../../shared/schemas/auth';
import { AdminSchedule } from '../schedule/admin-schedule';
import { TechnicianSchedule } from '../schedule/technician-schedule';

/** The Schedule tab: the admin assigns the week's jobs; a technician sees their own run (docs/product.md "Staff dashboard"). */
export function ScheduleTab({ user }: { user: PublicUser }) {
  return user.role === 'admin' ? <AdminSchedule /> : <TechnicianSchedule user={user} />;
}
