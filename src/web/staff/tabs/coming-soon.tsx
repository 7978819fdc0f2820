import { Construction, Lock } from 'lucide-react';

/** An unknown tab, and any section still being built, shows this. */
export function ComingSoon() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center text-gray-700">
      <Construction aria-hidden className="h-8 w-8" />
      <p>This section is coming soon.</p>
    </div>
  );
}

/** A section another role's tabs have, asked for by URL: say so rather than "coming soon". */
export function AdminOnly() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center text-gray-700">
      <Lock aria-hidden className="h-8 w-8" />
      <p>Only an administrator can open this section.</p>
    </div>
  );
}
