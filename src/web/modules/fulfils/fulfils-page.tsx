import { ModulePage } from '../shared/module-page';
import { FULFILS_STATS } from './fulfils.data';
import { CentersTab, InventoryTab, OrdersTab, UsersTab } from './fulfils-tabs';

/** Core marketplace admin (Fulfils), spec §2: four tabs of static figures. */
export default function FulfilsPage() {
  return (
    <ModulePage
      title="Core Marketplace Admin"
      description="Fulfils: orders, inventory, users and fulfillment centers of the core employment marketplace."
      stats={FULFILS_STATS}
      tabs={[
        { value: 'orders', label: 'Order Management', content: <OrdersTab /> },
        { value: 'inventory', label: 'Inventory', content: <InventoryTab /> },
        { value: 'users', label: 'User Management', content: <UsersTab /> },
        { value: 'centers', label: 'Fulfillment Centers', content: <CentersTab /> },
      ]}
    />
  );
}
