import { LogOut } from 'lucide-react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { DevicesSection, PasswordSection } from '../account';
import { useSignOut } from '../use-sign-out';
import { ClosuresSection } from '../closures';
import { OwnerSettings } from '../settings';
import { OutboxSection } from './outbox-section';
import { SmsOutboxSection } from './sms-outbox-section';
import { TwoFactorSection } from '../two-factor';
import { SuburbPagesSection } from '../suburb-pages';
import { PaymentMethodsSection } from '../settings/payment-methods-section';
import { AccountingSection } from '../settings/accounting-section';
import { TyresSettingsSection } from '../settings/tyres-section';

const roleLabel = (role: PublicUser['role']) => (role === 'admin' ? 'Admin' : 'Technician');

/** The Settings tab: username, email (or 'Not set'), role, Logout. */
export function SettingsTab({ user }: { user: PublicUser }) {
  const signOut = useSignOut();
  return (
    <div className="space-y-6">
      <section aria-labelledby="settings-heading" className="max-w-lg rounded-xl border border-gray-200 p-5">
        <h2 id="settings-heading" className="text-lg font-bold">
          Account
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
          <dt className="font-medium text-gray-700">Username</dt>
          <dd>{user.username}</dd>
          <dt className="font-medium text-gray-700">Email</dt>
          <dd>{user.email || 'Not set'}</dd>
          <dt className="font-medium text-gray-700">Role</dt>
          <dd>{roleLabel(user.role)}</dd>
        </dl>
        <Button variant="secondary" className="mt-6" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden className="h-4 w-4" />
          {signOut.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </section>
      <PasswordSection username={user.username} />
      <TwoFactorSection />
      <DevicesSection />
      {user.role === 'admin' ? (
        <OwnerSettings>
          <PaymentMethodsSection />
          <ClosuresSection user={user} />
          <SuburbPagesSection />
          <TyresSettingsSection />
          <AccountingSection />
        </OwnerSettings>
      ) : null}
      <OutboxSection user={user} />
      <SmsOutboxSection user={user} />
    </div>
  );
}
