/** Placeholder until the checkout lands (issue 6). */
export default function CheckoutPage({ token }: { token: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-20">
      <h1 className="text-2xl font-bold">Checkout</h1>
      <p className="mt-4" data-token={token}>
        Online payment is coming soon.
      </p>
    </main>
  );
}
