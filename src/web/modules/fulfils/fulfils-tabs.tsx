import { useWord } from '../shared/words';
import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { FULFILLMENT_CENTERS, INVENTORY, MARKETPLACE_USERS, ORDERS } from './fulfils.data';

export function OrdersTab() {
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.fulfils.recentOrders', defaultMessage: 'Recent Orders' })}
      description={intl.formatMessage({
        id: 'modules.fulfils.ordersPlacedAcrossTheMarketplaceToday',
        defaultMessage: 'Orders placed across the marketplace today',
      })}
    >
      <ul>
        {ORDERS.map((o) => (
          <ListRow key={o.id}>
            <div className="min-w-0">
              <p className="font-medium">
                {o.id} · {o.customer}
              </p>
              <p className="text-xs text-muted-foreground">
                <FormattedMessage
                  id="modules.fulfils.items"
                  defaultMessage="{count, plural, one {# item} other {# items}}"
                  values={{ count: o.items }}
                />{' '}
                · {o.center}
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
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.fulfils.inventoryLevels', defaultMessage: 'Inventory Levels' })}
      description={intl.formatMessage({
        id: 'modules.fulfils.stockPerSkuAndItsReorder',
        defaultMessage: 'Stock per SKU and its reorder level',
      })}
    >
      <ul>
        {INVENTORY.map((i) => (
          <ListRow key={i.sku}>
            <div className="min-w-0">
              <p className="font-medium">{tx(i.name)}</p>
              <p className="text-xs text-muted-foreground">
                {i.sku} · {i.center}
              </p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.fulfils.inStock"
                  defaultMessage="{count, number} in stock"
                  values={{ count: i.stock }}
                />
              </span>
              {i.stock < i.reorderAt ? (
                <Badge variant="destructive">
                  <FormattedMessage id="modules.fulfils.reorder" defaultMessage="Reorder" />
                </Badge>
              ) : (
                <Badge variant="success">
                  <FormattedMessage id="modules.fulfils.ok" defaultMessage="OK" />
                </Badge>
              )}
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function UsersTab() {
  const word = useWord();
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.fulfils.marketplaceUsers', defaultMessage: 'Marketplace Users' })}
      description={intl.formatMessage({
        id: 'modules.fulfils.employersCandidatesAndRecruiters',
        defaultMessage: 'Employers, candidates and recruiters',
      })}
    >
      <ul>
        {MARKETPLACE_USERS.map((u) => (
          <ListRow key={u.email}>
            <div className="min-w-0">
              <p className="font-medium">{tx(u.name)}</p>
              <p className="truncate text-xs text-muted-foreground">{u.email}</p>
            </div>
            <div className="flex items-center gap-2 text-sm">
              <Badge variant="outline">{word(u.type)}</Badge>
              <StatusBadge status={u.status} />
              <span className="text-xs text-muted-foreground">
                <FormattedMessage
                  id="modules.fulfils.joined"
                  defaultMessage="Joined {date}"
                  values={{ date: tx(u.joined) }}
                />
              </span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function CentersTab() {
  const intl = useIntl();
  const tx = useText();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {FULFILLMENT_CENTERS.map((c) => (
        <SectionCard key={textKey(c.name)} title={c.name} description={c.location}>
          <div className="flex flex-col gap-2 text-sm">
            <div className="flex justify-between">
              <span>
                <FormattedMessage id="modules.fulfils.status" defaultMessage="Status" />
              </span>
              <StatusBadge status={c.status} />
            </div>
            <div className="flex justify-between">
              <span>
                <FormattedMessage id="modules.fulfils.ordersToday2" defaultMessage="Orders today" />
              </span>
              <span className="tabular-nums">{c.orders}</span>
            </div>
            <div className="flex justify-between">
              <span>
                <FormattedMessage id="modules.fulfils.capacityUsed" defaultMessage="Capacity used" />
              </span>
              <span className="tabular-nums">{c.capacity}%</span>
            </div>
            <Meter
              label={intl.formatMessage(
                { id: 'modules.fulfils.capacityOf', defaultMessage: '{name} capacity' },
                { name: tx(c.name) },
              )}
              value={c.capacity}
            />
          </div>
        </SectionCard>
      ))}
    </div>
  );
}
