import type { ReactNode } from 'react';
import { cn } from './cn';

/** A grey placeholder block shown while content loads; hidden from screen readers (wrap a group in <SkeletonGroup>). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden className={cn('animate-pulse rounded-md bg-gray-200 motion-reduce:animate-none', className)} />
  );
}

/** A set of skeletons announced once to screen readers as loading. */
export function SkeletonGroup({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
