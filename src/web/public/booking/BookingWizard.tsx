import { Dialog } from '../../components/ui/dialog';

export type BookingPrefill = { suburb?: string; postcode?: string };
export type BookingWizardProps = { open: boolean; onOpenChange: (open: boolean) => void; prefill?: BookingPrefill };

/** Placeholder until the booking wizard lands (issue 5). */
export default function BookingWizard({ open, onOpenChange }: BookingWizardProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Book a mobile service">
      <p>Online booking is coming soon. Please call us to book.</p>
    </Dialog>
  );
}
