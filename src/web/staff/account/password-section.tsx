import { ChangePasswordForm } from './change-password-form';

/** "Change password" in Settings, for every staff user. */
export function PasswordSection({ username }: { username: string }) {
  return (
    <section aria-labelledby="password-heading" className="max-w-lg rounded-xl border border-gray-200 p-5">
      <h2 id="password-heading" className="text-lg font-bold">
        Change password
      </h2>
      <p className="mb-4 mt-1 text-sm text-gray-700">Changing it signs you out on every other device.</p>
      <ChangePasswordForm username={username} />
    </section>
  );
}
