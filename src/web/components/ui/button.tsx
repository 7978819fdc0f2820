import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
const variants: Record<Variant, string> = {
  primary: 'bg-accent text-charcoal hover:bg-accent-strong',
  secondary: 'bg-charcoal text-white hover:bg-charcoal-soft',
  outline: 'border border-gray-300 bg-white text-charcoal hover:bg-gray-50',
  ghost: 'bg-transparent text-charcoal hover:bg-gray-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'md' | 'sm' | 'lg' };

/** Touch targets are at least 44 px high: most customers and technicians use a phone. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        size === 'sm' ? 'min-h-9 px-3 text-sm' : size === 'lg' ? 'min-h-12 px-6 text-lg' : 'min-h-11 px-4',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
});
