import type { ReactNode } from 'react';

/** A list tab of /account (sessions, apps, organizations): its heading, the line under it, then the list. */
export function AccountSection({
  id,
  title,
  intro,
  children,
}: {
  /** Names the heading (`${id}-heading`), which names the section. */
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      {children}
    </section>
  );
}
