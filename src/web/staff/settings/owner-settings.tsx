import type { ReactNode } from 'react';
import { AuditLogSection } from './audit-log';
import { BusinessSection } from './business-form';
import { CapacitySection } from './capacity-form';
import { ChangesSection } from './changes-list';
import { FeesSection } from './fees-form';
import { MessagesSection } from './messages-section';
import { SecuritySection } from './security-section';
import { SystemSection } from './system-section';

const SECTIONS = [
  ['fees', 'Fees and prices'],
  ['business', 'Business profile'],
  ['vans', 'Vans on the road'],
  ['security', 'Staff sign-in'],
  ['messages', 'Messages to customers'],
  // The sections settings-tab.tsx passes in as children, in its order.
  ['payment-methods', 'Ways to pay online'],
  ['closures-heading', 'Closures'],
  ['suburb-pages-heading', 'Suburb pages'],
  ['tyres', 'Tyres'],
  ['accounting', 'Accounting'],
  ['changes', 'Changes'],
  ['audit-log', 'Audit log'],
  ['system', 'System'],
  // The two outboxes follow the owner's settings on the tab (settings-tab.tsx), admins only too.
  ['customer-emails', 'Customer emails'],
  ['text-messages', 'Text messages'],
] as const;

/**
 * The owner's settings in the Settings tab (admins only): links to each section first, so a phone
 * need not scroll past them all; `children` are the sections settings-tab.tsx adds (ways to pay,
 * closures, suburb pages, tyres, accounting).
 */
export function OwnerSettings({ children }: { children?: ReactNode }) {
  return (
    <>
      <nav aria-label="Business settings" className="rounded-xl border border-gray-200 p-4">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 px-3 font-medium underline-offset-2 hover:underline"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <FeesSection />
      <BusinessSection />
      <CapacitySection />
      <SecuritySection />
      <MessagesSection />
      {children}
      <ChangesSection />
      <AuditLogSection />
      <SystemSection />
    </>
  );
}
