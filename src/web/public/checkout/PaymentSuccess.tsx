/** Shown on the home page after /?payment=success&booking={token}. Placeholder until issue 6. */
export default function PaymentSuccess({ token }: { token: string }) {
  return <div data-token={token} />;
}
