import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

/**
 * A list's search term, kept in the URL (`?q=`) so a reload or a shared link keeps it: `q` is
 * what the server searches, `draft` what is typed. The URL follows the draft a moment after the
 * last keystroke: the server searches, so it is not asked on every one.
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);

  useEffect(() => {
    if (draft === q) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (draft.trim()) next.set('q', draft.trim());
      else next.delete('q');
      setParams(next, { replace: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [draft, q, params, setParams]);

  return { q, draft, setDraft };
}

/** The search field under a list card's title: a magnifier and a labelled search input. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative mt-2 max-w-md">
      <Search className="pointer-events-none absolute top-2.5 start-2.5 size-4 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="ps-8"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
