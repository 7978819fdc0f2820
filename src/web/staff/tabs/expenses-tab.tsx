import type { PublicUser } from '../../../shared/schemas/auth';
import { ExpensesScreen } from '../expenses/expenses-screen';

/** The Expenses tab (admin only): business expenses, the overheads. */
export function ExpensesTab(_props: { user: PublicUser }) {
  return <ExpensesScreen />;
}
