import { FormattedMessage } from 'react-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowRightIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Content wider than the screen scrolls inside its own box, never the page. When it overflows
 * the box says so: a fade on the edge that has more, and a line of text under it. It is then
 * focusable (keyboard users scroll it with the arrow keys) and named for screen readers.
 */
export function HorizontalScroll({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);
  const [atEnd, setAtEnd] = useState(true);

  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      setOverflow(box.scrollWidth > box.clientWidth + 1);
      setAtEnd(box.scrollLeft + box.clientWidth >= box.scrollWidth - 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    <div className={cn('relative min-w-0', className)}>
      <div
        ref={ref}
        role={overflow ? 'region' : undefined}
        aria-label={overflow ? label : undefined}
        tabIndex={overflow ? 0 : undefined}
        data-testid="horizontal-scroll"
        className="w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {children}
      </div>
      {overflow && !atEnd && (
        <div
          aria-hidden
          className={
            'pointer-events-none absolute inset-y-0 end-0 w-10 rounded-e-md ' +
            'bg-gradient-to-l from-card rtl:bg-gradient-to-r to-transparent'
          }
        />
      )}
      {overflow && (
        <p data-testid="scroll-cue" className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
          <FormattedMessage id="common.scrollSideways" defaultMessage="Scroll sideways for more" />{' '}
          <ArrowRightIcon className="size-3" aria-hidden />
        </p>
      )}
    </div>
  );
}
