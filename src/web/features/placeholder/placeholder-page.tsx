/** Stand-in for a screen another issue builds; it names the screen so routing can be tested. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted-foreground">This screen is being built.</p>
    </main>
  );
}
