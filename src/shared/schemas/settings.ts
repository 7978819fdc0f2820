import { z } from 'zod';
import { ABN_NOT_SET, formatAbn, isAbnNotSet, isValidAbn } from '../domain/abn';
import { MONEY_MESSAGE, toCents } from '../domain/money';
import { BUSINESS_LABELS, FEE_LABELS, SETTING_EVENT_KINDS, type Fees } from '../domain/settings';
import { isBusinessDay, DATE_MESSAGE, money, notes, oneLineText, pageQuery, pageSizeQuery, phoneField } from './fields';

/**
 * The owner's settings forms (docs/decisions/280-owner-settings-in-the-database.md): the fees and
 * the business profile. The dashboard's forms and the server read these same schemas, so a refusal
 * carries the words the form shows.
 */

/** A fee is at most $99,999.99 (docs/decisions/290-fees-and-estimates-in-the-dashboard.md). */
export const FEE_MAX_CENTS = 9_999_999;
/** The card surcharge is a percentage from 0 to 10 with at most 2 decimals (decision 290). */
export const SURCHARGE_MAX_BASIS_POINTS = 1000;
export const SURCHARGE_MESSAGE = 'Card surcharge must be a percentage from 0 to 10, with at most 2 decimals';

export const PREPAID_DISCOUNT_MESSAGE =
  'Prepayment discount must be less than the callout fee, the smallest booking paid online';

const fee = () => money({ max: FEE_MAX_CENTS, maxMessage: MONEY_MESSAGE });

/** The "Fees and prices" form; money as decimal strings ("89.80"), the surcharge in per cent ("1.70"). */
export const feesForm = z
  .object({
    callout: fee(),
    punctureRepair: fee(),
    fittingPerTyre: fee(),
    balancingPerTyre: fee(),
    prepaidDiscount: fee(),
    // The percentage has the shape of money (at most 2 decimals), so the one money rule reads it.
    cardSurchargePercent: money({
      max: SURCHARGE_MAX_BASIS_POINTS,
      message: SURCHARGE_MESSAGE,
      maxMessage: SURCHARGE_MESSAGE,
    }),
  } satisfies Record<keyof typeof FEE_LABELS, z.ZodType>)
  // The smallest booking a customer can pay online is an emergency callout alone: a discount as big
  // would make it free (docs/decisions/290-fees-and-estimates-in-the-dashboard.md).
  .refine((f) => toCents(f.prepaidDiscount) < toCents(f.callout), {
    path: ['prepaidDiscount'],
    message: PREPAID_DISCOUNT_MESSAGE,
  });
export type FeesForm = z.input<typeof feesForm>;

const decimal = z.string();
/** The fees as the dashboard and the public pages read them, with the admin form's fixed estimates. */
export const feesView = z.object({
  callout: decimal,
  punctureRepair: decimal,
  fittingPerTyre: decimal,
  balancingPerTyre: decimal,
  prepaidDiscount: decimal,
  cardSurchargePercent: decimal,
  /** The admin booking form's fixed estimates, made from the fees (decision 290): read-only. */
  estimates: z.object({ punctureRepair: decimal, batteryOrEmergency: decimal }),
});
export type FeesView = z.infer<typeof feesView>;

/** The fees in cents from their decimal strings (what the form and the GET answer carry). */
export function feesFromView(view: FeesForm | FeesView): Fees {
  return {
    callout: toCents(view.callout),
    punctureRepair: toCents(view.punctureRepair),
    fittingPerTyre: toCents(view.fittingPerTyre),
    balancingPerTyre: toCents(view.balancingPerTyre),
    prepaidDiscount: toCents(view.prepaidDiscount),
    cardSurchargeBasisPoints: toCents(view.cardSurchargePercent),
  };
}

export const ABN_MESSAGE = 'ABN is not valid: check the 11 digits';
export const BSB_MESSAGE = 'BSB must be 6 digits';
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 5 to 10 digits';
export const BANK_TOGETHER_MESSAGE = 'Bank account name, BSB and account number go together: fill in all three or none';
export const REVIEW_URL_MESSAGE = 'Google review link must be an https:// address';
export const OPENING_DAYS_MESSAGE = 'Choose at least one opening day';
export const EMAIL_MESSAGE = 'Valid email address required';
export const BUSINESS_TEXT_LIMITS = {
  name: 100,
  email: 254,
  postalAddress: 300,
  accountName: 100,
  payId: 254,
  reviewUrl: 500,
} as const;

const optionalLine = (label: string, max: number) => oneLineText(label, max).default('');
const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

const isHttpsUrl = (v: string) => {
  if (v === '') return true;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && Boolean(url.hostname);
  } catch {
    return false;
  }
};

