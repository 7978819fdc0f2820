import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TYRE_SIZE_DIGITS, type TyreSizePart } from '../../shared/domain/tyre-size';

/**
 * Props for one tyre size input (wizard and admin form alike): numeric keyboard, and anything but
 * digits dropped as typed, cut to 3/2/2 digits (docs/product.md "Limits").
 */
export function tyreSizeInputProps(part: TyreSizePart, field: UseFormRegisterReturn) {
  const max = TYRE_SIZE_DIGITS[part];
  return {
    ...field,
    inputMode: 'numeric' as const,
    maxLength: max,
    autoComplete: 'off',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      e.target.value = e.target.value.replace(/\D/g, '').slice(0, max);
      return field.onChange(e);
    },
  };
}
