import FulfilsPage from '@/modules/fulfils/fulfils-page';

/**
 * /demo/admin: the demo's admin screen is the core marketplace admin page of spec §2
 * (Order Management, Inventory, User Management, Fulfillment Centers), the same component
 * as /fulfils and /demo/fulfils.
 */
export default function DemoAdmin() {
  return <FulfilsPage />;
}
