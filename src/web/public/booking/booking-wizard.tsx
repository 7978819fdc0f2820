import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_BUSINESS_HOURS } from '../../../shared/domain/business-hours';
import { DEFAULT_FEES } from '../../../shared/domain/settings';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { Toaster } from '../../components/ui/toast';
import { readPageData } from '../../lib/page-data';
import { createQueryClient } from '../../lib/query-client';
import { Wizard } from './wizard';

/**
 * `again`: a booking's own manage token, whose details "Book again" fills in (docs/decisions/412-book-again.md);
 * `declined`: the token of a checkout whose Afterpay or Zip payment was declined (decision 443).
 */
export type BookingPrefill = { suburb?: string; postcode?: string; again?: string; declined?: string };
export type BookingWizardProps = { open: boolean; onOpenChange: (open: boolean) => void; prefill?: BookingPrefill };

const FALLBACK_BUSINESS: BusinessInfo = {
  name: 'Mobile Tyre & Battery Co.',
  abn: '',
  phone: '08 5550 1234',
  email: '',
  publicBaseUrl: '',
  gstRegistered: false,
  prepaidAvailable: false,
  paymentProvider: 'none',
  stripePublishableKey: null,
  googleMapsApiKey: null,
  emailDelivery: 'stored',
  hours: DEFAULT_BUSINESS_HOURS,
  fees: DEFAULT_FEES,
};

function readBusiness(): BusinessInfo {
  try {
    return readPageData().business;
  } catch {
    return FALLBACK_BUSINESS;
  }
}

/**
 * The 7-step booking wizard (docs/product.md "Bookings"). The public pages load this chunk on
 * demand, so it brings its own query client and toaster.
 */
export default function BookingWizard({ open, onOpenChange, prefill }: BookingWizardProps) {
  const [queryClient] = useState(createQueryClient);
  const [business] = useState(readBusiness);
  // A finished booking starts afresh the next time the dialog opens.
  const [session, setSession] = useState(0);
  const [completed, setCompleted] = useState(false);

  const handleOpenChange = (next: boolean) => {
    if (!next && completed) {
      setCompleted(false);
      setSession((s) => s + 1);
    }
    onOpenChange(next);
  };

  return (
    <QueryClientProvider client={queryClient}>
      <Wizard
        key={session}
        open={open}
        onOpenChange={handleOpenChange}
        business={business}
        prefill={prefill}
        onCompleted={() => setCompleted(true)}
      />
      {/* The confirmation's news goes above it, clear of its manage link and Close (decision 447). */}
      <Toaster placement={completed ? 'top' : 'public'} />
    </QueryClientProvider>
  );
}
