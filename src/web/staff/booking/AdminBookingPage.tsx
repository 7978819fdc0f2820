/** Placeholder until the admin booking screen lands (issue 5). */
export default function AdminBookingPage() {
  return <p>This section is coming soon.</p>;
}