/** The "Business profile" form. Blank optional fields mean "not given". */
export const businessForm = z
  .object({
    name: oneLineText('Business name', BUSINESS_TEXT_LIMITS.name, 'Business name is required'),
    abn: z
      .string({ message: ABN_MESSAGE })
      .trim()
      .refine((v) => isAbnNotSet(v) || isValidAbn(v), ABN_MESSAGE)
      .transform((v) => (isAbnNotSet(v) ? ABN_NOT_SET : formatAbn(v))),
    phone: phoneField,
    email: z
      .string({ message: EMAIL_MESSAGE })
      .trim()
      .max(BUSINESS_TEXT_LIMITS.email, EMAIL_MESSAGE)
      .pipe(z.email(EMAIL_MESSAGE)),
    postalAddress: notes(BUSINESS_TEXT_LIMITS.postalAddress, 'Postal address').default(''),
    gstRegistered: z.boolean({ message: 'GST registered must be yes or no' }),
    gstRegisteredFrom: z
      .union([z.string(), z.null()], { message: DATE_MESSAGE })
      .default(null)
      .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
      .refine((v) => v === null || isBusinessDay(v), DATE_MESSAGE),
    bankAccountName: optionalLine('Bank account name', BUSINESS_TEXT_LIMITS.accountName),
    bsb: z
      .string({ message: BSB_MESSAGE })
      .default('')
      .transform(digitsOnly)
      .refine((v) => v === '' || /^\d{6}$/.test(v), BSB_MESSAGE)
      .transform((v) => (v ? `${v.slice(0, 3)}-${v.slice(3)}` : '')),
    bankAccountNumber: z
      .string({ message: ACCOUNT_NUMBER_MESSAGE })
      .default('')
      .transform(digitsOnly)
      .refine((v) => v === '' || /^\d{5,10}$/.test(v), ACCOUNT_NUMBER_MESSAGE),
    payId: optionalLine('PayID', BUSINESS_TEXT_LIMITS.payId),
    reviewUrl: z
      .string({ message: REVIEW_URL_MESSAGE })
      .trim()
      .max(BUSINESS_TEXT_LIMITS.reviewUrl, REVIEW_URL_MESSAGE)
      .default('')
      .refine(isHttpsUrl, REVIEW_URL_MESSAGE),
    businessDays: z
      .array(
        z
          .number({ message: OPENING_DAYS_MESSAGE })
          .int(OPENING_DAYS_MESSAGE)
          .min(0, OPENING_DAYS_MESSAGE)
          .max(6, OPENING_DAYS_MESSAGE),
        { message: OPENING_DAYS_MESSAGE },
      )
      .min(1, OPENING_DAYS_MESSAGE)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    overdueReminders: z.boolean({ message: 'Overdue reminders must be on or off' }).default(true),
  } satisfies Record<keyof typeof BUSINESS_LABELS, z.ZodType>)
  .superRefine((v, ctx) => {
    const bank = [v.bankAccountName, v.bsb, v.bankAccountNumber];
    if (bank.some(Boolean) && !bank.every(Boolean)) {
      const missing =
        (['bankAccountName', 'bsb', 'bankAccountNumber'] as const).find((k) => !v[k]) ?? 'bankAccountName';
      ctx.addIssue({ code: 'custom', path: [missing], message: BANK_TOGETHER_MESSAGE });
    }
  });
export type BusinessForm = z.input<typeof businessForm>;
export type BusinessFormValues = z.output<typeof businessForm>;

/** The business profile as the dashboard reads it (the form's own shape). */
export const businessView = z.object({
  name: z.string(),
  abn: z.string(),
  phone: z.string(),
  email: z.string(),
  postalAddress: z.string(),
  gstRegistered: z.boolean(),
  gstRegisteredFrom: z.string().nullable(),
  bankAccountName: z.string(),
  bsb: z.string(),
  bankAccountNumber: z.string(),
  payId: z.string(),
  reviewUrl: z.string(),
  businessDays: z.array(z.number().int()),
  overdueReminders: z.boolean(),
});
export type BusinessView = z.infer<typeof businessView>;

/** GET /api/dashboard/settings/history: one subject's changes, or every subject's ("Changes"). */
export const settingHistoryQuery = z.object({
  subject: oneLineText('Subject', 200).optional(),
  page: pageQuery(),
  pageSize: pageSizeQuery(),
});

export const settingChange = z.object({
  id: z.string(),
  subject: z.string(),
  label: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  kind: z.enum(SETTING_EVENT_KINDS),
  field: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
});
export type SettingChangeView = z.infer<typeof settingChange>;
