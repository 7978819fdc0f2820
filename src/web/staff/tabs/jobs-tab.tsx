import type { PublicUser } from '../../../shared/schemas/auth';
import { JobsBoard } from '../jobs/jobs-board';

/** Jobs (admin) and My Jobs (technician): src/web/staff/jobs. */
export function JobsTab({ user }: { user: PublicUser }) {
  return <JobsBoard user={user} />;
}
