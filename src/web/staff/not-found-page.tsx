import { Link } from 'wouter';

export function StaffNotFoundPage() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-gray-700">There is no staff page at this address.</p>
      <Link
        href="/dashboard"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-charcoal px-4 font-semibold text-white"
      >
        Back to Dashboard
      </Link>
    </main>
  );
}
