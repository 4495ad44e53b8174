import type { ReactNode } from 'react';
import { QueryState, type QueryStateProps } from './query-state';

/**
 * QueryState for a list: the empty state when nothing came back, else a row per item, in a
 * list named `label` (one divided `<ul>`) or, without a label, as they are (rows that are cards).
 */
export function QueryList<T>({
  label,
  children,
  ...state
}: Omit<QueryStateProps<T[]>, 'isEmpty' | 'children'> & {
  label?: string;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <QueryState {...state} isEmpty={(items) => items.length === 0}>
      {(items) =>
        label ? (
          <ul className="divide-y" aria-label={label}>
            {items.map(children)}
          </ul>
        ) : (
          items.map(children)
        )
      }
    </QueryState>
  );
}
