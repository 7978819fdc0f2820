import type { ChangeEvent } from 'react';

/**
 * A code field that sends itself once its sixth digit is typed or filled in by the phone (one tap
 * less a sign-in), said beforehand in its hint so nobody is surprised (WCAG 3.2.2, "On Input"); its
 * button stays for a code pasted with other characters or typed again after a refusal
 * (docs/decisions/434-two-factor-on-one-phone-and-the-bar.md).
 */
export const SENT_ON_SIXTH_DIGIT = 'Sent as soon as the 6th digit is typed.';

/** The change handler: `send` runs when the field holds six digits (spaces and dashes aside, as the server reads it). */
export const sendOnSixthDigit =
  (send: () => void) =>
  (event: ChangeEvent<HTMLInputElement>): void => {
    if (/^\d{6}$/.test(event.target.value.replace(/[\s-]/g, ''))) send();
  };
