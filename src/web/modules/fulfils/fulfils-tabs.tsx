import { Badge } from '@/components/ui/badge';
import { countOf } from '@/lib/format';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { FULFILLMENT_CENTERS, INVENTORY, MARKETPLACE_USERS, ORDERS } from './fulfils.data';

export function OrdersTab() {
  return (
    <SectionCard title="Recent Orders" description="Orders placed across the marketplace today">
      <ul>
        {ORDERS.map((o) => (
          <ListRow key={o.id}>
            <div className="min-w-0">
              <p className="font-medium">
                {o.id} · {o.customer}
              </p>
              <p className="text-xs text-muted-foreground">
                {countOf(o.items, 'item', 'items')} · {o.center}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-medium tabular-nums">{o.total}</span>
              <StatusBadge status={o.status} />
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function InventoryTab() {
  return (
    <SectionCard title="Inventory Levels" description="Stock per SKU and its reorder level">
      <ul>
        {INVENTORY.map((i) => (
          <ListRow key={i.sku}>
            <div className="min-w-0">
              <p className="font-medium">{i.name}</p>
              <p className="text-xs text-muted-foreground">
                {i.sku} · {i.center}
              </p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              <span className="tabular-nums">{i.stock.toLocaleString('en-US')} in stock</span>
              {i.stock < i.reorderAt ? (
                <Badge variant="destructive">Reorder</Badge>
              ) : (
                <Badge variant="success">OK</Badge>
              )}
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function UsersTab() {
  return (
    <SectionCard title="Marketplace Users" description="Employers, candidates and recruiters">
      <ul>
        {MARKETPLACE_USERS.map((u) => (
          <ListRow key={u.email}>
            <div className="min-w-0">
              <p className="font-medium">{u.name}</p>
              <p className="truncate text-xs text-muted-foreground">{u.email}</p>
            </div>
            <div className="flex items-center gap-2 text-sm">
              <Badge variant="outline">{u.type}</Badge>
              <StatusBadge status={u.status} />
              <span className="text-xs text-muted-foreground">Joined {u.joined}</span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function CentersTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {FULFILLMENT_CENTERS.map((c) => (
        <SectionCard key={c.name} title={c.name} description={c.location}>
          <div className="flex flex-col gap-2 text-sm">
            <div className="flex justify-between">
              <span>Status</span>
              <StatusBadge status={c.status} />
            </div>
            <div className="flex justify-between">
              <span>Orders today</span>
              <span className="tabular-nums">{c.orders}</span>
            </div>
            <div className="flex justify-between">
              <span>Capacity used</span>
              <span className="tabular-nums">{c.capacity}%</span>
            </div>
            <Meter label={`${c.name} capacity`} value={c.capacity} />
          </div>
        </SectionCard>
      ))}
    </div>
  );
}
