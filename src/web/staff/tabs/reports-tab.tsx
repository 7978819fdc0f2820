import type { PublicUser } from '../../../shared/schemas/auth';
import { ComingSoon } from './coming-soon';

/** Placeholder until this tab's issue lands; the dashboard passes the signed-in user. */
export function ReportsTab(_props: { user: PublicUser }) {
  return <ComingSoon />;
}
