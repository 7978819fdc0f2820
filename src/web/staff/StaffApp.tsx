import type { BusinessInfo } from '../../shared/schemas/site';

export default function StaffApp({ business }: { business: BusinessInfo }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{business.name} staff dashboard</h1>
      <p className="mt-4">This section is coming soon.</p>
    </main>
  );
}
