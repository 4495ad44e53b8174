/** The seventh /admin tab, 'Audit Log' (audit pipeline work). */
export default function AuditLogTab() {
  return <p className="text-muted-foreground">The audit log viewer is being built.</p>;
}
