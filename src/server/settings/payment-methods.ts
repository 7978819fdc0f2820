import type { z } from 'zod';
import { formatCents } from '../../shared/domain/money';
import type { PaymentMethodSwitches } from '../../shared/domain/payment-methods';
import { switchesOf, type paymentMethodsForm, type PaymentMethodsView } from '../../shared/schemas/payment-methods';
import type { AppDeps } from '../deps';
import { recordSettingChanges } from '../history/history';
import { lockSetting, readSettings, writeSetting } from './store';

/** The history's subject and the fields' names, as Settings → "Ways to pay online" shows them. */
export const PAYMENT_METHODS_SUBJECT = 'payment-methods';
const LABEL = 'Ways to pay online';
const FIELDS = {
  afterpay: 'Afterpay',
  zip: 'Zip',
  wallets: 'Apple Pay and Google Pay',
  bnplSurchargeBasisPoints: 'Afterpay and Zip surcharge %',
} as const satisfies Record<keyof PaymentMethodSwitches, string>;

const shown = (key: keyof PaymentMethodSwitches, s: PaymentMethodSwitches): string => {
  const v = s[key];
  return typeof v === 'boolean' ? (v ? 'On' : 'Off') : formatCents(v);
};

const viewOf = (s: PaymentMethodSwitches, providerReady: boolean): PaymentMethodsView => ({
  afterpay: s.afterpay,
  zip: s.zip,
  wallets: s.wallets,
  bnplSurchargePercent: formatCents(s.bnplSurchargeBasisPoints),
  providerReady,
});

export async function readPaymentMethods(deps: Pick<AppDeps, 'settings' | 'config'>): Promise<PaymentMethodsView> {
  return viewOf((await deps.settings.current()).paymentMethods, deps.config.paymentProvider !== 'none');
}

/**
 * Stores the owner's switches and one history line per changed field in one transaction
 * (docs/decisions/410-afterpay-zip-and-wallets.md); checkout and the public pages read them at once.
 */
export async function updatePaymentMethods(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'settings'>,
  form: z.output<typeof paymentMethodsForm>,
  actorId: string,
): Promise<PaymentMethodsView> {
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    await lockSetting(tx, 'paymentMethods');
    const before = (await readSettings(tx, deps.config)).paymentMethods;
    const after = switchesOf(form, before);
    const changed = (Object.keys(FIELDS) as (keyof PaymentMethodSwitches)[]).filter((k) => before[k] !== after[k]);
    if (changed.length === 0) return before;
    await writeSetting(tx, 'paymentMethods', after, actorId, at);
    await recordSettingChanges(
      tx,
      changed.map((k) => ({
        subject: PAYMENT_METHODS_SUBJECT,
        label: LABEL,
        at,
        actorId,
        kind: 'changed' as const,
        field: FIELDS[k],
        from: shown(k, before),
        to: shown(k, after),
      })),
    );
    return after;
  });
  deps.settings.forget();
  return viewOf(saved, deps.config.paymentProvider !== 'none');
}
