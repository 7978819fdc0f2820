import { Construction } from 'lucide-react';

/** An unknown tab, and any section still being built, shows this. */
export function ComingSoon() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center text-gray-700">
      <Construction aria-hidden className="h-8 w-8" />
      <p>This section is coming soon.</p>
    </div>
  );
}
