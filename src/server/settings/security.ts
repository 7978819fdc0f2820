import type { SecurityForm } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { hasTwoFactor } from '../auth/mfa';
import { recordSettingChanges } from '../history/history';
import { conflict } from '../http/errors';
import { lockSetting, readSettings, writeSetting } from './store';

const LABEL = 'Staff sign-in';
const FIELD = 'Require two-factor sign-in for admins';
const shown = (on: boolean) => (on ? 'Yes' : 'No');
export const OWN_TWO_FACTOR_FIRST =
  'Set up two-factor sign-in for your own account first (Settings, "Two-factor sign-in").';

export async function readSecurity(deps: Pick<AppDeps, 'settings'>): Promise<SecurityForm> {
  return (await deps.settings.current()).security;
}

/**
 * Stores the staff sign-in rules and their history line in one transaction; every instance's
 * admin gate reads them at once (docs/decisions/321-admins-required-to-use-two-factor.md).
 */
export async function updateSecurity(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'settings'>,
  form: SecurityForm,
  actorId: string,
): Promise<SecurityForm> {
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    await lockSetting(tx, 'security');
    const before = (await readSettings(tx, deps.config)).security;
    if (before.requireAdminMfa === form.requireAdminMfa) return before;
    // The admin who requires it has it first: otherwise the gate would refuse them every screen,
    // this one included (docs/decisions/321-admins-required-to-use-two-factor.md).
    if (form.requireAdminMfa && !(await hasTwoFactor(tx, actorId))) throw conflict(OWN_TWO_FACTOR_FIRST);
    await writeSetting(tx, 'security', { requireAdminMfa: form.requireAdminMfa }, actorId, at);
    await recordSettingChanges(tx, [
      {
        subject: 'security',
        label: LABEL,
        at,
        actorId,
        kind: 'changed',
        field: FIELD,
        from: shown(before.requireAdminMfa),
        to: shown(form.requireAdminMfa),
      },
    ]);
    return { requireAdminMfa: form.requireAdminMfa };
  });
  deps.settings.forget();
  return saved;
}
