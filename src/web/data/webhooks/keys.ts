export const webhookKeys = {
  all: () => ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};
