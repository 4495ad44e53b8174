import * as React from 'react';
import { cn } from '@/lib/utils';
import { HorizontalScroll } from './horizontal-scroll';

/**
 * Tables on a phone: `stack` turns each row into a card below the md breakpoint (each cell
 * shows its column's name from `label`), otherwise the table scrolls inside its own box with a
 * visible cue. Explicit ARIA roles keep the table's semantics when CSS stacks it.
 */
const StackContext = React.createContext(false);

function Table({
  className,
  stack = false,
  label,
  ...props
}: React.ComponentProps<'table'> & { stack?: boolean; label: string }) {
  const table = (
    <table
      data-slot="table"
      role="table"
      aria-label={label}
      className={cn('w-full caption-bottom text-sm', stack && 'block md:table', className)}
      {...props}
    />
  );
  return (
    <StackContext.Provider value={stack}>
      {stack ? table : <HorizontalScroll label={label}>{table}</HorizontalScroll>}
    </StackContext.Provider>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  const stack = React.useContext(StackContext);
  return (
    <thead
      role="rowgroup"
      className={cn('[&_tr]:border-b', stack && 'sr-only md:not-sr-only md:table-header-group', className)}
      {...props}
    />
  );
}

function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  const stack = React.useContext(StackContext);
  return (
    <tbody
      role="rowgroup"
      className={cn(
        '[&_tr:last-child]:border-0',
        stack && 'block space-y-3 md:table-row-group md:space-y-0',
        className,
      )}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  const stack = React.useContext(StackContext);
  return (
    <tr
      role="row"
      className={cn(
        'border-b transition-colors hover:bg-muted/50',
        stack && 'block rounded-lg border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0',
        className,
      )}
      {...props}
    />
  );
}

function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      role="columnheader"
      className={cn('h-10 whitespace-nowrap px-2 text-start align-middle font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

/** `label` names the column in the stacked (phone) layout. */
function TableCell({ className, label, ...props }: React.ComponentProps<'td'> & { label?: string }) {
  const stack = React.useContext(StackContext);
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        'p-2 align-middle',
        stack && [
          'flex items-center justify-between gap-3 px-0 py-1 text-end before:shrink-0 before:text-start',
          'before:text-xs before:font-medium before:text-muted-foreground before:content-[attr(data-label)]',
          'md:table-cell md:px-2 md:py-2 md:text-start md:before:content-none',
        ],
        className,
      )}
      {...props}
    />
  );
}

export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell };
