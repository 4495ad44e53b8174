import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { FULFILS_STATS } from './fulfils.data';
import { CentersTab, InventoryTab, OrdersTab, UsersTab } from './fulfils-tabs';

/** Core marketplace admin (Fulfils), spec §2: four tabs of static figures. */
export default function FulfilsPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({
        id: 'modules.fulfils.coreMarketplaceAdmin',
        defaultMessage: 'Core Marketplace Admin',
      })}
      description={intl.formatMessage({
        id: 'modules.fulfils.fulfilsOrdersInventoryUsersAndFulfillment',
        defaultMessage: 'Fulfils: orders, inventory, users and fulfillment centers of the core employment marketplace.',
      })}
      stats={FULFILS_STATS}
      tabs={[
        {
          value: 'orders',
          label: intl.formatMessage({ id: 'modules.fulfils.orderManagement', defaultMessage: 'Order Management' }),
          content: <OrdersTab />,
        },
        {
          value: 'inventory',
          label: intl.formatMessage({ id: 'modules.fulfils.inventory', defaultMessage: 'Inventory' }),
          content: <InventoryTab />,
        },
        {
          value: 'users',
          label: intl.formatMessage({ id: 'modules.fulfils.userManagement', defaultMessage: 'User Management' }),
          content: <UsersTab />,
        },
        {
          value: 'centers',
          label: intl.formatMessage({
            id: 'modules.fulfils.fulfillmentCenters',
            defaultMessage: 'Fulfillment Centers',
          }),
          content: <CentersTab />,
        },
      ]}
    />
  );
}
